import StepFlowJSON
import StepFlowText

/// The value of a field: what the person typed, chose, confirmed or rated.
public enum FieldValue: Hashable, Sendable {
  /// A text field's text.
  case text(String)
  /// The id of the chosen option.
  case choice(String)
  /// A confirm field's yes (`true`) or no.
  case bool(Bool)
  /// A rating's number of stars.
  case number(Int)

  /// The value as it goes into the result's `answers` object: text and choices as strings,
  /// confirms as booleans, ratings as numbers.
  public var answer: FieldAnswer {
    switch self {
    case .text(let text): return .string(text)
    case .choice(let id): return .string(id)
    case .bool(let flag): return .bool(flag)
    case .number(let n): return .number(n)
    }
  }

  /// The value as messages quote it: `"Oslo"`, `"card"`, `yes`, `3`.
  package var describedForMessages: String {
    switch self {
    case .text(let text): return "\"\(text)\""
    case .choice(let id): return "\"\(id)\""
    case .bool(let flag): return flag ? "yes" : "no"
    case .number(let n): return String(n)
    }
  }
}

/// A field's answer as a JSON value: a string, a boolean or a number.
public enum FieldAnswer: Hashable, Sendable {
  case string(String)
  case bool(Bool)
  case number(Int)
}

extension FieldSpec {
  /// Reads a value from text, as `set FIELD=VALUE` gives it.
  ///
  /// - text: the text as it is (empty text empties the field);
  /// - confirm: `yes`, `no`, `y`, `n`, `true`, `false`, ignoring case;
  /// - rating: a whole number from 1 to the number of stars;
  /// - choice: an option id or title, ignoring case, with a did-you-mean for typos.
  ///
  /// The value is not validated against the field's rules here; ``validate(_:)`` does that.
  /// - Returns: the value, or a ``FieldError`` that names the field and the accepted values.
  public func parseValue(_ text: String) -> Result<FieldValue, FieldError> {
    let trimmed = Self.trimmed(text)
    switch kind {
    case .text:
      return .success(.text(text))
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
      let lower = trimmed.lowercased()
      if let option = options.first(where: { $0.id.lowercased() == lower })
        ?? options.first(where: { $0.title.lowercased() == lower })
      {
        return .success(.choice(option.id))
      }
      let suggestion = Suggestions.closest(
        to: trimmed, in: options.map(\.id) + options.map(\.title))
      return .failure(
        error(.unknownOption(text, suggestion: suggestion, options: options.map(\.id))))
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

extension FieldValue {
  /// The answer as a JSON value: a string, a boolean or a number.
  package var jsonValue: JSONValue {
    switch answer {
    case .string(let text): return .string(text)
    case .bool(let yes): return .bool(yes)
    case .number(let n): return .int(n)
    }
  }
}
