import Glibc
import StepFlowCore

/// The one place where stepflow runs commands: wizard tasks, `optionsFrom`, `validate`
/// commands and `stepflow gauge -- CMD` all go through it.
///
/// Each child starts in a session of its own (``ProcessSpawn``): its own process group, stdin
/// from `/dev/null` (or the bytes it is given), stdout and stderr into pipes that are read
/// through the caller's `poll` loop (``pollDescriptors()`` and ``service(_:)``) or this
/// runner's own (``wait(until:)``), and never the terminal. Its output comes back as events
/// in chunks; only the captured part of stdout is kept here (at most the launch's
/// `captureLimit`), so a command that prints 100 MB costs no memory.
///
/// Stopping a child — on request, at its timeout, when the runner shuts down — sends SIGTERM
/// to its process group and SIGKILL after ``grace``. When a child exits, whatever it left in
/// its process group (a background job still holding the output pipe) is sent SIGTERM and,
/// after the grace period, SIGKILL; the child is reaped only then, so that its process group's
/// id cannot be reused meanwhile and no signal can reach a process stepflow did not start.
/// ``shutdown()`` does all of that at once and waits for it: no child outlives the runner.
///
/// ```swift
/// let runner = ProcessRunner()
/// let id = runner.start(TaskLaunch(arguments: ["sh", "-c", "echo hi"]))
/// while let events = runner.wait(), !events.isEmpty { … }   // .output, then .ended
/// runner.shutdown()
/// ```
package final class ProcessRunner {
  /// A child of this runner.
  package struct ID: Hashable, Sendable, CustomStringConvertible {
    package let raw: Int
    package var description: String { "process \(raw)" }
  }

  /// What happened to a child.
  package enum Event: Equatable, Sendable {
    /// Bytes it wrote (never empty), in order per stream.
    case output(ID, TaskStream, [UInt8])
    /// It wrote this many bytes that were let pass unread (a flood on a stream that is only
    /// logged); the output that follows comes after them.
    case skipped(ID, TaskStream, Int)
    /// It ended; nothing more comes for it.
    case ended(ID, TaskEnd)
  }

  /// Why a child is being stopped.
  enum StopReason {
    case requested
    case timedOut(Duration)
  }

  /// How long a child has between SIGTERM and SIGKILL.
  package let grace: Duration
  /// The environment given at init, if any (else stepflow's own).
  private let givenEnvironment: [String: String]?
  /// The environment every child starts from: read when the first command starts, so that a
  /// run that starts none never reads it.
  private lazy var baseEnvironment: [String: String] = givenEnvironment ?? Platform.environment()
  private var children: [RunnerChild] = []
  private var pending: [Event] = []
  private var nextID = 0
  /// Where a read lands: 256 KiB allocated at the first read and never cleared nor copied,
  /// so only the pages a read fills are ever touched (a run without commands, or a
  /// command that prints a line, costs none of it).
  private var readBuffer: UnsafeMutableRawBufferPointer?
  private static let readBufferSize = 256 << 10

  private var buffer: UnsafeMutableRawBufferPointer {
    if let readBuffer { return readBuffer }
    let made = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBufferSize, alignment: 16)
    readBuffer = made
    return made
  }

  /// The most bytes read from one stream in one ``service(_:)``, so that a command with a lot
  /// of output cannot hold up keys, frames or signals.
  package static let readBudget = 4 << 20

  /// How often a child is checked for having exited where the system has no pidfd.
  private static let exitCheckInterval: Duration = .milliseconds(50)

  /// - Parameters:
  ///   - grace: how long a child has to end after SIGTERM before SIGKILL.
  ///   - environment: the environment every child starts from (a launch adds to it).
  package init(grace: Duration = .seconds(1), environment: [String: String]? = nil) {
    self.grace = grace
    givenEnvironment = environment
  }

  deinit {
    shutdown()
    readBuffer?.deallocate()
  }

  /// Whether no child is running or being cleaned up, and no event waits to be delivered.
  package var isIdle: Bool { children.isEmpty && pending.isEmpty }

  /// Whether a child has not ended yet (its end not reported).
  package var hasRunning: Bool { children.contains { !$0.ended } }

  /// Starts a command.
  ///
  /// A command that cannot start ends at once: its `.ended` event, with
  /// ``TaskOutcome/notStarted(exitCode:reason:)``, comes with the next ``service(_:)``.
  ///
  /// - Parameters:
  ///   - launch: What to run, and how.
  ///   - passThrough: The command writes to stepflow's own stdout and stderr (no `.output`
  ///     events).
  /// - Returns: The command's id in the events.
  @discardableResult
  package func start(_ launch: TaskLaunch, passThrough: Bool = false) -> ID {
    let id = ID(raw: nextID)
    nextID += 1
    var environment = baseEnvironment
    for (name, value) in launch.environment { environment[name] = value }
    let now = Platform.monotonicNow()
    guard ChildRegistry.hasRoom else {
      // Not one child may run where a crash of stepflow could not end it.
      let reason = "too many commands running at once (at most \(ChildRegistry.capacity))"
      pending.append(
        .ended(id, TaskEnd(outcome: .notStarted(exitCode: 126, reason: reason), duration: .zero)))
      return id
    }
    do throws(ProcessSpawn.Failure) {
      let process = try ProcessSpawn.start(
        launch, environment: environment, passThrough: passThrough)
      children.append(RunnerChild(id: id, process: process, started: now, launch: launch))
      ChildRegistry.add(process.pid)
    } catch {
      pending.append(
        .ended(
          id,
          TaskEnd(
            outcome: .notStarted(exitCode: error.exitCode, reason: error.reason),
            duration: .zero)))
    }
    return id
  }

  /// Stops a child: SIGTERM to its process group now, SIGKILL after ``grace``.
  ///
  /// Its `.ended` event says ``TaskOutcome/stopped``. Nothing happens for a child that has ended.
  package func stop(_ id: ID) {
    guard let child = children.first(where: { $0.id == id }), !child.ended else { return }
    terminate(child, reason: .requested, at: Platform.monotonicNow())
  }

  /// The child's whole log is on the screen, or no longer (``RunnerChild/watch(_:at:into:)``):
  /// a flood's last MiB comes with the next ``service(_:)``, then at the frame rate.
  package func watch(_ id: ID, _ on: Bool) {
    guard let child = children.first(where: { $0.id == id }), !child.ended else { return }
    child.watch(on, at: Platform.monotonicNow(), into: &pending)
  }

  /// Sends a signal to the process group of every running child: SIGTSTP when stepflow is
  /// suspended (Ctrl-Z), SIGCONT when it continues.
  package func signalAll(_ signal: Int32) {
    for child in children where !child.ended { ProcessSpawn.signalGroup(child.process.pid, signal) }
  }

  /// Stops every running child (``stop(_:)``).
  package func stopAll() {
    for child in children where !child.ended { stop(child.id) }
  }

  private func terminate(_ child: RunnerChild, reason: StopReason, at now: Duration) {
    if child.stopReason == nil { child.stopReason = reason }
    ProcessSpawn.signalGroup(child.process.pid, SIGTERM)
    // SIGCONT too: a stopped group would not act on SIGTERM until continued.
    ProcessSpawn.signalGroup(child.process.pid, SIGCONT)
    if child.killAt == nil { child.killAt = now + grace }
  }

  // MARK: The poll loop

  /// The descriptors to wait on: each child's output pipes (readable; not one that rests
  /// after giving much at once) and its pidfd (readable when it exits).
  package func pollDescriptors() -> [pollfd] {
    let now = Platform.monotonicNow()
    return children.filter { !$0.ended }.flatMap { $0.pollDescriptors(at: now) }
  }

  /// When the runner next has something to do by itself (a timeout, a SIGKILL after the grace
  /// period, an exit check, the end of a rest, a flood's ring to take, an event to deliver), on
  /// the monotonic clock; `nil` for nothing.
  package func nextDeadline() -> Duration? {
    if !pending.isEmpty { return .zero }
    var deadline: Duration?
    func consider(_ time: Duration?) {
      guard let time else { return }
      deadline = min(deadline ?? time, time)
    }
    for child in children {
      consider(child.killAt)
      if !child.ended {
        consider(child.stopReason == nil ? child.timeoutAt : nil)
        consider(child.readDeadline)
        if child.process.pidfd < 0 { consider(Platform.monotonicNow() + Self.exitCheckInterval) }
      }
    }
    return deadline
  }

  /// Reads what the ready descriptors hold, notices children that exited, and does what is
  /// due (timeouts, SIGKILL after the grace period).
  /// - Parameter ready: the descriptors `poll` reported (others are ignored); an empty list
  ///   reads nothing but still does what is due.
  /// - Returns: the events, in order.
  package func service(_ ready: some Collection<pollfd> = [pollfd]()) -> [Event] {
    var events = pending
    pending = []
    let now = Platform.monotonicNow()
    // A handful of descriptors: looked through, no set made at each wake.
    func readable(_ fd: Int32) -> Bool { ready.contains { $0.fd == fd && $0.revents != 0 } }
    for child in children where !child.ended {
      child.due(at: now, into: &events)
      for stream in [TaskStream.stdout, .stderr] {
        let fd = stream == .stdout ? child.stdout : child.stderr
        let polled = readable(fd)
        guard fd >= 0, polled || child.restEnded(stream) else { continue }
        child.drain(
          stream, budget: Self.readBudget, buffer: buffer, at: now, polled: polled,
          into: &events)
      }
      if child.stopReason == nil, let timeoutAt = child.timeoutAt, now >= timeoutAt {
        terminate(child, reason: .timedOut(child.timeout ?? .zero), at: now)
      }
      let exitNoticed = child.process.pidfd < 0 || readable(child.process.pidfd)
      if exitNoticed || child.stopReason != nil,
        let outcome = ProcessSpawn.peekExit(child.process.pid)
      {
        finish(child, outcome, at: now, into: &events)
      }
    }
    for child in children {
      guard let killAt = child.killAt, now >= killAt else { continue }
      ProcessSpawn.signalGroup(child.process.pid, SIGKILL)
      child.killAt = nil
      if child.ended {
        release(child)
      } else if let outcome = waitForExit(child, upTo: .milliseconds(100)) {
        finish(child, outcome, at: now, into: &events)
      }
    }
    children.removeAll { $0.ended && $0.killAt == nil }
    return events
  }

  /// Waits for the children (on this runner's own `poll`) until one of them has news or
  /// `deadline` (monotonic) passes.
  /// - Returns: the events; empty when the deadline passed with none.
  package func wait(until deadline: Duration? = nil, alsoWatching extra: [pollfd] = []) -> (
    events: [Event], extra: [pollfd]
  ) {
    while true {
      var fds = pollDescriptors()
      let ownCount = fds.count
      fds += extra
      var wake = nextDeadline()
      if let deadline { wake = min(wake ?? deadline, deadline) }
      let timeout = wake.map { Self.milliseconds(until: $0) } ?? -1
      let ready = Platform.retryingInterrupts { poll(&fds, nfds_t(fds.count), timeout) }
      if ready < 0 { return ([], []) }
      let events = service(fds[0..<ownCount])
      let extraReady = Array(fds[ownCount...])
      if !events.isEmpty || extraReady.contains(where: { $0.revents != 0 }) {
        return (events, extraReady)
      }
      if let deadline, Platform.monotonicNow() >= deadline { return ([], extraReady) }
      if isIdle { return ([], extraReady) }
    }
  }

  /// Milliseconds from now until a monotonic time, rounded up, at least 0.
  package static func milliseconds(until time: Duration) -> Int32 {
    let remaining = time - Platform.monotonicNow()
    if remaining <= .zero { return 0 }
    let (seconds, attoseconds) = remaining.components
    let partial = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: seconds * 1000 + partial)
  }

  // MARK: Reading and ending

  /// The child has exited: what is left in its pipes now is read, the pipes are closed (a
  /// background job of its own that still writes gets SIGPIPE), its end is reported, and
  /// what is left of its process group gets SIGTERM, then SIGKILL after the grace period.
  private func finish(
    _ child: RunnerChild, _ outcome: TaskOutcome, at now: Duration, into events: inout [Event]
  ) {
    child.drainAll(budget: Self.readBudget, buffer: buffer, at: now, into: &events)
    child.closePipes()
    let reported: TaskOutcome
    switch child.stopReason {
    case .timedOut(let limit)?: reported = .timedOut(limit)
    case .requested?: reported = .stopped
    case nil: reported = outcome
    }
    child.ended = true
    let capture = child.capturedOutput
    events.append(
      .ended(
        child.id,
        TaskEnd(
          outcome: reported, duration: now - child.started, captured: capture.bytes,
          capturedTruncated: capture.truncated)))
    ProcessSpawn.signalGroup(child.process.pid, SIGTERM)
    if child.killAt == nil { child.killAt = now + grace }
  }

  /// Reaps an ended child whose process group has had its SIGKILL.
  private func release(_ child: RunnerChild) {
    ProcessSpawn.reap(child.process.pid)
    ChildRegistry.remove(child.process.pid)
    if child.process.pidfd >= 0 { close(child.process.pidfd) }
  }

  /// Waits up to `limit` for a child to exit (after SIGKILL it does at once).
  private func waitForExit(_ child: RunnerChild, upTo limit: Duration) -> TaskOutcome? {
    let end = Platform.monotonicNow() + limit
    while true {
      if let outcome = ProcessSpawn.peekExit(child.process.pid) { return outcome }
      if Platform.monotonicNow() >= end { return nil }
      if child.process.pidfd >= 0 {
        var request = pollfd(fd: child.process.pidfd, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, Self.milliseconds(until: end))
      } else {
        usleep(1000)
      }
    }
  }

  // MARK: Shutting down

  /// Stops every child and waits for it: SIGTERM to each process group, up to ``grace`` for them to
  /// exit, then SIGKILL to every group, and every child reaped.
  ///
  /// Events are dropped. Called on every way out of a run (and by `deinit`).
  package func shutdown() {
    pending = []
    guard !children.isEmpty else { return }
    let now = Platform.monotonicNow()
    for child in children {
      // Nobody reads any more: a child blocked writing to a full pipe is released by SIGPIPE.
      child.closePipes()
      if !child.ended {
        child.stopReason = child.stopReason ?? .requested
        ProcessSpawn.signalGroup(child.process.pid, SIGTERM)
        ProcessSpawn.signalGroup(child.process.pid, SIGCONT)
      }
    }
    let end = now + grace
    for child in children where !child.ended {
      if waitForExit(child, upTo: max(.zero, end - Platform.monotonicNow())) != nil {
        child.ended = true
      }
    }
    for child in children {
      ProcessSpawn.signalGroup(child.process.pid, SIGKILL)
      release(child)
    }
    children = []
  }
}
