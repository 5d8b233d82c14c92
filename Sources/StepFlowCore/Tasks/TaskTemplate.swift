/// A command's text with `{{field_id}}` in it, filled in *as data* — the raw answer, in place,
/// never read again by anything — with the checks that keep an answer from changing what the
/// command means.
package struct TaskTemplate: Sendable {
  // TEMPORARY until the fields model (issue 16) lands its `Template`: then the parts come
  // from it and this parser goes.
  private enum Part: Sendable {
    case literal(String)
    case field(String)
  }

  private let parts: [Part]

  package init(_ text: String) {
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
      guard FieldSpec.isValidID(name) else {
        literal += rest[open.lowerBound..<rest.index(after: open.lowerBound)]
        rest = rest[rest.index(after: open.lowerBound)...]
        continue
      }
      if !literal.isEmpty { parts.append(.literal(literal)) }
      literal = ""
      parts.append(.field(name))
      rest = after[close.upperBound...]
    }
    literal += rest
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// The ids it names, in order, each once.
  package var fieldIDs: [String] {
    var seen: Set<String> = []
    return parts.compactMap { part in
      guard case .field(let id) = part, seen.insert(id).inserted else { return nil }
      return id
    }
  }

  /// The text with each field's value (a missing answer: empty text).
  package func render(_ values: [String: String]) -> String {
    parts.map { part in
      switch part {
      case .literal(let text): return text
      case .field(let id): return values[id] ?? ""
      }
    }.joined()
  }

  /// Why filling it in would change what the command means, or `nil`.
  /// - Parameter element: the argument's position when it is one before any `--` (where a
  ///   leading `-` would make it an option); `nil` for the rest.
  package func problem(values: [String: String], element: Int?) -> String? {
    for case .field(let id) in parts where values[id]?.contains("\u{0}") == true {
      return "the answer for {{\(id)}} holds a NUL character, which no command line can carry"
    }
    guard let element, case .field(let id)? = parts.first,
      let value = values[id], value.hasPrefix("-")
    else { return nil }
    return
      "the answer for {{\(id)}} starts with \"-\", so argument \(element) would be read as an option; the wizard's command needs \"--\" before it"
  }
}
