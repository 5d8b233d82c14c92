import StepFlowJSON
import Synchronization

/// One option of a choice field: an id for answers and scripts, a title for people.
public struct ChoiceOption: Hashable, Sendable {
  /// What the answer holds and what `set FIELD=VALUE` accepts (`card`).
  public var id: String
  /// What the screen shows (`Card`); `set` accepts it too, ignoring case.
  public var title: String
}

extension ChoiceOption {
  /// An option with an id and a title.
  public init(_ id: String, _ title: String) {
    self.init(id: id, title: title)
  }
}

/// How a choice field lays out its options.
public enum ChoiceStyle: String, Hashable, Sendable, CaseIterable {
  /// One option a row, radio buttons; ↑/↓ move the highlight, Space or a digit selects.
  case list
  /// The options in one row; ←/→ select the neighbour.
  case tabs
}

/// What a field asks for and how it is edited.
public enum FieldKind: Hashable, Sendable {
  /// One line of text; `secure` shows every character as a mask.
  case text(placeholder: String = "", secure: Bool = false)
  /// One of several options.
  case choice(options: [ChoiceOption], style: ChoiceStyle = .list)
  /// Yes or no.
  case confirm
  /// A number of stars from 1 to `max` (at most 10).
  case rating(max: Int)

  /// The kind's name as wizard files spell it: `text`, `choice`, `confirm`, `rating`.
  public var name: String {
    switch self {
    case .text: return "text"
    case .choice: return "choice"
    case .confirm: return "confirm"
    case .rating: return "rating"
    }
  }
}

/// A built-in validator for text fields.
public enum FieldCheck: String, Hashable, Sendable, CaseIterable {
  /// A payment card number: digits and spaces, 12–19 digits, a valid Luhn checksum.
  case luhn
  /// A card expiry date `MM/YY` with a month from 01 to 12.
  case expiry
  /// An e-mail address: `name@domain.tld`, no spaces.
  case email
}

/// The definition of one form field: what it asks, how it is edited and which values are valid.
///
/// A spec is checked when it is built: an invalid regular expression, a rule that does not apply
/// to the kind, or a default that breaks the field's own rules is a ``FieldSpecError``.
///
/// ```swift
/// let postalCode = try FieldSpec(
///   id: "postal_code", label: "Postal code", kind: .text(placeholder: "0150"),
///   required: true, pattern: "[0-9A-Za-z -]+",
///   patternMessage: "must be letters, digits, spaces or dashes",
///   max: 10)
/// ```
public struct FieldSpec: Hashable, Sendable {
  /// The definition's values, shared by every copy: a spec is copied into every form and
  /// field that shows it, and one reference is cheaper to copy than eleven values.
  private final class Storage: Sendable {
    let id: String
    let label: String
    let help: String?
    let kind: FieldKind
    let required: Bool
    let pattern: String?
    let patternMessage: String?
    let min: Int?
    let max: Int?
    let check: FieldCheck?
    let defaultValue: FieldValue?
    /// `pattern`, compiled once.
    let regex: FieldPattern?
    /// The most characters a text may have to be matched against `regex`.
    let patternTextLimit: Int?
    /// The last text matched against `regex` and whether it matched: a screen checks its
    /// touched fields at every frame and Next checks them all again, and none of it matches a
    /// text a second time (the answers a step shows rarely change between two checks).
    let lastMatch = Mutex<(text: String, matched: Bool)?>(nil)

    init(
      id: String, label: String, help: String?, kind: FieldKind, required: Bool,
      pattern: String?, patternMessage: String?, min: Int?, max: Int?, check: FieldCheck?,
      defaultValue: FieldValue?, regex: FieldPattern?, patternTextLimit: Int?
    ) {
      self.id = id
      self.label = label
      self.help = help
      self.kind = kind
      self.required = required
      self.pattern = pattern
      self.patternMessage = patternMessage
      self.min = min
      self.max = max
      self.check = check
      self.defaultValue = defaultValue
      self.regex = regex
      self.patternTextLimit = patternTextLimit
    }

    /// The same definition with another text limit for its pattern.
    func limited(to limit: Int) -> Storage {
      Storage(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: min, max: max, check: check,
        defaultValue: defaultValue, regex: regex, patternTextLimit: limit)
    }
  }

