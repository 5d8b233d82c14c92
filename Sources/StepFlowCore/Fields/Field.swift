import StepFlowText

/// A field being filled in: its definition, its value and its editing state.
///
/// Keys by kind (everything else is `.ignored` and goes on to the form and the flow; the key
/// table, ``KeyBindings``, says which keys reach a field at all):
/// - text: see ``TextInput/handle(_:)``; printable keys type, so `q` or `n` are text here. A
///   multi-line text also takes Enter (a new line), ↑/↓ (lines; ignored past the first and
///   last, so the form moves focus) and PgUp/PgDn.
/// - number: typed as text (letters too, reported as not a number); ↑/↓ one step up or down,
///   PgUp/PgDn ten steps, within the range.
/// - path: typed as text; Tab completes (see ``complete(in:)``).
/// - date: see ``DateInput``; ↑/↓ change the part under the cursor, `t` is today, other
///   letters are refused with a message.
/// - choice and multichoice lists: printable keys filter (see ``ListState``), Backspace edits
///   the filter, ↑/↓ move the highlight (ignored at the first / last row, so the form moves
///   focus), PgUp/PgDn a page, Home/End the first / last; Space selects (a multichoice:
///   toggles) the highlighted option, Ctrl-A selects all or none.
/// - choice, tabs style: ←/→ select the neighbour (consumed at the ends), Space selects the
///   highlighted option, a digit N selects option N.
/// - confirm: Space toggles, `y` says yes, `n` says no.
/// - rating: digits 1…max rate (`0` is 10 when there are ten stars), ←/→ one star less or
///   more (consumed at the ends), Home/End the least / most stars.
package struct Field: Hashable, Sendable {
  package internal(set) var spec: FieldSpec
  /// The text and cursor of a text, number or path field (empty for the other kinds).
  package internal(set) var input: TextInput
  /// A date field's slots.
  package internal(set) var date: DateInput
  /// A list's filter, matches, highlighted row and first row shown.
  package internal(set) var list: ListState
  /// The names a path field's last Tab found, shown under it until the text changes.
  package internal(set) var candidates: [String] = []
  /// The value of a choice, multichoice, confirm or rating field.
  var stored: FieldValue?

  /// The most characters a text field holds when its `max` does not say fewer: a paste
  /// beyond it is refused whole, with a message (use Ctrl-E and an editor for more).
  package static let maxTextLength = 65_536

  /// A field with its spec's default value (a confirm field without one starts at no).
  package init(_ spec: FieldSpec) {
    self.spec = spec
    var lines = 1
    if case .text(_, _, let n) = spec.kind { lines = n }
    input = TextInput(
      maxLength: min(spec.max ?? Self.maxTextLength, Self.maxTextLength),
      keepsNewlines: lines > 1)
    if case .date(let rules) = spec.kind {
      date = DateInput(time: rules.time)
    } else {
      date = DateInput(time: false)
    }
    list = ListState()
    stored = nil
    reset()
  }

  /// The field's id.
  package var id: String { spec.id }

  /// The value: `nil` for empty text, a number or date not (yet) valid, no choice made, or no
  /// rating yet.
  ///
  /// A multichoice always has one (no option chosen: empty).
  package var value: FieldValue? {
    switch spec.kind {
    case .text, .path:
      return input.isEmpty ? nil : .text(input.text)
    case .number(let rules):
      guard !input.isEmpty, case .success(let value) = spec.parseNumber(input.text, rules: rules)
      else { return nil }
      return value
    case .date:
      return date.value.map { .text($0.description) }
    default:
      return stored
    }
  }

  /// What is wrong with what was typed before the rules are even asked: letters in a number,
  /// a date half typed or that does not exist.
  ///
  /// Shown at once, touched or not.
  package var syntaxProblem: FieldError? {
    switch spec.kind {
    case .number(let rules):
      guard !input.isEmpty, !FieldSpec.isBlank(.text(input.text)),
        case .failure(let error) = spec.parseNumber(FieldSpec.trimmed(input.text), rules: rules)
      else { return nil }
      return error
    case .date(let rules):
      guard !date.isEmpty else { return nil }
      guard date.isComplete else { return spec.error(.incompleteDate(date.text)) }
      if case .failure(let problem) = DateTimeValue.parse(date.text, time: rules.time) {
        return spec.error(FieldSpec.dateProblem(problem, text: date.text, time: rules.time))
      }
      return nil
    default:
      return nil
    }
  }

  /// The options of a choice or multichoice field (empty for the other kinds).
  package var options: [ChoiceOption] { spec.kind.options }

  /// The highlighted option of a list or row, an index into its options.
  package var highlighted: Int { list.option(atRow: list.row) }

  /// The index of the chosen option of a choice field, if one is chosen.
  package var selectedIndex: Int? {
    guard case .choice(let id) = stored else { return nil }
    if let search = spec.search { return search.positions[id] }
    return options.firstIndex { $0.id == id }
  }

  /// The chosen option ids of a multichoice field.
  package var selectedIDs: [String] {
    if case .choices(let ids) = stored { return ids }
    return []
  }

  /// What is wrong with the value, if anything: what was typed first, then the rules (see
  /// ``FieldSpec/validate(_:in:)``).
  package func validate(in context: FieldContext?) -> FieldError? {
    syntaxProblem ?? spec.validate(value, in: context)
  }

  /// Goes back to the default value (the `reset` of a flow).
  package mutating func reset() {
    candidates = []
    list = ListState()
    switch spec.kind {
    case .text, .path:
      if case .text(let text) = spec.defaultValue {
        input.replace(with: text)
      } else {
        input.replace(with: "")
      }
    case .number:
      input.replace(with: spec.defaultValue?.dataText ?? "")
    case .date:
      if case .text(let text) = spec.defaultValue {
        date.replace(with: text)
      } else {
        date.clear()
      }
    case .confirm:
      stored = spec.defaultValue ?? .bool(false)
    case .multichoice:
      stored = spec.defaultValue ?? .choices([])
    case .choice, .rating:
      stored = spec.defaultValue
    }
    if let index = selectedIndex { list.move(to: index, page: FieldSpec.listRows(options.count)) }
  }

  /// Sets the value from outside (a saved state, a flow's own logic), checking only that its
  /// type fits the kind and that a choice names an option; the rules are checked by
  /// ``validate(in:)``.
  ///
  /// `nil` empties the field (a confirm field becomes no).
  package mutating func setValue(_ newValue: FieldValue?) -> Result<Void, FieldError> {
    candidates = []
    switch (spec.kind, newValue) {
    case (.text, nil), (.path, nil), (.number, nil): input.replace(with: "")
    case (.text, .text(let text)?), (.path, .text(let text)?): input.replace(with: text)
    case (.number, .number?), (.number, .decimal?):
      input.replace(with: FieldSpec.normalized(newValue ?? .number(0), for: spec.kind).dataText)
    case (.date, nil): date.clear()
    case (.date(let rules), .text(let text)?):
      guard case .success(let parsed) = DateTimeValue.parse(text, time: rules.time) else {
        return .failure(spec.error(.notADate(text, time: rules.time)))
      }
      date.replace(with: parsed.description)
    case (.confirm, nil): stored = .bool(false)
    case (.multichoice, nil): stored = .choices([])
    case (.confirm, .bool?), (.rating, nil), (.rating, .number?), (.choice, nil):
      stored = newValue
    case (.choice, .choice?) where spec.awaitsOptions,
      (.multichoice, .choices?)
    where spec.awaitsOptions:
      stored = newValue
    case (.choice(let options, _), .choice(let id)?):
      guard let index = options.firstIndex(where: { $0.id == id }) else {
        let suggestion = Suggestions.closest(to: id, in: options.map(\.id))
        return .failure(
          spec.error(.unknownOption(id, suggestion: suggestion, options: options.map(\.id))))
      }
      stored = newValue
      if list.filter.isEmpty { list.move(to: index, page: FieldSpec.listRows(options.count)) }
    case (.multichoice(let options), .choices(let ids)?):
      if let unknown = ids.first(where: { id in !options.contains { $0.id == id } }) {
        let suggestion = Suggestions.closest(to: unknown, in: options.map(\.id))
        return .failure(
          spec.error(.unknownOption(unknown, suggestion: suggestion, options: options.map(\.id))))
      }
      stored = FieldSpec.normalized(.choices(ids), for: spec.kind)
    case (_, let value?):
      return .failure(spec.error(.wrongKind(expected: expectedValue, got: value)))
    }
    return .success(())
  }

  /// Sets the value from text, as `set FIELD=VALUE` gives it (see ``FieldSpec/parseValue(_:)``).
  /// - Returns: the new value (`nil` when the text emptied a field), or why the text was
  ///   refused; a refused text leaves the field as it was.
  package mutating func set(text: String) -> Result<FieldValue?, FieldError> {
    switch spec.parseValue(text) {
    case .failure(let error): return .failure(error)
    case .success(let parsed):
      if case .failure(let error) = setValue(parsed) { return .failure(error) }
      return .success(value)
    }
  }

  /// Types text as `type TEXT` does: a text, number or path field inserts it at the cursor
  /// (up to its `max`), a date fills its slots; the other kinds read it as ``set(text:)``
  /// does (`type yes` on a confirm field).
  package mutating func type(_ text: String) -> Result<FieldValue?, FieldError> {
    switch spec.kind {
    case .text, .number, .path:
      // As typing: what fits goes in.
      input.insert(text)
      candidates = []
      return .success(value)
    case .date(let rules):
      guard date.type(text) else { return .failure(spec.error(.notADate(text, time: rules.time))) }
      return .success(value)
    default:
      return set(text: text)
    }
  }

  /// Inserts pasted text, refusing (whole) a paste the field has no room for: nothing of it
  /// is half-kept, and the message says how much room there is.
  mutating func insert(_ text: String) -> KeyOutcome {
    let clean = TextInput.cleaned(text, keepingNewlines: input.keepsNewlines)
    if let room = input.room, clean.count > room, clean.count > 1 {
      let limit = input.maxLength ?? Self.maxTextLength
      return .refused(
        "\(spec.label): the text to paste has \(clean.count) characters, more than the \(room)"
          + " left of the \(limit) this field holds; nothing was pasted")
    }
    input.insert(text)
    candidates = []
    return .handled
  }

  /// Selects the option at `index` of a choice field and highlights it; a disabled option is
  /// refused with its reason.
  @discardableResult
  package mutating func select(_ index: Int) -> KeyOutcome {
    guard options.indices.contains(index) else { return .ignored }
    if let reason = options[index].disabledReason {
      return .refused("\(options[index].title) cannot be chosen: \(reason)")
    }
    if list.filter.isEmpty { list.move(to: index, page: FieldSpec.listRows(options.count)) }
    stored = .choice(options[index].id)
    return .handled
  }

  /// Enter in a choice list: selects the highlighted option and clears the filter (the
  /// choice stays highlighted); refused when the filter matches nothing.
  package mutating func pickHighlighted() -> KeyOutcome {
    guard case .choice(_, .list) = spec.kind else { return .ignored }
    guard list.count(of: options.count) > 0 else {
      return .refused("no option matches the filter; Backspace edits it, Esc clears it")
    }
    let outcome = select(highlighted)
    if outcome == .handled { _ = clearFilter() }
    return outcome
  }

  /// Selects or unselects the option at `index` of a multichoice field.
  @discardableResult
  package mutating func toggle(_ index: Int) -> KeyOutcome {
    guard options.indices.contains(index) else { return .ignored }
    let option = options[index]
    var ids = selectedIDs
    if let at = ids.firstIndex(of: option.id) {
      ids.remove(at: at)
    } else {
      if let reason = option.disabledReason {
        return .refused("\(option.title) cannot be chosen: \(reason)")
      }
      guard let positions = spec.search?.positions else {
        ids.append(option.id)
        stored = FieldSpec.normalized(.choices(ids), for: spec.kind)
        return .handled
      }
      // The ids are in option order already: the new one goes before the first that comes
      // after it (a key costs the selected options, not all of them).
      let mine = positions[option.id] ?? index
      let at = ids.firstIndex { (positions[$0] ?? Int.max) > mine } ?? ids.count
      ids.insert(option.id, at: at)
    }
    stored = .choices(ids)
    return .handled
  }

  /// Ctrl-A in a multichoice: every pickable option shown (all of them, or those the filter
  /// matches), or none of them when they all are selected already.
  package mutating func toggleAll() {
    let shown = (0..<list.count(of: options.count)).map { list.option(atRow: $0) }
    let pickable = shown.filter { !options[$0].isDisabled }.map { options[$0].id }
    var ids = selectedIDs
    if pickable.allSatisfy(ids.contains) {
      let drop = Set(pickable)
      ids.removeAll { drop.contains($0) }
    } else {
      ids += pickable.filter { !ids.contains($0) }
    }
    stored = FieldSpec.normalized(.choices(ids), for: spec.kind)
  }

  /// Replaces the spec with one whose texts are filled in (``FlowDefinition/resolvedFields``):
  /// the same field, its value kept.
  package mutating func retitle(_ resolved: FieldSpec) {
    guard resolved.id == spec.id, resolved.kind.options.count == spec.kind.options.count else {
      return
    }
    spec = resolved
  }

  private var expectedValue: String {
    switch spec.kind {
    case .text, .path: return "text"
    case .number(let rules): return rules.decimals == 0 ? "a whole number" : "a number"
    case .date(let rules): return rules.time ? "a date and time" : "a date"
    case .choice: return "an option id"
    case .multichoice: return "option ids"
    case .confirm: return "yes or no"
    case .rating(let stars): return "a number from 1 to \(stars)"
    }
  }
}
