/// Declarations that cannot fail: a field declared with a mistake does not throw and never
/// vanishes (as `try?` made it do) — it records the mistake, its flow lists every one in
/// ``FlowDefinition/problems``, and a run of that flow fails at start naming them all.
///
/// ```swift
/// enum Signup: FlowSteps {
///   case account, profile
///
///   static let email = FieldSpec.text(
///     "email", "E-mail", placeholder: "ann@example.com", required: true, check: .email)
///   static let plan = FieldSpec.choice(
///     "plan", "Plan", options: [ChoiceOption("free", "Free"), ChoiceOption("pro", "Pro")])
///
///   var fields: [FieldSpec] { self == .account ? [Self.email] : [Self.plan] }
/// }
///
/// // In a test: every declaration of the flow is right.
/// #expect(MultiSteps<Signup>.problems == [])
/// ```
extension FieldSpec {
  /// Declares a field of any kind, with every rule the throwing `init` takes; a mistake is
  /// recorded in ``declarationProblems`` instead of thrown.
  ///
  /// - Parameters:
  ///   - id: The answer's key in results and scripts (`email`).
  ///   - label: What the field is called on screen.
  ///   - help: A line under the field, if any.
  ///   - kind: What the field asks for, with its kind's own rules.
  ///   - required: Whether an empty answer is refused.
  ///   - pattern: A regular expression the whole text must match, if any.
  ///   - patternMessage: What to say when the text does not match `pattern`.
  ///   - min: The least characters, stars or options to select, by kind (see ``min``).
  ///   - max: The most characters, stars or options to select, by kind (see ``max``).
  ///   - check: A built-in check of the text (an e-mail address, a URL…), if any.
  ///   - defaultValue: The answer the field starts with, if any.
  ///   - defaultFromEnvironment: An environment variable to start with (`USER`).
  ///   - validate: The program's own check (``FieldValidator``), if any.
  /// - Returns: The field; when its declaration has a mistake, a spec that keeps its id, label
  ///   and kind and says what is wrong (``declarationProblems``).
  public static func declared(
    id: String, label: String, help: String? = nil, kind: FieldKind, required: Bool = false,
    pattern: String? = nil, patternMessage: String? = nil, min: Int? = nil, max: Int? = nil,
    check: FieldCheck? = nil, default defaultValue: FieldValue? = nil,
    defaultFromEnvironment: String? = nil,
    validate: (@Sendable (FieldValue) -> String?)? = nil
  ) -> FieldSpec {
    do {
      return try FieldSpec(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: min, max: max, check: check, default: defaultValue,
        defaultFromEnvironment: defaultFromEnvironment, validate: validate)
    } catch {
      return FieldSpec(recording: error, id: id, label: label, kind: kind, required: required)
    }
  }

