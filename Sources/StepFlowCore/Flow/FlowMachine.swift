import StepFlowText

/// The one state machine every flow runs on: applies a ``Command`` to a ``FlowState``.
///
/// Pure: no terminal, no clock, no files. A key (`press KEY`, or a key on the terminal through
/// ``FlowProgram``) means here what it means on the screen: the help overlay and the y/n question
/// are part of the state (``handleKey(_:state:flow:)``).
package enum FlowMachine {
  /// Applies one command.
  ///
  /// A refused command leaves the flow where it was (a refused Next does show the step's validation
  /// messages and focus the first invalid field). Any command but a key or a tick drops a y/n
  /// question that was asked.
  package static func apply(
    _ command: Command, to state: inout FlowState, flow: FlowDefinition
  ) -> Outcome {
    guard state.status == .running else { return .refused("the flow has already ended") }
    switch command {
    case .press(let key):
      return handleKey(key, state: &state, flow: flow)
        ?? .refused("\(key.label()) does nothing here")
    case .tick: return .changed
    default: state.pendingConfirmation = nil
    }
    // A step's task decides first: Enter runs it, moving waits for it.
    if let outcome = taskCommand(command, &state, flow) { return outcome }
    let outcome = perform(command, &state, flow)
    switch outcome {
    case .moved(let from, let to, _) where from != to:
      state.showsLog = false
      state.afterChecks = nil
      state.openEditor(flow: flow)
      arrive(&state, flow)
    case .startedOver:
      state.showsLog = false
      state.openEditor(flow: flow)
      arrive(&state, flow)
    default: break
    }
    return outcome
  }

  static func perform(
    _ command: Command, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> Outcome {
    let before = state.progression.current
    switch command {
    case .next:
      if flow.navigation == .rating {
        return rate(state.rating + 1, &state, flow, whenOutOfRange: "already the highest rating")
      }
      if let refusal = listingRefusal(state) { return refusal }
      if let refusal = validateCurrentStep(&state, flow) { return refusal }
      if let waiting = fieldTasksBeforeNext(&state, flow) { return waiting }
      let answers = state.answers
      return move(&state, flow, before: before) { p in forward(&p, flow, answers) }
    case .previous:
      if flow.navigation == .rating {
        guard state.rating > 1 else { return .refused("already the lowest rating") }
        return rate(state.rating - 1, &state, flow, whenOutOfRange: "")
      }
      let answers = state.answers
      return move(&state, flow, before: before) { p in
        backward(&p, flow, answers, unreach: false)
      }
    case .back:
      let answers = state.answers
      return move(&state, flow, before: before) { p in
        backward(&p, flow, answers, unreach: true)
      }
    case .tap(let n):
      return tap(n, &state, flow)
    case .rate(let n):
      guard flow.navigation == .rating else {
        return .refused("rate works in rating flows; tap N revisits a reached step here")
      }
      return rate(n, &state, flow, whenOutOfRange: nil)
    case .reset:
      // A new start; the help overlay stays as it was (only a key closes it). Task runs keep
      // counting, and an automatic run stays one.
      let (showsHelp, runs, automatic) = (state.showsHelp, state.taskRuns, state.automatic)
      let remaps = state.keyRemaps
      state = FlowState(flow: flow, answers: state.prefilled, context: state.context)
      state.showsHelp = showsHelp
      state.taskRuns = runs
      state.automatic = automatic
      state.keyRemaps = remaps
      return .startedOver(from: before, to: state.progression.current)
    case .enter:
      // Enter on a step whose options could not be listed lists them again.
      if let retried = retryOptions(&state, flow) { return retried }
      switch enterEffect(state, flow) {
      case .back: return perform(.back, &state, flow)
      case .nextField, .nextStep: return perform(.next, &state, flow)
      // Handled by `taskCommand` before this (Enter runs the step's task).
      case .runTask: return .changed
      case .finish:
        guard flow.navigation != .rating || state.rating > 0 else {
          return .refused("rate first: press 1–\(flow.steps.count) or tap a star")
        }
        return finish(&state, flow)
      }
    case .finish:
      return finish(&state, flow)
    case .quit:
      state.status = .cancelled
      return .cancelled
    case .tab(let choice):
      return selectTab(choice, &state, flow)
    case .type(let text):
      guard state.editor?.hasControls ?? false,
        let result = state.editor?.type(text, flow: flow)
      else {
        return .refused("there is no field to type into on this step")
      }
      return edited(result, &state, flow)
    case .set(let id, let text):
      return set(id, text, &state, flow)
    case .tick, .press:
      // Handled by `apply`.
      return .changed
    case .retry, .skip, .stop:
      // Handled by `taskCommand`.
      return .changed
    }
  }

  // MARK: - Fields

  /// Refuses to leave the current step while its fields are invalid, naming them.
  static func validateCurrentStep(_ state: inout FlowState, _ flow: FlowDefinition)
    -> Outcome?
  {
    guard state.editor?.hasControls ?? false else { return nil }
    let before = values(of: state.editor)
    guard let problems = state.editor?.validateForNext(in: state.context) else { return nil }
    // Leaving finishes what was typed (a date's last digit): the answers follow, and only
    // then (answers given beside the editor, by `set`, stay as they are).
    if values(of: state.editor) != before { state.syncAnswers(flow: flow) }
    guard !problems.isEmpty else { return nil }
    return .refused(problems.map(\.message).joined(separator: "; "))
  }

  /// The editor's values by field id (empty without one).
  static func values(of editor: StepEditor?) -> [String: FieldValue?] {
    var values: [String: FieldValue?] = [:]
    editor?.forEachField { id, value in values[id] = value }
    return values
  }

  static func edited(
    _ result: Result<FieldValue?, FieldError>, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> Outcome {
    switch result {
    case .success:
      state.syncAnswers(flow: flow)
      return .changed
    case .failure(let error):
      return .refused(error.message)
    }
  }

  /// `set FIELD=VALUE`: a field of the current step, or of any other step (kept as an answer
  /// for when that step is shown).
  static func set(
    _ id: String, _ text: String, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> Outcome {
    // Mutated in place (optional chaining), so the forms are not copied.
    if let result = state.editor?.set(id: id, text: text) {
      return edited(result, &state, flow)
    }
    guard let place = flow.field(id) else {
      let ids = Array(flow.steps.lazy.flatMap(\.allFields).map(\.id))
      let error = FieldError(
        fieldID: id, label: "",
        problem: .unknownField(suggestion: Suggestions.closest(to: id, in: ids), fields: ids))
      return .refused(error.message)
    }
    switch place.spec.parseValue(text) {
    case .success(let value):
      state.answers[id] = value
      // A step left earlier shows the new answer when it comes back.
      state.parkedEditors[place.step] = nil
      if flow.hasTemplates {
        // Texts that name the answer are filled in again: the current step's now, the
        // others' when they are shown.
        state.parkedEditors = [:]
        state.editor?.retitle(flow: flow, answers: state.answers)
      }
      return .changed
    case .failure(let error):
      return .refused(error.message)
    }
  }

  // MARK: - Conditions

  /// Whether step `index` is shown: it has no condition, or its condition holds on the answers.
  package static func isShown(
    _ index: Int, _ flow: FlowDefinition, _ answers: [String: FieldValue]
  ) -> Bool {
    guard let condition = flow.steps[index].when else { return true }
    return condition.holds(answers: answers)
  }

  /// Whether no shown step comes after `index`.
  package static func isLastShown(_ index: Int, _ flow: FlowDefinition, _ state: FlowState) -> Bool
  {
    guard flow.hasConditions else { return index == flow.steps.count - 1 }
    return !((index + 1)..<flow.steps.count).contains { isShown($0, flow, state.answers) }
  }

  // MARK: - Messages

  /// A refusal in words, naming steps by number and title.
  package static func message(
    for refusal: Progression.Refusal, flow: FlowDefinition, state: FlowState
  )
    -> String
  {
    func name(_ i: Int) -> String { "step \(i + 1) (\(flow.steps[i].title))" }
    switch refusal {
    case .atLastStep:
      return "already at the last step, \(name(flow.steps.count - 1)); use finish to end the flow"
    case .atFirstStep: return "already at the first step"
    case .nothingToUndo: return "nothing to go back to: only the first step is reached"
    case .noSuchStep(let n):
      let noun = flow.navigation == .rating ? "ratings go" : "steps go"
      return "there is no step \(n): \(noun) from 1 to \(flow.steps.count)"
    case .notReached(let i): return "\(name(i)) is not reached yet"
    case .skipped(let i): return "\(name(i)) is skipped: its condition does not hold"
    }
  }
}
