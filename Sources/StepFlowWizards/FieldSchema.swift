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

  /// What JSON Schema can say of the rules that depend on a field's `type`: the keys of other
  /// kinds are refused, a choice needs its options, and `min`, `max`, `step` and `default`
  /// take the values of the kind (a field without `type` is a text field).
  static func kindRules(_ definitions: inout SchemaDefinitions) -> [JSONValue] {
    let environment = environmentDefaultSchema.document(in: &definitions)
    let count: JSONValue = ["type": "integer", "minimum": 0, "maximum": 100_000]
    func orEnvironment(_ value: JSONValue) -> JSONValue { ["anyOf": [value, environment]] }
    func values(_ members: KeyValuePairs<String, JSONValue>) -> [JSONMember] {
      members.map { JSONMember($0.key, $0.value) }
    }
    return FieldKind.names.map { kind in
      var properties: [JSONMember] = kindKeys.filter { !$0.kinds.contains(kind) }.map {
        JSONMember($0.key, false)
      }
      var then: JSONValue = [:]
      switch kind {
      case "number":
        // Whole numbers unless "decimals" says more.
        then = [
          "if": ["properties": ["decimals": ["minimum": 1]], "required": ["decimals"]],
          "then": [
            "properties": .object(
              values([
                "min": ["type": "number"], "max": ["type": "number"], "step": ["type": "number"],
                "default": orEnvironment(["type": "number"]),
              ]))
          ],
          "else": [
            "properties": .object(
              values([
                "min": ["type": "integer"], "max": ["type": "integer"],
                "step": ["type": "integer"], "default": orEnvironment(["type": "integer"]),
              ]))
          ],
        ]
      case "date":
        let bound: JSONValue = [
          "anyOf": [
            ["const": "today"], ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"],
          ]
        ]
        properties += values([
          "min": bound, "max": bound, "default": orEnvironment(["type": "string"]),
        ])
      default:
        let value: JSONValue
        switch kind {
        case "multichoice": value = ["type": "array", "items": ["type": "string"]]
        case "confirm": value = ["type": "boolean"]
        case "rating": value = ["type": "integer"]
        default: value = ["type": "string"]
        }
        properties += values(["min": count, "max": count, "default": orEnvironment(value)])
      }
      then = then.adding(["properties": .object(properties)])
      if kind == "choice" || kind == "multichoice" {
        // Its options, or a command that lists them.
        then = then.adding(["anyOf": [["required": ["options"]], ["required": ["optionsFrom"]]]])
      }
      let isKind: JSONValue =
        kind == "text"
        ? ["properties": ["type": ["const": "text"]]]
        : ["properties": ["type": ["const": .string(kind)]], "required": ["type"]]
      return ["if": isKind, "then": then]
    }
  }

  /// A number of a number field (a bound, the step): exact, with at most `decimals` digits
  /// after the point.
  private static func number(
    _ node: JSONNode, key: String, decimals: Int, log o: inout ObjectReader
  ) -> DecimalValue? {
    guard case .number(let n) = node.content else {
      o.report(
        "wrong type: \(quoted(key)) must be a number, found \(node.kindDescription)",
        at: node.location)
      return nil
    }
    switch DecimalValue.parse(n.int.map(String.init) ?? n.literal, places: decimals) {
    case .success(let value): return value
    case .failure(.tooManyDecimals):
      let allowed =
        decimals == 0
        ? "the field takes whole numbers (give \"decimals\" for more)"
        : "the field has \(decimals) decimal\(decimals == 1 ? "" : "s")"
      o.report(
        "wrong value: \(quoted(key)) is \(n.literal), with more decimals than allowed: \(allowed)",
        at: node.location)
    case .failure(.tooLarge):
      o.report("wrong value: \(quoted(key)) is \(n.literal), too large a number", at: node.location)
    case .failure(.notANumber):
      o.report("wrong value: \(quoted(key)) must be a finite number", at: node.location)
    }
    return nil
  }

  /// A date field's bound: `"YYYY-MM-DD"` or `"today"`.
  private static func dateBound(_ node: JSONNode, key: String, log o: inout ObjectReader)
    -> DateRules.Bound?
  {
    guard case .string(let text) = node.content else {
      o.report(
        "wrong type: \(quoted(key)) must be a date \"YYYY-MM-DD\" or \"today\", found \(node.kindDescription)",
        at: node.location)
      return nil
    }
    if text == "today" { return .today }
    switch DateTimeValue.parse(text, time: false) {
    case .success(let value): return .date(value.date)
    case .failure(let problem):
      let why: String
      switch problem {
      case .noSuchDay(let days): why = "that month has \(days) days"
      case .noSuchMonth: why = "the month must be 01 to 12"
      default: why = "write a date as \"YYYY-MM-DD\" or \"today\""
      }
      o.report("wrong value: \(quoted(key)) is \(quoted(text)): \(why)", at: node.location)
      return nil
    }
  }

  /// `default: { env: "USER" }`: the environment variable's name.
  private static func environmentDefault(_ node: JSONNode, log o: inout ObjectReader) -> String? {
    environmentDefaultSchema.read(node, as: .key("default"), log: &o.log)
  }

  static let environmentDefaultSchema: JSONSchema<String> = JSONSchema<String>.object { d in
    let name = d.required(
      "env",
      JSONSchema<String>.nonEmptyString.documented { document, _ in
        document.adding(["pattern": .string(environmentNamePattern)])
      })
    guard let name else { return nil }
    guard FieldSpec.isValidEnvironmentName(name) else {
      d.report(
        "wrong value: \"env\" must name an environment variable (letters, digits and \"_\")",
        at: d.node("env")?.location ?? d.location)
      return nil
    }
    return name
  }

  /// ``FieldSpec/isValidEnvironmentName(_:)`` as a regular expression.
  static let environmentNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$"

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
    case .minAboveMax, .rangeReversed: key = "min"
    case .noOptions, .emptyOptionID, .duplicateOption, .noEnabledOption: key = "options"
    case .ratingMaxOutOfRange: key = "stars"
    case .defaultKindMismatch, .unknownDefaultOption, .invalidDefault, .defaultOptionDisabled,
      .invalidEnvironmentName:
      key = "default"
    case .moreDecimalsThanAllowed(let rule, _, _): key = rule
    case .stepNotPositive: key = "step"
    case .secureMultiline: key = "lines"
    case .invalidExtension: key = "extensions"
    case .duplicateField: key = "id"
    }
    return o.keyLocation(of: key) ?? o.location
  }

  /// A default value of the field's kind: text, an option id (ids for a multichoice),
  /// true/false, a number of stars, a number, a date.
  private static func read(_ node: JSONNode, as kind: FieldKind, log o: inout ObjectReader)
    -> FieldValue?
  {
    switch (kind, node.content) {
    case (.text, .string(let text)), (.path, .string(let text)), (.date, .string(let text)):
      return .text(text)
    case (.choice, .string(let id)): return .choice(id)
    case (.multichoice, .array(let items)):
      var ids: [String] = []
      for item in items {
        guard case .string(let id) = item.content else {
          o.report(
            "wrong type: \"default\" must be an array of option ids, found \(item.kindDescription) in it",
            at: item.location)
          return nil
        }
        ids.append(id)
      }
      return .choices(ids)
    case (.confirm, .bool(let yes)): return .bool(yes)
    case (.rating, .number(let n)) where n.int != nil: return .number(n.int ?? 0)
    case (.number(let rules), .number):
      guard let value = number(node, key: "default", decimals: rules.decimals, log: &o) else {
        return nil
      }
      return rules.decimals == 0 ? .number(value.units) : .decimal(value)
    default:
      let expected: String
      switch kind {
      case .text, .path: expected = "a string"
      case .choice: expected = "the id of an option"
      case .multichoice: expected = "an array of option ids"
      case .confirm: expected = "true or false"
      case .rating: expected = "a whole number of stars"
      case .number: expected = "a number"
      case .date(let rules):
        expected = rules.time ? "a date \"YYYY-MM-DD HH:MM\"" : "a date \"YYYY-MM-DD\""
      }
      o.report(
        "wrong type: \"default\" must be \(expected) (or { env: \"NAME\" }), found \(node.kindDescription)",
        at: node.location)
      return nil
    }
  }
}