  /// Declares a text field (one line, secure, or several lines).
  ///
  /// - Parameters:
  ///   - id: The answer's key (`email`).
  ///   - label: What the field is called on screen (`E-mail`).
  ///   - placeholder: Grey text shown while the field is empty.
  ///   - secure: Whether what is typed shows as `•`.
  ///   - lines: How many lines it shows; more than one makes a multi-line text.
  ///   - help: A line under the field, if any.
  ///   - required: Whether an empty answer is refused.
  ///   - pattern: A regular expression the whole text must match, if any.
  ///   - patternMessage: What to say when the text does not match `pattern`.
  ///   - min: The fewest characters.
  ///   - max: The most characters (typing stops there).
  ///   - check: A built-in check (``FieldCheck``), if any.
  ///   - defaultValue: The text the field starts with, if any.
  ///   - defaultFromEnvironment: An environment variable to start with (`USER`).
  ///   - validate: The program's own check (``FieldValidator``), if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func text(
    _ id: String, _ label: String, placeholder: String = "", secure: Bool = false,
    lines: Int = 1, help: String? = nil, required: Bool = false, pattern: String? = nil,
    patternMessage: String? = nil, min: Int? = nil, max: Int? = nil, check: FieldCheck? = nil,
    default defaultValue: String? = nil, defaultFromEnvironment: String? = nil,
    validate: (@Sendable (FieldValue) -> String?)? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help,
      kind: .text(placeholder: placeholder, secure: secure, lines: lines), required: required,
      pattern: pattern, patternMessage: patternMessage, min: min, max: max, check: check,
      default: defaultValue.map(FieldValue.text), defaultFromEnvironment: defaultFromEnvironment,
      validate: validate)
  }

  /// Declares a number field.
  ///
  /// - Parameters:
  ///   - id: The answer's key (`seats`).
  ///   - label: What the field is called on screen.
  ///   - rules: Its range, step and decimals.
  ///   - help: A line under the field, if any.
  ///   - required: Whether an empty answer is refused.
  ///   - defaultValue: The number it starts with (`.number(5)`, `.decimal(…)`), if any.
  ///   - validate: The program's own check (``FieldValidator``), if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func number(
    _ id: String, _ label: String, rules: NumberRules = NumberRules(), help: String? = nil,
    required: Bool = false, default defaultValue: FieldValue? = nil,
    validate: (@Sendable (FieldValue) -> String?)? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help, kind: .number(rules), required: required,
      default: defaultValue, validate: validate)
  }

  /// Declares a choice of one option.
  ///
  /// - Parameters:
  ///   - id: The answer's key (`plan`).
  ///   - label: What the field is called on screen.
  ///   - options: What may be chosen, in order.
  ///   - style: A list (one option a row) or tabs (in one row).
  ///   - help: A line under the field, if any.
  ///   - required: Whether an empty answer is refused.
  ///   - defaultID: The id of the option chosen at first, if any.
  ///   - validate: The program's own check (``FieldValidator``), if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func choice(
    _ id: String, _ label: String, options: [ChoiceOption], style: ChoiceStyle = .list,
    help: String? = nil, required: Bool = false, default defaultID: String? = nil,
    validate: (@Sendable (FieldValue) -> String?)? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help, kind: .choice(options: options, style: style),
      required: required, default: defaultID.map(FieldValue.choice), validate: validate)
  }

  /// Declares a choice of several options.
  ///
  /// - Parameters:
  ///   - id: The answer's key (`toppings`).
  ///   - label: What the field is called on screen.
  ///   - options: What may be chosen, in order.
  ///   - min: The fewest options to select.
  ///   - max: The most options to select.
  ///   - help: A line under the field, if any.
  ///   - required: Whether at least one must be selected.
  ///   - defaultIDs: The ids of the options selected at first, if any.
  ///   - validate: The program's own check (``FieldValidator``), if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func multichoice(
    _ id: String, _ label: String, options: [ChoiceOption], min: Int? = nil, max: Int? = nil,
    help: String? = nil, required: Bool = false, default defaultIDs: [String]? = nil,
    validate: (@Sendable (FieldValue) -> String?)? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help, kind: .multichoice(options: options),
      required: required, min: min, max: max, default: defaultIDs.map(FieldValue.choices),
      validate: validate)
  }

  /// Declares a yes/no field.
  ///
  /// - Parameters:
  ///   - id: The answer's key (`terms`).
  ///   - label: What the field is called on screen.
  ///   - help: A line under the field, if any.
  ///   - required: Whether the answer must be yes.
  ///   - defaultValue: The answer it starts with, if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func confirm(
    _ id: String, _ label: String, help: String? = nil, required: Bool = false,
    default defaultValue: Bool? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help, kind: .confirm, required: required,
      default: defaultValue.map(FieldValue.bool))
  }

  /// Declares a rating in stars.
  ///
  /// - Parameters:
  ///   - id: The answer's key (`stars`).
  ///   - label: What the field is called on screen.
  ///   - stars: How many stars there are (1…10).
  ///   - help: A line under the field, if any.
  ///   - required: Whether an empty answer is refused.
  ///   - defaultValue: The stars it starts with, if any.
  /// - Returns: The field, or a spec recording its mistake (``declarationProblems``).
  public static func rating(
    _ id: String, _ label: String, stars: Int = 5, help: String? = nil, required: Bool = false,
    default defaultValue: Int? = nil
  ) -> FieldSpec {
    declared(
      id: id, label: label, help: help, kind: .rating(max: stars), required: required,
      default: defaultValue.map(FieldValue.number))
  }
}
