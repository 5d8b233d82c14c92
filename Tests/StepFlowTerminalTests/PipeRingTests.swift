import Glibc
import Testing

@testable import StepFlowTerminal

/// The kernel ring a flood passes through: it keeps the last bytes moved into it, in order, and
/// its end can be read without taking anything.
@Suite struct PipeRingTests {
  /// Byte `offset` of the test's output.
  static func byte(_ offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset % 251) }

  @Test func theRingKeepsTheLastBytesAndItsEndIsReadWithoutTakingThem() throws {
    // Where splice or a pipe of the size is missing, output is read as usual: nothing to test.
    guard let ring = PipeRing(capacity: 1 << 20) else { return }
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    // 1.5 MiB through the ring in 32 KiB writes, pulled after each.
    var written = 0
    let chunk = 32 << 10
    while written < 3 << 19 {
      let bytes = (written..<(written + chunk)).map(Self.byte)
      #expect(write(fds[1], bytes, chunk) == chunk)
      written += chunk
      #expect(ring.pull(from: fds[0]) == .moved(chunk))
    }
    #expect(ring.pull(from: fds[0]) == .empty)
    #expect(ring.pulled == written && ring.held == 1 << 20, "the oldest half MiB went")
    let end = try #require(ring.peekEnd(100))
    #expect(end == ((written - 100)..<written).map(Self.byte))
    #expect(ring.held == 1 << 20 && ring.peekEnd(100) == end, "reading the end takes nothing")
    let all = ring.take()
    #expect(all == ((written - (1 << 20))..<written).map(Self.byte), "the last MiB, in order")
    #expect(ring.held == 0 && ring.peekEnd(100) == [])
  }

  @Test func aPullThatFindsTheRingsPagesTakenKeepsAllItMovesAndDropsLittle() throws {
    guard let ring = PipeRing(capacity: 1 << 20) else { return }
    let source = try #require(ProcessSpawn.makePipe(nonBlocking: true))
    defer {
      close(source.read)
      close(source.write)
    }
    _ = fcntl(source.write, 1031, Int32(1 << 20))  // F_SETPIPE_SZ: room for 800 KiB
    // 256 one-byte writes, each pulled alone: each holds one of the ring's 256 pages.
    for _ in 0..<256 {
      #expect(write(source.write, [UInt8(ascii: "a")], 1) == 1)
      #expect(ring.pull(from: source.read) == .moved(1))
    }
    // 800 KiB: no page is free, so room is made from the oldest bytes. The 256 small ones
    // free every page; none of the 800 KiB is dropped.
    let big = 800 << 10
    let bytes = (0..<big).map(Self.byte)
    #expect(write(source.write, bytes, big) == big)
    #expect(ring.pull(from: source.read) == .moved(big))
    #expect(ring.held == big, "what the pull moved in is all kept, and the small bytes went")
    #expect(ring.pull(from: source.read) == .empty)
    // Compared as one Bool: a failure must not print 800 KiB.
    let whole = ring.take() == bytes
    #expect(whole, "whole and in order")
  }

  @Test func pipesAreMadeCloseOnExecAndNonBlockingAtOnce() throws {
    let pipe = try #require(ProcessSpawn.makePipe(nonBlocking: true))
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    for fd in [pipe.read, pipe.write] {
      #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
      #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
    }
    let blocking = try #require(ProcessSpawn.makePipe())
    defer {
      close(blocking.read)
      close(blocking.write)
    }
    #expect(fcntl(blocking.read, F_GETFD) & FD_CLOEXEC != 0)
    #expect(fcntl(blocking.read, F_GETFL) & O_NONBLOCK == 0)
  }
}
