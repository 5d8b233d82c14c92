/// Text built from earlier answers: `Hello, {{name}}` with `{{field_id}}` replaced by that
/// field's answer.
///
/// Parsed once; rendered as often as needed with a lookup.
///
/// A name is a field id (letters, digits, `_`, `-`, `.`), with spaces around it allowed
/// (`{{ name }}`). Anything else between braces (`{{ }}`, `{{a b}}`) and a lone `{{` are kept
/// as they are. Two renderers fill it in:
/// - *as read* (``render(answers:fields:)``): what a person reads — an option's title, `yes` or
///   `no`, a list joined by `, `, a date with its weekday — for titles, bodies and labels;
/// - *as data* (``renderData(answers:)``): the answer's raw text — an option's id, `true`, `a,b`
///   — for command lines and environment values.
///
/// A field without an answer gives the empty text. The result is text like any other: it is
/// sanitized where it is drawn or written.
public struct Template: Hashable, Sendable {
  /// A piece of a template.
  public enum Part: Hashable, Sendable {
    /// Text kept as it is.
    case literal(String)
    /// The answer of the field with this id.
    case field(String)
  }

  /// The pieces, in order.
  public let parts: [Part]

  /// Parses `text`.
  public init(_ text: String) {
    guard Self.hasFields(text) else {
      parts = text.isEmpty ? [] : [.literal(text)]
      return
    }
    var parts: [Part] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: "{{") {
      literal += rest[..<open.lowerBound]
      let after = rest[open.upperBound...]
      guard let close = after.firstRange(of: "}}") else {
        literal += rest[open.lowerBound...]
        rest = ""
        break
      }
      let name = FieldSpec.trimmed(String(after[..<close.lowerBound]))
      if FieldSpec.isValidID(name) {
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = ""
        parts.append(.field(name))
      } else {
        // Not a name: the braces are text. Go on after the first brace.
        literal += rest[open.lowerBound..<rest.index(after: open.lowerBound)]
        rest = rest[rest.index(after: open.lowerBound)...]
        continue
      }
      rest = after[close.upperBound...]
    }
    literal += rest
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// Whether text may hold a field (it has `{{`): text without is kept as it is, at the cost
  /// of one scan.
  public static func hasFields(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") { return true }
      previous = byte
    }
    return false
  }

  /// The ids of the fields the template names, in order, each once.
  public var fieldIDs: [String] {
    var seen: Set<String> = []
    return parts.compactMap { part in
      guard case .field(let id) = part, seen.insert(id).inserted else { return nil }
      return id
    }
  }

  /// Whether the template names any field.
  public var namesFields: Bool {
    parts.contains { if case .field = $0 { return true } else { return false } }
  }

  /// The text with each field replaced by `lookup(id)` (`nil`: the empty text).
  public func render(_ lookup: (String) -> String?) -> String {
    var out = ""
    for part in parts {
      switch part {
      case .literal(let text): out += text
      case .field(let id): out += lookup(id) ?? ""
      }
    }
    return out
  }

  /// The *as read* renderer: each field as a person reads its answer (see
  /// ``FieldSpec/readableText(_:)``); `fields` finds a field's spec by id.
  public func render(answers: [String: FieldValue], fields: (String) -> FieldSpec?) -> String {
    render { id in
      guard let value = answers[id] else { return nil }
      return fields(id)?.readableText(value) ?? value.dataText
    }
  }

  /// The *as data* renderer: each field's answer as raw text (``FieldValue/dataText``).
  public func renderData(answers: [String: FieldValue]) -> String {
    render { answers[$0]?.dataText }
  }
}

extension FlowDefinition {
  /// The ids of the fields asked on the steps before step `index` (own fields, tabs' fields
  /// and tab answers): what a template or condition on that step may name.
  public func fieldsAsked(before index: Int) -> Set<String> {
    var ids: Set<String> = []
    for step in steps.prefix(Swift.max(0, index)) {
      for spec in step.allFields { ids.insert(spec.id) }
      if let tabsField = step.tabsField { ids.insert(tabsField) }
    }
    return ids
  }

  /// The names a template on step `index` uses that are not fields asked on an earlier step
  /// (the one check for every template: wizard files report them where they are written).
  /// - Parameters:
  ///   - template: The template to check.
  ///   - index: The step, or `nil` for text shown on every step (none may be named).
  /// - Returns: The unknown names, in the order the template uses them.
  public func unknownTemplateFields(_ template: Template, onStep index: Int?) -> [String] {
    let names = template.fieldIDs
    guard !names.isEmpty else { return [] }
    let asked = index.map { fieldsAsked(before: $0) } ?? []
    return names.filter { !asked.contains($0) }
  }
}
