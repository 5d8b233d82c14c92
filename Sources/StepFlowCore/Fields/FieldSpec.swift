import StepFlowText
import Synchronization

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
/// let port = try FieldSpec(
///   id: "port", label: "Port", kind: .number(NumberRules(min: 1024, max: 65535)),
///   default: .number(8080))
/// ```
public struct FieldSpec: Hashable, Sendable {
  /// The definition's values, shared by every copy: a spec is copied into every form and
  /// field that shows it, and one reference is cheaper to copy than a dozen values.
  ///
  /// (Stored in this order, the one-byte `required` after the 17-byte default, so that the
  /// object takes 120 bytes: a long wizard has one a field.)
  private final class Storage: Sendable {
    let id: String
    let label: String
    let kind: FieldKind
    let defaultValue: FieldValue?
    let required: Bool
    /// The options' titles folded for type-to-filter, made once (lists only).
    let search: OptionSearch?
    /// The rules and hooks few fields have (most fields of a long wizard have none of them):
    /// `nil` when the field has none.
    let rare: Rare?

    var help: String? { rare?.help }
    var pattern: String? { rare?.pattern }
    var patternMessage: String? { rare?.patternMessage }
    var min: Int? { rare?.min }
    var max: Int? { rare?.max }
    var check: FieldCheck? { rare?.check }
    var defaultFromEnvironment: String? { rare?.defaultFromEnvironment }
    var validator: FieldValidator? { rare?.validator }
    var regex: FieldPattern? { rare?.regex }
    var optionsSource: CommandSpec? { rare?.optionsSource }
    var commandCheck: CommandSpec? { rare?.commandCheck }
    var patternTextLimit: Int? { rare?.patternTextLimit }
    var problems: [FieldSpecError] { rare?.problems ?? [] }

    /// What few fields have.
    final class Rare: Sendable {
      let help: String?
      let pattern: String?
      let patternMessage: String?
      let min: Int?
      let max: Int?
      let check: FieldCheck?
      let defaultFromEnvironment: String?
      /// The program's own check, after the built-in rules.
      let validator: FieldValidator?
      /// `pattern`, compiled once.
      let regex: FieldPattern?
      let optionsSource: CommandSpec?
      let commandCheck: CommandSpec?
      /// The most characters a text may have to be matched against `regex`.
      let patternTextLimit: Int?
      /// The last text matched against `regex` and whether it matched: a screen checks its
      /// touched fields at every frame and Next checks them all again, and none of it matches
      /// a text a second time (the answers a step shows rarely change between two checks).
      let lastMatch = Mutex<(text: String, matched: Bool)?>(nil)
      /// Why the declaration could not be made (a non-throwing constructor's); empty for a
      /// spec that was built.
      let problems: [FieldSpecError]

      init(
        help: String?, pattern: String?, patternMessage: String?, min: Int?, max: Int?,
        check: FieldCheck?, defaultFromEnvironment: String?, validator: FieldValidator?,
        regex: FieldPattern?, optionsSource: CommandSpec?, commandCheck: CommandSpec?,
        patternTextLimit: Int?, problems: [FieldSpecError]
      ) {
        self.help = help
        self.pattern = pattern
        self.patternMessage = patternMessage
        self.min = min
        self.max = max
        self.check = check
        self.defaultFromEnvironment = defaultFromEnvironment
        self.validator = validator
        self.regex = regex
        self.optionsSource = optionsSource
        self.commandCheck = commandCheck
        self.patternTextLimit = patternTextLimit
        self.problems = problems
      }
    }

