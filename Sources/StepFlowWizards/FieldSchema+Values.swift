import StepFlowCore
import StepFlowJSON
import StepFlowText

// The values inside a field: numbers, date bounds, defaults, and where a problem is written.
extension FieldSchema {
  /// A number of a number field (a bound, the step): exact, with at most `decimals` digits
  /// after the point.
  static func number(
    _ node: JSONNode, key: String, decimals: Int, log o: inout ObjectReader
  ) -> DecimalValue? {
    guard case .number(let n) = node.content else {
      o.report(
        "wrong type: \(quoted(key)) must be a number, found \(node.kindDescription)",
        at: node.location)
      return nil
    }
    switch DecimalValue.parse(n.int.map(String.init) ?? n.literal, places: decimals) {
    case .success(let value): return value
    case .failure(.tooManyDecimals):
      let allowed =
        decimals == 0
        ? "the field takes whole numbers (give \"decimals\" for more)"
        : "the field has \(decimals) decimal\(decimals == 1 ? "" : "s")"
      o.report(
        "wrong value: \(quoted(key)) is \(n.literal), with more decimals than allowed: \(allowed)",
        at: node.location)
    case .failure(.tooLarge):
      o.report("wrong value: \(quoted(key)) is \(n.literal), too large a number", at: node.location)
    case .failure(.notANumber):
      o.report("wrong value: \(quoted(key)) must be a finite number", at: node.location)
    }
    return nil
  }

  /// A date field's bound: `"YYYY-MM-DD"` or `"today"`.
  static func dateBound(_ node: JSONNode, key: String, log o: inout ObjectReader)
    -> DateRules.Bound?
  {
    guard case .string(let text) = node.content else {
      o.report(
        "wrong type: \(quoted(key)) must be a date \"YYYY-MM-DD\" or \"today\", found \(node.kindDescription)",
        at: node.location)
      return nil
    }
    if text == "today" { return .today }
    switch DateTimeValue.parse(text, time: false) {
    case .success(let value): return .date(value.date)
    case .failure(let problem):
      let why: String
      switch problem {
      case .noSuchDay(let days): why = "that month has \(days) days"
      case .noSuchMonth: why = "the month must be 01 to 12"
      default: why = "write a date as \"YYYY-MM-DD\" or \"today\""
      }
      o.report("wrong value: \(quoted(key)) is \(quoted(text)): \(why)", at: node.location)
      return nil
    }
  }

  /// `default: { env: "USER" }`: the environment variable's name.
  static func environmentDefault(_ node: JSONNode, log o: inout ObjectReader) -> String? {
    environmentDefaultSchema.read(node, as: .key("default"), log: &o.log)
  }

  static let environmentDefaultSchema: JSONSchema<String> = JSONSchema<String>.object { d in
    let name = d.required(
      "env",
      JSONSchema<String>.nonEmptyString.documented { document, _ in
        document.adding(["pattern": .string(environmentNamePattern)])
      })
    guard let name else { return nil }
    guard FieldSpec.isValidEnvironmentName(name) else {
      d.report(
        "wrong value: \"env\" must name an environment variable (letters, digits and \"_\")",
        at: d.node("env")?.location ?? d.location)
      return nil
    }
    return name
  }

  /// ``FieldSpec/isValidEnvironmentName(_:)`` as a regular expression.
  static let environmentNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$"

  /// Where a problem of a field spec is written: the key it is about.
  static func location(of problem: FieldSpecError.Problem, in o: ObjectReader)
    -> TextLocation
  {
    let key: String
    switch problem {
    case .invalidID: key = "id"
    case .emptyLabel: key = "label"
    case .invalidPattern, .unsupportedPattern, .patternTooLarge, .patternMessageWithoutPattern:
      key = "pattern"
    case .ruleNotApplicable(let rule, _): key = rule
    case .boundOutOfRange(let rule, _, _, _): key = rule
    case .minAboveMax, .rangeReversed: key = "min"
    case .noOptions, .emptyOptionID, .duplicateOption, .noEnabledOption: key = "options"
    case .ratingMaxOutOfRange: key = "stars"
    case .defaultKindMismatch, .unknownDefaultOption, .invalidDefault, .defaultOptionDisabled,
      .invalidEnvironmentName:
      key = "default"
    case .moreDecimalsThanAllowed(let rule, _, _): key = rule
    case .stepNotPositive: key = "step"
    case .secureMultiline: key = "lines"
    case .invalidExtension: key = "extensions"
    case .duplicateField: key = "id"
    }
    return o.keyLocation(of: key) ?? o.location
  }

  /// A default value of the field's kind: text, an option id (ids for a multichoice),
  /// true/false, a number of stars, a number, a date.
  static func read(_ node: JSONNode, as kind: FieldKind, log o: inout ObjectReader)
    -> FieldValue?
  {
    switch (kind, node.content) {
    case (.text, .string(let text)), (.path, .string(let text)), (.date, .string(let text)):
      return .text(text)
    case (.choice, .string(let id)): return .choice(id)
    case (.multichoice, .array(let items)):
      var ids: [String] = []
      for item in items {
        guard case .string(let id) = item.content else {
          o.report(
            "wrong type: \"default\" must be an array of option ids, found \(item.kindDescription) in it",
            at: item.location)
          return nil
        }
        ids.append(id)
      }
      return .choices(ids)
    case (.confirm, .bool(let yes)): return .bool(yes)
    case (.rating, .number(let n)) where n.int != nil: return .number(n.int ?? 0)
    case (.number(let rules), .number):
      guard let value = number(node, key: "default", decimals: rules.decimals, log: &o) else {
        return nil
      }
      return rules.decimals == 0 ? .number(value.units) : .decimal(value)
    default:
      let expected: String
      switch kind {
      case .text, .path: expected = "a string"
      case .choice: expected = "the id of an option"
      case .multichoice: expected = "an array of option ids"
      case .confirm: expected = "true or false"
      case .rating: expected = "a whole number of stars"
      case .number: expected = "a number"
      case .date(let rules):
        expected = rules.time ? "a date \"YYYY-MM-DD HH:MM\"" : "a date \"YYYY-MM-DD\""
      }
      o.report(
        "wrong type: \"default\" must be \(expected) (or { env: \"NAME\" }), found \(node.kindDescription)",
        at: node.location)
      return nil
    }
  }
}
