/// What a step screen that takes keys is given with each key: the answers so far and the
/// screen's own state.
///
/// The screen is a value drawn at a moment of time; what it remembers between keys (a
/// highlighted row, a page) is `state`, kept by the flow for the visit of the step, and what
/// it answers goes into the step's fields. Both are plain values, so the flow's state stays a
/// small value that compares by content.
public struct ScreenKeyContext: Equatable, Sendable {
  /// Every answer so far, by field id — the screen's own fields as they stand now included.
  public var answers: [String: FieldValue]
  /// The screen's own state for this visit of the step (empty when the step is shown; what
  /// the last ``ScreenKeyOutcome/handled(answers:state:)`` gave).
  public var state: [String: FieldValue]

  /// A context; the flow makes one for every key.
  public init(answers: [String: FieldValue], state: [String: FieldValue] = [:]) {
    self.answers = answers
    self.state = state
  }
}

/// What a step screen did with a key it was given.
public enum ScreenKeyOutcome: Equatable, Sendable {
  /// Not the screen's key: the key table acts on it as on a step where no field has the focus
  /// (Tab moves the focus on, Enter goes to the next step, `q` quits, digits tap a step…).
  case ignored
  /// The screen's key: `answers` are new values of the fields the screen answers (`nil`
  /// clears one; the fields' rules check them as they check typed answers, and an id the
  /// screen does not answer is left alone), and `state` is its new state (`nil`: unchanged).
  case handled(answers: [String: FieldValue?] = [:], state: [String: FieldValue]? = nil)
}

/// The keys of a step screen as the pure update calls them: the drawing layer wraps the
/// program's view in one (`ScreenBlock.custom(_:)`).
package struct ScreenKeys: Sendable {
  /// The ids of the step's fields the screen answers; the form leaves them out.
  package let fieldIDs: [String]
  /// Gives a key to the screen.
  package let handle: @Sendable (Key, ScreenKeyContext) -> ScreenKeyOutcome

  package init(
    fieldIDs: [String], handle: @escaping @Sendable (Key, ScreenKeyContext) -> ScreenKeyOutcome
  ) {
    self.fieldIDs = fieldIDs
    self.handle = handle
  }
}
