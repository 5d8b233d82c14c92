import StepFlowJSON

extension FlowMachine {
  /// Where the focus is in a state, as the key table knows it.
  package static func focusContext(of state: FlowState, flow: FlowDefinition) -> FocusContext {
    if flow.navigation == .rating { return .stars }
    guard let editor = state.editor else { return .noFocus }
    switch editor.focus {
    case .field, .tabField:
      guard let field = editor.focusedField else { return .noFocus }
      switch field.spec.kind {
      case .text: return .textField
      case .choice(_, .list): return .choiceList
      case .choice(_, .tabs): return .choiceRow
      case .confirm: return .confirm
      case .rating: return .ratingField
      }
    case .tabBar: return .tabBar
    case .back, .next: return .buttons
    case nil: return .noFocus
    }
  }

  /// A key, as the key table binds it where the focus is. Quitting and starting over happen
  /// at once here; the help overlay, the y/n prompt and Ctrl-C belong to the screen
  /// (``FlowProgram``), so their keys come back `nil` — as does a key bound to nothing.
  package static func handleKey(_ key: Key, state: inout FlowState, flow: FlowDefinition)
    -> Outcome?
  {
    guard state.status == .running,
      let binding = KeyBindings.binding(for: key, in: focusContext(of: state, flow: flow))
    else { return nil }
    return perform(binding.action, key: key, state: &state, flow: flow)
  }

  /// Does what a binding says for a key.
  package static func perform(
    _ action: KeyAction, key: Key, state: inout FlowState, flow: FlowDefinition
  ) -> Outcome? {
    switch action {
    case .edit:
      // In place: a copy of the editor would copy the field's text at every key (a burst of
      // typing was quadratic), and only the field with the focus changed.
      let focus = state.editor?.focus
      guard state.editor?.handleFieldKey(key) == .handled else { return nil }
      state.syncAnswer(at: focus)
      return .changed
    case .vertical:
      guard var editor = state.editor else { return nil }
      if editor.handleFieldKey(key) == .handled
        || editor.moveFocus(by: key == .down ? 1 : -1, flow: flow)
      {
        state.editor = editor
        return .changed
      }
      return nil
    case .pick:
      guard var editor = state.editor else { return nil }
      editor.pickHighlighted()
      state.editor = editor
      state.syncAnswers(flow: flow)
      return perform(.submit, key: key, state: &state, flow: flow)
    case .submit:
      // Enter goes to the next field (or from the tab bar into the tab); on the last one it
      // is the step's Enter: next step, or finish on the last step.
      guard var editor = state.editor else { return nil }
      let list = editor.focusables(flow: flow)
      if let current = editor.focus, let i = list.firstIndex(of: current), i + 1 < list.count,
        list[i + 1] != .back, list[i + 1] != .next
      {
        editor.moveFocus(by: 1, flow: flow)
        state.editor = editor
        return .changed
      }
      return apply(.enter, to: &state, flow: flow)
    case .cycleFocus:
      guard var editor = state.editor, editor.cycleFocus(by: key == .backTab ? -1 : 1, flow: flow)
      else { return .refused("nothing to focus on this step") }
      state.editor = editor
      return .changed
    case .leaveField:
      // Esc leaves the field first (a second Esc quits).
      state.editor?.setFocus(flow.navigation == .buttons ? .next : nil)
      return .changed
    case .switchTab:
      return selectTab(key == .left ? .previous : .next, &state, flow)
    case .switchButton:
      // The buttons are a row: Back on the left, Next on the right.
      let side: Focus = key == .left ? .back : .next
      guard var editor = state.editor, editor.focus != side,
        editor.focusables(flow: flow).contains(side)
      else {
        return apply(key == .left ? .previous : .next, to: &state, flow: flow)
      }
      editor.setFocus(side)
      state.editor = editor
      return .changed
    case .step:
      return apply(key == .left ? .previous : .next, to: &state, flow: flow)
    case .command(let command):
      return apply(command, to: &state, flow: flow)
    case .digit:
      guard case .character(let c) = key, let digit = c.wholeNumberValue, digit > 0 else {
        return nil
      }
      return apply(flow.navigation == .rating ? .rate(digit) : .tap(digit), to: &state, flow: flow)
    case .help, .confirm, .dismiss, .interrupt:
      return nil
    }
  }
}
