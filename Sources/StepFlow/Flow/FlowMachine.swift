/// The one state machine every flow runs on: applies a ``Command`` to a ``FlowState`` with the
/// semantics of PRODUCT.md. Pure: no terminal, no clock, no files.
public enum FlowMachine {
  /// Applies one command. A refused command leaves the state exactly as it was.
  public static func apply(
    _ command: Command, to state: inout FlowState, flow: FlowDefinition
  ) -> Outcome {
    guard state.status == .running else { return .refused("the flow has already ended") }
    let before = state.progression.current
    switch command {
    case .next:
      if flow.navigation == .rating {
        return rate(state.rating + 1, &state, flow, whenOutOfRange: "already the highest rating")
      }
      return move(&state, flow, before: before) { p in forward(&p, flow) }
    case .previous:
      if flow.navigation == .rating {
        guard state.rating > 1 else { return .refused("already the lowest rating") }
        return rate(state.rating - 1, &state, flow, whenOutOfRange: "")
      }
      return move(&state, flow, before: before) { p in backward(&p, flow, unreach: false) }
    case .back:
      return move(&state, flow, before: before) { p in backward(&p, flow, unreach: true) }
    case .tap(let n):
      if flow.navigation == .rating { return rate(n, &state, flow, whenOutOfRange: nil) }
      let snapshot = state
      return move(&state, flow, before: before) { p in
        if let refusal = p.revisit(n) { return refusal }
        return isShown(n - 1, flow, snapshot) ? nil : .noSuchStep(number: n)
      }
    case .rate(let n):
      guard flow.navigation == .rating else {
        return .refused("rate works in rating flows; use tap \(n) to revisit step \(n)")
      }
      return rate(n, &state, flow, whenOutOfRange: nil)
    case .reset:
      state = FlowState(flow: flow)
      return .moved(from: before, to: state.progression.current, direction: .backward)
    case .enter:
      switch flow.navigation {
      case .rating:
        guard state.rating > 0 else {
          return .refused("rate first: press 1–\(flow.steps.count) or tap a star")
        }
        return finish(&state, flow)
      case .tap, .buttons:
        if let current = before, isLastShown(current, flow, state) { return finish(&state, flow) }
        return apply(.next, to: &state, flow: flow)
      }
    case .finish:
      return finish(&state, flow)
    case .quit:
      state.status = .cancelled
      return .cancelled
    case .tab(let choice):
      return selectTab(choice, &state, flow)
    case .type, .set:
      return .refused("this step has no fields")
    case .tick:
      return .changed
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
  private static func forward(_ p: inout Progression, _ flow: FlowDefinition)
    -> Progression.Refusal?
  {
    let start = p
    repeat {
      if let refusal = p.next() {
        p = start
        return refusal
      }
    } while !isShown(p.current ?? 0, flow, nil) && !p.isAtLastStep
    if !isShown(p.current ?? 0, flow, nil) {
      p = start
      return .atLastStep
    }
    return nil
  }

  /// `previous` or `back`, skipping steps whose condition does not hold.
  private static func backward(_ p: inout Progression, _ flow: FlowDefinition, unreach: Bool)
    -> Progression.Refusal?
  {
    let start = p
    repeat {
      if let refusal = unreach ? p.back() : p.previous() {
        p = start
        return refusal
      }
    } while p.current.map({ !isShown($0, flow, nil) }) ?? false
    return nil
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
    state.status = .finished
    return .finished
  }

  private static func selectTab(
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
    return .tabChanged(from: old, to: new)
  }

  // MARK: - Conditions

  /// Whether step `index` is shown (its condition, if any, holds on the answers so far).
  static func isShown(_ index: Int, _ flow: FlowDefinition, _ state: FlowState?) -> Bool {
    flow.steps[index].when == nil
  }

  /// Whether no shown step comes after `index`.
  static func isLastShown(_ index: Int, _ flow: FlowDefinition, _ state: FlowState) -> Bool {
    index == flow.steps.count - 1
  }

  // MARK: - Messages

  /// A refusal in words, naming steps by number and title.
  static func message(for refusal: Progression.Refusal, flow: FlowDefinition, state: FlowState)
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
    }
  }
}
