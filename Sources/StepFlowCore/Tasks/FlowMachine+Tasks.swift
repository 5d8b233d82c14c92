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

  // MARK: What a task runs

  /// Why a task cannot run as its answers are: the reason in words.
  package struct TaskProblem: Error, Equatable, Sendable {
    package let reason: String
  }

  /// The answers a task is given: those of the shown steps up to `index`, by field id, in the
  /// flow's order (own fields, the selected tab's, what earlier tasks produced).
  package static func taskAnswers(upTo index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> [(String, FieldValue)]
  {
    var out: [(String, FieldValue)] = []
    var seen: Set<String> = []
    func add(_ id: String) {
      guard let value = state.answers[id], seen.insert(id).inserted else { return }
      out.append((id, value))
    }
    for i in 0...min(index, flow.steps.count - 1) where isShown(i, flow, state.answers) {
      let step = flow.steps[i]
      for spec in step.fields { add(spec.id) }
      if !step.tabs.isEmpty {
        if let tabsField = step.tabsField { add(tabsField) }
        for spec in step.tabs[min(state.selectedTab(ofStep: i), step.tabs.count - 1)].fields {
          add(spec.id)
        }
      }
      // What earlier tasks gave (not this one's own capture: it is what it gives).
      if i < index { for id in state.tasks[i]?.produced ?? [] { add(id) } }
    }
    return out
  }

  /// The environment variable of an answer: `STEPFLOW_` and the id upper-cased, `-` and `.`
  /// as `_` (`build-tool` → `STEPFLOW_BUILD_TOOL`).
  package static func environmentName(of id: String) -> String {
    "STEPFLOW_"
      + String(
        id.uppercased().map { $0 == "-" || $0 == "." ? "_" : $0 })
  }

  /// What step `index`'s task runs with the answers as they are now.
  ///
  /// A command's argument elements get `{{id}}` as data (an option's id, `true`, the text)
  /// substituted into that one element; `cwd` and `env` values too; a `shell` script is never
  /// substituted into. Every answer is also in the environment: `STEPFLOW_<ID>` and
  /// `STEPFLOW_ANSWERS` (one JSON object).
  /// - Throws: ``TaskProblem`` when an answer would change what the command means: one that
  ///   starts with `-` at the start of an argument (an option) before any `--` element, or one
  ///   holding a NUL character (which no command line can carry).
  package static func taskWork(forStep index: Int, _ state: FlowState, _ flow: FlowDefinition)
    throws(TaskProblem) -> (work: TaskWork, inputs: TaskInputs)
  {
    guard let task = flow.steps[index].task else {
      throw TaskProblem(reason: "step \(index + 1) has no task")
    }
    let answers = taskAnswers(upTo: index, state, flow)
    switch task.work {
    case .closure(let body):
      return (
        .closure(body, answers: Dictionary(answers, uniquingKeysWith: { _, last in last })),
        TaskInputs()
      )
    case .command(let spec):
      let (launch, inputs) = try commandLaunch(
        spec, answers: answers,
        captureLimit: task.capture == nil ? 0 : TaskLaunch.maxCapture)
      return (.command(launch), inputs)
    }
  }

  /// A command ready to run with `answers`: `{{id}}` filled into argument elements, `cwd` and
  /// `env` values as data, every answer in the environment (`STEPFLOW_<ID>`,
  /// `STEPFLOW_ANSWERS`) with `environment` added — the one way tasks, `optionsFrom` and
  /// `validate` commands get answers.
  /// - Throws: ``TaskProblem`` when an answer would change what the command means (see
  ///   ``taskWork(forStep:_:_:)``).
  package static func commandLaunch(
    _ spec: CommandSpec, answers: [(String, FieldValue)], captureLimit: Int,
    environment extra: [String: String] = [:], input: String? = nil
  ) throws(TaskProblem) -> (TaskLaunch, TaskInputs) {
    var inputs = TaskInputs()
    var used = Set<String>()
    let values = Dictionary(
      answers.map { ($0.0, $0.1.dataText) }, uniquingKeysWith: { a, _ in a })
    func fill(_ text: String, element: Int?) throws(TaskProblem) -> String {
      let template = TaskTemplate(text)
      for id in template.fieldIDs { used.insert(id) }
      if let problem = template.problem(values: values, element: element) {
        throw TaskProblem(reason: problem)
      }
      return template.render(values)
    }
    var arguments: [String]
    switch spec.program {
    case .argv(let argv):
      if let code = CommandSpec.codeArgumentIndex(argv),
        !TaskTemplate(argv[code]).fieldIDs.isEmpty
      {
        throw TaskProblem(
          reason:
            "argument \(code) is code the program runs (\(argv[0]) \(argv[code - 1])); an answer in it would run as code, so it is not filled in — pass the answer as its own argument or read $\(environmentName(of: TaskTemplate(argv[code]).fieldIDs[0]))"
        )
      }
      arguments = []
      var afterDoubleDash = false
      for (i, element) in argv.enumerated() {
        arguments.append(try fill(element, element: afterDoubleDash ? nil : i))
        if element == "--" { afterDoubleDash = true }
      }
      inputs.arguments = arguments
    case .shell(let script):
      arguments = ["/bin/sh", "-c", script]
      inputs.arguments = [script]
    }
    let directory = try spec.cwd.map { (cwd) throws(TaskProblem) in try fill(cwd, element: nil) }
    inputs.directory = directory
    var environment: [String: String] = [:]
    for (id, value) in answers { environment[environmentName(of: id)] = value.dataText }
    environment["STEPFLOW_ANSWERS"] = JSONWriter.compact(
      .object(answers.map { JSONMember($0.0, $0.1.jsonValue) }))
    for (name, value) in spec.environment.sorted(by: { $0.key < $1.key }) {
      let filled = try fill(value, element: nil)
      environment[name] = filled
      inputs.environment[name] = filled
    }
    // Answers named in the command's own text, as $STEPFLOW_ID (every one: STEPFLOW_ANSWERS).
    let texts = arguments + Array(spec.environment.values) + [spec.cwd ?? ""]
    let mentionsAll = texts.contains { $0.contains("STEPFLOW_ANSWERS") }
    for (id, value) in answers
    where mentionsAll || used.contains(id)
      || texts.contains(where: { $0.contains(environmentName(of: id)) })
    {
      inputs.answers[id] = value.dataText
    }
    for (name, value) in extra { environment[name] = value }
    let launch = TaskLaunch(
      arguments: arguments, environment: environment, directory: directory,
      timeout: spec.timeout, input: input, captureLimit: captureLimit)
    return (launch, inputs)
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
        state.answers[capture] = .text(trimmedOutput(end.captured))
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
  package static func trimmedOutput(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let blank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// The effects a change of state asks for: a run for every task that started, a cancel
  /// for every one that was stopped, left behind by `reset`, or whose flow ended.
  package static func taskEffects(from before: FlowState, to after: FlowState) -> [TaskEffect] {
    var effects = fieldTaskEffects(from: before, to: after)
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
      case .stop: return .refused("no task is running")
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

extension FlowState {
  /// After a task gave answers: the current editor shows them (a captured answer may be a
  /// field of a later step, which is rebuilt from the answers when it is reached).
  fileprivate mutating func syncEditorAfterTask(flow: FlowDefinition) {
    for (index, record) in tasks where !record.produced.isEmpty {
      for step in parkedEditors.keys where step > index { parkedEditors[step] = nil }
    }
  }
}
