/// The step's own screen, when it takes keys: the keys it is given and the messages it shows.
extension StepEditor {
  /// Gives a key to the step's screen while it has the focus.
  ///
  /// - Returns: `nil` when the screen does not have the focus or leaves the key to the key
  ///   table (``ScreenKeyOutcome/ignored``); else whether an answer it gives is refused by
  ///   its field's rules (the answer is kept and the message shows, as for a typed one).
  package mutating func handleScreenKey(_ key: Key, answers: [String: FieldValue])
    -> Result<Void, FieldError>?
  {
    guard focus == .screen, let keys = screen?.keys else { return nil }
    let given = ScreenKeyContext(answers: answers, state: screenState)
    return take(keys.handle(key, given))
  }

  /// Gives a mouse event on the step's screen to it, in its own coordinates; a press gives
  /// it the focus first.
  ///
  /// - Returns: `nil` when the step has no such screen or it leaves the event to the flow;
  ///   else as ``handleScreenKey(_:answers:)``.
  package mutating func handleScreenMouse(_ event: MouseEvent, answers: [String: FieldValue])
    -> Result<Void, FieldError>?
  {
    guard let keys = screen?.keys else { return nil }
    if case .press = event.action { setFocus(.screen) }
    let given = ScreenKeyContext(answers: answers, state: screenState)
    return take(keys.mouse(event, given))
  }

  /// The screen's own hint items while it has the focus (empty otherwise).
  package func screenHints(answers: [String: FieldValue]) -> [ScreenHint] {
    guard focus == .screen, let keys = screen?.keys else { return [] }
    return keys.hints(ScreenKeyContext(answers: answers, state: screenState))
  }

  /// Takes what the screen did with a key or an event: its state, and its answers, checked
  /// by their fields' rules.
  private mutating func take(_ outcome: ScreenKeyOutcome) -> Result<Void, FieldError>? {
    guard case .handled(let changes, let state) = outcome else { return nil }
    if let state { screenState = state }
    var result: Result<Void, FieldError> = .success(())
    for (id, value) in changes.sorted(by: { $0.key < $1.key })
    where screenForm.index(of: id) != nil {
      if case .failure(let error) = screenForm.answer(id: id, value), case .success = result {
        result = .failure(error)
      }
    }
    return result
  }

  /// The messages the screen's fields show now, by field id (for the screen to draw).
  package func screenProblems(in context: FieldContext?) -> [String: String] {
    var problems: [String: String] = [:]
    for i in screenForm.fields.indices {
      if let error = screenForm.visibleError(at: i, in: context) {
        problems[error.fieldID] = error.message
      }
    }
    return problems
  }

  /// The form that holds a field of the step (`tab` nil: the step's own fields, the screen's
  /// included; else the selected tab's).
  package func form(holding id: String, tab: Int?) -> Form? {
    if tab != nil { return tabForm }
    return screenForm.index(of: id) != nil ? screenForm : form
  }
}
