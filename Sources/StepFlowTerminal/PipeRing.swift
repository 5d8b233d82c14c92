import Glibc

/// A flood of a child's output, let pass through the kernel instead of being read.
///
/// The bytes are moved from the child's pipe into a pipe of stepflow's own (the ring,
/// ``capacity`` bytes) by `splice(2)`, which hands over the pipe's pages without copying them;
/// when the ring is full, its oldest bytes are spliced on to `/dev/null`. Only what is left in
/// it — the last ``capacity`` bytes — is ever read into memory, when it is taken (``take()``).
///
/// So a command that prints 100 MB costs stepflow the page hand-overs and a read of 1 MiB at
/// each frame, not a copy of every byte. Linux only: where `splice` or a pipe of the size is
/// missing, ``init(capacity:)`` fails and the output is read as usual.
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
  /// The bytes sent to `/dev/null` since the last ``take()``.
  package private(set) var passed = 0

  private typealias Splice =
    @convention(c) (
      Int32, UnsafeMutablePointer<Int>?, Int32, UnsafeMutablePointer<Int>?, Int, UInt32
    )
    -> Int
  /// `splice(2)`, which Swift's Glibc module does not declare (`_GNU_SOURCE`).
  private static let splice: Splice? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "splice") else { return nil }
    return unsafeBitCast(symbol, to: Splice.self)
  }()
  private static let nonBlocking: UInt32 = 2  // SPLICE_F_NONBLOCK
  /// `FIONREAD`: how many bytes a pipe holds.
  private static let bytesWaiting = UInt(0x541B)
  /// `F_SETPIPE_SZ`, `F_GETPIPE_SZ`.
  private static let setPipeSize: Int32 = 1031
  private static let getPipeSize: Int32 = 1032

  /// A ring of `capacity` bytes; `nil` where the system cannot make one.
  package init?(capacity: Int) {
    guard Self.splice != nil else { return nil }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    _ = fcntl(fds[1], Self.setPipeSize, Int32(clamping: capacity))
    guard null >= 0, fcntl(fds[1], Self.getPipeSize) >= capacity else {
      for fd in fds + [null] where fd >= 0 { close(fd) }
      return nil
    }
    readFD = fds[0]
    writeFD = fds[1]
    discard = null
    self.capacity = capacity
  }

  deinit {
    close(readFD)
    close(writeFD)
    close(discard)
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
    for attempt in 0..<2 {
      let n = Platform.retryingInterrupts {
        splice(source, nil, writeFD, nil, incoming - moved, Self.nonBlocking)
      }
      if n > 0 {
        moved += n
        held += n
        if moved >= incoming { break }
      } else if n == 0 || !Platform.wouldBlock || attempt > 0 || held == 0 {
        break
      }
      // The ring's pages are taken (small writes each hold one): make room and try again.
      drop(held / 2)
    }
    return moved > 0 ? .moved(moved) : .refused
  }

  /// Sends the `count` oldest bytes held to `/dev/null`.
  private func drop(_ count: Int) {
    guard let splice = Self.splice else { return }
    var left = min(count, held)
    while left > 0 {
      let n = Platform.retryingInterrupts {
        splice(readFD, nil, discard, nil, left, Self.nonBlocking)
      }
      guard n > 0 else { return }
      left -= n
      held -= n
      passed += n
    }
  }

  /// Reads what the ring holds and empties it.
  /// - Returns: how many bytes went to `/dev/null` before them since the last take, and the
  ///   bytes held, in order.
  package func take() -> (passed: Int, bytes: [UInt8]) {
    let count = held
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = 0
      while initialized < count {
        let n = Platform.retryingInterrupts {
          read(readFD, buffer.baseAddress! + initialized, count - initialized)
        }
        guard n > 0 else { break }
        initialized += n
      }
    }
    defer {
      held = 0
      passed = 0
    }
    return (passed, bytes)
  }
}
