import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

extension FlowProgram {
  /// How long a press on the strip is held to be the seed's long press (start over).
  package static let longPress: Duration = .milliseconds(600)

  /// What a click at a column and row of the screen lands on, as the screen is drawn now.
  package func clickTarget(atColumn column: Int, row: Int) -> ClickTarget? {
    guard let size = screenSize else { return nil }
    var still = self
    still.transition = nil
    let hits = HitMap()
    var view = FlowView(program: still, now: .zero)
    view.hits = hits
    _ = view.render(width: size.width, height: size.height)
    return hits.target(atColumn: column, row: row)
  }

  /// A mouse event: a click on a step taps it (on release; held, it starts over); anywhere
  /// else in a flow driven by taps it is Enter; on a button it presses it, on a tab selects
  /// it, on a field focuses it and on an option, a star or yes/no sets it; the wheel is ↑/↓
  /// where the focus is (a list's highlight, the form).
  /// - Returns: what it did; `nil` when it means nothing here.
  @discardableResult
  package mutating func mouse(_ event: MouseEvent, at now: Duration) -> Outcome? {
    guard screenSize != nil, !isTooSmall, state.status == .running else { return nil }
    if state.showsHelp {
      // A click closes the help, as any key does.
      guard case .press = event.action else { return nil }
      return press(.escape, at: now)
    }
    // While y/n is asked, only its keys answer.
    guard state.pendingConfirmation == nil else { return nil }
    // On the step's own screen the event is its own first, in its coordinates.
    if heldStep == nil,
      case .screen(let column, let row)? = clickTarget(atColumn: event.column, row: event.row)
    {
      var own = event
      own.column = column
      own.row = row
      let before = stateBeforeChange()
      if let outcome = FlowMachine.screenMouse(own, state: &state, flow: flow) {
        react(to: outcome, leaving: before, at: now)
        return outcome
      }
    }
    switch event.action {
    case .press(.left):
      heldStep = nil
      guard let target = clickTarget(atColumn: event.column, row: event.row) else {
        // A flow driven by taps (the delivery) advances on a tap anywhere, as Enter does.
        return flow.navigation == .tap ? press(.enter, at: now) : nil
      }
      if case .step(let index) = target {
        heldStep = (index, now, false)
        return .changed
      }
      return click(target, at: now)
    case .release:
      guard let held = heldStep else { return nil }
      heldStep = nil
      return held.fired ? .changed : click(.step(held.index), at: now)
    case .wheelUp:
      return press(.up, at: now)
    case .wheelDown:
      return press(.down, at: now)
    default:
      return nil
    }
  }

  /// Does what a click means, through the pure update.
  mutating func click(_ target: ClickTarget, at now: Duration) -> Outcome {
    transition = nil
    let before = stateBeforeChange()
    let outcome = FlowMachine.click(target, state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
    return outcome
  }

  /// A press on the strip held for ``longPress``: starts over (asking first once something is
  /// answered).
  mutating func holdStep(at now: Duration) {
    guard let held = heldStep, !held.fired, now - held.since >= Self.longPress else { return }
    heldStep = (held.index, held.since, true)
    let before = stateBeforeChange()
    let outcome = FlowMachine.longPress(state: &state, flow: flow)
    react(to: outcome, leaving: before, at: now)
  }
}
