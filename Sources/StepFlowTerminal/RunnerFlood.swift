import StepFlowCore

/// A flood under way on one stream of a ``RunnerChild``: the ``PipeRing`` its pipe is spliced
/// into, and what of the ring's bytes was reported.
///
/// Offsets count the bytes moved into the ring (``PipeRing/pulled``). The events sent so far
/// left the task's log holding the bytes from ``logStart`` to ``reported`` (with what came
/// before the flood when ``logStart`` is 0): a take sends what makes it hold the ring's end, or
/// — `whole` — all the ring holds.
struct RunnerFlood {
  let stream: TaskStream
  let ring: PipeRing
  /// When the ring was last read.
  var taken: Duration
  /// Up to where the bytes were reported (as output or as skipped).
  private(set) var reported = 0
  /// Where the bytes the log holds contiguously begin (0: before the flood).
  private(set) var logStart = 0

  init(stream: TaskStream, ring: PipeRing, taken: Duration) {
    self.stream = stream
    self.ring = ring
    self.taken = taken
  }

  /// What to report of the ring now: the bytes skipped before the ones sent (negative: the
  /// last bytes reported come again, whole — the log kept only their end), the bytes, and
  /// whether anything came since the last take.
  ///
  /// Not `whole`: only the last `tail` bytes that came since are read, without taking the
  /// ring (``PipeRing/peekEnd(_:)``), the rest is skipped. `whole` (or where the end cannot be
  /// read alone): the ring is taken, and the log is made to hold all of it.
  mutating func take(whole: Bool, tail: Int, at now: Duration) -> (
    skipped: Int, bytes: [UInt8], fresh: Bool
  ) {
    let end = ring.pulled
    let start = end - ring.held
    let fresh = end - reported
    taken = now
    defer { reported = end }
    if !whole, let bytes = ring.peekEnd(min(tail, fresh)) {
      let skipped = fresh - bytes.count
      if skipped > 0 { logStart = end - bytes.count }
      return (skipped, bytes, fresh > 0)
    }
    let bytes = ring.take()
    var from = reported
    if start > reported || logStart > start {
      // Bytes that passed unread (a positive skip), or bytes the log holds only the end of (a
      // negative one: they are sent again, whole).
      from = start
      logStart = start
    }
    let sent = from == start ? bytes : Array(bytes.dropFirst(from - start))
    return (from - reported, sent, fresh > 0)
  }
}
