import StepFlowJSON

extension FieldSpec {
  /// Checks a value against the field's rules; `nil` when it is valid.
  ///
  /// An empty value (`nil`, or text of only spaces) is valid unless the field is `required`; the
  /// other rules apply only to a value that is there. Text is checked in this order: `min` and
  /// `max` length (in characters, i.e. graphemes), the built-in `check`, then the `pattern`,
  /// which must match the whole text. A required confirm field must be yes; a rating must lie
  /// within `min`…`max`.
  /// - Complexity: O(n) in the text's length; with a `pattern`, O(n × m) for its program of m
  ///   instructions, and never more than the field's share of ``FieldPattern/actionBudget``
  ///   steps: a text longer than ``patternTextLimit`` is refused as too long without being
  ///   matched.
  package func validate(_ value: FieldValue?) -> FieldError? {
    validate(value, matchingPattern: true)
  }

  /// ``validate(_:)``, leaving out the `pattern` when `matchingPattern` is `false`.
  package func validate(_ value: FieldValue?, matchingPattern: Bool) -> FieldError? {
    guard let value, !Self.isBlank(value) else { return required ? error(.required) : nil }
    switch value {
    case .text(let text):
      return validateText(text, matchingPattern: matchingPattern)
    case .bool(let yes):
      return required && !yes ? error(.mustBeYes) : nil
    case .number(let n):
      if let min, n < min { return error(.belowMinimum(min)) }
      if let max, n > max { return error(.aboveMaximum(max)) }
      return nil
    case .choice:
      return nil
    }
  }

  /// Whether a value is text of nothing but whitespace.
  package static func isBlank(_ value: FieldValue) -> Bool {
    guard case .text(let text) = value else { return false }
    return text.allSatisfy(\.isWhitespace)
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
