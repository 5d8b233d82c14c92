/// What is wrong with a field's value, or with text given for it.
public enum FieldProblem: Hashable, Sendable {
  /// A required field has no value.
  case required
  /// A required confirm field is answered no.
  case mustBeYes
  /// The text does not match the field's pattern; `message` is the spec's `patternMessage`.
  case patternMismatch(pattern: String, message: String?)
  /// The text has fewer characters than `min`.
  case tooShort(min: Int)
  /// The text has more characters than `max`.
  case tooLong(max: Int)
  /// A rating below `min`.
  case belowMinimum(Int)
  /// A rating above `max`.
  case aboveMaximum(Int)
  /// A card number has characters other than digits and spaces.
  case cardCharacters
  /// A card number has `digits` digits, not 12 to 19.
  case cardLength(digits: Int)
  /// A card number's Luhn checksum fails.
  case cardChecksum
  /// An expiry date is not `MM/YY`.
  case expiryFormat
  /// An expiry date's month is not 01 to 12.
  case expiryMonth
  /// The text does not look like an e-mail address.
  case email
  /// `set` gave a confirm field something other than yes or no.
  case notYesOrNo(String)
  /// `set` gave a rating something other than a number from 1 to `max`.
  case notARating(String, max: Int)
  /// `set` gave a choice field text that is no option's id or title.
  case unknownOption(String, suggestion: String?, options: [String])
  /// A value of the wrong type for the field (a number for a text field).
  case wrongKind(expected: String, got: FieldValue)
  /// No field has the given id.
  case unknownField(suggestion: String?, fields: [String])
  /// `type` was used with no field to type into.
  case noField
}

/// A problem with one field, worded for people: the message names the field by its label.
///
/// `Name is required`, `E-mail: must look like name@example.com`,
/// `Card number: the checksum is wrong — check the digits`.
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field's id (for an unknown field: the id that was asked for).
  public var fieldID: String
  /// The field's label (empty for an unknown field).
  public var label: String
  /// What is wrong.
  public var problem: FieldProblem

  /// A problem of the field `fieldID`, called `label` on screen.
  public init(fieldID: String, label: String, problem: FieldProblem) {
    self.fieldID = fieldID
    self.label = label
    self.problem = problem
  }

  /// The message, as the screen shows it.
  public var description: String { message }

  /// The message with ASCII punctuation when `glyphs` is the ASCII set (` — ` becomes ` - `).
  public func message(for glyphs: Glyphs) -> String {
    guard glyphs.style == .ascii else { return message }
    var out = ""
    for character in message {
      out.append(character == "—" ? "-" : character)
    }
    return out
  }

  /// The whole message, starting with the field's label.
  public var message: String {
    switch problem {
    case .required:
      return "\(label) is required"
    case .unknownField(let suggestion, let fields):
      let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
      let known =
        fields.isEmpty ? "this step has no fields" : "fields: " + fields.joined(separator: ", ")
      return "no field \"\(fieldID)\"\(hint); \(known)"
    case .noField:
      return "there is no field to type into on this step"
    default:
      return "\(label): \(detail)"
    }
  }

  /// The message after `Label: `.
  public var detail: String {
    switch problem {
    case .required: return "is required"
    case .mustBeYes: return "must be yes"
    case .patternMismatch(let pattern, let message): return message ?? "must match \(pattern)"
    case .tooShort(let min): return "must be at least \(Self.characters(min))"
    case .tooLong(let max): return "must be at most \(Self.characters(max))"
    case .belowMinimum(let min): return "must be at least \(min)"
    case .aboveMaximum(let max): return "must be at most \(max)"
    case .cardCharacters: return "must contain only digits and spaces"
    case .cardLength(let digits): return "must have 12 to 19 digits (it has \(digits))"
    case .cardChecksum: return "the checksum is wrong — check the digits"
    case .expiryFormat: return "must look like MM/YY"
    case .expiryMonth: return "the month must be 01 to 12"
    case .email: return "must look like name@example.com"
    case .notYesOrNo(let text): return "expected yes or no, got \"\(text)\""
    case .notARating(let text, let max):
      return "expected a whole number from 1 to \(max), got \"\(text)\""
    case .unknownOption(let text, let suggestion, let options):
      let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
      return "\"\(text)\" is not an option\(hint); options: " + options.joined(separator: ", ")
    case .wrongKind(let expected, let got):
      return "expected \(expected), got \(got.describedForMessages)"
    case .unknownField: return "no such field"
    case .noField: return "no field to type into"
    }
  }

  private static func characters(_ n: Int) -> String {
    n == 1 ? "1 character" : "\(n) characters"
  }
}
