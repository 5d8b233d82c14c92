extension FlowMachine {
  /// Where the focus is in a state, as the key table knows it: the y/n question while one is
  /// asked, else the focused field, the tab bar, the buttons or the stars.
  package static func focusContext(of state: FlowState, flow: FlowDefinition) -> FocusContext {
    if state.pendingConfirmation != nil { return .prompt }
    if flow.navigation == .rating { return .stars }
    if state.showsLog { return .logPane }
    if let current = state.progression.current, let phase = taskPhase(ofStep: current, state, flow)
    {
      switch phase {
      case .running: return .taskRunning
      case .failed, .stopped: return .taskFailed
      case .succeeded, .skipped:
        switch state.editor?.focus {
        case .back?, .next?, nil: return .taskDone
        default: break
        }
      case .ready: break
      }
    }
    // Next waits for a check: x stops it, q quits, and typing cannot change what is checked.
    if state.afterChecks != nil, let running = runningFieldTask(state) {
      if case .options = running.subject {} else { return .taskRunning }
    }
    guard let editor = state.editor else { return .noFocus }
    switch editor.focus {
    case .field, .tabField:
      guard let field = editor.focusedField else { return .noFocus }
      return field.focusContext
    case .tabBar: return .tabBar
    case .back, .next: return .buttons
    case .screen: return .screen
    case nil: return .noFocus
    }
  }

  /// A key, as the key table binds it where the focus is: the one place that decides what a key
  /// does, for a key on the terminal and a script's `press` alike.
  ///
  /// While the help is shown any key closes it; while the y/n question is asked, its keys answer
  /// it; quitting and starting over ask first once something is answered
  /// (``FlowState/hasAnswers(flow:)``).
  ///
  /// - Returns: what the key did; `nil` when it means nothing here, and for Ctrl-C, which the
  ///   terminal session turns into an interrupt (exit 130).
  package static func handleKey(_ key: Key, state: inout FlowState, flow: FlowDefinition)
    -> Outcome?
  {
    guard state.status == .running else { return nil }
    if state.showsHelp {
      state.showsHelp = false
      return .changed
    }
    // Enter, wherever the focus is, lists again options that could not be listed.
    if key == .enter, state.pendingConfirmation == nil, !state.showsLog,
      let retried = retryOptions(&state, flow)
    {
      return retried
    }
    let context = focusContext(of: state, flow: flow)
    // The step's screen has the focus: its keys first (Ctrl-C is never its: it interrupts).
    if context == .screen, key != .ctrl("c"),
      var editor = state.editor, let given = editor.handleScreenKey(key, answers: state.answers)
    {
      state.editor = editor
      state.syncAnswers(flow: flow)
      if case .failure(let error) = given { return .refused(error.message) }
      return .changed
    }
    let remaps = state.keyRemaps
    guard let binding = KeyBindings.binding(for: key, in: context, remaps: remaps) else {
      return nil
    }
    // A key the user moved onto another acts as that one (`j` as `↓`: down, not a `j`).
    let key = KeyBindings.translated(key, in: context, remaps: remaps)
    switch binding.action {
    case .help:
      state.showsHelp = true
      return .changed
    case .confirm:
      guard let asked = state.pendingConfirmation else { return nil }
      return apply(asked.command, to: &state, flow: flow)
    case .dismiss:
      state.pendingConfirmation = nil
      return .changed
    case .command(.quit) where !flow.isOneQuestion && state.hasAnswers(flow: flow):
      state.pendingConfirmation = .quit
      return .changed
    case .command(.reset) where !flow.isOneQuestion && state.hasAnswers(flow: flow):
      state.pendingConfirmation = .reset
      return .changed
    case .interrupt:
      return nil
    default:
      let focus = state.editor?.focus
      let outcome = perform(binding.action, key: key, state: &state, flow: flow)
      if case .changed? = outcome, state.editor != nil, state.editor?.focus != focus {
        // The focus left a field, which may have finished what was typed (a date's digit).
        state.syncAnswers(flow: flow)
      }
      return outcome
    }
  }

  /// What Enter does: the one decision that performing it (the `enter` command, Enter on a
  /// field, a button or nowhere) and the hint line's words both come from.
  package enum EnterEffect: Equatable, Sendable {
    /// The focus moves on to the next field (from the tab bar: into the tab).
    case nextField
    /// The Back button: the current step is undone.
    case back
    /// On to the next step.
    case nextStep
    /// The flow is finished (a rating: done, once something is rated).
    case finish
    /// The step's task runs (it has not run, or was stopped, or answers it uses changed).
    case runTask
  }

  /// What the `enter` command does in a state: the focused button, or the step's Enter.
  package static func enterEffect(_ state: FlowState, _ flow: FlowDefinition) -> EnterEffect {
    if flow.navigation == .rating { return .finish }
    if state.editor?.focus == .back { return .back }
    if let current = state.progression.current {
      switch taskPhase(ofStep: current, state, flow) {
      case .ready?, .stopped?: return .runTask
      default: break
      }
    }
    if let current = state.progression.current, isLastShown(current, flow, state) {
      return .finish
    }
    return .nextStep
  }

  /// What a key bound to `action` does when it is Enter's: `.submit` (in a field or the tab bar)
  /// goes to the next field, and on the last one is the `enter` command; `.command(.enter)` is that
  /// command.
  ///
  /// `nil` for any other action, or where the action does nothing.
  package static func enterEffect(of action: KeyAction, _ state: FlowState, _ flow: FlowDefinition)
    -> EnterEffect?
  {
    switch action {
    case .command(.enter): return enterEffect(state, flow)
    case .submit:
      guard let editor = state.editor else { return nil }
      let list = editor.focusables(flow: flow)
      if let current = editor.focus, let i = list.firstIndex(of: current), i + 1 < list.count,
        list[i + 1] != .back, list[i + 1] != .next
      {
        return .nextField
      }
      return enterEffect(state, flow)
    default: return nil
    }
  }

  /// What an editor run gave back (Ctrl-E): the text replaces the field's — the focused one,
  /// or by its id if the focus moved meanwhile; a failure keeps the text and says why.
  package static func finishEdit(_ result: EditResult, state: inout FlowState, flow: FlowDefinition)
    -> Outcome
  {
    guard let request = state.editRequest else { return .refused("no editor was asked for") }
    state.editRequest = nil
    switch result {
    case .failed(let why): return .refused(why)
    case .edited(let raw):
      // What a file holds is text like a paste: line breaks kept, control characters not.
      let text = TextInput.cleaned(raw, keepingNewlines: true)
      if text == request.text { return .changed }
      if state.editor?.focusedField?.id == request.fieldID {
        return replaceFocusedText(text, state: &state, flow: flow)
      }
      return apply(.set(field: request.fieldID, value: text), to: &state, flow: flow)
    }
  }

  /// Gives the focused field the text an editor gave back (Ctrl-E), as `set` would.
  package static func replaceFocusedText(
    _ text: String, state: inout FlowState, flow: FlowDefinition
  ) -> Outcome {
    guard var editor = state.editor else { return .refused("no field has the focus") }
    switch editor.replaceFocusedText(text) {
    case .failure(let error): return .refused(error.message)
    case .success:
      state.editor = editor
      state.syncAnswers(flow: flow)
      return .changed
    }
  }

  /// Does what a binding says for a key.
  package static func perform(
    _ action: KeyAction, key: Key, state: inout FlowState, flow: FlowDefinition
  ) -> Outcome? {
    switch action {
    case .edit:
      // In place: a copy of the editor would copy the field's text at every key (a burst of
      // typing was quadratic), and only the focused field changes (a refusal changes nothing).
      let focus = state.editor?.focus
      let context = state.context
      switch state.editor?.handleFieldKey(key, in: context) {
      case .handled?:
        state.syncAnswer(at: focus)
        return .changed
      case .refused(let why)?: return .refused(why)
      case .ignored?, nil: return nil
      }
    case .vertical:
      guard var editor = state.editor else { return nil }
      switch editor.handleFieldKey(key, in: state.context) {
      case .refused(let why): return .refused(why)
      case .handled:
        state.editor = editor
        return .changed
      case .ignored:
        guard editor.moveFocus(by: key == .down ? 1 : -1, flow: flow) else { return nil }
        state.editor = editor
        return .changed
      }
    case .pick:
      guard var editor = state.editor else { return nil }
      if case .refused(let why) = editor.pickHighlighted() { return .refused(why) }
      state.editor = editor
      state.syncAnswers(flow: flow)
      return perform(.submit, key: key, state: &state, flow: flow)
    case .clearOrLeave:
      if state.editor?.clearFilter() == true { return .changed }
      return perform(.leaveField, key: key, state: &state, flow: flow)
    case .openEditor:
      // The screen gives the terminal to the editor; the pure update only asks for it.
      guard let field = state.editor?.focusedField, field.focusContext == .multilineText else {
        return nil
      }
      state.editRequest = EditRequest(fieldID: field.id, text: field.input.text)
      return .changed
    case .submit:
      // Enter goes to the next field (or from the tab bar into the tab); on the last one it
      // is the step's Enter: next step, or finish on the last step.
      switch enterEffect(of: .submit, state, flow) {
      case nil: return nil
      case .nextField?:
        state.editor?.moveFocus(by: 1, flow: flow)
        return .changed
      default: return apply(.enter, to: &state, flow: flow)
      }
    case .cycleFocus:
      guard var editor = state.editor, editor.cycleFocus(by: key == .backTab ? -1 : 1, flow: flow)
      else { return .refused("nothing to focus on this step") }
      state.editor = editor
      return .changed
    case .leaveField:
      // A question has nothing else to focus: Esc cancels it.
      if flow.isOneQuestion { return apply(.quit, to: &state, flow: flow) }
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
      return apply(.tap(digit), to: &state, flow: flow)
    case .help, .confirm, .dismiss, .interrupt:
      return nil
    case .openLog:
      guard let current = state.progression.current, state.tasks[current] != nil else {
        return .refused("there is no output to show: the task has not run")
      }
      state.showsLog = true
      return .changed
    case .closeLog:
      state.showsLog = false
      return .changed
    case .scrollLog:
      // The screen scrolls the pane (it holds the output); nothing changes here.
      return .changed
    case .taskAction(let chosen):
      guard let current = state.progression.current, let record = state.tasks[current] else {
        return nil
      }
      switch chosen ?? record.selectedAction {
      case .retry: return apply(.retry, to: &state, flow: flow)
      case .back: return apply(.back, to: &state, flow: flow)
      case .skip: return apply(.skip, to: &state, flow: flow)
      case .quit:
        // As q: it asks first once something is answered.
        guard state.hasAnswers(flow: flow) else { return apply(.quit, to: &state, flow: flow) }
        state.pendingConfirmation = .quit
        return .changed
      }
    case .switchTaskAction:
      guard let current = state.progression.current, let record = state.tasks[current] else {
        return nil
      }
      let actions = taskActions(ofStep: current, state, flow)
      let at = actions.firstIndex(of: record.selectedAction) ?? 0
      let by = key == .left || key == .backTab ? -1 : 1
      state.tasks[current]?.selectedAction = actions[(at + by + actions.count) % actions.count]
      return .changed
    }
  }

  /// The buttons of a failed task's outcome: Retry, Back (when there is a step to go back
  /// to), Skip (when the task is optional), Quit.
  package static func taskActions(ofStep index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> [TaskAction]
  {
    var actions: [TaskAction] = [.retry]
    if state.progression.reachedCount > 1 && index > 0 { actions.append(.back) }
    if flow.steps[index].task?.optional == true { actions.append(.skip) }
    actions.append(.quit)
    return actions
  }
}
