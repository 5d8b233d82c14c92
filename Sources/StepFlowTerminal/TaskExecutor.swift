import Glibc
import StepFlowCore
import Synchronization

/// Carries out the pure core's ``TaskEffect``s at the I/O edge: commands on the ``ProcessRunner``,
/// closures on Swift's concurrency runtime, and gives back what happens as ``TaskEvent``s.
///
/// Every mode uses it: the interactive loop polls its descriptors, scripts and plain mode wait on
/// it (``waitForEvents(until:signals:)``). A test uses its own fake instead.
package final class TaskExecutor {
  private let runner: ProcessRunner
  private var processes: [ProcessRunner.ID: TaskID] = [:]
  private var processOf: [TaskID: ProcessRunner.ID] = [:]
  private let work: ClosureWork
  private let passThrough: Bool

  /// An executor whose commands run with `environment` (`nil`: stepflow's own).
  ///
  /// - Parameters:
  ///   - grace: How long a stopped command has between SIGTERM and SIGKILL.
  ///   - environment: The commands' environment; `nil` for stepflow's own.
  ///   - passThrough: Commands write to stepflow's own stdout and stderr (`gauge -- CMD`
  ///     without a terminal) instead of sending their output as events.
  package init(
    grace: Duration = .seconds(1), environment: [String: String]? = nil, passThrough: Bool = false
  ) {
    runner = ProcessRunner(grace: grace, environment: environment)
    work = ClosureWork()
    self.passThrough = passThrough
  }

  deinit { shutdown() }

  /// Whether any task is running (its end not reported yet).
  package var hasRunning: Bool { runner.hasRunning || work.hasRunning }

  /// Starts and stops what the effects say.
  package func perform(_ effects: [TaskEffect]) {
    for effect in effects {
      switch effect {
      case .run(let id, .command(let launch)):
        let process = runner.start(launch, passThrough: passThrough)
        processes[process] = id
        processOf[id] = process
      case .run(let id, .closure(let body, let answers)):
        work.start(id, body, answers: answers)
      case .cancel(let id):
        if let process = processOf[id] {
          runner.stop(process)
        } else {
          work.cancel(id)
        }
      case .watchLog(let id, let on):
        if let process = processOf[id] { runner.watch(process, on) }
      }
    }
  }

  /// The descriptors to wait on (pipes, pidfds, the closures' wake-up pipe).
  package func pollDescriptors() -> [pollfd] {
    runner.pollDescriptors() + [pollfd(fd: work.wakeFD, events: Int16(POLLIN), revents: 0)]
  }

  /// When the executor has something to do by itself, on the monotonic clock.
  package func nextDeadline() -> Duration? { runner.nextDeadline() }

  /// Reads what is ready and does what is due.
  package func service(_ ready: some Collection<pollfd>) -> [TaskEvent] {
    var events: [TaskEvent] = []
    for event in runner.service(ready) {
      switch event {
      case .output(let process, let stream, let bytes):
        if let id = processes[process] { events.append(.output(id, stream, bytes)) }
      case .skipped(let process, let stream, let count):
        if let id = processes[process] { events.append(.skipped(id, stream, count)) }
      case .ended(let process, let end):
        guard let id = processes.removeValue(forKey: process) else { continue }
        processOf[id] = nil
        events.append(.ended(id, end))
      }
    }
    if ready.contains(where: { $0.fd == work.wakeFD && $0.revents != 0 }) || work.hasNews {
      events += work.take()
    }
    return events
  }

  /// Waits until a task has news, `deadline` (monotonic) passes, or one of `signals`
  /// arrives (the loops that wait outside the interactive screen: scripts, plain mode, gauge
  /// without a terminal).
  /// - Returns: the events, and the signals that arrived.
  package func waitForEvents(until deadline: Duration? = nil, signals: SignalPipe? = nil) -> (
    events: [TaskEvent], signals: [Int32]
  ) {
    while true {
      var fds = pollDescriptors()
      let own = fds.count
      if let signals { fds.append(pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)) }
      var wake = nextDeadline()
      if let deadline { wake = min(wake ?? deadline, deadline) }
      let timeout = wake.map { ProcessRunner.milliseconds(until: $0) } ?? -1
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 && errno != EINTR { return ([], []) }
      let events = service(fds[0..<own])
      let arrived = signals.map { fds.count > own && fds[own].revents != 0 ? $0.drain() : [] } ?? []
      if !events.isEmpty || !arrived.isEmpty { return (events, arrived) }
      if let deadline, Platform.monotonicNow() >= deadline { return ([], []) }
      if !hasRunning && runner.isIdle { return ([], []) }
    }
  }

  /// Stops every running task (commands: SIGTERM, SIGKILL after the grace period).
  package func stopAll() {
    runner.stopAll()
    work.cancelAll()
  }

  /// Sends a signal to every running command's process group (Ctrl-Z, `fg`).
  package func signalAll(_ signal: Int32) { runner.signalAll(signal) }

  /// Stops every task and waits for the commands to end (``ProcessRunner/shutdown()``).
  package func shutdown() {
    runner.shutdown()
    work.cancelAll()
    processes = [:]
    processOf = [:]
  }
}

