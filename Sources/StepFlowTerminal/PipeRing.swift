import Glibc

/// A flood of a child's output, let pass through the kernel instead of being read.
///
/// The bytes are moved from the child's pipe into a pipe of stepflow's own (the ring,
/// ``capacity`` bytes) by `splice(2)`, which hands over the pipe's pages without copying them;
/// when the ring is full, its oldest bytes are spliced on to `/dev/null`. Only what is left in
/// it — the last ``capacity`` bytes — is ever read into memory, when it is taken (``take()``);
/// its end alone can be read without taking anything (``peekEnd(_:)``: the ring's pages are
/// duplicated into a second pipe by `tee(2)`, which copies no byte either).
///
/// So a command that prints 100 MB costs stepflow the page hand-overs and a read of the few
/// KiB the screen shows at each take, not a copy of every byte. Linux only: where `splice` or a
/// pipe of the size is missing, ``init(capacity:)`` fails and the output is read as usual.
package final class PipeRing {
  /// What moving a child's pipe into the ring did.
  package enum Pull: Equatable {
    /// This many bytes moved (some of the oldest ones held may have gone to `/dev/null`).
    case moved(Int)
    /// The child's pipe holds nothing now (or is at its end: a read tells).
    case empty
    /// The bytes could not be moved (the ring's pages are used up by small writes, or an
    /// error): read the child's pipe instead.
    case refused
  }

  /// The most bytes held.
  package let capacity: Int
  private let readFD: Int32
  private let writeFD: Int32
  private let discard: Int32
  /// The bytes in the ring now.
  package private(set) var held = 0
  /// The bytes ever moved into the ring: the one held last is byte `pulled - 1` of them.
  package private(set) var pulled = 0
  /// The pipe that ``peekEnd(_:)`` duplicates the ring into: made when first needed; `nil`
  /// inside when the system could not make it.
  private var scratch: (read: Int32, write: Int32)??

  private typealias Splice =
    @convention(c) (
      Int32, UnsafeMutablePointer<Int>?, Int32, UnsafeMutablePointer<Int>?, Int, UInt32
    )
    -> Int
  private typealias Tee = @convention(c) (Int32, Int32, Int, UInt32) -> Int
  /// `splice(2)` and `tee(2)`, which Swift's Glibc module does not declare (`_GNU_SOURCE`).
  private static let splice: Splice? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "splice") else { return nil }
    return unsafeBitCast(symbol, to: Splice.self)
  }()
  private static let tee: Tee? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "tee") else { return nil }
    return unsafeBitCast(symbol, to: Tee.self)
  }()
  private static let nonBlocking: UInt32 = 2  // SPLICE_F_NONBLOCK
  /// A pipe's page: what one of its buffers holds at most.
  private static let page = 4096
  /// `FIONREAD`: how many bytes a pipe holds.
  private static let bytesWaiting = UInt(0x541B)
  /// `F_SETPIPE_SZ`, `F_GETPIPE_SZ`.
  private static let setPipeSize: Int32 = 1031
  private static let getPipeSize: Int32 = 1032

  /// A ring of `capacity` bytes; `nil` where the system cannot make one.
  package init?(capacity: Int) {
    guard Self.splice != nil, let (read, write) = Self.pipe(capacity: capacity) else { return nil }
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else {
      close(read)
      close(write)
      return nil
    }
    readFD = read
    writeFD = write
    discard = null
    self.capacity = capacity
  }

  deinit {
    close(readFD)
    close(writeFD)
    close(discard)
    if case .some(.some(let pipe)) = scratch {
      close(pipe.read)
      close(pipe.write)
    }
  }

  /// A non-blocking pipe, closed on exec from the start, that holds at least `capacity`
  /// bytes, or `nil`.
  private static func pipe(capacity: Int) -> (read: Int32, write: Int32)? {
    guard let fds = ProcessSpawn.makePipe(nonBlocking: true) else { return nil }
    _ = fcntl(fds.write, setPipeSize, Int32(clamping: capacity))
    guard fcntl(fds.write, getPipeSize) >= capacity else {
      close(fds.read)
      close(fds.write)
      return nil
    }
    return fds
  }

  /// How many bytes a pipe holds, as the system says (`nil` when it cannot).
  package static func waiting(in fd: Int32) -> Int? {
    var count: Int32 = 0
    guard ioctl(fd, bytesWaiting, &count) == 0 else { return nil }
    return Int(count)
  }

  /// Moves what the child's pipe `source` holds into the ring, the oldest bytes held going to
  /// `/dev/null` to make room.
  package func pull(from source: Int32) -> Pull {
    guard let splice = Self.splice, let waiting = Self.waiting(in: source) else { return .refused }
    guard waiting > 0 else { return .empty }
    let incoming = min(waiting, capacity)
    if held + incoming > capacity { drop(held + incoming - capacity) }
    var moved = 0
    var roomsMade = 0
    while moved < incoming {
      let n = Platform.retryingInterrupts {
        splice(source, nil, writeFD, nil, incoming - moved, Self.nonBlocking)
      }
      if n > 0 {
        // Part of it, maybe (the ring's pages ran out): the rest is tried again.
        moved += n
        held += n
        pulled += n
        continue
      }
      // Nothing moved: the source is at its end, an error, or the ring's pages are all taken
      // while it holds less than its size (small writes each hold one). Then room is made
      // from the oldest bytes — never from what this pull moved in: a page's worth first
      // (the small writes of a slow start free their pages for a few bytes), then half.
      guard n < 0, Platform.wouldBlock, roomsMade < 2, held > moved else { break }
      let old = held - moved
      drop(roomsMade == 0 ? min(old, Self.page) : old / 2)
      roomsMade += 1
    }
    return moved > 0 ? .moved(moved) : .refused
  }

  /// Sends the `count` oldest bytes held to `/dev/null`.
  private func drop(_ count: Int) {
    held -= discardFront(of: readFD, count: min(count, held))
  }

  /// Splices the `count` first bytes of the pipe `fd` to `/dev/null`; how many went.
  private func discardFront(of fd: Int32, count: Int) -> Int {
    guard let splice = Self.splice else { return 0 }
    var gone = 0
    while gone < count {
      let n = Platform.retryingInterrupts {
        splice(fd, nil, discard, nil, count - gone, Self.nonBlocking)
      }
      guard n > 0 else { break }
      gone += n
    }
    return gone
  }

  /// Reads `count` bytes from the pipe `fd` (fewer if it holds fewer).
  private static func read(_ fd: Int32, count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      while initialized < count {
        let n = Platform.retryingInterrupts {
          Glibc.read(fd, base + initialized, count - initialized)
        }
        guard n > 0 else { break }
        initialized += n
      }
    }
  }

  /// Reads what the ring holds and empties it: the bytes from `pulled - held` to `pulled`.
  package func take() -> [UInt8] {
    defer { held = 0 }
    return Self.read(readFD, count: held)
  }

  /// Reads the last `count` bytes held (all of them when fewer are held) and leaves the ring
  /// as it was: its pages are duplicated into a second pipe (`tee(2)`, no copy), whose front is
  /// spliced to `/dev/null` and whose end is read.
  /// - Returns: the bytes, or `nil` where the system cannot (then ``take()``).
  package func peekEnd(_ count: Int) -> [UInt8]? {
    guard let tee = Self.tee else { return nil }
    if scratch == nil { scratch = .some(Self.pipe(capacity: capacity)) }
    guard case .some(.some(let pipe)) = scratch else { return nil }
    let want = min(count, held)
    guard want > 0 else { return [] }
    let duplicated = Platform.retryingInterrupts { tee(readFD, pipe.write, held, Self.nonBlocking) }
    guard duplicated == held else {
      // Only part of the ring (its front) went over: leave the scratch pipe empty.
      if duplicated > 0 { _ = discardFront(of: pipe.read, count: duplicated) }
      return nil
    }
    guard discardFront(of: pipe.read, count: held - want) == held - want else {
      _ = discardFront(of: pipe.read, count: held)
      return nil
    }
    return Self.read(pipe.read, count: want)
  }
}
