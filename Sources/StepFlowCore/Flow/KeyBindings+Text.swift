import StepFlowText

extension KeyBindings {
  /// Every binding as a row of a Markdown table (keys, where, what), as the README has it.
  package static var markdownTable: String {
    var lines = ["| keys | where | does |", "|---|---|---|"]
    for binding in table {
      let keys = binding.keysLabel().split(separator: " ").map { key in
        key.count == 1 && key.first!.isLetter || key == "?" ? "`\(key)`" : String(key)
      }
      lines.append(
        "| \(keys.joined(separator: " ")) | \(whereText(binding.contexts)) | \(binding.help) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The key table as plain text for `stepflow help keys`: what each key does, where the
  /// focus is, with the keys the user moved (none for the man page).
  package static func text(remaps: KeyRemaps) -> String {
    var lines = ["Keys: what a key does depends on where the focus is (Tab, Shift-Tab move it)."]
    let order: [FocusContext] = [
      .noFocus, .buttons, .textField, .multilineText, .numberField, .pathField, .dateField,
      .choiceList, .multiList, .choiceRow, .confirm, .ratingField, .tabBar, .stars, .prompt,
      .taskRunning, .taskFailed, .taskDone, .logPane, .screen,
    ]
    for context in order {
      let rows = help(in: context, remaps: remaps)
      let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
      lines.append("  " + context.title + ":")
      for (keys, does) in rows {
        lines.append(
          "    " + keys + String(repeating: " ", count: width - DisplayWidth.of(keys) + 2) + does)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The contexts of a binding in words, with names for the usual groups.
  package static func whereText(_ contexts: [FocusContext]) -> String {
    let set = Set(contexts)
    if set == Set(FocusContext.allCases) { return "anywhere" }
    if set == Set(FocusContext.notText + [.stars])
      || set == Set(FocusContext.notText + [.stars, .logPane])
    {
      return "anywhere but a field that takes letters"
    }
    if set == Set(FocusContext.notText) { return "a step, not in a field that takes letters" }
    if set == Set(FocusContext.controls) { return "fields, tab bar, buttons" }
    if set == Set(FocusContext.fields) { return "any field" }
    if set == Set(FocusContext.fields.filter { !FocusContext.lists.contains($0) }) {
      return "any field but a list"
    }
    if set == Set(FocusContext.typed) { return "text, number, path fields" }
    if set == Set(FocusContext.lists) { return "lists" }
    return contexts.map(\.title).joined(separator: ", ")
  }
}
