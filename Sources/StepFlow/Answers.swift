import StepFlowCore

/// The answers of a flow, by field id, read typed: `answers.text("email")`,
/// `answers.bool("newsletter")`, `answers.number("stars")`, `answers.choice("payment_method")`,
/// `answers.choices("langs")`, `answers.decimal("price")` (paths and dates are `text`).
///
/// Each accessor gives the answer when the field has one of that type, and `nil` when the field
/// was not answered (or is of another type); `answers["email"]` gives the ``FieldValue`` itself.
///
/// ```swift
/// let result = MultiSteps<Signup>.run(options: RunOptions())
/// if result.isFinished, let email = result.answers.text("email") { print("signed up: \(email)") }
/// ```
public struct Answers: Equatable, Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible
{
  /// Every answer, by field id.
  public var values: [String: FieldValue]

  /// Answers from values by field id.
  public init(_ values: [String: FieldValue] = [:]) { self.values = values }

  /// Answers written as a dictionary literal: `["email": .text("ann@example.com")]`.
  public init(dictionaryLiteral elements: (String, FieldValue)...) {
    values = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  /// The answer of a field, `nil` when it has none.
  public subscript(id: String) -> FieldValue? {
    get { values[id] }
    set { values[id] = newValue }
  }

  /// The answer of a field, by its definition.
  public subscript(field: FieldSpec) -> FieldValue? { values[field.id] }

  /// The text of a text field.
  public func text(_ id: String) -> String? {
    guard case .text(let text)? = values[id] else { return nil }
    return text
  }

  /// The id of the option picked in a choice field (or of a step's selected tab).
  public func choice(_ id: String) -> String? {
    guard case .choice(let option)? = values[id] else { return nil }
    return option
  }

  /// Yes or no, of a confirm field.
  public func bool(_ id: String) -> Bool? {
    guard case .bool(let yes)? = values[id] else { return nil }
    return yes
  }

  /// A whole number: a number field without decimals, or the stars of a rating field.
  public func number(_ id: String) -> Int? {
    guard case .number(let n)? = values[id] else { return nil }
    return n
  }

  /// The ids of the options picked in a multichoice field, in the options' order (empty when
  /// none is picked).
  public func choices(_ id: String) -> [String]? {
    guard case .choices(let ids)? = values[id] else { return nil }
    return ids
  }

  /// A number field's answer, exact: one with `decimals` as it was given (`9.50`), a whole
  /// number as a decimal of no places.
  public func decimal(_ id: String) -> DecimalValue? {
    switch values[id] {
    case .decimal(let d)?: return d
    case .number(let n)?: return DecimalValue(n)
    default: return nil
    }
  }

  /// How many fields are answered.
  public var count: Int { values.count }

  /// Whether nothing is answered.
  public var isEmpty: Bool { values.isEmpty }

  /// The answers as `id: value` pairs, sorted by id.
  public var description: String {
    "[" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
      + "]"
  }
}

/// Why a command was refused, as a value: the message the screen shows, and the fields whose
/// message shows under them (a Next refused by a required field lists that field).
public struct Refusal: Equatable, Sendable, CustomStringConvertible {
  /// The message, as the screen shows it (`E-mail is required`).
  public var message: String
  /// The fields of the current step that show a message, in the order of the form: each with
  /// its id, label and message.
  public var fields: [FieldError]

  /// A refusal with its message and the fields it is about.
  public init(message: String, fields: [FieldError] = []) {
    self.message = message
    self.fields = fields
  }

  /// The message.
  public var description: String { message }
}
