/// Why a field definition was refused, naming the field and what to change.
///
/// Thrown by ``FieldSpec/init(id:label:help:kind:required:pattern:patternMessage:min:max:check:default:)``
/// and ``Form/init(_:)``. A wizard-file loader prefixes ``description`` with the file position.
public struct FieldSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the definition.
  public enum Problem: Hashable, Sendable {
    /// The id is empty or has characters other than ASCII letters, digits, `_`, `-`, `.`.
    case invalidID
    /// The label is empty.
    case emptyLabel
    /// `pattern` is not a valid regular expression; `reason` is the parser's explanation.
    case invalidPattern(pattern: String, reason: String)
    /// `pattern` uses syntax outside ``FieldPattern``'s subset (lookaround, backreferences…).
    case unsupportedPattern(pattern: String, reason: String)
    /// `pattern` is longer than ``FieldPattern/maxLength`` characters or compiles to more than
    /// ``FieldPattern/maxProgramSize`` instructions.
    case patternTooLarge(pattern: String, reason: String)
    /// A rule (`pattern`, `check`, `min`, `max`) was given to a kind it does not apply to.
    case ruleNotApplicable(rule: String, kind: String)
    /// `patternMessage` was given without a `pattern`.
    case patternMessageWithoutPattern
    /// `min`, `max` or the default is outside what the kind allows (`highest` nil: no limit).
    case boundOutOfRange(rule: String, value: Int, lowest: Int, highest: Int?)
    /// `min` is greater than `max`.
    case minAboveMax(min: Int, max: Int)
    /// A choice field has no options.
    case noOptions
    /// A choice option has an empty id.
    case emptyOptionID
    /// Two options of a choice field share an id.
    case duplicateOption(String)
    /// A rating's number of stars is outside 1…10.
    case ratingMaxOutOfRange(Int)
    /// The default's type does not fit the kind (a number for a text field).
    case defaultKindMismatch(kind: String, value: FieldValue)
    /// A choice default names no option.
    case unknownDefaultOption(String, suggestion: String?)
    /// The default breaks the field's own rules; `message` says how.
    case invalidDefault(message: String)
    /// Two fields of one form share an id.
    case duplicateField
    /// `default: { env: … }` names no valid environment variable.
    case invalidEnvironmentName(String)
    /// A secure text field was given more than one line.
    case secureMultiline
    /// Every option of a choice or multichoice field is disabled.
    case noEnabledOption
    /// A path field's extension is not a dot and a name (`.json`).
    case invalidExtension(String)
    /// A range whose lower bound is above its upper bound (numbers, dates).
    case rangeReversed(min: String, max: String)
    /// A number's bound, step or default has more decimals than the field (`decimals`).
    case moreDecimalsThanAllowed(rule: String, value: String, decimals: Int)
    /// A number's step is zero or negative.
    case stepNotPositive(String)
    /// The default is an option that is disabled.
    case defaultOptionDisabled(String)
  }

  /// The id of the field as it was given.
  public var fieldID: String
  /// What is wrong with the declaration.
  public var problem: Problem

  /// A problem of the field declared as `fieldID`.
  public init(fieldID: String, problem: Problem) {
    self.fieldID = fieldID
    self.problem = problem
  }

  /// One line a person can act on: `field "postal_code": pattern "[0-9" is not a valid …`.
  public var description: String {
    "field \"\(fieldID)\": " + explanation
  }

  /// A pattern as a message shows it: at most 60 characters, the rest cut to `…`.
  private func shortened(_ pattern: String) -> String {
    pattern.count <= 60 ? pattern : String(pattern.prefix(59)) + "…"
  }

  /// The problem in words, without the field's name.
  package var explanation: String {
    switch problem {
    case .invalidID:
      return
        "the id must be ASCII letters, digits, \"_\", \"-\" or \".\" (it is the answer's key and"
        + " the FIELD of \"set FIELD=VALUE\")"
    case .emptyLabel:
      return "the label is empty; give the text people see, such as \"E-mail\""
    case .unsupportedPattern(let pattern, let reason):
      return
        "pattern \"\(pattern)\" is outside the supported regular expressions: \(reason)"
        + " (docs/wizard-format.md lists what is)"
    case .patternTooLarge(let pattern, let reason):
      return "pattern \"\(shortened(pattern))\" is too large: \(reason)"
    case .invalidPattern(let pattern, let reason):
      return "pattern \"\(pattern)\" is not a valid regular expression: \(reason)"
    case .ruleNotApplicable(let rule, let kind):
      return "\"\(rule)\" does not apply to \(kind) fields; remove it"
    case .patternMessageWithoutPattern:
      return "\"patternMessage\" is given without a \"pattern\""
    case .boundOutOfRange(let rule, let value, let lowest, let highest):
      let allowed = highest.map { "from \(lowest) to \($0)" } ?? "at least \(lowest)"
      return "\"\(rule)\" is \(value); it must be \(allowed)"
    case .minAboveMax(let min, let max):
      return "\"min\" (\(min)) is greater than \"max\" (\(max))"
    case .noOptions:
      return "a choice field needs at least one option"
    case .emptyOptionID:
      return "an option has an empty id"
    case .duplicateOption(let id):
      return "two options have the id \"\(id)\"; option ids must be unique"
    case .ratingMaxOutOfRange(let stars):
      return "a rating has \(stars) stars; it must have from 1 to 10"
    case .defaultKindMismatch(let kind, let value):
      return "the default \(value.describedForMessages) does not fit a \(kind) field"
    case .unknownDefaultOption(let id, let suggestion):
      let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
      return "the default \"\(id)\" is not one of the option ids\(hint)"
    case .invalidDefault(let message):
      return "the default breaks the field's rules: \(message)"
    case .duplicateField:
      return "two fields have this id; field ids must be unique in a form"
    case .invalidEnvironmentName(let name):
      return
        "\"\(name)\" is not an environment variable's name (letters, digits and \"_\", not"
        + " starting with a digit)"
    case .secureMultiline:
      return "a secure field has one line; remove \"lines\" or \"secure\""
    case .noEnabledOption:
      return "every option is disabled; at least one must be pickable"
    case .invalidExtension(let ending):
      return "the extension \"\(ending)\" must be a dot and a name, such as \".json\""
    case .rangeReversed(let min, let max):
      return "\"min\" (\(min)) is greater than \"max\" (\(max))"
    case .moreDecimalsThanAllowed(let rule, let value, let decimals):
      let allowed =
        decimals == 0
        ? "the field takes whole numbers (give \"decimals\" for more)"
        : "the field has \(decimals) decimal\(decimals == 1 ? "" : "s")"
      return "\"\(rule)\" is \(value), with more decimals than allowed: \(allowed)"
    case .stepNotPositive(let step):
      return "\"step\" is \(step); it must be greater than 0"
    case .defaultOptionDisabled(let id):
      return "the default \"\(id)\" is a disabled option; pick one that can be chosen"
    }
  }
}
