import Foundation
import Glibc
import Testing

@testable import StepFlowTerminal

/// The one platform layer: interrupted calls are retried in one place, and a non-blocking
/// descriptor that is not ready is waited for in poll, not spun on.
@Suite struct PlatformTests {
  /// A pipe whose ends are both non-blocking, as a program sharing our descriptors may leave them.
  private func nonBlockingPipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return (fds[0], fds[1])
  }

  @Test func retryingInterruptsPassesResultsAndOtherFailuresThrough() {
    var calls = 0
    let value = Platform.retryingInterrupts { () -> Int32 in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 7
    }
    #expect(value == 7 && calls == 3, "EINTR is retried until the call gets through")
    calls = 0
    let failed = Platform.retryingInterrupts { () -> Int32 in
      calls += 1
      errno = EBADF
      return -1
    }
    #expect(failed == -1 && calls == 1 && errno == EBADF, "any other failure comes back at once")
  }

  @Test func waitingForAFullPipeEndsWhenThereIsRoomOrTheTimeRunsOut() throws {
    let (r, w) = try nonBlockingPipe()
    defer {
      close(r)
      close(w)
    }
    #expect(Platform.waitUntilReady(w, for: POLLOUT, milliseconds: 0), "an empty pipe has room")
    // Fill it until the kernel says it would block.
    let chunk = [UInt8](repeating: 1, count: 4096)
    while chunk.withUnsafeBytes({ write(w, $0.baseAddress, $0.count) }) > 0 {}
    #expect(Platform.wouldBlock)
    #expect(!Platform.waitUntilReady(w, for: POLLOUT, milliseconds: 10), "full: no room yet")
    var sink = [UInt8](repeating: 0, count: 1 << 16)
    _ = sink.withUnsafeMutableBytes { read(r, $0.baseAddress, $0.count) }
    #expect(Platform.waitUntilReady(w, for: POLLOUT, milliseconds: 0), "a reader made room")
  }

  /// A write larger than a non-blocking pipe holds completes once a reader drains it: the
  /// writer waits in poll for room instead of failing or spinning on EAGAIN. (The reader is a
  /// thread of its own: blocking calls do not belong on the concurrency pool.)
  @Test func aWriteToAFullNonBlockingPipeWaitsForTheReader() throws {
    let (r, w) = try nonBlockingPipe()
    defer { close(r) }
    let total = 1 << 20
    let counted = Counted()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while counted.count < total, Platform.waitUntilReady(r, for: POLLIN) {
        let n = buffer.withUnsafeMutableBytes { read(r, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        counted.count += n
      }
      done.signal()
    }
    #expect(Platform.write(w, [UInt8](repeating: 42, count: total)))
    close(w)
    done.wait()
    #expect(counted.count == total)
  }

  /// Reading a non-blocking descriptor with nothing in it yet waits for the bytes.
  @Test func aChunkReadFromAnEmptyNonBlockingPipeWaitsForBytes() throws {
    let (r, w) = try nonBlockingPipe()
    defer { close(r) }
    Thread.detachNewThread {
      var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
      nanosleep(&pause, nil)
      _ = Platform.write(w, Array("hello".utf8))
      close(w)
    }
    #expect(Platform.readChunk(r) == .bytes(Array("hello".utf8)))
    #expect(Platform.readChunk(r) == .endOfFile)
  }
}

/// A count written by one thread and read by another after a semaphore orders them.
private final class Counted: @unchecked Sendable {
  var count = 0
}
