import StepFlowCore
import StepFlowJSON

// Conditions (`when`), and the texts of a wizard that name its fields.
extension WizardSchema {
  /// A condition as read: the tree, and each test with where its field and value are written.
  package struct ConditionDraft: Sendable {
    package var condition: Condition
    package var tests: [TestDraft]
    package var location: TextLocation
  }

  /// One test of a condition, located.
  package struct TestDraft: Sendable {
    package var field: String
    package var test: Condition.Test
    /// Where the field is named.
    package var fieldLocation: TextLocation
    /// Where the test's value is written.
    package var valueLocation: TextLocation
  }

  /// The test keys of a condition on one field.
  static let testKeys = [
    "equals", "notEquals", "in", "answered", "contains", "greaterThan", "lessThan",
  ]

  /// A condition: `{ field, equals | notEquals | in | answered | contains | greaterThan |
  /// lessThan }`, or `{ all: [...] }`, `{ any: [...] }`, `{ not: {...} }`, nested.
  package static var condition: JSONSchema<ConditionDraft> {
    JSONSchema<ConditionDraft>.object { o in
      let combinators = ["all", "any", "not"].filter { o.has($0) }
      let isTest = o.has("field") || testKeys.contains { o.has($0) }
      guard combinators.count + (isTest ? 1 : 0) == 1 else {
        o.allow("field", "all", "any", "not")
        for key in testKeys { o.allow(key) }
        o.report(
          combinators.isEmpty && !isTest
            ? "a condition needs \"field\" and a test (\"equals\", \"in\", …), or \"all\", \"any\" or \"not\""
            : "a condition is one of a test of a \"field\", \"all\", \"any\" or \"not\"; this one mixes them",
          at: o.location)
        return nil
      }
      if let combinator = combinators.first {
        if combinator == "not" {
          guard let inner = o.required("not", WizardSchema.condition) else { return nil }
          return ConditionDraft(
            condition: .not(inner.condition), tests: inner.tests, location: o.location)
        }
        guard let items = o.required(combinator, .array(of: WizardSchema.condition, minCount: 1))
        else { return nil }
        let conditions = items.map(\.condition)
        return ConditionDraft(
          condition: combinator == "all" ? .all(conditions) : .any(conditions),
          tests: items.flatMap(\.tests), location: o.location)
      }
      let field = o.required("field", FieldSchema.fieldID)
      let fieldLocation = o.node("field")?.location ?? o.location
      let tests = testKeys.filter { o.has($0) }
      let equals = o.optional("equals", scalarText)
      let notEquals = o.optional("notEquals", scalarText)
      let oneOf = o.optional("in", .array(of: scalarText, minCount: 1))
      let answered = o.optional("answered", .bool)
      let contains = o.optional("contains", .nonEmptyString)
      let greater = o.optional("greaterThan", scalarText)
      let less = o.optional("lessThan", scalarText)
      guard tests.count == 1, let key = tests.first else {
        o.report(
          "a condition on a field needs exactly one of "
            + testKeys.map { "\"\($0)\"" }.joined(separator: ", "),
          at: o.location)
        return nil
      }
      guard let field else { return nil }
      let test: Condition.Test
      if let equals {
        test = .equals(equals)
      } else if let notEquals {
        test = .notEquals(notEquals)
      } else if let oneOf {
        test = .oneOf(oneOf)
      } else if let answered {
        test = .answered(answered)
      } else if let contains {
        test = .contains(contains)
      } else if let greater {
        test = .greaterThan(greater)
      } else if let less {
        test = .lessThan(less)
      } else {
        return nil
      }
      let draft = TestDraft(
        field: field, test: test, fieldLocation: fieldLocation,
        valueLocation: o.node(key)?.location ?? o.location)
      return ConditionDraft(
        condition: .test(field: field, test), tests: [draft], location: o.location)
    }.documented { _, definitions in
      // A condition is one of a test of a field (with exactly one test key), all, any or not.
      let itself = WizardSchema.condition.document(in: &definitions)
      let scalar = scalarText.document(in: &definitions)
      func object(_ properties: [JSONMember], required: [String]) -> JSONValue {
        [
          "type": "object", "properties": .object(properties),
          "required": .array(required.map { .string($0) }), "additionalProperties": false,
        ]
      }
      let list: JSONValue = ["type": "array", "minItems": 1, "items": itself]
      var test = object(
        [
          JSONMember("field", FieldSchema.fieldID.document(in: &definitions)),
          JSONMember("equals", scalar), JSONMember("notEquals", scalar),
          JSONMember("in", ["type": "array", "minItems": 1, "items": scalar]),
          JSONMember("answered", ["type": "boolean"]),
          JSONMember("contains", JSONSchema<String>.nonEmptyString.document(in: &definitions)),
          JSONMember("greaterThan", scalar), JSONMember("lessThan", scalar),
        ], required: ["field"])
      test = test.adding(["oneOf": .array(testKeys.map { ["required": [.string($0)]] })])
      return [
        "oneOf": [
          test, object([JSONMember("all", list)], required: ["all"]),
          object([JSONMember("any", list)], required: ["any"]),
          object([JSONMember("not", itself)], required: ["not"]),
        ]
      ]
    }.named("condition")
  }

  /// The strings of a value that name fields (`{{name}}`), with where they are written: what a
  /// step shows, not its ids, patterns, conditions, icons or colours.
  package static func templateTexts(in node: JSONNode) -> [(text: String, location: TextLocation)] {
    switch node.content {
    case .string(let text):
      return Template.hasFields(text) ? [(text, node.location)] : []
    case .array(let items):
      return items.flatMap(templateTexts(in:))
    case .object(let members):
      let skipped: Set<String> = [
        "id", "pattern", "when", "icon", "colors", "tabsField", "type", "style", "check",
        "kind", "extensions", "field", "env",
        // Commands' texts have rules of their own (WizardChecks.checkTasks).
        "optionsFrom", "validate",
      ]
      return members.filter { !skipped.contains($0.key) }.flatMap { templateTexts(in: $0.value) }
    default:
      return []
    }
  }

  /// Where `rating` blocks are written among `member`'s: in the wizard's blocks, its steps'
  /// and their tabs'.
  static func ratingBlocks(in member: JSONNode.Member) -> [TextLocation] {
    func find(_ node: JSONNode, inBlocks: Bool) -> [TextLocation] {
      switch node.content {
      case .array(let items): return items.flatMap { find($0, inBlocks: inBlocks) }
      case .object(let members):
        if inBlocks { return members.filter { $0.key == "rating" }.map(\.keyLocation) }
        return members.filter { ["blocks", "steps", "tabs"].contains($0.key) }
          .flatMap { find($0.value, inBlocks: $0.key == "blocks") }
      default: return []
      }
    }
    guard ["blocks", "steps"].contains(member.key) else { return [] }
    return find(member.value, inBlocks: member.key == "blocks")
  }

}
