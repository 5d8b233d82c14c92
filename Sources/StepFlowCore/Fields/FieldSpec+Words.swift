extension FieldSpec {
  /// The field's rules in words, in the order a person meets them — `required`, `3 to 16
  /// characters`, `from 1 to 50`, `YYYY-MM-DD` — as `stepflow help WIZARD` lists them.
  ///
  /// Plain mode says only the shorter part a question needs (``requiredWords``, ``lengthWords``,
  /// ``NumberRules/rangeWords``, ``DateRules/formatWords``) and names the rest when an answer
  /// breaks it.
  ///
  /// Only what the value must be: a list's options, a default and the way an answer is typed
  /// are each caller's to say (a help page lists the options, a question numbers them).
  package var ruleWords: [String] {
    var rules = [requiredWords].compactMap { $0 }
    switch kind {
    case .text:
      if let lengthWords { rules.append(lengthWords) }
      if let pattern { rules.append(patternMessage ?? "must match \(pattern)") }
      switch check {
      case .email?: rules.append("an e-mail address (name@example.com)")
      case .luhn?: rules.append("a card number (12–19 digits)")
      case .expiry?: rules.append("a card expiry MM/YY")
      case nil: break
      }
    case .number(let number):
      if let range = number.rangeWords { rules.append(range) }
      if number.step != DecimalValue(units: 1, places: number.decimals) {
        rules.append("in steps of \(number.step)")
      }
      if number.decimals > 0 {
        rules.append(
          number.decimals == 1
            ? "1 digit after the point" : "\(number.decimals) digits after the point")
      }
    case .rating(let max):
      rules.append("1 to \(max)")
    case .path(let path):
      var what = path.kind == .file ? "a file" : path.kind == .directory ? "a folder" : "a path"
      if path.mustExist { what += " that exists" }
      if !path.extensions.isEmpty { what += " ending " + path.extensions.joined(separator: " or ") }
      rules.append(what)
    case .date(let date):
      rules.append(date.formatWords)
      func bound(_ b: DateRules.Bound) -> String {
        switch b {
        case .date(let day): return day.description
        case .today: return "today"
        }
      }
      switch (date.min, date.max) {
      case (let low?, let high?): rules.append("from \(bound(low)) to \(bound(high))")
      case (let low?, nil): rules.append("from \(bound(low)) on")
      case (nil, let high?): rules.append("until \(bound(high))")
      case (nil, nil): break
      }
    case .choice, .multichoice, .confirm:
      break
    }
    return rules
  }

  /// `required`, or `must be yes` for a confirm that must be ticked; `nil` for an optional field.
  package var requiredWords: String? {
    guard required else { return nil }
    return kind == .confirm ? "must be yes" : "required"
  }

  /// A text's length rule in words (`3 to 16 characters`, `at least 8 characters`); `nil`
  /// when it has none.
  package var lengthWords: String? {
    switch (min, max) {
    case (let low?, let high?): return "\(low) to \(high) characters"
    case (let low?, nil): return "at least \(low) characters"
    case (nil, let high?): return "at most \(high) characters"
    case (nil, nil): return nil
    }
  }
}

extension NumberRules {
  /// The range in words: `from 1 to 50`, `at least 1`, `at most 50`; `nil` when unbounded.
  package var rangeWords: String? {
    switch (min, max) {
    case (let low?, let high?): return "from \(low) to \(high)"
    case (let low?, nil): return "at least \(low)"
    case (nil, let high?): return "at most \(high)"
    case (nil, nil): return nil
    }
  }
}

extension DateRules {
  /// How a date is typed: `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM` with a time.
  package var formatWords: String { time ? "YYYY-MM-DD HH:MM" : "YYYY-MM-DD" }
}
