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

/// One item of the hint line a step screen gives for the keys it takes (`← → quantity`).
///
/// While the screen has the focus its items come first, and the key table's items for the
/// same keys are left out (a screen that takes ←/→ does not show `← → step`).
public struct ScreenHint: Hashable, Sendable {
  /// The keys, named on the line as help names them, one after the other (`← →`, `+ -`).
  public var keys: [Key]
  /// What they do, in a word or two.
  public var words: String

  /// An item: `keys`, then `words`.
  public init(_ keys: [Key], _ words: String) {
    self.keys = keys
    self.words = words
  }

  /// The item as the hint line shows it.
  package func text(ascii: Bool) -> String {
    (keys.map { $0.label(ascii: ascii) } + [words]).joined(separator: " ")
  }
}

/// The keys of a step screen as the pure update calls them: the drawing layer wraps the
/// program's view in one (`ScreenBlock.custom(_:)`).
package struct ScreenKeys: Sendable {
  /// The ids of the step's fields the screen answers; the form leaves them out.
  package let fieldIDs: [String]
  /// Gives a key to the screen.
  package let handle: @Sendable (Key, ScreenKeyContext) -> ScreenKeyOutcome
  /// Gives a mouse event to the screen, in its own coordinates.
  package let mouse: @Sendable (MouseEvent, ScreenKeyContext) -> ScreenKeyOutcome
  /// The screen's own hint items.
  package let hints: @Sendable (ScreenKeyContext) -> [ScreenHint]

  package init(
    fieldIDs: [String], handle: @escaping @Sendable (Key, ScreenKeyContext) -> ScreenKeyOutcome,
    mouse: @escaping @Sendable (MouseEvent, ScreenKeyContext) -> ScreenKeyOutcome = { _, _ in
      .ignored
    },
    hints: @escaping @Sendable (ScreenKeyContext) -> [ScreenHint] = { _ in [] }
  ) {
    self.fieldIDs = fieldIDs
    self.handle = handle
    self.mouse = mouse
    self.hints = hints
  }
}
