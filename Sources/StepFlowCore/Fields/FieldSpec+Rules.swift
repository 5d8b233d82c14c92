import StepFlowText

extension FieldSpec {
  /// Whether `id` can name a field: non-empty ASCII letters, digits, `_`, `-` and `.`.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty
      && id.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D || byte == 0x2E
      }
  }

  /// Whether `name` can name an environment variable: ASCII letters, digits and `_`, not
  /// starting with a digit.
  public static func isValidEnvironmentName(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
    return name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
  }

  /// A value in the form the kind keeps: a whole number given to a number field with
  /// decimals becomes a decimal at its places; a decimal given to a whole-number field that
  /// is a whole number becomes one; multichoice ids come in option order, each once.
  package static func normalized(_ value: FieldValue, for kind: FieldKind) -> FieldValue {
    switch (kind, value) {
    case (.number(let rules), .number(let n)) where rules.decimals > 0:
      return DecimalValue(n).rescaled(to: rules.decimals).map(FieldValue.decimal) ?? value
    case (.number(let rules), .decimal(let d)):
      guard let scaled = d.rescaled(to: rules.decimals) else { return value }
      return rules.decimals == 0 ? .number(scaled.units) : .decimal(scaled)
    case (.multichoice(let options), .choices(let ids)):
      let wanted = Set(ids)
      let ordered = options.map(\.id).filter { wanted.contains($0) }
      // Ids that are no option stay at the end, so that a check can name them.
      return .choices(ordered + ids.filter { id in !options.contains { $0.id == id } })
    default:
      return value
    }
  }

  func checkRules() throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    let isText: Bool
    if case .text = kind { isText = true } else { isText = false }
    if !isText {
      if pattern != nil { throw fail(.ruleNotApplicable(rule: "pattern", kind: kind.name)) }
      if check != nil { throw fail(.ruleNotApplicable(rule: "check", kind: kind.name)) }
      if commandCheck != nil {
        throw fail(.ruleNotApplicable(rule: "validate", kind: kind.name))
      }
    }
    switch kind {
    case .choice, .multichoice: break
    default:
      if optionsSource != nil {
        throw fail(.ruleNotApplicable(rule: "optionsFrom", kind: kind.name))
      }
    }
    if patternMessage != nil, pattern == nil { throw fail(.patternMessageWithoutPattern) }
    func noCounts() throws(FieldSpecError) {
      if min != nil { throw fail(.ruleNotApplicable(rule: "min", kind: kind.name)) }
      if max != nil { throw fail(.ruleNotApplicable(rule: "max", kind: kind.name)) }
    }
    switch kind {
    case .text(_, let secure, let lines):
      if let min, min < 0 {
        throw fail(.boundOutOfRange(rule: "min", value: min, lowest: 0, highest: nil))
      }
      if let max, max < 1 {
        throw fail(.boundOutOfRange(rule: "max", value: max, lowest: 1, highest: nil))
      }
      guard (1...FieldSpec.maxLines).contains(lines) else {
        throw fail(
          .boundOutOfRange(rule: "lines", value: lines, lowest: 1, highest: FieldSpec.maxLines))
      }
      if secure, lines > 1 { throw fail(.secureMultiline) }
    case .number(let rules):
      try noCounts()
      try checkNumberRules(rules)
    case .choice(let options, _):
      try noCounts()
      if optionsSource == nil || !options.isEmpty { try checkOptions(options) }
    case .multichoice(let options):
      if optionsSource == nil || !options.isEmpty { try checkOptions(options) }
      for (rule, value) in [("min", min), ("max", max)] {
        let most = optionsSource == nil ? options.count : Int.max
        if let value, !(0...most).contains(value) {
          throw fail(
            .boundOutOfRange(
              rule: rule, value: value, lowest: 0,
              highest: optionsSource == nil ? options.count : nil))
        }
      }
    case .confirm, .path:
      try noCounts()
      if case .path(let rules) = kind {
        for ending in rules.extensions
        where ending.count < 2 || !ending.hasPrefix(".") || ending.contains("/") {
          throw fail(.invalidExtension(ending))
        }
      }
    case .date(let rules):
      try noCounts()
      if case .date(let low)? = rules.min, case .date(let high)? = rules.max, low > high {
        throw fail(.rangeReversed(min: low.description, max: high.description))
      }
    case .rating(let stars):
      guard (1...10).contains(stars) else { throw fail(.ratingMaxOutOfRange(stars)) }
      for (rule, value) in [("min", min), ("max", max)] {
        if let value, !(1...stars).contains(value) {
          throw fail(.boundOutOfRange(rule: rule, value: value, lowest: 1, highest: stars))
        }
      }
    }
    if let min, let max, min > max { throw fail(.minAboveMax(min: min, max: max)) }
  }

  /// The most rows a multi-line text field may show.
  public static let maxLines = 50

  private func checkOptions(_ options: [ChoiceOption]) throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    guard !options.isEmpty else { throw fail(.noOptions) }
    var seen: Set<String> = []
    seen.reserveCapacity(options.count)
    for option in options {
      guard !option.id.isEmpty else { throw fail(.emptyOptionID) }
      guard seen.insert(option.id).inserted else { throw fail(.duplicateOption(option.id)) }
    }
    guard options.contains(where: { !$0.isDisabled }) else { throw fail(.noEnabledOption) }
  }

  private func checkNumberRules(_ rules: NumberRules) throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    guard (0...NumberRules.maxDecimals).contains(rules.decimals) else {
      throw fail(
        .boundOutOfRange(
          rule: "decimals", value: rules.decimals, lowest: 0, highest: NumberRules.maxDecimals))
    }
    for (rule, value) in [("min", rules.min), ("max", rules.max), ("step", rules.step)] {
      guard let value else { continue }
      if value.rescaled(to: rules.decimals) == nil {
        throw fail(
          .moreDecimalsThanAllowed(rule: rule, value: value.description, decimals: rules.decimals))
      }
    }
    guard rules.step > DecimalValue(0) else {
      throw fail(.stepNotPositive(rules.step.description))
    }
    if let low = rules.min, let high = rules.max, low > high {
      throw fail(.rangeReversed(min: low.description, max: high.description))
    }
  }

  func checkDefault(_ value: FieldValue, matching: Bool) throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    switch (kind, value) {
    case (.text, .text), (.confirm, .bool), (.rating, .number), (.path, .text):
      break
    case (.number(let rules), .number):
      guard rules.decimals == 0 else {
        throw fail(.defaultKindMismatch(kind: kind.name, value: value))
      }
    case (.number(let rules), .decimal(let d)):
      guard d.places == rules.decimals, rules.decimals > 0 else {
        throw fail(
          .moreDecimalsThanAllowed(rule: "default", value: d.description, decimals: rules.decimals))
      }
    case (.date(let rules), .text(let text)):
      if case .failure = DateTimeValue.parse(text, time: rules.time), !Template.hasFields(text) {
        throw fail(.invalidDefault(message: FieldError.dateFormatHint(time: rules.time)))
      }
    case (.choice(let options, _), .choice(let optionID)):
      guard let option = options.first(where: { $0.id == optionID }) else {
        throw fail(
          .unknownDefaultOption(
            optionID, suggestion: Suggestions.closest(to: optionID, in: options.map(\.id))))
      }
      if option.isDisabled { throw fail(.defaultOptionDisabled(optionID)) }
    case (.multichoice(let options), .choices(let ids)):
      for optionID in ids {
        guard let option = options.first(where: { $0.id == optionID }) else {
          throw fail(
            .unknownDefaultOption(
              optionID, suggestion: Suggestions.closest(to: optionID, in: options.map(\.id))))
        }
        if option.isDisabled { throw fail(.defaultOptionDisabled(optionID)) }
      }
    default:
      throw fail(.defaultKindMismatch(kind: kind.name, value: value))
    }
    if case .rating(let stars) = kind, case .number(let n) = value, !(1...stars).contains(n) {
      throw fail(.boundOutOfRange(rule: "default", value: n, lowest: 1, highest: stars))
    }
    // A default made of earlier answers is checked when it is filled in, not here.
    if case .text(let text) = value, Template.hasFields(text) { return }
    if let error = validate(value, in: nil, matchingPattern: matching) {
      throw fail(.invalidDefault(message: error.message))
    }
  }
}
