import StepFlowText

/// The run of a field's command: a choice's `optionsFrom`, or a `validate` check of one value.
package struct FieldTaskRecord: Equatable, Sendable {
  package enum Status: Equatable, Sendable {
    case running
    case succeeded
    /// It could not give what it is for; the reason in words.
    case failed(String)
  }

  package var id: TaskID
  package var status: Status
  /// What ran.
  package var work: TaskWork
  /// The value a check checks (`nil` for options).
  package var value: String?

  package var isRunning: Bool { status == .running }
}

/// What a check said of a value (or of a step's answers).
package enum CheckVerdict: Equatable, Sendable {
  case accepted
  /// Refused, with the first line of its output (or its status in words), or the message
  /// the program's check gave.
  case refused(String)
  /// A step check refused, with its messages by field id.
  case refusedFields([String: String])
}

/// Fields whose options or checks come from commands, in the pure update: a choice's
/// `optionsFrom` runs when its step is reached, a text field's `validate` runs on Next (once
/// per distinct value). As with tasks nothing runs here: the records in ``FlowState`` change,
/// ``taskEffects(from:to:)`` turns that into effects, and the ends come back through
/// ``fieldTaskEnded(_:_:errorOutput:state:flow:)``.
extension FlowMachine {
  /// The most options an `optionsFrom` command may list.
  package static let maxListedOptions = 10_000
  /// The most bytes of stdout an `optionsFrom` command may print: 1 MiB.
  package static let maxOptionsOutput = 1 << 20

  /// The fields of the current step the person sees: its own and the selected tab's, as the
  /// editor has them (templates resolved, listed options in).
  package static func shownFieldSpecs(_ state: FlowState) -> [FieldSpec] {
    guard let editor = state.editor else { return [] }
    return (editor.screenForm.fields + editor.form.fields).map(\.spec)
      + (editor.tabForm?.fields.map(\.spec) ?? [])
  }

  /// The declared fields of step `index` (own and every tab's) whose options a command lists.
  private static func sourcedFields(ofStep index: Int, _ flow: FlowDefinition) -> [FieldSpec] {
    flow.steps[index].allFields.filter { $0.optionsSource != nil }
  }

  /// What a field's command runs, with the answers it is given.
  ///
  /// A listing gets the answers of the earlier steps (its own step's are not given yet), a
  /// check those of its step too.
  private static func fieldLaunch(
    _ spec: CommandSpec, step index: Int, _ state: FlowState, _ flow: FlowDefinition,
    captureLimit: Int, value: String? = nil
  ) throws(TaskProblem) -> TaskWork {
    let answers =
      value != nil
      ? taskAnswers(upTo: index, state, flow)
      : index > 0 ? taskAnswers(upTo: index - 1, state, flow) : []
    let (launch, _) = try commandLaunch(
      spec, answers: answers, captureLimit: captureLimit,
      environment: value.map { ["STEPFLOW_VALUE": $0] } ?? [:], input: value)
    return .command(launch)
  }

  /// Starts a field's command (a new run); one that an answer would change the meaning of
  /// fails at once, saying why.
  private static func startFieldTask(
    _ subject: TaskSubject, field: String, _ state: inout FlowState,
    value: String? = nil, work: Result<TaskWork, TaskProblem>
  ) {
    state.taskRuns += 1
    let id = TaskID(subject, run: state.taskRuns)
    switch work {
    case .success(let work):
      state.fieldTasks[field] = FieldTaskRecord(
        id: id, status: .running, work: work, value: value)
    case .failure(let problem):
      state.fieldTasks[field] = FieldTaskRecord(
        id: id, status: .failed(problem.reason), work: .command(TaskLaunch(arguments: [])),
        value: value)
    }
  }

  // MARK: Options

  /// The current step was reached: each `optionsFrom` command of its fields runs unless its
  /// options were listed with the same command and answers (or it is running).
  package static func loadOptions(_ state: inout FlowState, _ flow: FlowDefinition) {
    guard state.status == .running, let current = state.progression.current else { return }
    for spec in sourcedFields(ofStep: current, flow) {
      guard let source = spec.optionsSource else { continue }
      let work = Result { () throws(TaskProblem) in
        try fieldLaunch(source, step: current, state, flow, captureLimit: maxOptionsOutput + 1)
      }
      if let record = state.fieldTasks[spec.id] {
        if record.isRunning { continue }
        if record.status == .succeeded, case .success(record.work) = work { continue }
      }
      startFieldTask(.options(field: spec.id), field: spec.id, &state, work: work)
    }
  }