/// Waiting for tasks outside the interactive screen (scripts, plain mode, `gauge -- CMD` without a
/// terminal): while it waits, a terminating signal stops the tasks first — so no command outlives
/// stepflow — and Ctrl-Z suspends them with stepflow; a crash kills them.
///
/// Between waits, signals keep their default actions.
package struct TaskWaiter {
  /// What a wait brought.
  package enum Result: Equatable, Sendable {
    case events([TaskEvent])
    /// A terminating signal arrived: every task was asked to stop; the code is 128 + n.
    case signalled(Int32)
    /// Nothing runs and nothing is due.
    case idle
  }

  private let executor: TaskExecutor
  private var signals: SignalPipe?

  package init(_ executor: TaskExecutor) {
    self.executor = executor
    signals = try? SignalPipe.install(for: "stepflow")
    FatalSignals.install()
  }

  /// Waits for the next events (or `deadline`, monotonic).
  package mutating func next(until deadline: Duration? = nil) -> Result {
    while true {
      let (events, arrived) = executor.waitForEvents(until: deadline, signals: signals)
      for signal in arrived {
        // A crash signal is in the pipe only when it was sent from outside (see FatalSignals).
        if SignalPipe.terminating.contains(signal) || FatalSignals.handled.contains(signal) {
          executor.stopAll()
          return .signalled(ExitCode.signalled(signal))
        }
        if signal == SIGTSTP, let signals {
          executor.signalAll(SIGTSTP)
          signals.stopProcess()
          executor.signalAll(SIGCONT)
        }
      }
      if !events.isEmpty { return .events(events) }
      if arrived.isEmpty { return deadline == nil && !executor.hasRunning ? .idle : .events([]) }
    }
  }

  /// Puts the signal handlers back.
  package mutating func finish() {
    signals?.uninstall()
    signals = nil
    FatalSignals.uninstall()
  }
}

/// The thread closure work runs on: one for the process, made when first needed.
///
/// Jobs run in the order they come; a job that awaits lets the next one run.
private final class WorkThread: Swift.TaskExecutor, @unchecked Sendable {
  static let shared = WorkThread()

  private var jobs: [UnownedJob] = []
  private var mutex = pthread_mutex_t()
  private var ready = pthread_cond_t()

