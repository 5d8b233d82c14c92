import StepFlowText

extension Field {
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
