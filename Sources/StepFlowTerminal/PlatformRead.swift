import Glibc
import StepFlowRender

extension Platform {
  /// The most bytes a file stepflow reads may have (a wizard, answers, state or script file): 4
  /// MiB.
  ///
  /// A bigger one is refused (exit 65).
  public static let maxFileSize = 4 << 20
  /// The most bytes of one line of commands on standard input or of `gauge` input: 64 KiB.
  public static let maxLineLength = 64 << 10

  /// A size in bytes as a person reads it: `4 MiB`, `64 KiB`, `100 bytes`.
  public static func sizeText(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// What one read from a stream brought.
  package enum ReadResult: Equatable, Sendable {
    /// Some bytes (never empty).
    case bytes([UInt8])
    /// The stream ended.
    case endOfFile
    /// Nothing arrived within the timeout.
    case timedOut
    /// The read failed; the reason as the system describes it.
    case failed(String)
  }

  /// Reads what is available on a file descriptor, waiting for it at most `timeout` (for ever
  /// when `nil`); interrupted waits and reads are retried.
  package static func readChunk(_ fd: Int32, maxCount: Int = 65536, timeout: Duration? = nil)
    -> ReadResult
  {
    if let timeout {
      let deadline = monotonicNow() + timeout
      while true {
        let left = max(.zero, deadline - monotonicNow())
        let milliseconds = Int32(min(Double(Int32.max), (left.milliseconds).rounded(.up)))
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, milliseconds)
        // An interrupted wait goes round again with the time that is left.
        if ready < 0 {
          if errno == EINTR { continue }
          return .failed(Platform.lastErrorDescription)
        }
        if ready == 0 { return .timedOut }
        break
      }
    }
    var buffer = [UInt8](repeating: 0, count: max(1, maxCount))
    while true {
      let n = retryingInterrupts {
        buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      }
      if n < 0 {
        if wouldBlock, waitUntilReady(fd, for: POLLIN) { continue }
        return .failed(Platform.lastErrorDescription)
      }
      if n == 0 { return .endOfFile }
      return .bytes(Array(buffer[0..<n]))
    }
  }
}