    init(
      id: String, label: String, help: String?, kind: FieldKind, required: Bool,
      pattern: String?, patternMessage: String?, min: Int?, max: Int?, check: FieldCheck?,
      defaultValue: FieldValue?, defaultFromEnvironment: String?, validator: FieldValidator?,
      regex: FieldPattern?, search: OptionSearch?, optionsSource: CommandSpec?,
      commandCheck: CommandSpec?, patternTextLimit: Int?, problems: [FieldSpecError] = []
    ) {
      self.id = id
      self.label = label
      self.kind = kind
      self.required = required
      self.defaultValue = defaultValue
      self.search = search
      let hasRare =
        help != nil || pattern != nil || patternMessage != nil || min != nil || max != nil
        || check != nil || defaultFromEnvironment != nil || validator != nil || regex != nil
        || optionsSource != nil || commandCheck != nil || patternTextLimit != nil
        || !problems.isEmpty
      rare =
        hasRare
        ? Rare(
          help: help, pattern: pattern, patternMessage: patternMessage, min: min, max: max,
          check: check, defaultFromEnvironment: defaultFromEnvironment, validator: validator,
          regex: regex, optionsSource: optionsSource, commandCheck: commandCheck,
          patternTextLimit: patternTextLimit, problems: problems) : nil
    }

    /// The same definition with another text limit for its pattern, or another validator.
    func limited(to limit: Int? = nil, validator: FieldValidator? = nil) -> Storage {
      Storage(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: min, max: max, check: check,
        defaultValue: defaultValue, defaultFromEnvironment: defaultFromEnvironment,
        validator: validator ?? self.validator, regex: regex, search: search,
        optionsSource: optionsSource, commandCheck: commandCheck,
        patternTextLimit: limit ?? patternTextLimit, problems: problems)
    }
  }

  private let storage: Storage

  /// The key of the answer and the name `set FIELD=VALUE` uses: letters, digits, `_`, `-`, `.`.
  public var id: String { storage.id }
  /// What the field is called on screen and in messages (`E-mail`).
  public var label: String { storage.label }
  /// A short hint shown after the label.
  public var help: String? { storage.help }
  /// What kind of field it is, with its options.
  public var kind: FieldKind { storage.kind }
  /// Whether the field must have a value (a confirm field: must be yes; a multichoice: at
  /// least one option).
  public var required: Bool { storage.required }
  /// A regular expression the whole text must match (``FieldPattern``'s subset, matched in
  /// linear time).
  public var pattern: String? { storage.pattern }
  /// What to say when the text does not match `pattern`, after the label (`must be 4 digits`).
  public var patternMessage: String? { storage.patternMessage }
  /// Text: the least number of characters; rating: the least number of stars; multichoice:
  /// the fewest options to select. (A number's range is in its ``NumberRules``.)
  public var min: Int? { storage.min }
  /// Text: the most characters (typing stops there); rating: the most stars; multichoice:
  /// the most options to select.
  public var max: Int? { storage.max }
  /// A built-in validator (text fields only).
  public var check: FieldCheck? { storage.check }
  /// The value the field starts with.
  public var defaultValue: FieldValue? { storage.defaultValue }
  /// The environment variable whose value the field starts with (`USER`), when it is set and
  /// passes the field's rules; it takes the place of ``defaultValue`` then.
  public var defaultFromEnvironment: String? { storage.defaultFromEnvironment }
  /// The program's own check of a value, run after the built-in rules pass (see
  /// ``FieldValidator``).
  public var validator: FieldValidator? { storage.validator }
  /// Why the declaration could not be made, when a non-throwing constructor
  /// (``declared(id:label:help:kind:required:pattern:patternMessage:min:max:check:default:defaultFromEnvironment:validate:)``,
  /// ``text(_:_:placeholder:secure:lines:help:required:pattern:patternMessage:min:max:check:default:defaultFromEnvironment:validate:)``…)
  /// met a mistake; empty for a spec that was built.
  ///
  /// A flow holding such a spec lists it in ``FlowDefinition/problems`` and its runs fail at
  /// start, naming every one.
  public var declarationProblems: [FieldSpecError] { storage.problems }
  /// The compiled `pattern`.
  package var regex: FieldPattern? { storage.regex }
  /// The options folded for filtering (choice lists and multichoice).
  package var search: OptionSearch? { storage.search }
  /// A command that lists the options of a choice or multichoice (`optionsFrom`).
  ///
  /// It prints one option a line (`id<TAB>title` allowed) and runs when its step is reached;
  /// the field may declare no options.
  public var optionsSource: CommandSpec? { storage.optionsSource }
  /// A command that checks a text field's value on Next (`validate: {command: …}`).
  ///
  /// It gets the value on stdin and in `STEPFLOW_VALUE`; exit 0 accepts it, else the first
  /// line of its output is the message. It runs once per distinct value.
  public var commandCheck: CommandSpec? { storage.commandCheck }

