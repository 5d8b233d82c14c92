import StepFlowJSON
import StepFlowText

/// The value of a field: what the person typed, chose, confirmed or rated.
public enum FieldValue: Hashable, Sendable {
  /// A text field's text (one line or several), a path as entered, a date as ISO text
  /// (`2025-03-14`, `2025-03-14 09:30`).
  case text(String)
  /// The id of the chosen option.
  case choice(String)
  /// A multichoice field's chosen option ids, in the options' order.
  case choices([String])
  /// A confirm field's yes (`true`) or no.
  case bool(Bool)
  /// A rating's number of stars, or a number field's whole number.
  case number(Int)
  /// A number field's value when it has decimals: exact, never a `Double`.
  case decimal(DecimalValue)

  /// The value as it goes into the result's `answers` object: text and choices as strings,
  /// multichoice as an array of ids, confirms as booleans, numbers as numbers.
  public var answer: FieldAnswer {
    switch self {
    case .text(let text): return .string(text)
    case .choice(let id): return .string(id)
    case .choices(let ids): return .strings(ids)
    case .bool(let flag): return .bool(flag)
    case .number(let n): return .number(n)
    case .decimal(let d): return .decimal(d)
    }
  }

  /// The value as data, the way a command line or `--output text` takes it: text as it is,
  /// an option's id, `true`/`false`, ids joined by commas (`swift,go`), a number's digits.
  ///
  /// The *as data* renderer of a ``Template``.
  public var dataText: String {
    switch self {
    case .text(let text), .choice(let text): return text
    case .choices(let ids): return ids.joined(separator: ",")
    case .bool(let yes): return yes ? "true" : "false"
    case .number(let n): return String(n)
    case .decimal(let d): return d.description
    }
  }

  /// The value as messages quote it: `"Oslo"`, `"card"`, `yes`, `3`, `["swift", "go"]`.
  package var describedForMessages: String {
    switch self {
    case .text(let text): return "\"\(text)\""
    case .choice(let id): return "\"\(id)\""
    case .choices(let ids): return "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    case .bool(let flag): return flag ? "yes" : "no"
    case .number(let n): return String(n)
    case .decimal(let d): return d.description
    }
  }

  /// The answer as a JSON value: a string, an array of strings, a boolean or a number (a
  /// decimal written exactly, `9.50`).
  package var jsonValue: JSONValue {
    switch self {
    case .text(let text), .choice(let text): return .string(text)
    case .choices(let ids): return .array(ids.map(JSONValue.string))
    case .bool(let yes): return .bool(yes)
    case .number(let n): return .int(n)
    case .decimal(let d): return d.jsonValue
    }
  }
}

/// A field's answer as a JSON value: a string, strings, a boolean or a number.
public enum FieldAnswer: Hashable, Sendable {
  case string(String)
  /// A multichoice field's option ids.
  case strings([String])
  case bool(Bool)
  case number(Int)
  /// An exact decimal (a number field with decimals).
  case decimal(DecimalValue)
}

extension FieldSpec {
  /// Reads a value from text, as `set FIELD=VALUE` gives it.
  ///
  /// - text, path: the text as it is (empty text empties the field);
  /// - number: `9000`, `-3`, `9.5` (at most the field's decimals; `1e3` too), within `Int`;
  /// - date: `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM` for a field with a time, a day that exists;
  /// - confirm: `yes`, `no`, `y`, `n`, `true`, `false`, ignoring case;
  /// - rating: a whole number from 1 to the number of stars;
  /// - choice: an option id or title, ignoring case, with a did-you-mean for typos;
  /// - multichoice: option ids or titles separated by commas (`swift,go`; empty: none).
  ///
  /// The value is not validated against the field's rules here (a number's range, a path's
  /// existence); ``validate(_:in:)`` does that. A disabled option is refused here.
  /// - Returns: the value, or a ``FieldError`` that names the field and the accepted values.
  public func parseValue(_ text: String) -> Result<FieldValue, FieldError> {
    let trimmed = Self.trimmed(text)
    switch kind {
    case .text, .path:
      return .success(.text(text))
    case .number(let rules):
      return parseNumber(trimmed, rules: rules)
    case .date(let rules):
      switch DateTimeValue.parse(trimmed, time: rules.time) {
      case .success(let value): return .success(.text(value.description))
      case .failure(let problem):
        return .failure(error(Self.dateProblem(problem, text: text, time: rules.time)))
      }
    case .confirm:
      switch trimmed.lowercased() {
      case "yes", "y", "true": return .success(.bool(true))
      case "no", "n", "false": return .success(.bool(false))
      default: return .failure(error(.notYesOrNo(text)))
      }
    case .rating(let stars):
      guard let n = Int(trimmed), (1...stars).contains(n) else {
        return .failure(error(.notARating(text, max: stars)))
      }
      return .success(.number(n))
    case .choice(let options, _):
      return option(named: trimmed, as: text, in: options).map { .choice($0.id) }
    case .multichoice(let options):
      var ids: [String] = []
      for part in trimmed.split(separator: ",", omittingEmptySubsequences: true) {
        let name = Self.trimmed(String(part))
        guard !name.isEmpty else { continue }
        switch option(named: name, as: name, in: options) {
        case .success(let option): if !ids.contains(option.id) { ids.append(option.id) }
        case .failure(let error): return .failure(error)
        }
      }
      return .success(Self.normalized(.choices(ids), for: kind))
    }
  }

