import StepFlowJSON

extension FlowMachine {
  /// A key for the current step's controls (fields, tab bar, buttons); `nil` when the key is
  /// not theirs and means a flow command instead.
  package static func handleKey(_ key: Key, state: inout FlowState, flow: FlowDefinition)
    -> Outcome?
  {
    guard state.status == .running, var editor = state.editor else { return nil }
    if editor.handleFieldKey(key) == .handled {
      state.editor = editor
      state.syncAnswers(flow: flow)
      return .changed
    }
    let onField: Bool
    switch editor.focus {
    case .field, .tabField: onField = true
    default: onField = false
    }
    switch key {
    case .down, .up:
      guard editor.moveFocus(by: key == .down ? 1 : -1, flow: flow) else { return nil }
      state.editor = editor
      return .changed
    case .left where editor.focus == .tabBar:
      return selectTab(.previous, &state, flow)
    case .right where editor.focus == .tabBar:
      return selectTab(.next, &state, flow)
    case .enter where onField:
      // Enter on a field goes to the next field; on the last one it submits the step.
      let list = editor.focusables(flow: flow)
      if let current = editor.focus, let i = list.firstIndex(of: current), i + 1 < list.count,
        list[i + 1] != .back, list[i + 1] != .next
      {
        editor.moveFocus(by: 1, flow: flow)
        state.editor = editor
        return .changed
      }
      return apply(.enter, to: &state, flow: flow)
    case .escape where onField:
      // Esc leaves the field first (a second Esc cancels the flow).
      editor.setFocus(flow.navigation == .buttons ? .next : nil)
      state.editor = editor
      return .changed
    default:
      return nil
    }
  }
}
