import Glibc

/// Reads a file descriptor line by line as the lines arrive (for commands piped into a run).
///
/// A line longer than `maxLength` bytes is not kept: it comes back as ``Line/tooLong`` as soon as
/// it passes the limit, and the rest of it, up to its newline, is read and dropped in chunks —
/// an endless line (`/dev/zero`) costs no memory and each chunk returns to the caller's loop.
package struct LineReader {
  private let fd: Int32
  private let maxLength: Int
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts (consumed lines are dropped in bulk).
  private var start = 0
  private var atEnd = false
  /// Whether the rest of an overlong line is being dropped.
  private var skipping = false

  package init(fd: Int32, maxLength: Int = Platform.maxLineLength) {
    self.fd = fd
    self.maxLength = maxLength
  }

  /// Whether bytes were read from the descriptor that no line has returned yet (typed ahead).
  package var hasBufferedInput: Bool { start < buffer.count }

  /// What waiting for a line brought.
  package enum Line: Equatable, Sendable {
    case line(String)
    /// A line longer than the limit; its bytes are dropped, up to its newline.
    case tooLong
    /// The input ended.
    case end
    /// No line came within the timeout.
    case timedOut
  }

  /// The next line without its newline (`\r\n` too), waiting at most `timeout` for it.
  package mutating func nextLine(timeout: Duration? = nil) -> Line {
    let deadline = timeout.map { Platform.monotonicNow() + $0 }
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        let wasSkipping = skipping
        skipping = false
        var bytes = buffer[start..<newline]
        start = newline + 1
        if start > 65536, start * 2 > buffer.count {
          buffer.removeSubrange(..<start)
          start = 0
        }
        if wasSkipping { continue }
        if bytes.count > maxLength { return .tooLong }
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        return .line(String(decoding: bytes, as: UTF8.self))
      }
      if skipping || buffer.count - start > maxLength {
        let wasSkipping = skipping
        buffer.removeAll(keepingCapacity: true)
        start = 0
        skipping = true
        if !wasSkipping { return .tooLong }
      }
      if atEnd {
        skipping = false
        guard start < buffer.count else { return .end }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        buffer.removeAll()
        start = 0
        return .line(line)
      }
      let left = deadline.map { max(.zero, $0 - Platform.monotonicNow()) }
      switch Platform.readChunk(fd, timeout: left) {
      case .bytes(let bytes): buffer.append(contentsOf: bytes)
      case .endOfFile, .failed: atEnd = true
      case .timedOut: return .timedOut
      }
    }
  }
}