  private let storage: Storage

  /// The key of the answer and the name `set FIELD=VALUE` uses: letters, digits, `_`, `-`, `.`.
  public var id: String { storage.id }
  /// What the field is called on screen and in messages (`E-mail`).
  public var label: String { storage.label }
  /// A short hint shown after the label.
  public var help: String? { storage.help }
  public var kind: FieldKind { storage.kind }
  /// Whether the field must have a value (a confirm field: must be yes).
  public var required: Bool { storage.required }
  /// A regular expression the whole text must match (``FieldPattern``'s subset, matched in
  /// linear time).
  public var pattern: String? { storage.pattern }
  /// What to say when the text does not match `pattern`, after the label (`must be 4 digits`).
  public var patternMessage: String? { storage.patternMessage }
  /// Text: the least number of characters; rating: the least number of stars.
  public var min: Int? { storage.min }
  /// Text: the most characters (typing stops there); rating: the most stars.
  public var max: Int? { storage.max }
  /// A built-in validator (text fields only).
  public var check: FieldCheck? { storage.check }
  /// The value the field starts with.
  public var defaultValue: FieldValue? { storage.defaultValue }
  /// The compiled `pattern`.
  package var regex: FieldPattern? { storage.regex }
  /// The most characters a text may have to be matched against the pattern (a longer one is
  /// refused as too long, unmatched): the pattern's share of ``FieldPattern/actionBudget`` —
  /// all of it for a field on its own, less in a flow with other patterns
  /// (``sharingPatternBudget(instructions:)``).
  package var patternTextLimit: Int? { storage.patternTextLimit }

  /// Whether `text` matches the pattern (`true` without one), matched once for a text checked
  /// again and again (see `Storage.lastMatch`).
  package func patternMatches(_ text: String) -> Bool {
    guard let regex else { return true }
    let known = storage.lastMatch.withLock { last -> Bool? in
      guard let last, last.text == text else { return nil }
      return last.matched
    }
    if let known { return known }
    let matched = regex.matches(text)
    storage.lastMatch.withLock { $0 = (text, matched) }
    return matched
  }

  /// The field as a flow whose patterns have `instructions` instructions in all holds it: its
  /// pattern gets its share of the budget (``FieldPattern/maxTextLength(sharing:)``).
  package func sharingPatternBudget(instructions: Int) -> FieldSpec {
    guard let regex else { return self }
    let limit = regex.maxTextLength(sharing: instructions)
    guard limit != storage.patternTextLimit else { return self }
    return FieldSpec(storage: storage.limited(to: limit))
  }

  private init(storage: Storage) { self.storage = storage }

  public static func == (a: FieldSpec, b: FieldSpec) -> Bool {
    if a.storage === b.storage { return true }
    return a.id == b.id && a.label == b.label && a.help == b.help && a.kind == b.kind
      && a.required == b.required && a.pattern == b.pattern
      && a.patternMessage == b.patternMessage && a.min == b.min && a.max == b.max
      && a.check == b.check && a.defaultValue == b.defaultValue
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(label)
    hasher.combine(kind)
  }

  /// Builds and checks a field definition.
  ///
  /// - Throws: ``FieldSpecError`` naming the field and the problem: a bad id or empty label,
  ///   an invalid `pattern` (with the regex parser's reason), a rule that does not apply to
  ///   the kind, `min` above `max`, a choice without options or with duplicate ids, a rating
  ///   `max` outside 1…10, or a default of the wrong kind or that breaks the field's rules.
  public init(
    id: String, label: String, help: String? = nil, kind: FieldKind, required: Bool = false,
    pattern: String? = nil, patternMessage: String? = nil, min: Int? = nil, max: Int? = nil,
    check: FieldCheck? = nil, default defaultValue: FieldValue? = nil
  ) throws(FieldSpecError) {
    try self.init(
      id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
      patternMessage: patternMessage, min: min, max: max, check: check, default: defaultValue,
      matchingDefault: true)
  }

