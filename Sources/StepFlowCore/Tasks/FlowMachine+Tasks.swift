import StepFlowJSON
import StepFlowText

/// Steps that do real work, in the pure update: when a task starts, what it runs with, what
/// its end does, and which commands it refuses meanwhile. Nothing runs here: starting a task
/// records it as running, and ``taskEffects(from:to:)`` turns the change into effects as data
/// (``TaskEffect``) for the loop at the I/O edge; what happens comes back through
/// ``taskEnded(_:_:state:flow:)``.
extension FlowMachine {
  // MARK: Where a task stands

  /// Where step `index`'s task stands (`nil`: the step has no task).
  package static func taskPhase(ofStep index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> TaskPhase?
  {
    guard flow.steps.indices.contains(index), let task = flow.steps[index].task else {
      return nil
    }
    guard let record = state.tasks[index] else { return .ready(changed: false) }
    switch record.status {
    case .running: return .running
    case .skipped, .succeeded, .failed, .stopped:
      if case .command = task.work, let now = try? taskWork(forStep: index, state, flow),
        now.inputs != record.inputs
      {
        return .ready(changed: true)
      }
      switch record.status {
      case .succeeded: return .succeeded
      case .skipped: return .skipped
      case .failed: return .failed
      default: return .stopped
      }
    }
  }

  /// Whether step `index` has a task that is not done (succeeded or skipped, with the
  /// answers it ran with): a run cannot go past it.
  package static func taskBlocks(_ index: Int, _ state: FlowState, _ flow: FlowDefinition) -> Bool {
    guard let phase = taskPhase(ofStep: index, state, flow) else { return false }
    return phase != .succeeded && phase != .skipped
  }

  /// Why a run cannot leave step `index` forward, in words.
  package static func taskRefusal(_ index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> String?
  {
    guard let phase = taskPhase(ofStep: index, state, flow), let task = flow.steps[index].task
    else { return nil }
    let name = taskName(index, flow)
    switch phase {
    case .succeeded, .skipped: return nil
    case .ready(let changed):
      return changed
        ? "\(name): answers it uses changed since it ran; Enter runs it again"
        : "\(name) has not run yet; Enter runs it"
    case .running: return "\(name) is running; wait for it to end (x stops it)"
    case .failed, .stopped:
      return "\(name) did not succeed; retry it, go back" + (task.optional ? ", skip it" : "")
        + " or quit"
    }
  }

  /// The task's name in messages: its label, else the step's title.
  package static func taskName(_ index: Int, _ flow: FlowDefinition) -> String {
    flow.steps[index].task?.label ?? flow.steps[index].title
  }

  // MARK: Starting, ending

  /// Starts step `index`'s task (a new run).
  ///
  /// A command that an answer would change the meaning of does not start: the task fails at once,
  /// saying why.
  package static func startTask(_ index: Int, _ state: inout FlowState, _ flow: FlowDefinition)
    -> Outcome
  {
    state.taskRuns += 1
    let id = TaskID(.step(index), run: state.taskRuns)
    do throws(TaskProblem) {
      let (work, inputs) = try taskWork(forStep: index, state, flow)
      state.tasks[index] = TaskRecord(id: id, status: .running, work: work, inputs: inputs)
    } catch {
      state.tasks[index] = TaskRecord(
        id: id, status: .failed, work: .command(TaskLaunch(arguments: [])), inputs: TaskInputs(),
        outcome: .notStarted(exitCode: 126, reason: error.reason))
    }
    return .changed
  }

  /// A step was reached: its task starts when it starts on arrival (or in an automatic run)
  /// and has not run with these answers — never again after it succeeded, failed or was
  /// skipped with them (Retry runs it again), and not while the step's fields are invalid.
  package static func arrive(_ state: inout FlowState, _ flow: FlowDefinition) {
    loadOptions(&state, flow)
    guard state.status == .running, let current = state.progression.current,
      let task = flow.steps[current].task, task.start == .arrival || state.automatic,
      case .ready = taskPhase(ofStep: current, state, flow),
      problems(ofStep: current, state, flow).isEmpty
    else { return }
    _ = startTask(current, &state, flow)
  }

  /// A task's run ended: its status, its captured output or returned answers, and — in an
  /// automatic run — the next step when it succeeded.
  ///
  /// The end of an earlier run (one that was stopped or replaced) changes nothing.
  /// - Returns: what it did; `nil` when the run is not the step's current one.
  package static func taskEnded(
    _ id: TaskID, _ end: TaskEnd, state: inout FlowState, flow: FlowDefinition
  ) -> Outcome? {
    guard case .step(let index) = id.subject, var record = state.tasks[index], record.id == id
    else { return nil }
    record.duration = end.duration
    guard record.status == .running else {
      // Stopped on request: the end only says how long it ran.
      state.tasks[index] = record
      return .changed
    }
    record.outcome = end.outcome
    record.status =
      end.outcome.succeeded ? .succeeded : end.outcome == .stopped ? .stopped : .failed
    if record.status == .succeeded, end.outcome != .dryRun {
      if let capture = flow.steps[index].task?.capture {
        state.answers[capture] = .text(
          trimmedOutput(end.captured, cutAtStart: end.capturedTruncated))
        record.produced = [capture]
        record.captureTruncated = end.capturedTruncated
      }
      for (key, value) in end.answers.sorted(by: { $0.key < $1.key }) {
        state.answers[key] = value
        record.produced.append(key)
      }
    }
    state.tasks[index] = record
    state.syncEditorAfterTask(flow: flow)
    guard record.status == .succeeded, state.automatic, state.status == .running,
      state.progression.current == index, !isLastShown(index, flow, state)
    else { return .changed }
    let moved = apply(.next, to: &state, flow: flow)
    if case .refused = moved { return .changed }
    return moved
  }

  /// A command's stdout as an answer: UTF-8 (invalid bytes replaced), without the white space
  /// and newlines around it.
  /// - Parameters:
  ///   - bytes: The output kept.
  ///   - cutAtStart: The bytes are the end of a longer output: a character cut in two at
  ///     their start (UTF-8 continuation bytes, at most 3) is left out rather than shown as `�`.
  /// - Returns: The answer's text.
  package static func trimmedOutput(_ bytes: [UInt8], cutAtStart: Bool = false) -> String {
    let kept = cutAtStart ? bytes[...].droppingCutCharacter() : bytes[...]
    let text = String(decoding: kept, as: UTF8.self)
    let blank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// The effects a change of state asks for: a run for every task that started, a cancel
  /// for every one that was stopped, left behind by `reset`, or whose flow ended; and whether
  /// a running task's whole log is on the screen (``TaskEffect/watchLog(_:_:)``).
  package static func taskEffects(from before: FlowState, to after: FlowState) -> [TaskEffect] {
    var effects = fieldTaskEffects(from: before, to: after)
    let watched = (before: watchedRun(before), after: watchedRun(after))
    if watched.before != watched.after, let old = watched.before,
      after.tasks.values.contains(where: { $0.id == old && $0.status == .running })
    {
      // The pane closed (or shows another step) while the task runs on.
      effects.append(.watchLog(old, false))
    }
    effects += stepTaskEffects(from: before, to: after)
    if watched.before != watched.after, let new = watched.after {
      effects.append(.watchLog(new, true))
    }
    return effects
  }

  /// The running task whose whole log the `l` pane shows: the current step's.
  private static func watchedRun(_ state: FlowState) -> TaskID? {
    guard state.showsLog, state.status == .running, let step = state.progression.current,
      let record = state.tasks[step], record.status == .running
    else { return nil }
    return record.id
  }

  /// The runs and cancels of the steps' tasks.
  private static func stepTaskEffects(from before: FlowState, to after: FlowState)
    -> [TaskEffect]
  {
    var effects: [TaskEffect] = []
    guard before.tasks != after.tasks || before.status != after.status else { return effects }
    for (index, old) in before.tasks.sorted(by: { $0.key < $1.key }) where old.status == .running {
      let new = after.tasks[index]
      if after.status != .running || new?.id != old.id || new?.status == .stopped {
        effects.append(.cancel(old.id))
      }
    }
    guard after.status == .running else { return effects }
    for (index, new) in after.tasks.sorted(by: { $0.key < $1.key }) where new.status == .running {
      let old = before.tasks[index]
      if old?.id != new.id || old?.status != .running { effects.append(.run(new.id, new.work)) }
    }
    return effects
  }

  /// The effects of the fields' commands: a run for each that started, a cancel for each
  /// replaced or whose flow ended.
  private static func fieldTaskEffects(from before: FlowState, to after: FlowState)
    -> [TaskEffect]
  {
    guard before.fieldTasks != after.fieldTasks || before.status != after.status else {
      return []
    }
    var effects: [TaskEffect] = []
    for (field, old) in before.fieldTasks.sorted(by: { $0.key < $1.key }) where old.isRunning {
      let new = after.fieldTasks[field]
      if after.status != .running || new?.id != old.id { effects.append(.cancel(old.id)) }
    }
    guard after.status == .running else { return effects }
    for (field, new) in after.fieldTasks.sorted(by: { $0.key < $1.key }) where new.isRunning {
      let old = before.fieldTasks[field]
      if old?.id != new.id || old?.isRunning != true { effects.append(.run(new.id, new.work)) }
    }
    return effects
  }

}

extension FlowState {
  /// After a task gave answers: the current editor shows them (a captured answer may be a
  /// field of a later step, which is rebuilt from the answers when it is reached).
  fileprivate mutating func syncEditorAfterTask(flow: FlowDefinition) {
    for (index, record) in tasks where !record.produced.isEmpty {
      for step in parkedEditors.keys where step > index { parkedEditors[step] = nil }
    }
  }
}
