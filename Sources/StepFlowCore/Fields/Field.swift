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
  package private(set) var spec: FieldSpec
  /// The text and cursor of a text, number or path field (empty for the other kinds).
  package private(set) var input: TextInput
  /// A date field's slots.
  package private(set) var date: DateInput
  /// A list's filter, matches, highlighted row and first row shown.
  package private(set) var list: ListState
  /// The names a path field's last Tab found, shown under it until the text changes.
  package private(set) var candidates: [String] = []
  /// The value of a choice, multichoice, confirm or rating field.
  private var stored: FieldValue?

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
  private mutating func insert(_ text: String) -> KeyOutcome {
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

  /// Applies a key; see the type's documentation for which keys each kind uses.
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - context: The outside world (today for a date, the files for a path's Tab).
  /// - Returns: What the key did to the field (changed it, moved within it, or nothing).
  package mutating func handle(_ key: Key, in context: FieldContext) -> KeyOutcome {
    switch spec.kind {
    case .text(_, _, let lines):
      return lines > 1 ? handleLines(key, lines: lines) : handleText(key)
    case .number(let rules): return handleNumber(key, rules: rules)
    case .path(let rules):
      if key == .tab { return complete(rules: rules, in: context) }
      return handleText(key)
    case .date(let rules): return handleDate(key, rules: rules, context: context)
    case .choice(let options, .list): return handleList(key, count: options.count, multiple: false)
    case .multichoice(let options): return handleList(key, count: options.count, multiple: true)
    case .choice(let options, .tabs): return handleRow(key, count: options.count)
    case .confirm: return handleConfirm(key)
    case .rating(let stars): return handleRating(key, stars: stars)
    }
  }

  /// A key for one line of text (text, number and path fields).
  private mutating func handleText(_ key: Key) -> KeyOutcome {
    switch key {
    case .character(let c): return insertKey(String(c))
    case .paste(let text): return insert(text)
    default:
      let outcome = input.handle(key)
      if outcome == .handled { candidates = [] }
      return outcome
    }
  }

  /// A typed character: inserted, unless it is one the text does not keep (a control key).
  private mutating func insertKey(_ text: String) -> KeyOutcome {
    guard !TextInput.cleaned(text, keepingNewlines: input.keepsNewlines).isEmpty else {
      return .ignored
    }
    // A key past the field's `max` does nothing (as typing into a full field does).
    if input.room == 0 { return .handled }
    input.insert(text)
    candidates = []
    return .handled
  }

  /// A key for a multi-line text.
  private mutating func handleLines(_ key: Key, lines: Int) -> KeyOutcome {
    switch key {
    case .enter: return insertKey("\n")
    case .up: return input.moveUp() ? .handled : .ignored
    case .down: return input.moveDown() ? .handled : .ignored
    case .home: input.moveToLineStart()
    case .end: input.moveToLineEnd()
    case .pageUp: input.moveLines(-lines)
    case .pageDown: input.moveLines(lines)
    default: return handleText(key)
    }
    return .handled
  }

  /// A key for a number: ↑/↓ (and PgUp/PgDn) step it, the rest edits its text.
  private mutating func handleNumber(_ key: Key, rules: NumberRules) -> KeyOutcome {
    let steps: Int
    switch key {
    case .up: steps = 1
    case .down: steps = -1
    case .pageUp: steps = 10
    case .pageDown: steps = -10
    default: return handleText(key)
    }
    return step(by: steps, rules: rules)
  }

  /// Changes a number by `steps` steps, within its range.
  ///
  /// An empty number starts from its default, else from its minimum when 0 is below it (its maximum
  /// when 0 is above), else 0.
  package mutating func step(by steps: Int, rules: NumberRules) -> KeyOutcome {
    let current: DecimalValue
    switch value {
    case .number(let n)?: current = DecimalValue(n)
    case .decimal(let d)?: current = d
    default:
      guard input.isEmpty || FieldSpec.isBlank(.text(input.text)) else {
        return .refused(
          syntaxProblem.map { $0.message + " (↑/↓ step a number)" } ?? "\(spec.label): not a number"
        )
      }
      var start = DecimalValue(0)
      if let min = rules.min, start < min { start = min }
      if let max = rules.max, start > max { start = max }
      setNumber(start, rules: rules)
      return .handled
    }
    guard let delta = rules.step.multiplied(by: steps), var next = current.adding(delta) else {
      return .refused("\(spec.label): the number would be too large")
    }
    if let min = rules.min, next < min { next = min }
    if let max = rules.max, next > max { next = max }
    setNumber(next, rules: rules)
    return .handled
  }

  private mutating func setNumber(_ number: DecimalValue, rules: NumberRules) {
    let scaled = number.rescaled(to: rules.decimals) ?? number
    input.replace(with: scaled.description)
  }

  /// Tab in a path field: completes the text as far as the candidates agree, and shows them
  /// when there are several.
  package mutating func complete(rules: PathRules, in context: FieldContext) -> KeyOutcome {
    let typed = input.text
    let (text, found) = PathCompletion.complete(typed, rules: rules, context: context)
    if text == typed, found.isEmpty {
      return .refused(
        typed.isEmpty
          ? "\(spec.label): nothing here to complete"
          : "\(spec.label): nothing starts with \"\(Sanitizer.sanitize(typed))\"")
    }
    input.replace(with: text)
    candidates = found
    return .handled
  }

  /// A key for a date.
  private mutating func handleDate(_ key: Key, rules: DateRules, context: FieldContext)
    -> KeyOutcome
  {
    switch key {
    case .character("t"), .character("T"):
      let clock: (hour: Int, minute: Int)? = rules.time ? (date.value?.time ?? (9, 0)) : nil
      date.set(DateTimeValue(date: context.today, time: clock))
      date.moveToEnd()
    case .character(let c):
      guard date.type(String(c)) else {
        return .refused(
          "\(spec.label): type the date's digits, \(rules.time ? "YYYY-MM-DD HH:MM" : "YYYY-MM-DD") (t: today)"
        )
      }
    case .paste(let text):
      let trimmed = FieldSpec.trimmed(text)
      guard case .success(let parsed) = DateTimeValue.parse(trimmed, time: rules.time) else {
        return .refused(spec.error(.notADate(trimmed, time: rules.time)).message)
      }
      date.set(parsed)
      date.moveToEnd()
    case .up, .down:
      let low = rules.min?.resolved(today: context.today)
      let high = rules.max?.resolved(today: context.today)
      date.adjust(by: key == .up ? 1 : -1, start: context.today, low: low, high: high)
    case .left: date.moveLeft()
    case .right: date.moveRight()
    case .home, .ctrl("a"): date.moveToStart()
    case .end, .ctrl("e"): date.moveToEnd()
    case .backspace: date.deleteBackward()
    case .delete: date.deleteForward()
    case .ctrl("u"), .ctrl("k"), .ctrl("w"): date.clear()
    default: return .ignored
    }
    return .handled
  }

  /// A key for a list: the filter, the highlight, selecting.
  private mutating func handleList(_ key: Key, count: Int, multiple: Bool) -> KeyOutcome {
    let page = FieldSpec.listRows(count)
    switch key {
    case .up:
      guard list.row > 0 else { return .ignored }
      list.move(to: list.row - 1, page: page)
    case .down:
      guard list.row < list.count(of: count) - 1 else { return .ignored }
      list.move(to: list.row + 1, page: page)
    case .pageUp: list.move(to: max(0, list.row - page), page: page)
    case .pageDown:
      list.move(to: max(0, min(list.count(of: count) - 1, list.row + page)), page: page)
    case .home: list.move(to: 0, page: page)
    case .end: list.move(to: max(0, list.count(of: count) - 1), page: page)
    case .character(" "):
      guard list.count(of: count) > 0 else {
        return .refused("no option matches the filter; Backspace edits it, Esc clears it")
      }
      return multiple ? toggle(highlighted) : select(highlighted)
    case .ctrl("a") where multiple: toggleAll()
    case .backspace:
      guard !list.filter.isEmpty else { return .handled }
      var filter = list.filter
      filter.removeLast()
      setFilter(filter)
    case .character(let c):
      guard
        !c.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      else { return .ignored }
      setFilter(list.filter + String(c))
    case .paste(let text):
      setFilter(list.filter + TextInput.cleaned(text))
    default: return .ignored
    }
    return .handled
  }

  /// Filters a list: the matches of the new filter, best first, the best highlighted.
  ///
  /// A filter that extends the old one looks only at the old one's matches; one met before
  /// on the way (a shorter one Backspace goes back to, a longer one typed again after a
  /// Backspace) is not searched again.
  package mutating func setFilter(_ filter: String) {
    guard let search = spec.search else { return }
    // The filters this one extends, shortest first, with their matches: Backspace goes back
    // to one of them without searching again, a longer filter narrows the longest. And the
    // longer ones Backspace left, which typing the same again comes back to.
    var earlier = list.earlier
    var later = list.later
    if !list.filter.isEmpty {
      let current = ListState.Filtered(filter: list.filter, matches: list.matches ?? [])
      if list.filter.hasPrefix(filter) { later.append(current) } else { earlier.append(current) }
    }
    while let last = earlier.last, !filter.hasPrefix(last.filter) { earlier.removeLast() }
    later.removeAll { !$0.filter.hasPrefix(filter) }
    if later.count > ListState.laterLimit { later.removeFirst(later.count - ListState.laterLimit) }
    if filter.isEmpty {
      list = ListState(later: later)
      if let index = selectedIndex { list.move(to: index, page: FieldSpec.listRows(options.count)) }
      return
    }
    if let last = earlier.last, last.filter == filter {
      earlier.removeLast()
      list = ListState(filter: filter, matches: last.matches, earlier: earlier, later: later)
      return
    }
    if let again = later.last(where: { $0.filter == filter }) {
      later.removeAll { $0.filter == filter }
      list = ListState(filter: filter, matches: again.matches, earlier: earlier, later: later)
      return
    }
    let matches = search.matches(OptionSearch.fold(filter), within: earlier.last?.matches)
    list = ListState(filter: filter, matches: matches, earlier: earlier, later: later)
  }

  /// The focus leaves the field: a date's one-digit part is completed (see
  /// ``DateInput/finish()``).
  package mutating func leave() {
    if case .date = spec.kind { date.finish() }
    candidates = []
  }

  /// Esc in a list: clears the filter.
  /// - Returns: whether there was a filter to clear.
  package mutating func clearFilter() -> Bool {
    guard !list.filter.isEmpty else { return false }
    setFilter("")
    return true
  }

  /// A key for a row of options (a choice with tabs style).
  private mutating func handleRow(_ key: Key, count: Int) -> KeyOutcome {
    switch key {
    case .left: return moveRow(by: -1, count: count)
    case .right: return moveRow(by: 1, count: count)
    case .character(" "): return select(highlighted)
    case .character(let c):
      guard c.isASCII, let digit = c.wholeNumberValue, (1...count).contains(digit) else {
        return .ignored
      }
      return select(digit - 1)
    default: return .ignored
    }
  }

  /// ←/→ in a row: the nearest pickable option that way (consumed at the ends).
  private mutating func moveRow(by offset: Int, count: Int) -> KeyOutcome {
    var index = highlighted + offset
    while (0..<count).contains(index), options[index].isDisabled { index += offset }
    guard (0..<count).contains(index) else { return .handled }
    return select(index)
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

extension FieldSpec {
  /// The most rows a list shows at once; longer lists scroll (PgUp/PgDn move a page).
  package static let maxListRows = 8

  /// The rows a list of `count` options shows.
  package static func listRows(_ count: Int) -> Int { Swift.max(1, Swift.min(count, maxListRows)) }
}

/// The view of a list that type-to-filter and scrolling change: which options are shown in
/// which order, which row is highlighted and which row is at the top.
package struct ListState: Hashable, Sendable {
  /// What was typed to filter (empty: every option, in order).
  package private(set) var filter: String = ""
  /// The options the filter matches, best first (`nil` without a filter: all of them).
  package private(set) var matches: [Int]? = nil
  /// The highlighted row, counted in what is shown.
  package private(set) var row: Int = 0
  /// The first row shown.
  package private(set) var top: Int = 0
  /// The shorter filters this one extends and their matches, shortest first (kept so that
  /// Backspace costs no search).
  package private(set) var earlier: [Filtered] = []
  /// The longer filters Backspace left that extend this one, and their matches (kept so that
  /// typing the character again costs no search); at most ``laterLimit``.
  package private(set) var later: [Filtered] = []
  /// How many filters ``later`` keeps.
  static let laterLimit = 8

  /// A filter and the options it matches, best first.
  package struct Filtered: Hashable, Sendable {
    package var filter: String
    package var matches: [Int]
  }

  package init(later: [Filtered] = []) {
    self.later = later
  }

  package init(filter: String, matches: [Int], earlier: [Filtered] = [], later: [Filtered] = []) {
    self.filter = filter
    self.matches = matches
    self.earlier = earlier
    self.later = later
  }

  /// The number of rows shown for a list of `total` options.
  package func count(of total: Int) -> Int { matches?.count ?? total }

  /// The option shown at `row`.
  package func option(atRow row: Int) -> Int {
    guard let matches else { return row }
    return matches.indices.contains(row) ? matches[row] : 0
  }

  /// Highlights `row`, scrolling the fewest rows that keep it among the `page` rows shown.
  package mutating func move(to row: Int, page: Int) {
    self.row = row
    if row < top { top = row }
    if row >= top + page { top = row - page + 1 }
  }
}

extension Field {
  /// Where the focus is when this field has it, as the key table knows it.
  package var focusContext: FocusContext {
    switch spec.kind {
    case .text(_, _, let lines): return lines > 1 ? .multilineText : .textField
    case .number: return .numberField
    case .path: return .pathField
    case .date: return .dateField
    case .choice(_, .list): return .choiceList
    case .multichoice: return .multiList
    case .choice(_, .tabs): return .choiceRow
    case .confirm: return .confirm
    case .rating: return .ratingField
    }
  }
}