  /// Builds and checks a field definition; `matchingDefault: false` leaves the default's
  /// `pattern` unmatched (the wizard loader matches every default once the wizard's patterns
  /// are known and share the budget, so that loading stays within it).
  package init(
    id: String, label: String, help: String? = nil, kind: FieldKind, required: Bool = false,
    pattern: String? = nil, patternMessage: String? = nil, min: Int? = nil, max: Int? = nil,
    check: FieldCheck? = nil, default defaultValue: FieldValue? = nil, matchingDefault: Bool
  ) throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    guard FieldSpec.isValidID(id) else { throw fail(.invalidID) }
    guard !label.isEmpty else { throw fail(.emptyLabel) }
    var regex: FieldPattern? = nil
    if let pattern {
      do {
        regex = try FieldPattern(pattern)
      } catch {
        switch error.kind {
        case .invalid: throw fail(.invalidPattern(pattern: pattern, reason: error.reason))
        case .unsupported: throw fail(.unsupportedPattern(pattern: pattern, reason: error.reason))
        case .tooLarge: throw fail(.patternTooLarge(pattern: pattern, reason: error.reason))
        }
      }
    }
    storage = Storage(
      id: id, label: label, help: help.flatMap { $0.isEmpty ? nil : $0 }, kind: kind,
      required: required, pattern: pattern, patternMessage: patternMessage, min: min, max: max,
      check: check,
      // An empty text default is no default: the field starts empty either way.
      defaultValue: defaultValue == .text("") ? nil : defaultValue, regex: regex,
      patternTextLimit: regex?.maxTextLength)
    try checkRules()
    if let value = self.defaultValue { try checkDefault(value, matching: matchingDefault) }
  }

  /// Whether `id` can name a field: non-empty ASCII letters, digits, `_`, `-` and `.`.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty
      && id.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D || byte == 0x2E
      }
  }

  private func checkRules() throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    let isText: Bool
    if case .text = kind { isText = true } else { isText = false }
    if !isText {
      if pattern != nil { throw fail(.ruleNotApplicable(rule: "pattern", kind: kind.name)) }
      if check != nil { throw fail(.ruleNotApplicable(rule: "check", kind: kind.name)) }
    }
    if patternMessage != nil, pattern == nil { throw fail(.patternMessageWithoutPattern) }
    switch kind {
    case .text:
      if let min, min < 0 {
        throw fail(.boundOutOfRange(rule: "min", value: min, lowest: 0, highest: nil))
      }
      if let max, max < 1 {
        throw fail(.boundOutOfRange(rule: "max", value: max, lowest: 1, highest: nil))
      }
    case .choice(let options, _):
      if min != nil { throw fail(.ruleNotApplicable(rule: "min", kind: kind.name)) }
      if max != nil { throw fail(.ruleNotApplicable(rule: "max", kind: kind.name)) }
      guard !options.isEmpty else { throw fail(.noOptions) }
      var seen: Set<String> = []
      for option in options {
        guard !option.id.isEmpty else { throw fail(.emptyOptionID) }
        guard seen.insert(option.id).inserted else { throw fail(.duplicateOption(option.id)) }
      }
    case .confirm:
      if min != nil { throw fail(.ruleNotApplicable(rule: "min", kind: kind.name)) }
      if max != nil { throw fail(.ruleNotApplicable(rule: "max", kind: kind.name)) }
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

  private func checkDefault(_ value: FieldValue, matching: Bool) throws(FieldSpecError) {
    func fail(_ problem: FieldSpecError.Problem) -> FieldSpecError {
      FieldSpecError(fieldID: id, problem: problem)
    }
    switch (kind, value) {
    case (.text, .text), (.confirm, .bool), (.rating, .number):
      break
    case (.choice(let options, _), .choice(let optionID)):
      guard options.contains(where: { $0.id == optionID }) else {
        throw fail(
          .unknownDefaultOption(
            optionID, suggestion: Suggestions.closest(to: optionID, in: options.map(\.id))))
      }
    default:
      throw fail(.defaultKindMismatch(kind: kind.name, value: value))
    }
    if case .rating(let stars) = kind, case .number(let n) = value, !(1...stars).contains(n) {
      throw fail(.boundOutOfRange(rule: "default", value: n, lowest: 1, highest: stars))
    }
    if let error = validate(value, matchingPattern: matching) {
      throw fail(.invalidDefault(message: error.message))
    }
  }
}
