extension FieldSpec {
  /// Checks a value against the field's rules; `nil` when it is valid.
  ///
  /// An empty value (`nil`, or text of only spaces) is valid unless the field is `required`; the
  /// other rules apply only to a value that is there — except a multichoice's `min`, which an
  /// empty selection breaks too. Text is checked in this order: `min` and `max` length (in
  /// characters, i.e. graphemes), the built-in `check`, then the `pattern`, which must match
  /// the whole text. A required confirm field must be yes; a rating and a number must lie
  /// within their range; a date must exist and lie within its range; a path must be of its
  /// kind, end with one of its extensions, and exist when it must. Then the program's own
  /// ``validator``, on a value that is there and passed the rules.
  ///
  /// - Parameters:
  ///   - value: The value to check; `nil` for none.
  ///   - context: The outside world the rules may consult: `"today"` bounds and the file
  ///     system. `nil` checks only what needs nothing from outside (a default, read before any
  ///     run).
  /// - Returns: The first rule the value breaks, or `nil` when it is valid.
  /// - Complexity: O(n) in the text's length; with a `pattern`, O(n × m) for its program of m
  ///   instructions, and never more than the field's share of ``FieldPattern/actionBudget``
  ///   steps: a text longer than ``patternTextLimit`` is refused as too long without being
  ///   matched (and a text checked again is not matched again).
  package func validate(_ value: FieldValue?, in context: FieldContext?) -> FieldError? {
    validate(value, in: context, matchingPattern: true)
  }

  /// ``validate(_:in:)``, leaving out the `pattern` when `matchingPattern` is `false`.
  package func validate(_ value: FieldValue?, in context: FieldContext?, matchingPattern: Bool)
    -> FieldError?
  {
    if let problem = validateBuiltIn(value, in: context, matchingPattern: matchingPattern) {
      return problem
    }
    // The program's own check, on a value that is there and passed the rules (an empty
    // field is the `required` rule's business).
    guard let validator, let value, !Self.isBlank(value) else { return nil }
    if case .choices(let ids) = value, ids.isEmpty { return nil }
    return validator(value).map { error(.custom($0)) }
  }

  /// The built-in rules alone.
  private func validateBuiltIn(
    _ value: FieldValue?, in context: FieldContext?, matchingPattern: Bool
  ) -> FieldError? {
    if case .multichoice = kind {
      var count = 0
      if case .choices(let ids)? = value { count = ids.count }
      if count == 0, required, min == nil { return error(.required) }
      if let min, count < min { return error(.tooFewChoices(min: min)) }
      if let max, count > max { return error(.tooManyChoices(max: max)) }
      return nil
    }
    guard let value, !Self.isBlank(value) else { return required ? error(.required) : nil }
    switch (kind, value) {
    case (.path(let rules), .text(let text)):
      return validatePath(text, rules: rules, context: context)
    case (.date(let rules), .text(let text)):
      return validateDate(text, rules: rules, context: context)
    case (_, .text(let text)):
      return validateText(text, matchingPattern: matchingPattern)
    case (_, .bool(let yes)):
      return required && !yes ? error(.mustBeYes) : nil
    case (.number(let rules), .number(let n)):
      return validateNumber(DecimalValue(n), rules: rules)
    case (.number(let rules), .decimal(let d)):
      return validateNumber(d, rules: rules)
    case (_, .number(let n)):
      if let min, n < min { return error(.belowMinimum(min)) }
      if let max, n > max { return error(.aboveMaximum(max)) }
      return nil
    case (_, .choice(let id)):
      let index = search.map { $0.positions[id] } ?? kind.options.firstIndex { $0.id == id }
      if let index, let reason = kind.options[index].disabledReason {
        let option = kind.options[index]
        return error(.optionDisabled(option.title, reason: reason))
      }
      return nil
    case (_, .choices), (_, .decimal):
      return nil
    }
  }

  /// Whether a value is text of nothing but whitespace.
  package static func isBlank(_ value: FieldValue) -> Bool {
    guard case .text(let text) = value else { return false }
    return text.allSatisfy(\.isWhitespace)
  }

  private func validateNumber(_ value: DecimalValue, rules: NumberRules) -> FieldError? {
    if value.rescaled(to: rules.decimals) == nil {
      return error(.tooManyDecimals(value.description, decimals: rules.decimals))
    }
    let below = rules.min.map { value < $0 } ?? false
    let above = rules.max.map { value > $0 } ?? false
    guard below || above else { return nil }
    return error(.outOfRange(lowest: rules.min?.description, highest: rules.max?.description))
  }

