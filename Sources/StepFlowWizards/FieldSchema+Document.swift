import StepFlowCore
import StepFlowJSON
import StepFlowText

// What the wizard-file JSON Schema says of a field's kind-dependent keys.
extension FieldSchema {
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

}
