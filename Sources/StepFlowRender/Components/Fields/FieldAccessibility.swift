import StepFlowCore

/// Fields as lines of text for plain (accessible) mode: no redraws, one line a field.
extension Field {
  /// The field as one line: `Label (required): value`.
  ///
  /// - text: `E-mail (required): _` when empty, `E-mail (required): a@b.co` when filled, and
  ///   `Password: hidden, 8 characters` when secure;
  /// - choice: `Payment method: Card (1 of 3)`, or `Payment method: none chosen (Card, PayPal,
  ///   Cash)`;
  /// - confirm: `Gift wrap: no`;
  /// - rating: `Rating: 3 of 5`, or `Rating: not rated (1 to 5)`.
  ///
  /// Help text joins `required` in the parentheses: `Postal code (required, 4 digits): _`.
  package var accessibleText: String {
    var notes: [String] = []
    if spec.required { notes.append("required") }
    if let help = spec.help { notes.append(help) }
    let name = spec.label + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    return name + ": " + accessibleValue
  }

  private var accessibleValue: String {
    switch spec.kind {
    case .text(_, let secure):
      guard !input.isEmpty else { return "_" }
      guard secure else { return input.text }
      let count = input.graphemes.count
      return "hidden, \(count) character" + (count == 1 ? "" : "s")
    case .choice(let options, _):
      guard let index = selectedIndex else {
        return "none chosen (" + options.map(\.title).joined(separator: ", ") + ")"
      }
      return "\(options[index].title) (\(index + 1) of \(options.count))"
    case .confirm:
      return value == .bool(true) ? "yes" : "no"
    case .rating(let stars):
      guard case .number(let n) = value else { return "not rated (1 to \(stars))" }
      return "\(n) of \(stars)"
    }
  }
}

extension Form {
  /// The form as lines for plain mode: each field's ``Field/accessibleText`` followed, once
  /// the field is touched, by its validation message as a line of its own
  /// (`E-mail: must look like name@example.com`).
  /// - Parameter glyphs: `ascii` keeps the messages ASCII (` — ` becomes ` - `).
  /// - Returns: A line a field, and one a message.
  package func accessibleLines(glyphs: Glyphs = .unicode) -> [String] {
    var lines: [String] = []
    for index in fields.indices {
      lines.append(fields[index].accessibleText)
      if let error = visibleError(at: index) { lines.append(error.message(for: glyphs)) }
    }
    return lines
  }
}