  private func validateDate(_ text: String, rules: DateRules, context: FieldContext?)
    -> FieldError?
  {
    let date: DateTimeValue
    switch DateTimeValue.parse(text, time: rules.time) {
    case .success(let parsed): date = parsed
    case .failure(let problem):
      return error(Self.dateProblem(problem, text: text, time: rules.time))
    }
    // `today` bounds need the clock; without a context only fixed dates are checked.
    func resolved(_ bound: DateRules.Bound?) -> CalendarDate? {
      switch bound {
      case .date(let day)?: return day
      case .today?: return context?.today
      case nil: return nil
      }
    }
    let low = resolved(rules.min)
    let high = resolved(rules.max)
    let below = low.map { date.date < $0 } ?? false
    let above = high.map { date.date > $0 } ?? false
    guard below || above else { return nil }
    func name(_ bound: DateRules.Bound?, _ day: CalendarDate?) -> String? {
      guard let day else { return nil }
      if case .today? = bound { return "today (\(day))" }
      return day.description
    }
    return error(
      .dateOutOfRange(lowest: name(rules.min, low), highest: name(rules.max, high)))
  }

  private func validatePath(_ text: String, rules: PathRules, context: FieldContext?)
    -> FieldError?
  {
    if !rules.extensions.isEmpty, rules.kind != .directory {
      let lower = text.lowercased()
      let isFolderPath = text.hasSuffix("/")
      if !isFolderPath, !rules.extensions.contains(where: { lower.hasSuffix($0.lowercased()) }) {
        // A folder given where a file with an extension is wanted is reported as a folder.
        if let context, context.files.kind(of: PathCompletion.expanded(text, context)) == .directory
        {
          return error(.pathKind(text, found: .directory, wanted: rules.kind))
        }
        return error(.pathExtension(text, extensions: rules.extensions))
      }
    }
    guard let context else { return nil }
    guard let found = context.files.kind(of: PathCompletion.expanded(text, context)) else {
      return rules.mustExist ? error(.pathMissing(text)) : nil
    }
    switch (rules.kind, found) {
    case (.file, .regularFile), (.directory, .directory), (.any, .regularFile),
      (.any, .directory):
      return nil
    default:
      return error(.pathKind(text, found: found, wanted: rules.kind))
    }
  }

  private func validateText(_ text: String, matchingPattern: Bool) -> FieldError? {
    let length = text.count
    if let min, length < min { return error(.tooShort(min: min)) }
    if let max, length > max { return error(.tooLong(max: max)) }
    if let check, let problem = Self.problem(with: text, check: check) { return error(problem) }
    if let pattern {
      // The spec's initializer compiled the pattern once and keeps it. A text too long to
      // match within the field's share of the budget is refused unmatched (a paste, or 600
      // such fields checked by one Next, must not stall the program).
      if let limit = patternTextLimit, length > limit {
        return error(.tooLong(max: limit))
      }
      guard matchingPattern else { return nil }
      guard patternMatches(text) else {
        return error(.patternMismatch(pattern: pattern, message: patternMessage))
      }
    }
    return nil
  }

  /// What a built-in validator finds wrong with text, or `nil`.
  package static func problem(with text: String, check: FieldCheck) -> FieldProblem? {
    switch check {
    case .luhn: return cardNumberProblem(text)
    case .expiry: return expiryProblem(text)
    case .email: return looksLikeEmail(text) ? nil : .email
    }
  }

  /// Card numbers: digits and spaces only, 12 to 19 digits, and the Luhn checksum (from the
  /// right, every second digit doubled, 9 subtracted above 9; the sum must end in 0).
  package static func cardNumberProblem(_ text: String) -> FieldProblem? {
    var digits: [Int] = []
    for byte in text.utf8 {
      if byte == UInt8(ascii: " ") { continue }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .cardCharacters }
      digits.append(Int(byte - UInt8(ascii: "0")))
    }
    guard (12...19).contains(digits.count) else { return .cardLength(digits: digits.count) }
    var sum = 0
    for (position, digit) in digits.reversed().enumerated() {
      if position % 2 == 1 {
        let doubled = digit * 2
        sum += doubled > 9 ? doubled - 9 : doubled
      } else {
        sum += digit
      }
    }
    return sum % 10 == 0 ? nil : .cardChecksum
  }

  /// Expiry dates: exactly `MM/YY`, the month from 01 to 12.
  package static func expiryProblem(_ text: String) -> FieldProblem? {
    let bytes = Array(text.utf8)
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    guard bytes.count == 5, isDigit(bytes[0]), isDigit(bytes[1]), bytes[2] == UInt8(ascii: "/"),
      isDigit(bytes[3]), isDigit(bytes[4])
    else { return .expiryFormat }
    let month = Int(bytes[0] - UInt8(ascii: "0")) * 10 + Int(bytes[1] - UInt8(ascii: "0"))
    return (1...12).contains(month) ? nil : .expiryMonth
  }

  /// E-mail addresses: one `@` with text before it, and after it a domain of at least two
  /// non-empty dot-separated labels whose last has two or more characters; no spaces or
  /// control characters anywhere.
  package static func looksLikeEmail(_ text: String) -> Bool {
    guard
      !text.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
      })
    else { return false }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let last = labels.last else {
      return false
    }
    return last.count >= 2
  }
}
