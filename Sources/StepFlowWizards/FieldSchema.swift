import StepFlowCore
import StepFlowJSON

/// The schema of a field in a wizard file; the checks of ``FieldSpec`` (a pattern that does
/// not compile, a rule that does not fit the kind, a default that breaks the rules) are
/// reported at the key they are about.
package enum FieldSchema {
  /// A field as read, with where its id is written (for duplicate ids and conditions).
  package struct FieldDraft: Sendable {
    package var spec: FieldSpec
    package var location: TextLocation
    /// Where the field's `default` is written, if it has one.
    package var defaultLocation: TextLocation? = nil
  }

  package static let fieldID = JSONSchema<String>.nonEmptyString.checked { id in
    FieldSpec.isValidID(id)
      ? nil : "must be a name of ASCII letters, digits, \"_\", \"-\" and \".\""
  }

  package static let option: JSONSchema<ChoiceOption> = JSONSchema(
    expected: "a string or an object with \"id\" and \"title\""
  ) { node, subject, log in
    if case .string(let text) = node.content { return ChoiceOption(text, text) }
    return optionObject.read(node, as: subject, log: &log)
  }

  package static let optionObject: JSONSchema<ChoiceOption> = .object { o in
    let id = o.required("id", .nonEmptyString)
    let title = o.optional("title", .nonEmptyString)
    guard let id else { return nil }
    return ChoiceOption(id, title ?? id)
  }

  package static let field: JSONSchema<FieldDraft> = .object { o in
    let id = o.required("id", fieldID)
    let idLocation = o.node("id")?.location ?? o.location
    let labelRead = o.required("label", .nonEmptyString)
    let type = o.optional("type", .oneOf(["text", "choice", "confirm", "rating"]), default: "text")
    let help = o.optional("help", .string)
    let placeholder = o.optional("placeholder", .string)
    let secure = o.optional("secure", .bool)
    let options = o.optional("options", .array(of: option, minCount: 1))
    let style = o.optional("style", .oneOf(ChoiceStyle.self))
    let stars = o.optional("stars", .int(in: 1...10))
    let required = o.optional("required", .bool, default: false)
    let pattern = o.optional("pattern", .string)
    let patternMessage = o.optional("patternMessage", .nonEmptyString)
    let min = o.optional("min", .int(in: 0...100_000))
    let max = o.optional("max", .int(in: 0...100_000))
    let check = o.optional("check", .oneOf(FieldCheck.self))
    let defaultNode = o.node("default")
    guard let id else { return nil }
    let label = labelRead ?? id
    // A field with a problem is reported and stands in as a plain text field, so that the
    // checks across steps (duplicate ids, conditions) still see it.
    func standIn() -> FieldDraft? {
      (try? FieldSpec(id: id, label: label, kind: .text())).map {
        FieldDraft(spec: $0, location: idLocation)
      }
    }

    // Keys that belong to another type are mistakes worth a message of their own.
    func misplaced(_ key: String, _ types: String) {
      if o.has(key), let location = o.keyLocation(of: key) {
        o.report("\"\(key)\" is for \(types) fields, not \(type) fields", at: location)
      }
    }
    let kind: FieldKind
    switch type {
    case "choice":
      guard let options else {
        if !o.has("options") {
          o.report("missing key \"options\": a choice field needs its options", at: o.location)
        }
        return standIn()
      }
      kind = .choice(options: options, style: style ?? .list)
    case "confirm": kind = .confirm
    case "rating": kind = .rating(max: stars ?? 5)
    default: kind = .text(placeholder: placeholder ?? "", secure: secure ?? false)
    }
    if type != "text" {
      misplaced("placeholder", "text")
      misplaced("secure", "text")
    }
    if type != "choice" {
      misplaced("options", "choice")
      misplaced("style", "choice")
    }
    if type != "rating" { misplaced("stars", "rating") }

    var defaultValue: FieldValue? = nil
    if let defaultNode {
      guard let value = read(defaultNode, as: kind, log: &o) else { return standIn() }
      defaultValue = value
    }
    do throws(FieldSpecError) {
      let spec = try FieldSpec(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: min, max: max, check: check, default: defaultValue,
        matchingDefault: false)
      return FieldDraft(
        spec: spec, location: idLocation, defaultLocation: o.keyLocation(of: "default"))
    } catch {
      o.report(error.description, at: location(of: error.problem, in: o))
      return standIn()
    }
  }

  /// Where a problem of a field spec is written: the key it is about.
  private static func location(of problem: FieldSpecError.Problem, in o: ObjectReader)
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
    case .minAboveMax: key = "min"
    case .noOptions, .emptyOptionID, .duplicateOption: key = "options"
    case .ratingMaxOutOfRange: key = "stars"
    case .defaultKindMismatch, .unknownDefaultOption, .invalidDefault: key = "default"
    case .duplicateField: key = "id"
    }
    return o.keyLocation(of: key) ?? o.location
  }

  /// A default value of the field's kind: text, an option id, true/false, a number of stars.
  private static func read(_ node: JSONNode, as kind: FieldKind, log o: inout ObjectReader)
    -> FieldValue?
  {
    switch (kind, node.content) {
    case (.text, .string(let text)): return .text(text)
    case (.choice, .string(let id)): return .choice(id)
    case (.confirm, .bool(let yes)): return .bool(yes)
    case (.rating, .number(let n)) where n.int != nil: return .number(n.int ?? 0)
    default:
      let expected: String
      switch kind {
      case .text: expected = "a string"
      case .choice: expected = "the id of an option"
      case .confirm: expected = "true or false"
      case .rating: expected = "a whole number of stars"
      }
      o.report(
        "wrong type: \"default\" must be \(expected), found \(node.kindDescription)",
        at: node.location)
      return nil
    }
  }
}