  /// Lists the options again of every field of the current step whose listing failed (the
  /// `retry` command, and Enter there).
  /// - Returns: `nil` when no listing failed.
  package static func retryOptions(_ state: inout FlowState, _ flow: FlowDefinition) -> Outcome? {
    guard let current = state.progression.current else { return nil }
    var retried = false
    for spec in sourcedFields(ofStep: current, flow) {
      guard case .failed? = state.fieldTasks[spec.id]?.status else { continue }
      state.fieldTasks[spec.id] = nil
      retried = true
    }
    guard retried else { return nil }
    loadOptions(&state, flow)
    return .changed
  }

  /// The options an `optionsFrom` command printed: one a line, `id<TAB>title` or just the id
  /// (then the title too); blank lines skipped, a repeated id kept once, control characters
  /// made inert.
  package static func parseOptions(_ bytes: [UInt8]) -> Result<[ChoiceOption], TaskProblem> {
    var options: [ChoiceOption] = []
    var seen: Set<String> = []
    for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      var line = Substring(String(decoding: raw, as: UTF8.self))
      if line.hasSuffix("\r") { line = line.dropLast() }
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      let id = Sanitizer.sanitize(String(parts[0]).trimmingWhitespace())
      guard !id.isEmpty, seen.insert(id).inserted else { continue }
      var title = parts.count > 1 ? Sanitizer.sanitize(String(parts[1]).trimmingWhitespace()) : ""
      if title.isEmpty { title = id }
      options.append(ChoiceOption(id, title))
      guard options.count <= maxListedOptions else {
        return .failure(TaskProblem(reason: "it listed more than \(maxListedOptions) options"))
      }
    }
    guard !options.isEmpty else { return .failure(TaskProblem(reason: "it listed no options")) }
    return .success(options)
  }

  // MARK: Checks

  /// Runs the checks Next (or finish) waits for before leaving the current step.
  ///
  /// Each field with a `validate` command or an asynchronous check (``FieldValidator``) must
  /// have been accepted with its value, and then the step's asynchronous check
  /// (``StepCheck``) with the step's answers. A value not yet checked starts its check, and
  /// Next waits for it (it moves on when every check accepts). A refusal kept for the value
  /// shows under its field and refuses Next, as the built-in rules do.
  /// - Returns: `nil` when Next may go on now.
  package static func fieldTasksBeforeNext(
    _ state: inout FlowState, _ flow: FlowDefinition, then command: Command = .next
  ) -> Outcome? {
    guard let current = state.progression.current else { return nil }
    let shown = shownFieldSpecs(state)
    var started = false
    var waiting = false
    for spec in shown {
      let later = spec.commandCheck == nil ? spec.validator?.asyncCheck : nil
      guard spec.commandCheck != nil || later != nil, let answer = state.answers[spec.id]
      else { continue }
      let value = answer.dataText
      guard !value.isEmpty else { continue }
      switch state.verdicts[spec.id]?[value] {
      case .accepted?: continue
      case .refused(let message)?: return refusal([spec.id: message], &state)
      case .refusedFields(let messages)?: return refusal(messages, &state)
      case nil: break
      }
      if let record = state.fieldTasks[spec.id], record.isRunning, record.value == value {
        waiting = true
        continue
      }
      let work = Result { () throws(TaskProblem) -> TaskWork in
        if let later { return checkWork(field: spec.id, answer, later, state) }
        guard let check = spec.commandCheck else { throw TaskProblem(reason: "no check") }
        return try fieldLaunch(check, step: current, state, flow, captureLimit: 4096, value: value)
      }
      startFieldTask(.check(field: spec.id), field: spec.id, &state, value: value, work: work)
      if case .failed(let reason)? = state.fieldTasks[spec.id]?.status {
        state.verdicts[spec.id, default: [:]][value] = .refused(reason)
        return refusal([spec.id: reason], &state)
      }
      started = true
    }
    if !started, !waiting, let outcome = stepCheckBeforeNext(current, &state, flow) {
      switch outcome {
      case .started: started = true
      case .waiting: waiting = true
      case .refused(let refusal): return refusal
      }
    }
    guard started || waiting else { return nil }
    state.afterChecks = command
    return started ? .changed : .refused("a value is being checked; wait for it")
  }

  /// Why the current step cannot be left while its options are being listed, or could not
  /// be: `nil` when they are listed (or none are).
  package static func listingRefusal(_ state: FlowState) -> Outcome? {
    for spec in shownFieldSpecs(state) where spec.optionsSource != nil {
      switch state.fieldTasks[spec.id]?.status {
      case .running?:
        return .refused("\(spec.label): its options are being listed; wait for them")
      case .failed(let reason)?:
        return .refused(
          "\(spec.label): its options could not be listed (\(reason)); Enter or retry lists them again"
        )
      default: continue
      }
    }
    return nil
  }

  /// Whether a field's command is running on the current step.
  package static func runningFieldTask(_ state: FlowState) -> (field: String, subject: TaskSubject)?
  {
    // Asked at every frame: most of the time nothing runs, and the step's fields need not be
    // gathered to say so.
    guard state.fieldTasks.values.contains(where: \.isRunning) else { return nil }
    for spec in shownFieldSpecs(state) {
      if let record = state.fieldTasks[spec.id], record.isRunning {
        return (spec.id, record.id.subject)
      }
    }
    guard let current = state.progression.current,
      let record = state.fieldTasks[stepCheckKey(current)], record.isRunning
    else { return nil }
    return (stepCheckKey(current), record.id.subject)
  }

  // MARK: Ends

  /// Takes the end of a field's command: its options, or its verdict on a value.
  ///
  /// Listed options show in the step's editor; a verdict is kept for the value, and a Next
  /// that waited moves on when every check of the step accepted. `errorOutput` is what it
  /// wrote on stderr (the start of it).
  /// - Returns: what it did; `nil` when the run is not the field's current one.
  package static func fieldTaskEnded(
    _ id: TaskID, _ end: TaskEnd, errorOutput: [UInt8], state: inout FlowState,
    flow: FlowDefinition
  ) -> Outcome? {
    let field: String
    switch id.subject {
    case .options(let name), .check(let name): field = name
    case .stepCheck(let index): field = stepCheckKey(index)
    default: return nil
    }
    guard var record = state.fieldTasks[field], record.id == id, record.isRunning else {
      return nil
    }
    let failure = end.outcome.succeeded ? nil : failureText(end.outcome, errorOutput, end.captured)
    switch id.subject {
    case .options:
      if end.outcome == .dryRun {
        record.status = .succeeded
      } else if let failure {
        record.status = .failed(failure)
      } else if end.capturedTruncated || end.captured.count > maxOptionsOutput {
        record.status = .failed("it printed more than 1 MiB")
      } else {
        switch parseOptions(end.captured) {
        case .success(let options):
          record.status = .succeeded
          state.loadedOptions[field] = options
        case .failure(let problem):
          record.status = .failed(problem.reason)
        }
      }
      state.fieldTasks[field] = record
      state.reopenEditor(flow: flow)
      return .changed
    default:
      // Stopped (x, `stop`, the run ending): no verdict, and what waited does not go on.
      if end.outcome == .stopped {
        state.fieldTasks[field] = nil
        state.afterChecks = nil
        return .changed
      }
      record.status = .succeeded
      state.fieldTasks[field] = record
      let value = record.value ?? ""
      let verdict = checkVerdict(record, end, failure: failure, field: field)
      state.verdicts[field, default: [:]][value] = verdict
      guard let waiting = state.afterChecks else { return .changed }
      switch verdict {
      case .refused(let message):
        state.afterChecks = nil
        return refusal([field: message], &state)
      case .refusedFields(let messages):
        state.afterChecks = nil
        return refusal(messages, &state)
      case .accepted: break
      }
      // Every other check must have ended too.
      if runningFieldTask(state) != nil { return .changed }
      state.afterChecks = nil
      return apply(waiting, to: &state, flow: flow)
    }
  }

  /// Why a field's command failed: the first line it wrote (stderr first, then stdout), else
  /// its status in words.
  private static func failureText(
    _ outcome: TaskOutcome, _ errorOutput: [UInt8], _ output: [UInt8]
  ) -> String {
    for bytes in [errorOutput, output] {
      let text = String(decoding: bytes, as: UTF8.self)
      if let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        .map({ String($0).trimmingWhitespace() }).first(where: { !$0.isEmpty })
      {
        return Sanitizer.sanitize(line)
      }
    }
    switch outcome {
    case .exited(let code): return "it exited with status \(code)"
    case .signaled(let signal): return "it was killed by signal \(signal)"
    case .notStarted(_, let reason): return reason
    case .timedOut(let limit): return "it timed out after \(limit.components.seconds) s"
    case .stopped: return "it was stopped"
    case .threw(let text): return text
    case .returned, .dryRun: return "it failed"
    }
  }
}

extension FlowState {
  /// Rebuilds the current step's editor (its listed options changed), keeping the answers.
  fileprivate mutating func reopenEditor(flow: FlowDefinition) {
    guard let current = progression.current, editor?.step == current else { return }
    let focus = editor?.focus
    editor = nil
    parkedEditors[current] = nil
    openEditor(flow: flow)
    if let focus { editor?.setFocus(focus) }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    let blank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