  /// The option a name stands for: an id, else a title, ignoring case; not a disabled one.
  private func option(named name: String, as typed: String, in options: [ChoiceOption]) -> Result<
    ChoiceOption, FieldError
  > {
    // Options still to come from a command: any id, checked once they are known.
    if awaitsOptions { return .success(ChoiceOption(name, name)) }
    let lower = name.lowercased()
    guard
      let option = options.first(where: { $0.id.lowercased() == lower })
        ?? options.first(where: { $0.title.lowercased() == lower })
    else {
      let suggestion = Suggestions.closest(
        to: name, in: options.map(\.id) + options.map(\.title))
      return .failure(
        error(.unknownOption(typed, suggestion: suggestion, options: options.map(\.id))))
    }
    if let reason = option.disabledReason {
      return .failure(error(.optionDisabled(option.title, reason: reason)))
    }
    return .success(option)
  }

  /// A number as a number field keeps it: whole, or a decimal at the field's places.
  package func parseNumber(_ text: String, rules: NumberRules) -> Result<FieldValue, FieldError> {
    switch DecimalValue.parse(text, places: rules.decimals) {
    case .success(let value):
      return .success(rules.decimals == 0 ? .number(value.units) : .decimal(value))
    case .failure(.notANumber): return .failure(error(.notANumber(text, decimals: rules.decimals)))
    case .failure(.tooManyDecimals):
      return .failure(error(.tooManyDecimals(text, decimals: rules.decimals)))
    case .failure(.tooLarge): return .failure(error(.numberTooLarge(text)))
    }
  }

  /// A date's parse problem as a field problem.
  package static func dateProblem(_ problem: DateTimeValue.ParseProblem, text: String, time: Bool)
    -> FieldProblem
  {
    switch problem {
    case .format: return .notADate(text, time: time)
    case .noSuchMonth: return .noSuchDate(text, reason: "the month must be 01 to 12")
    case .noSuchTime:
      return .noSuchDate(text, reason: "the time must be 00:00 to 23:59")
    case .noSuchDay(let days):
      return .noSuchDate(text, reason: "that month has \(days) days")
    }
  }

  /// Reads an answer from JSON, as `--answers` and `--state` files hold it: a string for text,
  /// paths and dates; a string naming an option for a choice; an array of strings (or one
  /// string, comma-separated) for a multichoice; `true`/`false` for a confirm; a number for
  /// numbers and ratings (a number field also takes a string of digits).
  /// - Returns: the value, or a ``FieldError`` — ``FieldProblem/wrongJSON(expected:found:)``
  ///   for a value of the wrong JSON type.
  package func value(fromJSON json: JSONValue) -> Result<FieldValue, FieldError> {
    func wrong(_ expected: String) -> Result<FieldValue, FieldError> {
      .failure(error(.wrongJSON(expected: expected, found: json.kindDescription)))
    }
    switch (kind, json) {
    case (.text, .string(let s)), (.path, .string(let s)), (.date, .string(let s)),
      (.choice, .string(let s)), (.multichoice, .string(let s)):
      return parseValue(s)
    case (.multichoice(let options), .array(let items)):
      var ids: [String] = []
      for item in items {
        guard case .string(let name) = item else { return wrong("an array of option ids") }
        switch option(named: Self.trimmed(name), as: name, in: options) {
        case .success(let option): if !ids.contains(option.id) { ids.append(option.id) }
        case .failure(let error): return .failure(error)
        }
      }
      return .success(Self.normalized(.choices(ids), for: kind))
    case (.confirm, .bool(let yes)):
      return .success(.bool(yes))
    case (.rating, .number(let n)):
      return parseValue(n.int.map(String.init) ?? n.literal)
    case (.number(let rules), .number(let n)):
      if rules.decimals == 0, let whole = n.int { return .success(.number(whole)) }
      return parseNumber(n.literal, rules: rules)
    case (.number, .string(let s)):
      return parseValue(s)
    default:
      switch kind {
      case .text, .path: return wrong("a string")
      case .date(let rules):
        return wrong(rules.time ? "a string YYYY-MM-DD HH:MM" : "a string YYYY-MM-DD")
      case .choice: return wrong("a string naming an option")
      case .multichoice: return wrong("an array of option ids")
      case .confirm: return wrong("true or false")
      case .rating: return wrong("a whole number")
      case .number(let rules): return wrong(rules.decimals == 0 ? "a whole number" : "a number")
      }
    }
  }

  /// The value as a person reads it: an option's title, titles joined by `, `, `yes`/`no`,
  /// `3 of 5` for a rating, a number as written, text and paths as they are, a date with its
  /// weekday; a secure text as dots, a card number as its last four digits.
  ///
  /// The *as read* renderer of a ``Template`` and the summary's.
  public func readableText(_ value: FieldValue) -> String {
    switch (value, kind) {
    case (.text(let text), .text(_, let secure, _)):
      if secure { return String(repeating: "•", count: Swift.min(8, text.count)) }
      if check == .luhn {
        let digits = text.filter(\.isNumber)
        return "card ending " + String(digits.suffix(4))
      }
      return text
    case (.text(let text), .date(let rules)):
      guard case .success(let date) = DateTimeValue.parse(text, time: rules.time) else {
        return text
      }
      return date.description + " (" + date.date.weekdayName + ")"
    case (.choice(let id), _):
      return kind.options.first { $0.id == id }?.title ?? id
    case (.choices(let ids), _):
      let options = kind.options
      return ids.map { id in options.first { $0.id == id }?.title ?? id }.joined(separator: ", ")
    case (.bool(let yes), _): return yes ? "yes" : "no"
    case (.number(let n), .rating(let max)): return "\(n) of \(max)"
    default: return value.dataText
    }
  }

  /// A ``FieldError`` about this field.
  package func error(_ problem: FieldProblem) -> FieldError {
    FieldError(fieldID: id, label: label, problem: problem)
  }

  /// Text without the spaces and tabs around it.
  package static func trimmed(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
    return String(slice)
  }
}
