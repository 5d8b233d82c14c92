/// Moving between steps: Next, Back, taps, ratings and the finish.
extension FlowMachine {
  static func move(
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
  static func backward(
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
  static func tap(_ n: Int, _ state: inout FlowState, _ flow: FlowDefinition) -> Outcome {
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
  static func standardTapResponse(
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
  static func moveByTap(to index: Int, _ state: inout FlowState, _ flow: FlowDefinition)
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
  static func reachExactly(_ n: Int, _ state: inout FlowState, _ flow: FlowDefinition)
    -> Outcome
  {
    guard (1...flow.steps.count).contains(n) else {
      return .refused(message(for: .noSuchStep(number: n), flow: flow, state: state))
    }
    let before = state.progression.current
    if n - 1 > (before ?? -1) { return moveByTap(to: n - 1, &state, flow) }
    return move(&state, flow, before: before) { p in p.reach(exactly: n) }
  }

  static func rate(
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

  static func finish(_ state: inout FlowState, _ flow: FlowDefinition) -> Outcome {
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
  static func firstUnanswered(
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
}
