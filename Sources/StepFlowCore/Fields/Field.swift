import StepFlowText

/// A field being filled in: its definition, its value and its editing state.
///
/// Keys by kind (everything else is `.ignored` and goes on to the form and the flow):
/// - text: see ``TextInput/handle(_:)``; printable keys type, so `q` or `n` are text here.
/// - choice, list style: ↑/↓ move the highlight (ignored at the first / last option, so the
///   form moves focus), Space selects the highlighted option, a digit N selects option N,
///   Home/End highlight the first / last option. (Enter, bound by the flow's key table,
///   selects the highlighted option with ``Form/pickHighlighted()`` and goes on.)
/// - choice, tabs style: ←/→ select the neighbour (consumed at the ends), Space selects the
///   highlighted option, a digit N selects option N.
/// - confirm: Space toggles, `y` says yes, `n` says no.
/// - rating: digits 1…max rate (`0` is 10 when there are ten stars), ←/→ one star less or
///   more (consumed at the ends), Home/End the least / most stars.
package struct Field: Hashable, Sendable {
  package let spec: FieldSpec
  /// A text field's text and cursor (empty for the other kinds).
  package private(set) var input: TextInput
  /// A choice field's highlighted option, an index into its options.
  package private(set) var highlighted: Int
  /// The value of a choice, confirm or rating field.
  private var stored: FieldValue?

  /// A field with its spec's default value (a confirm field without one starts at no).
  package init(_ spec: FieldSpec) {
    self.spec = spec
    input = TextInput(maxLength: spec.max)
    highlighted = 0
    stored = nil
    reset()
  }

  /// The field's id.
  package var id: String { spec.id }

  /// The value: `nil` for empty text, no choice made, or no rating yet.
  package var value: FieldValue? {
    if case .text = spec.kind { return input.isEmpty ? nil : .text(input.text) }
    return stored
  }

  /// The options of a choice field (empty for the other kinds).
  package var options: [ChoiceOption] {
    if case .choice(let options, _) = spec.kind { return options }
    return []
  }

  /// The index of the chosen option, if one is chosen.
  package var selectedIndex: Int? {
    guard case .choice(let id) = stored else { return nil }
    return options.firstIndex { $0.id == id }
  }

  /// What is wrong with the value, if anything (see ``FieldSpec/validate(_:)``).
  package func validate() -> FieldError? { spec.validate(value) }

  /// Goes back to the default value (the `reset` of a flow).
  package mutating func reset() {
    switch spec.kind {
    case .text:
      if case .text(let text) = spec.defaultValue {
        input.replace(with: text)
      } else {
        input.replace(with: "")
      }
    case .confirm:
      stored = spec.defaultValue ?? .bool(false)
    case .choice, .rating:
      stored = spec.defaultValue
    }
    highlighted = selectedIndex ?? 0
  }

  /// Sets the value from outside (a saved state, a flow's own logic), checking only that its type
  /// fits the kind and that a choice names an option; the rules are checked by ``validate()``.
  ///
  /// `nil` empties the field (a confirm field becomes no).
  package mutating func setValue(_ newValue: FieldValue?) -> Result<Void, FieldError> {
    switch (spec.kind, newValue) {
    case (.text, nil): input.replace(with: "")
    case (.text, .text(let text)?): input.replace(with: text)
    case (.confirm, nil): stored = .bool(false)
    case (.confirm, .bool?), (.rating, nil), (.rating, .number?), (.choice, nil):
      stored = newValue
    case (.choice(let options, _), .choice(let id)?):
      guard let index = options.firstIndex(where: { $0.id == id }) else {
        let suggestion = Suggestions.closest(to: id, in: options.map(\.id))
        return .failure(
          spec.error(.unknownOption(id, suggestion: suggestion, options: options.map(\.id))))
      }
      stored = newValue
      highlighted = index
    case (_, let value?):
      return .failure(spec.error(.wrongKind(expected: expectedValue, got: value)))
    }
    return .success(())
  }

  /// Sets the value from text, as `set FIELD=VALUE` gives it (see ``FieldSpec/parseValue(_:)``).
  /// - Returns: the new value (`nil` when the text emptied a text field), or why the text was
  ///   refused; a refused text leaves the field as it was.
  package mutating func set(text: String) -> Result<FieldValue?, FieldError> {
    switch spec.parseValue(text) {
    case .failure(let error): return .failure(error)
    case .success(let parsed):
      if case .failure(let error) = setValue(parsed) { return .failure(error) }
      return .success(value)
    }
  }

  /// Types text as `type TEXT` does: a text field inserts it at the cursor (up to its `max`);
  /// the other kinds read it as ``set(text:)`` does (`type yes` on a confirm field).
  package mutating func type(_ text: String) -> Result<FieldValue?, FieldError> {
    guard case .text = spec.kind else { return set(text: text) }
    input.insert(text)
    return .success(value)
  }

  /// Selects the option at `index` of a choice field and highlights it.
  package mutating func select(_ index: Int) {
    guard options.indices.contains(index) else { return }
    highlighted = index
    stored = .choice(options[index].id)
  }

  /// Applies a key; see the type's documentation for which keys each kind uses.
  package mutating func handle(_ key: Key) -> KeyOutcome {
    switch spec.kind {
    case .text: return input.handle(key)
    case .choice(let options, let style): return handleChoice(key, count: options.count, style)
    case .confirm: return handleConfirm(key)
    case .rating(let stars): return handleRating(key, stars: stars)
    }
  }

  private mutating func handleChoice(_ key: Key, count: Int, _ style: ChoiceStyle) -> KeyOutcome {
    switch (key, style) {
    case (.up, .list):
      guard highlighted > 0 else { return .ignored }
      highlighted -= 1
    case (.down, .list):
      guard highlighted < count - 1 else { return .ignored }
      highlighted += 1
    case (.home, .list): highlighted = 0
    case (.end, .list): highlighted = count - 1
    case (.left, .tabs): select(max(0, highlighted - 1))
    case (.right, .tabs): select(min(count - 1, highlighted + 1))
    case (.character(" "), _): select(highlighted)
    case (.character(let c), _):
      guard c.isASCII, let digit = c.wholeNumberValue, (1...count).contains(digit) else {
        return .ignored
      }
      select(digit - 1)
    default: return .ignored
    }
    return .handled
  }

  private mutating func handleConfirm(_ key: Key) -> KeyOutcome {
    switch key {
    case .character(" "): stored = .bool(stored != .bool(true))
    case .character("y"), .character("Y"), .left: stored = .bool(true)
    case .character("n"), .character("N"), .right: stored = .bool(false)
    default: return .ignored
    }
    return .handled
  }

  private mutating func handleRating(_ key: Key, stars: Int) -> KeyOutcome {
    var current = 0
    if case .number(let n) = stored { current = n }
    switch key {
    case .character(let c):
      guard c.isASCII, var digit = c.wholeNumberValue else { return .ignored }
      if digit == 0, stars == 10 { digit = 10 }
      guard (1...stars).contains(digit) else { return .ignored }
      stored = .number(digit)
    case .left:
      if current > 1 { stored = .number(current - 1) }
    case .right: stored = .number(min(stars, current + 1))
    case .home: stored = .number(1)
    case .end: stored = .number(stars)
    default: return .ignored
    }
    return .handled
  }

  private var expectedValue: String {
    switch spec.kind {
    case .text: return "text"
    case .choice: return "an option id"
    case .confirm: return "yes or no"
    case .rating(let stars): return "a number from 1 to \(stars)"
    }
  }
}
