import StepFlowText

/// The commands on a step with a task: Enter runs it, `retry`, `skip` and `stop`, and the
/// moves refused while it runs or until it is done.
extension FlowMachine {
  // MARK: Commands on a task step

  /// What a command does on a step with a task, when the task decides it: Enter runs a task
  /// that has not run; moving is refused while it runs; `retry`, `skip` and `stop`.
  ///
  /// `nil` when the command goes its usual way.
  package static func taskCommand(
    _ command: Command, _ state: inout FlowState, _ flow: FlowDefinition
  )
    -> Outcome?
  {
    guard let current = state.progression.current, let task = flow.steps[current].task,
      let phase = taskPhase(ofStep: current, state, flow)
    else {
      if command == .retry, let retried = retryOptions(&state, flow) { return retried }
      switch command {
      case .retry, .skip: return .refused("this step has no task")
      case .stop: return stopFieldCheck(&state) ?? .refused("no task is running")
      default: return nil
      }
    }
    let name = taskName(current, flow)
    switch (command, phase) {
    case (.stop, .running):
      state.tasks[current]?.status = .stopped
      state.tasks[current]?.outcome = .stopped
      return .changed
    case (.stop, _):
      return .refused("no task is running")
    case (.retry, .running), (.skip, .running):
      return .refused("\(name) is running; wait for it to end (x stops it)")
    case (.retry, _):
      if let refusal = validateCurrent(&state, flow) { return refusal }
      return startTask(current, &state, flow)
    case (.skip, .succeeded):
      return .refused("\(name) succeeded: there is nothing to skip")
    case (.skip, _):
      guard task.optional else {
        return .refused("\(name) is required: it cannot be skipped (retry it, go back or quit)")
      }
      if state.tasks[current] == nil {
        state.taskRuns += 1
        let work = (try? taskWork(forStep: current, state, flow))
        state.tasks[current] = TaskRecord(
          id: TaskID(.step(current), run: state.taskRuns), status: .skipped,
          work: work?.work ?? .command(TaskLaunch(arguments: [])),
          inputs: work?.inputs ?? TaskInputs())
      }
      state.tasks[current]?.status = .skipped
      if let inputs = (try? taskWork(forStep: current, state, flow))?.inputs {
        state.tasks[current]?.inputs = inputs
      }
      if isLastShown(current, flow, state) { return .changed }
      let moved = apply(.next, to: &state, flow: flow)
      if case .refused = moved { return .changed }
      return moved
    case (.enter, .ready), (.enter, .stopped):
      if state.editor?.focus == .back { return nil }
      if let refusal = validateCurrent(&state, flow) { return refusal }
      return startTask(current, &state, flow)
    case (.enter, .failed):
      if state.editor?.focus == .back { return nil }
      return .refused(taskRefusal(current, state, flow) ?? "")
    case (.next, _), (.enter, _), (.finish, _):
      guard let refusal = taskRefusal(current, state, flow) else { return nil }
      if command == .enter || command == .finish, phase == .succeeded || phase == .skipped {
        return nil
      }
      if case .next = command, flow.navigation == .rating { return nil }
      return .refused(refusal)
    case (.back, .running), (.previous, .running), (.tap, .running), (.type, .running):
      return .refused("\(name) is running; wait for it to end (x stops it)")
    default:
      return nil
    }
  }

  /// The current step's fields must be valid before its task runs (it runs with them).
  private static func validateCurrent(_ state: inout FlowState, _ flow: FlowDefinition) -> Outcome?
  {
    guard state.editor?.hasControls ?? false,
      let problems = state.editor?.validateForNext(in: state.context), !problems.isEmpty
    else { return nil }
    return .refused(problems.map(\.message).joined(separator: "; "))
  }

  /// The first shown step in `range` whose required task is not done, as a refusal naming it
  /// (finishing, and a tap forward past it).
  package static func firstUnfinishedTask(
    in range: Range<Int>, _ state: FlowState, _ flow: FlowDefinition
  ) -> Outcome? {
    for index in range where isShown(index, flow, state.answers) && taskBlocks(index, state, flow) {
      let reason = taskRefusal(index, state, flow) ?? "its task is not done"
      return .refused("step \(index + 1) (\(flow.steps[index].title)): \(reason)")
    }
    return nil
  }
}
