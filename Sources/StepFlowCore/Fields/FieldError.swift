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
  /// Text given to a number field that is not a number (`90a0`).
  case notANumber(String, decimals: Int)
  /// A number with more decimals than the field has.
  case tooManyDecimals(String, decimals: Int)
  /// A number too large to hold exactly.
  case numberTooLarge(String)
  /// A number outside the field's range (the bounds as written; `nil`: none that side).
  case outOfRange(lowest: String?, highest: String?)
  /// Text given to a date field that is not `YYYY-MM-DD` (`YYYY-MM-DD HH:MM`).
  case notADate(String, time: Bool)
  /// A date typed in part (`2025-03-__`).
  case incompleteDate(String)
  /// A date written right that does not exist (`2025-02-30`), and why.
  case noSuchDate(String, reason: String)
  /// A date outside the field's range (`nil`: none that side; `today` already resolved).
  case dateOutOfRange(lowest: String?, highest: String?)
  /// Fewer options selected than a multichoice's `min`.
  case tooFewChoices(min: Int)
  /// More options selected than a multichoice's `max`.
  case tooManyChoices(max: Int)
  /// An option that cannot be picked; `reason` says why.
  case optionDisabled(String, reason: String)
  /// A path that must exist does not.
  case pathMissing(String)
  /// A path names the wrong kind of thing (a folder for a file field, a FIFO); it was not
  /// opened.
  case pathKind(String, found: FileKind, wanted: PathRules.Kind)
  /// A file's name does not end with one of the field's extensions.
  case pathExtension(String, extensions: [String])
  /// A JSON answer of the wrong type (`--answers`, a state file).
  case wrongJSON(expected: String, found: String)
  /// No field has the given id.
  case unknownField(suggestion: String?, fields: [String])
  /// `type` was used with no field to type into.
  case noField
  /// The program's own check refused the value (``FieldValidator``, ``StepCheck``): its words,
  /// after the label.
  case custom(String)
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
    case .notANumber(let text, let decimals):
      let kind = decimals == 0 ? "a whole number" : "a number"
      return "must be \(kind), not \"\(Self.shortened(text))\""
    case .tooManyDecimals(let text, let decimals):
      let allowed =
        decimals == 0 ? "a whole number" : "at most \(decimals) decimal\(decimals == 1 ? "" : "s")"
      return "must be \(allowed), not \"\(Self.shortened(text))\""
    case .numberTooLarge(let text):
      return "\"\(Self.shortened(text))\" is too large a number"
    case .outOfRange(let lowest?, let highest?):
      return "must be between \(lowest) and \(highest)"
    case .outOfRange(let lowest?, nil): return "must be at least \(lowest)"
    case .outOfRange(nil, let highest?): return "must be at most \(highest)"
    case .outOfRange(nil, nil): return "is out of range"
    case .notADate(let text, let time):
      return "\(Self.dateFormatHint(time: time)), not \"\(Self.shortened(text))\""
    case .incompleteDate(let text): return "the date \(text) is not complete"
    case .noSuchDate(let text, let reason):
      return "\(Self.shortened(text)) is not a date: \(reason)"
    case .dateOutOfRange(let lowest?, let highest?):
      return "must be from \(lowest) to \(highest)"
    case .dateOutOfRange(let lowest?, nil): return "must be \(lowest) or later"
    case .dateOutOfRange(nil, let highest?): return "must be \(highest) or earlier"
    case .dateOutOfRange(nil, nil): return "is out of range"
    case .tooFewChoices(let min):
      return min == 1 ? "choose at least one" : "choose at least \(min)"
    case .tooManyChoices(let max):
      return max == 1 ? "choose at most one" : "choose at most \(max)"
    case .optionDisabled(let title, let reason):
      return "\"\(title)\" cannot be chosen: \(reason)"
    case .pathMissing(let path): return "\(Self.shortened(path)) does not exist"
    case .pathKind(let path, let found, let wanted):
      let expected: String
      switch wanted {
      case .file: expected = "a file"
      case .directory: expected = "a folder"
      case .any: expected = "a file or a folder"
      }
      return "\(Self.shortened(path)) is \(found.described), not \(expected)"
    case .pathExtension(_, let extensions):
      return "must end with " + Self.orList(extensions)
    case .wrongJSON(let expected, let found):
      return "must be \(expected), found \(found)"
    case .unknownField: return "no such field"
    case .noField: return "no field to type into"
    case .custom(let message): return message
    }
  }

  /// How a date is written: `must be a date YYYY-MM-DD`.
  package static func dateFormatHint(time: Bool) -> String {
    time ? "must be a date and time YYYY-MM-DD HH:MM" : "must be a date YYYY-MM-DD"
  }

  /// Quoted text cut to 40 characters: a huge paste does not make a huge message.
  private static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(39)) + "…"
  }

  /// `.json`, `.json or .yaml`, `.a, .b or .c`.
  private static func orList(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + last
  }

  private static func characters(_ n: Int) -> String {
    n == 1 ? "1 character" : "\(n) characters"
  }
}