  private init() {
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&ready, nil)
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<WorkThread>.fromOpaque(context).takeUnretainedValue().serve()
        return nil
      }, Unmanaged.passRetained(self).toOpaque())
    if created == 0 { pthread_detach(thread) }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(&mutex)
    jobs.append(job)
    pthread_cond_signal(&ready)
    pthread_mutex_unlock(&mutex)
  }

  private func serve() {
    while true {
      pthread_mutex_lock(&mutex)
      while jobs.isEmpty { pthread_cond_wait(&ready, &mutex) }
      let job = jobs.removeFirst()
      pthread_mutex_unlock(&mutex)
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// Closure work (``StepWork``) on Swift's concurrency runtime, on a thread of its own.
///
/// What the closures report is queued under a lock and a byte on a pipe wakes the loop, which takes
/// it on its own thread.
private final class ClosureWork {
  private struct Shared {
    var events: [TaskEvent] = []
    var running: [TaskID: Task<Void, Never>] = [:]
    var started: [TaskID: Duration] = [:]
    var cancelled: Set<TaskID> = []
  }

  private final class Locked: Sendable {
    let mutex = Mutex(Shared())
    func withLock<R>(_ body: (inout Shared) -> R) -> R { mutex.withLock { body(&$0) } }
  }

  private let shared = Locked()
  /// The pipe's ends: the loop polls the first, reporters write a byte to the second.
  let wakeFD: Int32
  private let wakeWriteFD: Int32

  init() {
    let fds = ProcessSpawn.makePipe(nonBlocking: true)
    wakeFD = fds?.read ?? -1
    wakeWriteFD = fds?.write ?? -1
  }

  deinit {
    cancelAll()
    if wakeFD >= 0 { close(wakeFD) }
    if wakeWriteFD >= 0 { close(wakeWriteFD) }
  }

  var hasRunning: Bool { shared.withLock { !$0.running.isEmpty } }
  var hasNews: Bool { shared.withLock { !$0.events.isEmpty } }

  func start(_ id: TaskID, _ body: StepWork, answers: [String: FieldValue]) {
    let started = Platform.monotonicNow()
    let wake = wakeWriteFD
    let shared = self.shared
    @Sendable func post(_ event: TaskEvent) {
      let posted = shared.withLock { state -> Bool in
        guard !state.cancelled.contains(id) else { return false }
        if case .ended = event {
          state.running[id] = nil
          state.started[id] = nil
        }
        state.events.append(event)
        return true
      }
      guard posted else { return }
      var byte: UInt8 = 1
      _ = write(wake, &byte, 1)
    }
    let context = StepWorkContext(answers: answers) { post(.report(id, $0)) }
    // On a thread of its own, not the shared pool: the loop that waits for the work blocks
    // in poll, on the main thread or on a pool thread (a test), and the work must not wait
    // for a pool thread that the waiting holds.
    let task = Task(executorPreference: WorkThread.shared) {
      let outcome: TaskOutcome
      var returned: [String: FieldValue] = [:]
      do {
        returned = try await body.body(context)
        outcome = Task.isCancelled ? .stopped : .returned
      } catch is CancellationError {
        outcome = .stopped
      } catch {
        outcome = .threw(String(describing: error))
      }
      post(
        .ended(
          id,
          TaskEnd(
            outcome: outcome, duration: Platform.monotonicNow() - started, answers: returned)))
    }
    shared.withLock { state in
      // A closure that ended at once has posted its end already.
      if !state.events.contains(where: {
        if case .ended(id, _) = $0 { return true } else { return false }
      }) {
        state.running[id] = task
        state.started[id] = started
      }
    }
  }

  /// Cancels a run: its `Task` is cancelled and it ends as stopped at once; whatever it
  /// reports later is dropped.
  func cancel(_ id: TaskID) {
    let task = shared.withLock { state -> Task<Void, Never>? in
      guard let task = state.running.removeValue(forKey: id) else { return nil }
      state.cancelled.insert(id)
      let ran = Platform.monotonicNow() - (state.started.removeValue(forKey: id) ?? .zero)
      state.events.append(.ended(id, TaskEnd(outcome: .stopped, duration: ran)))
      return task
    }
    task?.cancel()
    if task != nil {
      var byte: UInt8 = 1
      _ = write(wakeWriteFD, &byte, 1)
    }
  }

  func cancelAll() {
    let tasks = shared.withLock { state -> [Task<Void, Never>] in
      let all = Array(state.running.values)
      state.cancelled.formUnion(state.running.keys)
      state.running = [:]
      state.started = [:]
      state.events = []
      return all
    }
    for task in tasks { task.cancel() }
  }

  /// What was reported since the last call, in order.
  func take() -> [TaskEvent] {
    var sink = [UInt8](repeating: 0, count: 256)
    while sink.withUnsafeMutableBytes({ read(wakeFD, $0.baseAddress, $0.count) }) > 0 {}
    return shared.withLock { state in
      defer { state.events = [] }
      return state.events
    }
  }
}
