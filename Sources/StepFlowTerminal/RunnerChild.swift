import Glibc
import StepFlowCore

/// One child of the ``ProcessRunner``: its process, its output pipes and how they are read, what
/// is kept of its stdout for a capture, and where it stands in being stopped.
///
/// **Reading.** A ready pipe is read in one go, up to the runner's budget, into the runner's
/// buffer. A stream that gave a lot at once (a fast producer) rests for ``restPeriod`` — it is
/// not polled — so that the next read finds a full pipe instead of a few bytes: fewer wake-ups
/// and reads for the same output. A stream that is only logged (``TaskLaunch/logOnly``) and
/// keeps coming faster than that is a **flood**: its pipe is no longer read but spliced into a
/// ``PipeRing``, which keeps its last MiB in the kernel. Ten times a second only the ring's
/// end is read (what the screen shows of the output: its last lines), reported as `.skipped`
/// then `.output`; the whole ring is taken — read and reported — when the flood ends, before
/// the other stream's output (so the order of the streams holds), and while the whole log is
/// on the screen (``watched``: at once, then at the frame rate).
final class RunnerChild {
  let id: ProcessRunner.ID
  let process: ProcessSpawn.Child
  let started: Duration
  private(set) var stdout: Int32
  private(set) var stderr: Int32
  let timeout: Duration?
  let timeoutAt: Duration?
  var stopReason: ProcessRunner.StopReason?
  /// When SIGKILL goes to the group (after a SIGTERM).
  var killAt: Duration?
  /// The child has exited and its end was reported; it is reaped at `killAt`.
  var ended = false

  private let captureLimit: Int
  private let capturePart: TaskLaunch.CapturePart
  /// What is kept of stdout for the capture; at its end, at most twice the limit.
  private var captured: [UInt8] = []
  /// How many bytes of stdout came in all.
  private var stdoutTotal = 0
  /// The streams that may flood (only logged; stdout only when a capture keeps its end).
  private let mayFlood: Set<TaskStream>
  /// Until when stdout and stderr, having given much, are not polled.
  private var restUntil: (stdout: Duration?, stderr: Duration?)
  /// The streams whose rest ended at the last ``due(at:into:)``: read then without waiting
  /// for a `poll` to say what it would (a fast producer has filled the pipe meanwhile).
  private var restEnded: (stdout: Bool, stderr: Bool) = (false, false)
  /// The stream flooding now and its ring.
  private var flood: RunnerFlood?
  /// Whether the whole log is on the screen (the `l` pane): a flood's ring is then taken
  /// whole at the frame rate, not only its end ten times a second.
  private(set) var watched = false

  /// How long a stream that gave at least ``restAfter`` bytes at once is not polled: the
  /// output shows no later for it (a frame is drawn at most every 16 ms), and a command
  /// that floods its pipe can still write 300 MB a second.
  static let restPeriod: Duration = .milliseconds(3)
  /// What a read must give for its stream to rest: more than a line or two (a build's log
  /// line by line is read as it comes, with no extra wake-up).
  static let restAfter = 4 << 10
  /// What a pull into the ring must move for the flood to go on.
  static let floodGoesOn = 64 << 10
  /// What a read must give for a stream that may flood to become a flood (half the pipe).
  static let floodAfter = 512 << 10
  /// How often a flood's end is read, so the screen shows its latest lines.
  static let floodInterval: Duration = .milliseconds(100)
  /// How often a flood's ring is taken while the whole log is on the screen: a frame.
  static let watchedInterval: Duration = .milliseconds(16)
  /// How much of a flood's end is read for the screen: its last lines, long ones too.
  static let floodTail = 32 << 10

  init(id: ProcessRunner.ID, process: ProcessSpawn.Child, started: Duration, launch: TaskLaunch) {
    self.id = id
    self.process = process
    self.started = started
    captureLimit = launch.captureLimit
    capturePart = launch.capturePart
    stdout = process.stdout
    stderr = process.stderr
    timeout = launch.timeout
    timeoutAt = launch.timeout.map { started + $0 }
    var mayFlood = launch.logOnly
    if launch.captureLimit > 0, launch.capturePart == .start { mayFlood.remove(.stdout) }
    self.mayFlood = mayFlood
  }

  private func fd(_ stream: TaskStream) -> Int32 { stream == .stdout ? stdout : stderr }

  // MARK: Polling

