import StepFlow
import StepFlowJSON

/// `stepflow schema WIZARD`: the JSON Schema (draft 2020-12) of a wizard's answers object — the
/// `answers` of its result, and what `--answers FILE` reads — generated from its fields.
///
/// Every key is optional (a person, or the defaults, may give the rest), and a key no field
/// has is refused (`additionalProperties: false`), as `--answers` refuses it. The schema
/// describes answers as the result writes them: option ids, numbers as numbers; `--answers`
/// also takes an option's title and a number written as a string.
package enum AnswersSchema {
  package static let draft = "https://json-schema.org/draft/2020-12/schema"

  package static func schema(_ flow: FlowDefinition) -> JSONValue {
    var properties: [JSONMember] = []
    var seen: Set<String> = []
    for step in flow.steps {
      var note = "step \"\(step.title)\""
      if let when = step.when {
        note += ", shown when " + WizardHelp.conditionText(when, top: true)
      }
      for field in step.fields where seen.insert(field.id).inserted {
        properties.append(JSONMember(field.id, property(field, note: note)))
      }
      if let tabsField = step.tabsField, seen.insert(tabsField).inserted {
        properties.append(
          JSONMember(
            tabsField,
            .object([
              JSONMember("description", .string("the tab chosen on \(note)")),
              JSONMember("enum", .array(step.tabs.map { .string($0.id) })),
            ])))
      }
      if let capture = step.task?.capture, seen.insert(capture).inserted {
        properties.append(
          JSONMember(
            capture,
            .object([
              JSONMember("description", .string("the output of the command that \(note) runs")),
              JSONMember("type", "string"),
            ])))
      }
      for tab in step.tabs {
        for field in tab.fields where seen.insert(field.id).inserted {
          let tabNote = note + ", tab \"\(tab.title)\""
          properties.append(JSONMember(field.id, property(field, note: tabNote)))
        }
      }
    }
    return .object([
      JSONMember("$schema", .string(draft)),
      JSONMember("title", .string("Answers of the wizard \"\(flow.id)\" (\(flow.title))")),
      JSONMember("type", "object"),
      JSONMember("properties", .object(properties)),
      JSONMember("additionalProperties", false),
    ])
  }

  /// One field's schema: its type and rules, its label as the title, where it is asked.
  static func property(_ field: FieldSpec, note: String) -> JSONValue {
    var members: [JSONMember] = [JSONMember("title", .string(field.label))]
    var description = note
    if let help = field.help, !help.isEmpty { description += ". " + help }
    members.append(JSONMember("description", .string(description)))
    switch field.kind {
    case .text(_, let secure, _):
      members.append(JSONMember("type", "string"))
      if let min = field.min { members.append(JSONMember("minLength", .int(min))) }
      if let max = field.max { members.append(JSONMember("maxLength", .int(max))) }
      if field.required, field.min == nil { members.append(JSONMember("minLength", 1)) }
      if secure { members.append(JSONMember("writeOnly", true)) }
    case .number(let rules):
      members.append(JSONMember("type", rules.decimals == 0 ? "integer" : "number"))
      if let min = rules.min { members.append(JSONMember("minimum", min.jsonValue)) }
      if let max = rules.max { members.append(JSONMember("maximum", max.jsonValue)) }
    case .choice(let options, _):
      members.append(JSONMember("enum", .array(enabled(options))))
    case .multichoice(let options):
      members.append(JSONMember("type", "array"))
      members.append(JSONMember("items", .object([JSONMember("enum", .array(enabled(options)))])))
      members.append(JSONMember("uniqueItems", true))
      if let min = field.min { members.append(JSONMember("minItems", .int(min))) }
      if let max = field.max { members.append(JSONMember("maxItems", .int(max))) }
      if field.required, field.min == nil { members.append(JSONMember("minItems", 1)) }
    case .confirm:
      members.append(JSONMember("type", "boolean"))
      if field.required { members.append(JSONMember("const", true)) }
    case .rating(let max):
      members.append(JSONMember("type", "integer"))
      members.append(JSONMember("minimum", 1))
      members.append(JSONMember("maximum", .int(max)))
    case .path:
      members.append(JSONMember("type", "string"))
      members.append(JSONMember("minLength", 1))
    case .date(let rules):
      members.append(JSONMember("type", "string"))
      members.append(
        JSONMember(
          "pattern",
          .string(
            rules.time
              ? "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$" : "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")))
    }
    if let value = field.defaultValue, !isSecure(field) {
      members.append(JSONMember("default", value.jsonValue))
    }
    return .object(members)
  }

  private static func isSecure(_ field: FieldSpec) -> Bool {
    if case .text(_, true, _) = field.kind { return true }
    return false
  }

  /// The ids of the options that may be chosen.
  private static func enabled(_ options: [ChoiceOption]) -> [JSONValue] {
    options.filter { !$0.isDisabled }.map { .string($0.id) }
  }
}