  /// The most characters a text may have to be matched against the pattern (a longer one is
  /// refused as too long, unmatched): the pattern's share of ``FieldPattern/actionBudget`` —
  /// all of it for a field on its own, less in a flow with other patterns
  /// (``sharingPatternBudget(instructions:)``).
  package var patternTextLimit: Int? { storage.patternTextLimit }

  /// Whether `text` matches the pattern (`true` without one), matched once for a text checked
  /// again and again (see `Storage.Rare.lastMatch`).
  package func patternMatches(_ text: String) -> Bool {
    guard let regex else { return true }
    let known = storage.rare?.lastMatch.withLock { last -> Bool? in
      guard let last, last.text == text else { return nil }
      return last.matched
    }
    if let known { return known }
    let matched = regex.matches(text)
    storage.rare?.lastMatch.withLock { $0 = (text, matched) }
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

  /// The same field with an asynchronous check of its value.
  ///
  /// The check (``FieldValidator/AsyncCheck``) runs on Next, once per distinct value, with a
  /// spinner while it runs; a refusal shows under the field and Next is refused. A
  /// synchronous `validate` check stays, and runs first. A field's ``commandCheck`` takes
  /// its place when it has both.
  ///
  /// ```swift
  /// static let username = FieldSpec.text("username", "Username", required: true)
  ///   .validatingAsync { value in
  ///     guard case .text(let name) = value else { return nil }
  ///     return await directory.isTaken(name) ? "is taken — try another" : nil
  ///   }
  /// ```
  public func validatingAsync(_ check: @escaping FieldValidator.AsyncCheck) -> FieldSpec {
    let validator = self.validator?.adding(async: check) ?? FieldValidator(async: check)
    return FieldSpec(storage: storage.limited(validator: validator))
  }

  /// Whether two specs describe the same field.
  public static func == (a: FieldSpec, b: FieldSpec) -> Bool {
    if a.storage === b.storage { return true }
    return a.id == b.id && a.label == b.label && a.help == b.help && a.kind == b.kind
      && a.required == b.required && a.pattern == b.pattern
      && a.patternMessage == b.patternMessage && a.min == b.min && a.max == b.max
      && a.check == b.check && a.defaultValue == b.defaultValue
      && a.defaultFromEnvironment == b.defaultFromEnvironment
      && a.optionsSource == b.optionsSource && a.commandCheck == b.commandCheck
      && a.validator == b.validator && a.declarationProblems == b.declarationProblems
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(label)
    hasher.combine(kind)
  }

  /// Builds and checks a field definition.
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
  ///   - defaultFromEnvironment: an environment variable to start with (`USER`), used when it
  ///     is set and its value passes the field's rules (else `default` is).
  ///   - optionsSource: A command that lists a choice's options (see ``optionsSource``).
  ///   - commandCheck: A command that checks a text field's value (see ``commandCheck``).
  ///   - validate: The program's own check (``FieldValidator``): what is wrong with a value
  ///     that passes the built-in rules, in words after the label, or `nil`.
  /// - Throws: ``FieldSpecError`` naming the field and the problem: a bad id or empty label,
  ///   an invalid `pattern` (with the regex parser's reason), a rule that does not apply to
  ///   the kind, `min` above `max`, a choice without options or with duplicate ids, a rating
  ///   `max` outside 1…10, a number's bounds or step with more decimals than it has, or a
  ///   default of the wrong kind or that breaks the field's rules.
  public init(
    id: String, label: String, help: String? = nil, kind: FieldKind, required: Bool = false,
    pattern: String? = nil, patternMessage: String? = nil, min: Int? = nil, max: Int? = nil,
    check: FieldCheck? = nil, default defaultValue: FieldValue? = nil,
    defaultFromEnvironment: String? = nil, optionsSource: CommandSpec? = nil,
    commandCheck: CommandSpec? = nil, validate: (@Sendable (FieldValue) -> String?)? = nil
  ) throws(FieldSpecError) {
    try self.init(
      id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
      patternMessage: patternMessage, min: min, max: max, check: check, default: defaultValue,
      defaultFromEnvironment: defaultFromEnvironment, optionsSource: optionsSource,
      commandCheck: commandCheck, validator: validate.map(FieldValidator.init),
      matchingDefault: true)
  }

  /// Builds and checks a field definition; `matchingDefault: false` leaves the default's
  /// `pattern` unmatched (the wizard loader matches every default once the wizard's patterns
  /// are known and share the budget, so that loading stays within it).
  package init(
    id: String, label: String, help: String? = nil, kind: FieldKind, required: Bool = false,
    pattern: String? = nil, patternMessage: String? = nil, min: Int? = nil, max: Int? = nil,
    check: FieldCheck? = nil, default defaultValue: FieldValue? = nil,
    defaultFromEnvironment: String? = nil, optionsSource: CommandSpec? = nil,
    commandCheck: CommandSpec? = nil, validator: FieldValidator? = nil, matchingDefault: Bool
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
    if let name = defaultFromEnvironment, !Self.isValidEnvironmentName(name) {
      throw fail(.invalidEnvironmentName(name))
    }
    // An empty text default is no default: the field starts empty either way.
    var start = defaultValue == .text("") ? nil : defaultValue
    if let value = start { start = Self.normalized(value, for: kind) }
    storage = Storage(
      id: id, label: label, help: help.flatMap { $0.isEmpty ? nil : $0 }, kind: kind,
      required: required, pattern: pattern, patternMessage: patternMessage, min: min, max: max,
      check: check, defaultValue: start, defaultFromEnvironment: defaultFromEnvironment,
      validator: validator, regex: regex, search: kind.isList ? OptionSearch(kind.options) : nil,
      optionsSource: optionsSource, commandCheck: commandCheck,
      patternTextLimit: regex?.maxTextLength)
    try checkRules()
    if let value = self.defaultValue { try checkDefault(value, matching: matchingDefault) }
  }

  /// The same spec with its on-screen text replaced (a ``Template`` resolved): the label, the
  /// help, the placeholder, the options' titles and descriptions and a text default.
  ///
  /// Nothing is checked again: ids, kinds and rules are the same.
  package func retitled(
    label: String, help: String?, kind: FieldKind, default newDefault: FieldValue?
  ) -> FieldSpec {
    FieldSpec(
      storage: Storage(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: min, max: max, check: check,
        defaultValue: newDefault, defaultFromEnvironment: defaultFromEnvironment,
        validator: validator, regex: regex, search: kind.isList ? OptionSearch(kind.options) : nil,
        optionsSource: optionsSource, commandCheck: commandCheck,
        patternTextLimit: patternTextLimit, problems: declarationProblems))
  }

  /// The same choice or multichoice with the options its ``optionsSource`` listed.
  ///
  /// A value that is none of them no longer passes. Other kinds are returned as they are.
  package func withOptions(_ options: [ChoiceOption]) -> FieldSpec {
    let kind: FieldKind
    switch self.kind {
    case .choice(_, let style): kind = .choice(options: options, style: style)
    case .multichoice: kind = .multichoice(options: options)
    default: return self
    }
    var start = defaultValue
    if case .choice(let id)? = start, !options.contains(where: { $0.id == id }) { start = nil }
    return retitled(label: label, help: help, kind: kind, default: start)
  }

  /// Whether the options are still to come from ``optionsSource``: any id is taken until
  /// they are known (answers given beforehand), and checked when they are.
  package var awaitsOptions: Bool { optionsSource != nil && kind.options.isEmpty }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// A spec that records why it could not be declared: it keeps its id, label and kind (so
  /// that a flow can name it) and none of its rules.
  package init(
    recording problem: FieldSpecError, id: String, label: String, kind: FieldKind, required: Bool
  ) {
    storage = Storage(
      id: id, label: label, help: nil, kind: kind, required: required, pattern: nil,
      patternMessage: nil, min: nil, max: nil, check: nil, defaultValue: nil,
      defaultFromEnvironment: nil, validator: nil, regex: nil, search: nil, optionsSource: nil,
      commandCheck: nil, patternTextLimit: nil, problems: [problem])
  }
}
