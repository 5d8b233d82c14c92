/// A command's text with `{{field_id}}` in it (``Template``), filled in *as data* — the raw
/// answer, in place, never read again by anything — with the checks that keep an answer from
/// changing what the command means.
package struct TaskTemplate: Sendable {
  private let template: Template

  package init(_ text: String) { template = Template(text) }

  /// The ids it names, in order, each once.
  package var fieldIDs: [String] { template.fieldIDs }

  /// The text with each field's value (a missing answer: empty text).
  package func render(_ values: [String: String]) -> String { template.render { values[$0] } }

  /// Why filling it in would change what the command means, or `nil`.
  /// - Parameters:
  ///   - values: Each field's value, by id.
  ///   - element: The argument's position when it is one before any `--` (where a leading `-`
  ///     would make it an option); `nil` for the rest.
  /// - Returns: The reason, in words, or `nil` when the values are safe to fill in.
  package func problem(values: [String: String], element: Int?) -> String? {
    for id in template.fieldIDs where values[id]?.contains("\u{0}") == true {
      return "the answer for {{\(id)}} holds a NUL character, which no command line can carry"
    }
    guard let element, case .field(let id)? = template.parts.first,
      let value = values[id], value.hasPrefix("-")
    else { return nil }
    return
      "the answer for {{\(id)}} starts with \"-\", so argument \(element) would be read as an option; the wizard's command needs \"--\" before it"
  }
}