  /// The descriptors to wait on now: the pipes that are not resting, and the pidfd.
  func pollDescriptors(at now: Duration) -> [pollfd] {
    var fds: [pollfd] = []
    if stdout >= 0, (restUntil.stdout ?? now) <= now {
      fds.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0))
    }
    if stderr >= 0, (restUntil.stderr ?? now) <= now {
      fds.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0))
    }
    if process.pidfd >= 0 {
      fds.append(pollfd(fd: process.pidfd, events: Int16(POLLIN), revents: 0))
    }
    return fds
  }

  /// When a rest ends or the flood's ring is due to be taken.
  var readDeadline: Duration? {
    var deadline = restUntil.stdout
    if let time = restUntil.stderr { deadline = min(deadline ?? time, time) }
    if let time = flood.map({ $0.taken + takeInterval }) { deadline = min(deadline ?? time, time) }
    return deadline
  }

  /// How often the flood's ring is read.
  private var takeInterval: Duration { watched ? Self.watchedInterval : Self.floodInterval }

  /// Does what is due by time: rests that ended are forgotten, and the flood's ring is read
  /// when it is time — a flood that brought nothing since is over (and taken whole).
  func due(at now: Duration, into events: inout [ProcessRunner.Event]) {
    restEnded = (false, false)
    if let until = restUntil.stdout, until <= now {
      restUntil.stdout = nil
      restEnded.stdout = true
    }
    if let until = restUntil.stderr, until <= now {
      restUntil.stderr = nil
      restEnded.stderr = true
    }
    if let flood, now >= flood.taken + takeInterval,
      !takeFlood(whole: watched, at: now, into: &events)
    {
      endFlood(at: now, into: &events)
    }
  }

  /// The whole log is on the screen (`true`) or no longer: a flood's ring is taken whole at
  /// once, then at the frame rate; or only its end is read again.
  func watch(_ on: Bool, at now: Duration, into events: inout [ProcessRunner.Event]) {
    watched = on
    if on, flood != nil { takeFlood(whole: true, at: now, into: &events) }
  }

  /// Whether the stream's rest ended at the last ``due(at:into:)``: it is read now, ready or
  /// not.
  func restEnded(_ stream: TaskStream) -> Bool {
    stream == .stdout ? restEnded.stdout : restEnded.stderr
  }

  private func rest(_ stream: TaskStream, until time: Duration) {
    if stream == .stdout { restUntil.stdout = time } else { restUntil.stderr = time }
  }

  // MARK: Reading

  /// Reads a stream until it has nothing more now, it ends, or `budget` bytes came (a flood:
  /// moves it into the ring instead).
  ///
  /// A stream that may flood and holds half a pipe already (a fast producer filled it while
  /// the stream rested) becomes a flood before any of it is read.
  /// - Parameters:
  ///   - stream: The stream to read.
  ///   - budget: The most bytes read now.
  ///   - buffer: Where reads land.
  ///   - now: The time, on the monotonic clock.
  ///   - polled: `poll` said the stream is ready (else its rest just ended, and it may hold
  ///     nothing yet: a flood is not over for that).
  ///   - events: Where what was read goes.
  func drain(
    _ stream: TaskStream, budget: Int, buffer: UnsafeMutableRawBufferPointer, at now: Duration,
    polled: Bool = true, into events: inout [ProcessRunner.Event]
  ) {
    guard fd(stream) >= 0 else { return }
    if flood == nil, mayFlood.contains(stream),
      let waiting = PipeRing.waiting(in: fd(stream)), waiting >= Self.floodAfter
    {
      startFlood(stream, at: now)
    }
    if let flood, flood.stream == stream {
      if pullFlood(flood.ring, stream, polled: polled, at: now, into: &events) { return }
    }
    var got = 0
    while got < budget {
      let fd = fd(stream)
      let n = Platform.retryingInterrupts {
        read(fd, buffer.baseAddress, min(buffer.count, budget - got))
      }
      if n < 0 && Platform.wouldBlock { break }
      if n <= 0 {
        closePipe(stream)
        return
      }
      if got == 0, let flood, flood.stream != stream {
        // The other stream floods: what its ring holds came first.
        takeFlood(whole: true, at: now, into: &events)
      }
      got += n
      let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      if stream == .stdout { capture(bytes) }
      events.append(.output(id, stream, bytes))
      // Half a pipe at once from a stream that may flood: the rest is not read but spliced.
      if got >= Self.floodAfter, mayFlood.contains(stream), flood == nil { break }
    }
    if got >= Self.restAfter { rest(stream, until: now + Self.restPeriod) }
    if got >= Self.floodAfter, mayFlood.contains(stream), flood == nil {
      startFlood(stream, at: now)
    }
  }

  /// The stream floods from now on (where the system can make a ring).
  private func startFlood(_ stream: TaskStream, at now: Duration) {
    guard let ring = PipeRing(capacity: TaskLog.defaultLimit) else { return }
    flood = RunnerFlood(stream: stream, ring: ring, taken: now)
  }

  /// Moves what a flooding stream's pipe holds into its ring: one pull a wake — the pipe
  /// fills while the stream rests, so each pull is as large as it can be.
  /// - Returns: whether the stream was dealt with; `false` when it is no flood any more and
  ///   is to be read.
  private func pullFlood(
    _ ring: PipeRing, _ stream: TaskStream, polled: Bool, at now: Duration,
    into events: inout [ProcessRunner.Event]
  ) -> Bool {
    let pull = ring.pull(from: fd(stream))
    // Read as its rest ended, it had nothing yet: `poll` waits for it now.
    if pull == .empty, !polled { return true }
    let moved: Int
    if case .moved(let n) = pull { moved = n } else { moved = 0 }
    guard moved >= Self.floodGoesOn else {
      // It slowed down (or ended, or the ring refused): what the ring holds goes out, and the
      // stream is read as usual again.
      endFlood(at: now, into: &events)
      return false
    }
    rest(stream, until: now + Self.restPeriod)
    if let flood, now >= flood.taken + takeInterval {
      takeFlood(whole: watched, at: now, into: &events)
    }
    return true
  }

  /// Reports what came into the flood's ring since the last report: its end, or `whole`, all
  /// the ring holds (``RunnerFlood/take(whole:tail:at:)``).
  /// - Returns: whether anything came since the last report.
  @discardableResult
  private func takeFlood(whole: Bool, at now: Duration, into events: inout [ProcessRunner.Event])
    -> Bool
  {
    guard var current = flood else { return false }
    let taken = current.take(whole: whole, tail: Self.floodTail, at: now)
    flood = current
    if taken.skipped != 0 {
      if current.stream == .stdout { skipCapture(taken.skipped) }
      events.append(.skipped(id, current.stream, taken.skipped))
    }
    if !taken.bytes.isEmpty {
      if current.stream == .stdout { capture(taken.bytes) }
      events.append(.output(id, current.stream, taken.bytes))
    }
    return taken.fresh
  }

  /// The flood is over: the whole ring is reported, and the stream is read again.
  private func endFlood(at now: Duration, into events: inout [ProcessRunner.Event]) {
    takeFlood(whole: true, at: now, into: &events)
    flood = nil
  }

  /// The child has exited: what is left in its pipes (and a flood's ring) is read.
  func drainAll(
    budget: Int, buffer: UnsafeMutableRawBufferPointer, at now: Duration,
    into events: inout [ProcessRunner.Event]
  ) {
    drain(.stdout, budget: budget, buffer: buffer, at: now, into: &events)
    drain(.stderr, budget: budget, buffer: buffer, at: now, into: &events)
    endFlood(at: now, into: &events)
  }

  private func closePipe(_ stream: TaskStream) {
    if flood?.stream == stream { flood = nil }
    let fd = fd(stream)
    if fd >= 0 { close(fd) }
    if stream == .stdout { stdout = -1 } else { stderr = -1 }
  }

  /// Closes both pipes (a background job of the child's that still writes gets SIGPIPE).
  func closePipes() {
    flood = nil
    closePipe(.stdout)
    closePipe(.stderr)
  }

  // MARK: The capture

  /// Keeps what the capture needs of a chunk of stdout: its first or last bytes.
  private func capture(_ bytes: [UInt8]) {
    stdoutTotal += bytes.count
    guard captureLimit > 0 else { return }
    switch capturePart {
    case .start:
      let room = captureLimit - captured.count
      if room > 0 { captured += bytes.prefix(room) }
    case .end:
      if bytes.count >= captureLimit {
        captured = Array(bytes.suffix(captureLimit))
      } else {
        captured += bytes
        if captured.count >= 2 * captureLimit {
          captured.removeFirst(captured.count - captureLimit)
        }
      }
    }
  }

  /// Stdout came that was not read (`count` > 0), or its last `-count` bytes come again: the
  /// capture of its end starts again after them.
  private func skipCapture(_ count: Int) {
    stdoutTotal += count
    captured = []
  }

  /// The capture as the task's end reports it, and whether stdout had more.
  var capturedOutput: (bytes: [UInt8], truncated: Bool) {
    let bytes = captured.count > captureLimit ? Array(captured.suffix(captureLimit)) : captured
    return (bytes, captureLimit > 0 && stdoutTotal > captureLimit)
  }
}
