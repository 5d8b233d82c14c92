import Glibc

extension Platform {
  /// The process's resident memory now and its peak since the start (or since
  /// ``resetPeakMemory()``), in bytes, from `/proc/self/status`; `nil` where that cannot be
  /// read.
  ///
  /// For stepflow-bench's memory figures.
  package static func memory() -> (resident: Int, peak: Int)? {
    guard let bytes = try? readFile("/proc/self/status") else { return nil }
    var resident: Int? = nil
    var peak: Int? = nil
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      func kilobytes() -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap {
          Int($0)
        }
      }
      if line.hasPrefix("VmRSS:") { resident = kilobytes().map { $0 * 1024 } }
      if line.hasPrefix("VmHWM:") { peak = kilobytes().map { $0 * 1024 } }
    }
    guard let resident, let peak else { return nil }
    return (resident, peak)
  }

  /// Starts the peak of ``memory()`` again from what is resident now (Linux 4.0 and later:
  /// `5` written to `/proc/self/clear_refs`).
  /// - Returns: whether it could.
  @discardableResult
  package static func resetPeakMemory() -> Bool {
    let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return write(fd, Array("5".utf8))
  }

  /// Gives the allocator's free memory back to the system (`malloc_trim`), so that the
  /// resident figure of ``memory()`` that follows counts what the data alive takes.
  package static func trimHeap() {
    // Not in the Glibc module's headers: looked up by name (glibc has had it since 2.0).
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }
}
