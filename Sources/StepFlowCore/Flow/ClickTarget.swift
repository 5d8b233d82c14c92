/// What a click landed on, as the screen laid it out (`StepFlow`'s view finds it from the
/// column and row): the pure update does what the click means, as it does for a key.
package enum ClickTarget: Hashable, Sendable {
  /// A step of the strip, from 0: a tap on it (``TapAction``).
  case step(Int)
  /// The Back button.
  case back
  /// The Next (or Finish) button.
  case next
  /// A tab of the step's tab bar, from 0.
  case tab(Int)
  /// A field of the step (or of the selected tab), and the part of it clicked.
  case field(Focus, FieldClick)
  /// The step's own screen (a ``ScreenKeys`` block), at a column and row of its area.
  case screen(column: Int, row: Int)
}

/// The part of a field a click landed on.
package enum FieldClick: Hashable, Sendable {
  /// The label, a text or anything else: the field takes the focus.
  case focus
  /// An option of a choice (picked) or a multichoice (picked or dropped), by its index.
  case option(Int)
  /// Star N of a rating field.
  case star(Int)
  /// Yes or no of a confirm field.
  case yes, no
}

extension Field {
  /// Does what a click on a part of the field means.
  package mutating func click(_ part: FieldClick) -> KeyOutcome {
    switch (part, spec.kind) {
    case (.focus, _): return .handled
    case (.option(let index), .multichoice): return toggle(index)
    case (.option(let index), .choice): return select(index)
    case (.star(let n), .rating): return outcome(of: setValue(.number(n)))
    case (.yes, .confirm): return outcome(of: setValue(.bool(true)))
    case (.no, .confirm): return outcome(of: setValue(.bool(false)))
    default: return .ignored
    }
  }

  private func outcome(of result: Result<Void, FieldError>) -> KeyOutcome {
    switch result {
    case .success: return .handled
    case .failure(let error): return .refused(error.message)
    }
  }
}

extension FlowMachine {
  /// The seed's long press (a press held on the strip): start over — asking first once
  /// something is answered, as `r` does.
  package static func longPress(state: inout FlowState, flow: FlowDefinition) -> Outcome {
    guard state.status == .running else { return .refused("the flow has already ended") }
    if state.hasAnswers(flow: flow) {
      state.pendingConfirmation = .reset
      return .changed
    }
    return apply(.reset, to: &state, flow: flow)
  }

  /// A click, as the screen found what it landed on: a step of the strip is tapped, a button
  /// pressed, a tab selected, a field focused and, on an option, a star or yes/no, set.
  package static func click(_ target: ClickTarget, state: inout FlowState, flow: FlowDefinition)
    -> Outcome
  {
    guard state.status == .running else { return .refused("the flow has already ended") }
    switch target {
    case .step(let index):
      return apply(.tap(index + 1), to: &state, flow: flow)
    case .back:
      state.editor?.setFocus(.back)
      return apply(.back, to: &state, flow: flow)
    case .next:
      // The button's press: Enter on it (Finish on the last step).
      state.editor?.setFocus(.next)
      return apply(.enter, to: &state, flow: flow)
    case .screen:
      // The screen left the click to the flow: it takes the focus.
      state.editor?.setFocus(.screen)
      return .changed
    case .tab(let index):
      state.editor?.setFocus(.tabBar)
      guard let current = state.progression.current, state.selectedTab(ofStep: current) != index
      else { return .changed }
      return apply(.tab(.number(index + 1)), to: &state, flow: flow)
    case .field(let focus, let part):
      guard var editor = state.editor else { return .refused("there is no field here") }
      let outcome: KeyOutcome
      switch focus {
      case .field(let i): outcome = editor.clickForm(fieldAt: i, part, tab: nil)
      case .tabField(let i): outcome = editor.clickForm(fieldAt: i, part, tab: editor.selectedTab)
      default: return .changed
      }
      state.editor = editor
      switch outcome {
      case .refused(let message): return .refused(message)
      case .handled, .ignored:
        state.syncAnswers(flow: flow)
        return .changed
      }
    }
  }

  /// A mouse event on the step's own screen, in its coordinates: the screen's to take.
  /// - Returns: `nil` when the screen leaves it to the flow.
  package static func screenMouse(
    _ event: MouseEvent, state: inout FlowState, flow: FlowDefinition
  ) -> Outcome? {
    guard state.status == .running, var editor = state.editor,
      let given = editor.handleScreenMouse(event, answers: state.answers)
    else { return nil }
    state.editor = editor
    state.syncAnswers(flow: flow)
    if case .failure(let error) = given { return .refused(error.message) }
    return .changed
  }
}
