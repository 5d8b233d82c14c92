import StepFlowCore
import StepFlowJSON
import StepFlowText

/// The schema of a field in a wizard file; the checks of ``FieldSpec`` (a pattern that does
/// not compile, a rule that does not fit the kind, a default that breaks the rules) are
/// reported at the key they are about.
package enum FieldSchema {
  /// A field as read, with where its id is written (for duplicate ids and conditions).
  package struct FieldDraft: Sendable {
    package var spec: FieldSpec
    package var location: TextLocation
    /// The texts its commands (`optionsFrom`, `validate`) fill in with answers; `sameStep`:
    /// the step's own fields may be named (a check runs on Next, options on arrival).
    package var commandTemplates: [(text: String, location: TextLocation, sameStep: Bool)] = []
    /// Where the field's `default` is written, if it has one.
    package var defaultLocation: TextLocation? = nil
  }

  package static let fieldID = JSONSchema<String>.nonEmptyString.checked { id in
    FieldSpec.isValidID(id)
      ? nil : "must be a name of ASCII letters, digits, \"_\", \"-\" and \".\""
  }.documented { document, _ in document.adding(["pattern": "^[A-Za-z0-9_.-]+$"]) }

  package static let option: JSONSchema<ChoiceOption> = JSONSchema(
    expected: "a string or an object with \"id\" and \"title\"",
    document: { definitions in
      ["anyOf": [["type": "string", "minLength": 1], optionObject.document(in: &definitions)]]
    },
    read: { node, subject, log in
      if case .string(let text) = node.content { return ChoiceOption(text, text) }
      return optionObject.read(node, as: subject, log: &log)
    }
  )

  /// `disabled`: `true`, or the reason as a string.
  static let disabledReason = JSONSchema<String?>(
    expected: "true, false or the reason",
    document: ["anyOf": [["type": "boolean"], ["type": "string", "minLength": 1]]]
  ) { node, subject, log in
    switch node.content {
    case .bool(let yes): return .some(yes ? "not available" : nil)
    case .string(let reason) where !reason.isEmpty: return .some(reason)
    default:
      log.wrongType(subject, expected: "true, false or the reason (a string)", found: node)
      return nil
    }
  }

  package static let optionObject: JSONSchema<ChoiceOption> = .object { o in
    let id = o.required("id", .nonEmptyString)
    let title = o.optional("title", .nonEmptyString)
    let description = o.optional("description", .nonEmptyString)
    let disabled = o.optional("disabled", disabledReason) ?? nil
    guard let id else { return nil }
    return ChoiceOption(
      id: id, title: title ?? id, description: description, disabledReason: disabled)
  }

  /// Names people try for a kind, and the kind they mean.
  package static let kindAliases: [String: String] = [
    "string": "text", "textarea": "text", "multiline": "text", "password": "text",
    "integer": "number", "int": "number", "float": "number", "decimal": "number",
    "numeric": "number", "select": "choice", "radio": "choice", "list": "choice",
    "enum": "choice", "multiselect": "multichoice", "checkbox": "multichoice",
    "checkboxes": "multichoice", "multi": "multichoice", "boolean": "confirm", "bool": "confirm",
    "yesno": "confirm", "toggle": "confirm", "stars": "rating", "file": "path",
    "directory": "path", "folder": "path", "datetime": "date", "time": "date",
  ]

  /// `type`: one of the kinds, with a did-you-mean that knows other tools' names.
  static let kindName = JSONSchema<String>(
    expected: "one of the field kinds",
    document: ["enum": .array(FieldKind.names.map { .string($0) })]
  ) { node, subject, log in
    let words = FieldKind.names
    guard case .string(let name) = node.content else {
      log.wrongType(subject, expected: "one of \(quotedList(words))", found: node)
      return nil
    }
    guard words.contains(name) else {
      let hint =
        kindAliases[name.lowercased()].map { " — did you mean \(quoted($0))?" }
        ?? didYouMean(name, in: words)
      log.wrongValue(subject, expected: "one of \(quotedList(words))", found: node, hint: hint)
      return nil
    }
    return name
  }

  /// Keys that only some kinds take, and those kinds: a field of another kind that has one is
  /// refused (`"options" is for choice and multichoice fields, not text fields`).
  static let kindKeys: [(key: String, kinds: [String])] = [
    ("placeholder", ["text"]), ("secure", ["text"]), ("lines", ["text"]),
    ("options", ["choice", "multichoice"]), ("style", ["choice"]), ("stars", ["rating"]),
    ("decimals", ["number"]), ("step", ["number"]), ("kind", ["path"]), ("mustExist", ["path"]),
    ("extensions", ["path"]), ("time", ["date"]),
  ]

  package static let field: JSONSchema<FieldDraft> = JSONSchema<FieldDraft>.object { o in
    let id = o.required("id", fieldID)
    let idLocation = o.node("id")?.location ?? o.location
    let labelRead = o.required("label", .nonEmptyString)
    let typeRead = o.optional("type", kindName)
    let type = typeRead ?? "text"
    // A wrong type is reported once: the keys of the kind meant are not reported again.
    let typeKnown = typeRead != nil || !o.has("type")
    let help = o.optional("help", .string)
    let placeholder = o.optional("placeholder", .string)
    let secure = o.optional("secure", .bool)
    let lines = o.optional("lines", .int(in: 1...FieldSpec.maxLines))
    let options = o.optional("options", .array(of: option, minCount: 1))
    let style = o.optional("style", .oneOf(ChoiceStyle.self))
    let stars = o.optional("stars", .int(in: 1...10))
    let decimals = o.optional("decimals", .int(in: 0...NumberRules.maxDecimals))
    let stepNode = o.node("step")
    let pathKind = o.optional("kind", .oneOf(PathRules.Kind.self))
    let mustExist = o.optional("mustExist", .bool)
    let extensions = o.optional("extensions", .array(of: .nonEmptyString, minCount: 1))
    let time = o.optional("time", .bool)
    let required = o.optional("required", .bool, default: false)
    let pattern = o.optional("pattern", .string)
    let patternMessage = o.optional("patternMessage", .nonEmptyString)
    let minNode = o.node("min")
    let maxNode = o.node("max")
    let check = o.optional("check", .oneOf(FieldCheck.self))
    let optionsFrom = o.optional("optionsFrom", TaskSchema.fieldCommand("optionsFrom"))
    let validate = o.optional("validate", TaskSchema.fieldCommand("validate"))
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
    for (key, kinds) in kindKeys where typeKnown && !kinds.contains(type) {
      if o.has(key), let location = o.keyLocation(of: key) {
        let types = kinds.joined(separator: " and ")
        o.report("\"\(key)\" is for \(types) fields, not \(type) fields", at: location)
      }
    }

    // `min` and `max`: counts (characters, stars, options), a number's range, a date's range.
    var minCount: Int? = nil
    var maxCount: Int? = nil
    var numberRules = NumberRules(decimals: decimals ?? 0)
    var dateRules = DateRules(time: time ?? false)
    var boundsRead = true
    for (key, node) in [("min", minNode), ("max", maxNode)] {
      guard let node else { continue }
      switch type {
      case "number":
        guard let value = number(node, key: key, decimals: decimals ?? 0, log: &o) else {
          boundsRead = false
          continue
        }
        if key == "min" { numberRules.min = value } else { numberRules.max = value }
      case "date":
        guard let bound = dateBound(node, key: key, log: &o) else {
          boundsRead = false
          continue
        }
        if key == "min" { dateRules.min = bound } else { dateRules.max = bound }
      default:
        guard
          let count = JSONSchema<Int>.int(in: 0...100_000).read(node, as: .key(key), log: &o.log)
        else {
          boundsRead = false
          continue
        }
        if key == "min" { minCount = count } else { maxCount = count }
      }
    }
    if let stepNode, type == "number" {
      guard let value = number(stepNode, key: "step", decimals: decimals ?? 0, log: &o) else {
        return standIn()
      }
      numberRules.step = value
    }
    guard boundsRead else { return standIn() }

    let kind: FieldKind
    switch type {
    case "choice", "multichoice":
      guard let options = options ?? (optionsFrom != nil && !o.has("options") ? [] : nil) else {
        if !o.has("options"), !o.has("optionsFrom") {
          o.report(
            "missing key \"options\": a \(type) field needs its options (or \"optionsFrom\": a command that lists them)",
            at: o.location)
        }
        return standIn()
      }
      kind =
        type == "choice"
        ? .choice(options: options, style: style ?? .list) : .multichoice(options: options)
    case "confirm": kind = .confirm
    case "rating": kind = .rating(max: stars ?? 5)
    case "number": kind = .number(numberRules)
    case "path":
      kind = .path(
        PathRules(
          kind: pathKind ?? .any, mustExist: mustExist ?? false, extensions: extensions ?? []))
    case "date": kind = .date(dateRules)
    default:
      kind = .text(placeholder: placeholder ?? "", secure: secure ?? false, lines: lines ?? 1)
    }

    var defaultValue: FieldValue? = nil
    var environmentName: String? = nil
    if let defaultNode {
      if defaultNode.members != nil {
        guard let name = environmentDefault(defaultNode, log: &o) else { return standIn() }
        environmentName = name
      } else {
        guard let value = read(defaultNode, as: kind, log: &o) else { return standIn() }
        defaultValue = value
      }
    }
    do throws(FieldSpecError) {
      let spec = try FieldSpec(
        id: id, label: label, help: help, kind: kind, required: required, pattern: pattern,
        patternMessage: patternMessage, min: minCount, max: maxCount, check: check,
        default: defaultValue, defaultFromEnvironment: environmentName,
        optionsSource: optionsFrom?.spec, commandCheck: validate?.spec, matchingDefault: false)
      var draft = FieldDraft(
        spec: spec, location: idLocation, defaultLocation: o.keyLocation(of: "default"))
      draft.commandTemplates =
        (optionsFrom?.templates ?? []).map { ($0.text, $0.location, false) }
        + (validate?.templates ?? []).map { ($0.text, $0.location, true) }
      return draft
    } catch {
      o.report(error.description, at: location(of: error.problem, in: o))
      return standIn()
    }
  }.documented { document, definitions in
    document.adding(["allOf": .array(kindRules(&definitions))])
  }
}
