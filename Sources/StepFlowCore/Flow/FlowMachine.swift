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

  private static func perform(
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
      state = FlowState(flow: flow, answers: state.prefilled, context: state.context)
      state.showsHelp = showsHelp
      state.taskRuns = runs
      state.automatic = automatic
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
  private static func validateCurrentStep(_ state: inout FlowState, _ flow: FlowDefinition)
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
  private static func values(of editor: StepEditor?) -> [String: FieldValue?] {
    var values: [String: FieldValue?] = [:]
    editor?.forEachField { id, value in values[id] = value }
    return values
  }

  private static func edited(
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
  private static func set(
    _ id: String, _ text: String, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> Outcome {
    // Mutated in place (optional chaining), so the forms are not copied.
    if let result = state.editor?.set(id: id, text: text) {
      return edited(result, &state, flow)
    }
    let specs = flow.steps.lazy.flatMap(\.allFields)
    guard let spec = specs.first(where: { $0.id == id }) else {
      let ids = Array(specs.map(\.id))
      let error = FieldError(
        fieldID: id, label: "",
        problem: .unknownField(suggestion: Suggestions.closest(to: id, in: ids), fields: ids))
      return .refused(error.message)
    }
    switch spec.parseValue(text) {
    case .success(let value):
      state.answers[id] = value
      // A step left earlier shows the new answer when it comes back.
      if let step = flow.steps.firstIndex(where: { $0.allFields.contains { $0.id == id } }) {
        state.parkedEditors[step] = nil
      }
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

  // MARK: - Moving

  private static func move(
    _ state: inout FlowState, _ flow: FlowDefinition, before: Int?,
    _ body: (inout Progression) -> Progression.Refusal?
  ) -> Outcome {
    var p = state.progression
    if let refusal = body(&p) {
      return .refused(message(for: refusal, flow: flow, state: state))
    }
    state.progression = p
    let after = p.current
    let direction: Direction = (after ?? -1) >= (before ?? -1) ? .forward : .backward
    return .moved(from: before, to: after, direction: direction)
  }

  /// `next`, skipping steps whose condition does not hold.
  static func forward(
    _ p: inout Progression, _ flow: FlowDefinition, _ answers: [String: FieldValue]
  ) -> Progression.Refusal? {
    let start = p
    repeat {
      if let refusal = p.next() {
        p = start
        return refusal
      }
    } while !isShown(p.current ?? 0, flow, answers) && !p.isAtLastStep
    if !isShown(p.current ?? 0, flow, answers) {
      p = start
      return .atLastStep
    }
    return nil
  }

  /// `previous` or `back`, skipping steps whose condition does not hold.
  private static func backward(
    _ p: inout Progression, _ flow: FlowDefinition, _ answers: [String: FieldValue],
    unreach: Bool
  ) -> Progression.Refusal? {
    let start = p
    repeat {
      if let refusal = unreach ? p.back() : p.previous() {
        p = start
        return refusal
      }
    } while p.current.map({ !isShown($0, flow, answers) }) ?? false
    return nil
  }

  /// `tap N`, key N, a click on step N: what the flow's tap action answers, done.
  private static func tap(_ n: Int, _ state: inout FlowState, _ flow: FlowDefinition) -> Outcome {
    guard (1...max(1, flow.steps.count)).contains(n), !flow.steps.isEmpty else {
      return .refused(message(for: .noSuchStep(number: n), flow: flow, state: state))
    }
    let context = TapContext(
      index: n - 1, stepCount: flow.steps.count, reachedCount: state.progression.reachedCount,
      current: state.progression.current, answers: state.answers,
      standardResponse: standardTapResponse(n - 1, state, flow))
    switch flow.tapAction.response(toTap: n - 1, context: context) {
    case .move: return moveByTap(to: n - 1, &state, flow)
    case .rate(let rating):
      if flow.navigation == .rating { return rate(rating, &state, flow, whenOutOfRange: nil) }
      return reachExactly(rating, &state, flow)
    case .refuse(let message): return .refused(message)
    case .nothing: return .changed
    }
  }

  /// What the built-in flows do for a tap on step `index`: rate N in a rating flow; elsewhere
  /// revisit a reached step, refusing one that is not reached or is skipped.
  private static func standardTapResponse(
    _ index: Int, _ state: FlowState, _ flow: FlowDefinition
  ) -> TapResponse {
    if flow.navigation == .rating { return .rate(index + 1) }
    guard state.progression.isReached(index) else {
      return .refuse(message(for: .notReached(index: index), flow: flow, state: state))
    }
    guard isShown(index, flow, state.answers) else {
      return .refuse(message(for: .skipped(index: index), flow: flow, state: state))
    }
    return .move
  }

  /// A tap's `move`: back to a reached step, or forward to one that is not, by Next on every
  /// step on the way (each answered, as Next asks).
  private static func moveByTap(to index: Int, _ state: inout FlowState, _ flow: FlowDefinition)
    -> Outcome
  {
    if flow.navigation == .rating { return rate(index + 1, &state, flow, whenOutOfRange: nil) }
    let before = state.progression.current
    guard isShown(index, flow, state.answers) else {
      return .refused(message(for: .skipped(index: index), flow: flow, state: state))
    }
    if let current = before, index == current { return .changed }
    guard state.progression.isReached(index) else {
      // Forward past what is reached: Next, step by step, so that each is answered.
      var moving = state
      while let current = moving.progression.current, current < index {
        let outcome = apply(.next, to: &moving, flow: flow)
        guard case .moved = outcome else { return outcome }
      }
      state = moving
      return .moved(from: before, to: moving.progression.current, direction: .forward)
    }
    // Going forward by a tap leaves the current step and passes the steps between: they must
    // be answered as if Next had been pressed on each.
    if let current = before, index > current {
      if let refusal = validateCurrentStep(&state, flow) { return refusal }
      if let refusal = firstUnanswered(in: (current + 1)..<index, state, flow) { return refusal }
      if let refusal = firstUnfinishedTask(in: current..<index, state, flow) { return refusal }
    }
    return move(&state, flow, before: before) { p in p.revisit(index + 1) }
  }

  /// A tap's `rate N` in a flow that is not a rating: the first N steps reached, the Nth
  /// current, as a rating would have it — refused past what is answered.
  private static func reachExactly(_ n: Int, _ state: inout FlowState, _ flow: FlowDefinition)
    -> Outcome
  {
    guard (1...flow.steps.count).contains(n) else {
      return .refused(message(for: .noSuchStep(number: n), flow: flow, state: state))
    }
    let before = state.progression.current
    if n - 1 > (before ?? -1) { return moveByTap(to: n - 1, &state, flow) }
    return move(&state, flow, before: before) { p in p.reach(exactly: n) }
  }

  private static func rate(
    _ n: Int, _ state: inout FlowState, _ flow: FlowDefinition, whenOutOfRange: String?
  ) -> Outcome {
    let before = state.progression.current
    if n == 0 {
      state.progression.reset()
      return .moved(from: before, to: nil, direction: .backward)
    }
    var p = state.progression
    if let refusal = p.reach(exactly: n) {
      if let whenOutOfRange { return .refused(whenOutOfRange) }
      return .refused(message(for: refusal, flow: flow, state: state))
    }
    state.progression = p
    let direction: Direction = (p.current ?? -1) >= (before ?? -1) ? .forward : .backward
    return .moved(from: before, to: p.current, direction: direction)
  }

  private static func finish(_ state: inout FlowState, _ flow: FlowDefinition) -> Outcome {
    if flow.navigation == .rating {
      guard state.rating > 0 else { return .refused("nothing is rated yet") }
      state.status = .finished
      return .finished
    }
    guard let current = state.progression.current, isLastShown(current, flow, state) else {
      let position = state.progression.current.map {
        " (this is step \($0 + 1) of \(flow.steps.count): \(flow.steps[$0].title))"
      }
      return .refused("finish works only on the last step\(position ?? "")")
    }
    // Every shown step must be answered: the last one here, the earlier ones again, as answers
    // may have changed since (a later `set`, or a condition that now shows another step).
    if let refusal = listingRefusal(state) { return refusal }
    if let refusal = validateCurrentStep(&state, flow) { return refusal }
    if let waiting = fieldTasksBeforeNext(&state, flow, then: .finish) { return waiting }
    if let refusal = firstUnanswered(in: 0..<current, state, flow) { return refusal }
    // A run cannot finish past a required task that has not succeeded.
    if let refusal = firstUnfinishedTask(in: 0..<(current + 1), state, flow) { return refusal }
    state.status = .finished
    return .finished
  }

  /// The first shown step in `range` whose answers are not valid, as a refusal naming it.
  private static func firstUnanswered(
    in range: Range<Int>, _ state: FlowState, _ flow: FlowDefinition
  ) -> Outcome? {
    for index in range where isShown(index, flow, state.answers) {
      let problems = problems(ofStep: index, state, flow)
      guard let first = problems.first else { continue }
      return .refused(
        "step \(index + 1) (\(flow.steps[index].title)) needs answers first: \(first.message)")
    }
    return nil
  }

  /// What is wrong with a step's answers: its own fields and the selected tab's.
  package static func problems(ofStep index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> [FieldError]
  {
    let step = flow.steps[index]
    var specs = step.fields
    if !step.tabs.isEmpty {
      specs += step.tabs[min(state.selectedTab(ofStep: index), step.tabs.count - 1)].fields
    }
    let resolved = flow.resolvedFields(specs, answers: state.answers)
    let problems = resolved.compactMap { $0.validate(state.answers[$0.id], in: state.context) }
    guard problems.isEmpty, let check = step.check else { return problems }
    // The step's own check, once its fields pass their rules.
    var answers: [String: FieldValue] = [:]
    for spec in resolved { answers[spec.id] = state.answers[spec.id] }
    let messages = check(answers)
    let named = resolved.compactMap { spec in messages[spec.id].map { spec.error(.custom($0)) } }
    let others = messages.sorted { $0.key < $1.key }.filter { id, _ in
      !resolved.contains { $0.id == id }
    }
    return named
      + others.map { FieldError(fieldID: $0.key, label: $0.key, problem: .custom($0.value)) }
  }

  package static func selectTab(
    _ choice: Command.TabChoice, _ state: inout FlowState, _ flow: FlowDefinition
  ) -> Outcome {
    guard let current = state.progression.current, !flow.steps[current].tabs.isEmpty else {
      return .refused("this step has no tabs")
    }
    let tabs = flow.steps[current].tabs
    let old = state.selectedTab(ofStep: current)
    let new: Int
    switch choice {
    case .number(let n):
      guard (1...tabs.count).contains(n) else {
        return .refused("there is no tab \(n): this step has \(tabs.count) tabs")
      }
      new = n - 1
    case .next: new = min(tabs.count - 1, old + 1)
    case .previous: new = max(0, old - 1)
    }
    guard new != old else {
      return .refused("tab \(new + 1) (\(tabs[new].title)) is already selected")
    }
    state.selectedTabs[current] = new
    state.editor?.selectTab(new)
    state.syncAnswers(flow: flow)
    return .tabChanged(from: old, to: new)
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
