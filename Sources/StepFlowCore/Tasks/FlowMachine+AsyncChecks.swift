/// The program's asynchronous checks, in the pure update: a field's
/// (``FieldValidator/AsyncCheck``) and a step's (``StepCheck/AsyncCheck``). They run as the
/// `validate` commands do — a `.check(field:)` or `.stepCheck(step)` task whose work is a
/// closure, started by ``fieldTasksBeforeNext(_:_:then:)``, a verdict kept per value — and
/// their refusals go the built-in rules' way: the messages under the fields, Next refused.
extension FlowMachine {
  /// Where a step's check is kept among the fields' checks: no field id has a colon.
  package static func stepCheckKey(_ step: Int) -> String { ":step \(step)" }

  /// What starting or asking the step's check came to.
  enum StepCheckStart {
    case started
    case waiting
    case refused(Outcome)
  }

  /// The closure work of a field's check of `value`: it returns the message by field id, or
  /// nothing when the value is fine.
  static func checkWork(
    field: String, _ value: FieldValue, _ check: @escaping FieldValidator.AsyncCheck,
    _ state: FlowState
  ) -> TaskWork {
    let work = StepWork { _ in
      guard let message = await check(value) else { return [:] }
      return [field: .text(message)]
    }
    return .closure(work, answers: [:])
  }

  /// The step's asynchronous check, once its fields' checks accepted: kept verdicts refuse
  /// or pass, a running check for the same answers is waited for, else it starts.
  /// - Returns: `nil` when the step has no such check, or it accepted these answers.
  static func stepCheckBeforeNext(
    _ current: Int, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> StepCheckStart? {
    guard let check = flow.steps[current].check?.asyncCheck, let editor = state.editor,
      editor.step == current
    else { return nil }
    let answers = editor.checkedAnswers
    let key = stepCheckKey(current)
    let value = answers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.dataText)" }
      .joined(separator: "\n")
    switch state.verdicts[key]?[value] {
    case .accepted?: return nil
    case .refused(let message)?: return .refused(.refused(message))
    case .refusedFields(let messages)?: return .refused(refusal(messages, &state))
    case nil: break
    }
    if let record = state.fieldTasks[key], record.isRunning, record.value == value {
      return .waiting
    }
    let work = StepWork { _ in (await check(answers)).mapValues(FieldValue.text) }
    state.taskRuns += 1
    state.fieldTasks[key] = FieldTaskRecord(
      id: TaskID(.stepCheck(current), run: state.taskRuns), status: .running,
      work: .closure(work, answers: answers), value: value)
    return .started
  }

  /// What a check's end says of its value: a command's failure refuses with its words; a
  /// closure's messages (by field id) refuse with them.
  static func checkVerdict(
    _ record: FieldTaskRecord, _ end: TaskEnd, failure: String?, field: String
  ) -> CheckVerdict {
    if let failure { return .refused(failure) }
    guard case .closure = record.work else { return .accepted }
    var messages: [String: String] = [:]
    for (id, answer) in end.answers {
      if case .text(let text) = answer, !text.isEmpty { messages[id] = text }
    }
    if messages.isEmpty { return .accepted }
    if case .check = record.id.subject, let message = messages[field] {
      return .refused(message)
    }
    return .refusedFields(messages)
  }

  /// Next refused by a check's `messages` (by field id): they show under their fields until
  /// the answers change, and the refusal says them as the built-in rules' do.
  static func refusal(_ messages: [String: String], _ state: inout FlowState) -> Outcome {
    let problems = state.editor?.keepCheckMessages(messages) ?? []
    if let first = problems.first { state.editor?.focusField(id: first.fieldID) }
    let words = problems.map(\.message).joined(separator: "; ")
    return .refused(words.isEmpty ? messages.values.sorted().joined(separator: "; ") : words)
  }

  /// Stops the check Next waits for on the current step (`stop`, x): its work is cancelled,
  /// no verdict is kept and Next is not taken.
  /// - Returns: `nil` when no check runs.
  package static func stopFieldCheck(_ state: inout FlowState) -> Outcome? {
    guard let (key, subject) = runningFieldTask(state) else { return nil }
    if case .options = subject { return nil }
    state.fieldTasks[key] = nil
    state.afterChecks = nil
    return .changed
  }
}
