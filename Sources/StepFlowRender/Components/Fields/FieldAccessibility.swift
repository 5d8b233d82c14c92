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
  /// - rating: `Rating: 3 of 5`, or `Rating: not rated (1 to 5)`;
  /// - number: `Port: 9000 (1024 to 65535)`; path: `Config: ./a.json`; date: `Start:
  ///   2025-03-14 (Friday)`; multichoice: `Languages: Swift, Go (2 of 5: Swift, Go, …)`;
  ///   a multi-line text: `Notes: 3 lines: …` (its newlines are shown escaped).
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
    case .text(_, let secure, let lines):
      guard !input.isEmpty else { return "_" }
      if secure {
        let count = input.graphemes.count
        return "hidden, \(count) character" + (count == 1 ? "" : "s")
      }
      guard lines > 1 else { return input.text }
      let count = input.lineNumber.of
      return count == 1 ? input.text : "\(count) lines: " + input.text
    case .number(let rules):
      var range = ""
      switch (rules.min, rules.max) {
      case (let low?, let high?): range = " (\(low) to \(high))"
      case (let low?, nil): range = " (at least \(low))"
      case (nil, let high?): range = " (at most \(high))"
      case (nil, nil): break
      }
      return (input.isEmpty ? "_" : input.text) + range
    case .path:
      let shown = input.isEmpty ? "_" : input.text
      return candidates.isEmpty
        ? shown : shown + " (Tab found: " + candidates.joined(separator: ", ") + ")"
    case .date(let rules):
      guard !date.isEmpty else { return rules.time ? "_ (YYYY-MM-DD HH:MM)" : "_ (YYYY-MM-DD)" }
      if let value = date.value { return value.description + " (" + value.date.weekdayName + ")" }
      return date.text
    case .choice(let options, _):
      guard let index = selectedIndex else {
        return "none chosen (" + options.map(\.title).joined(separator: ", ") + ")"
      }
      return "\(options[index].title) (\(index + 1) of \(options.count))"
    case .multichoice(let options):
      let chosen = options.filter { selectedIDs.contains($0.id) }.map(\.title)
      let all = options.map(\.title).joined(separator: ", ")
      guard !chosen.isEmpty else { return "none chosen (" + all + ")" }
      return chosen.joined(separator: ", ") + " (\(chosen.count) of \(options.count): " + all + ")"
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
  /// - Parameters:
  ///   - glyphs: `ascii` keeps the messages ASCII (` — ` becomes ` - `).
  ///   - context: What the rules may consult for the messages (today, the files).
  /// - Returns: The lines, top to bottom.
  package func accessibleLines(glyphs: Glyphs = .unicode, context: FieldContext? = nil)
    -> [String]
  {
    var lines: [String] = []
    for index in fields.indices {
      lines.append(fields[index].accessibleText)
      if let error = visibleError(at: index, in: context) {
        lines.append(error.message(for: glyphs))
      }
    }
    return lines
  }
}
