import StepFlowCore
import StepFlowJSON

// The blocks of a step's screen: text, hero, status, items, rating, summary.
extension WizardSchema {
  /// A block is an object with one key saying what it is.
  package static let block: JSONSchema<ScreenBlock> = JSONSchema<ScreenBlock>.object { o in
    let kinds = ["text", "hero", "status", "items", "summary", "rating"].filter { o.has($0) }
    guard kinds.count == 1, let kind = kinds.first else {
      o.allow("text", "hero", "status", "items", "currency", "summary", "rating")
      o.report(
        kinds.isEmpty
          ? "a block needs one of \"text\", \"hero\", \"status\", \"items\", \"summary\" or \"rating\""
          : "a block has one kind, found \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))",
        at: o.location)
      return nil
    }
    switch kind {
    case "text":
      return o.required("text", .string).map(ScreenBlock.text)
    case "hero":
      return o.required(
        "hero", .bool.checked { $0 ? nil : "must be true (leave the block out for no picture)" }
      )
      .map { _ in .hero }
    case "summary":
      return o.required(
        "summary", .bool.checked { $0 ? nil : "must be true (leave the block out for no summary)" }
      )
      .map { _ in .summary }
    case "status":
      return o.required("status", statusSchema)
    case "rating":
      return o.required("rating", ratingSchema)
    default:
      let items = o.required("items", .array(of: lineItem, minCount: 1))
      let currency = o.optional("currency", .string, default: "$")
      return items.map { .items($0, currency: currency) }
    }
  }.documented { _, definitions in
    // One key says the kind, and each kind has its own keys.
    func kind(_ key: String, _ value: JSONValue, also: [JSONMember] = []) -> JSONValue {
      [
        "type": "object", "properties": .object([JSONMember(key, value)] + also),
        "required": [.string(key)], "additionalProperties": false,
      ]
    }
    let items = JSONSchema<[LineItem]>.array(of: lineItem, minCount: 1)
    return [
      "oneOf": [
        kind("text", JSONSchema<String>.string.document(in: &definitions)),
        kind("hero", ["const": true]), kind("summary", ["const": true]),
        kind("status", statusSchema.document(in: &definitions)),
        kind("rating", ratingSchema.document(in: &definitions)),
        kind(
          "items", items.document(in: &definitions),
          also: [JSONMember("currency", JSONSchema<String>.string.document(in: &definitions))]),
      ]
    ]
  }.named("block")

  package static let statusSchema: JSONSchema<ScreenBlock> = .object { o in
    let caption = o.optional("caption", .string, default: "")
    let text = o.required("text", .nonEmptyString)
    return text.map { .status(caption: caption, text: $0) }
  }

  package static let ratingSchema: JSONSchema<ScreenBlock> = .object { o in
    let question = o.optional(
      "question", .nonEmptyString, default: ScreenBlock.defaultRatingQuestion)
    let answer = o.optional("answer", .nonEmptyString, default: "{n} star{s}")
    return .rating(question: question, answer: answer)
  }

  package static let lineItem: JSONSchema<LineItem> = .object { o in
    let name = o.required("name", .nonEmptyString)
    let quantity = o.optional("quantity", .int(in: 1...1_000_000), default: 1)
    let price = o.required("price", .double(in: 0...1e12))
    guard let name, let price else { return nil }
    return LineItem(name: name, quantity: quantity, unitPrice: Int((price * 100).rounded()))
  }

}
