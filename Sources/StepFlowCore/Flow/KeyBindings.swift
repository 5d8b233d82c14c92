import StepFlowText
import Synchronization

/// The one table of key bindings.
///
/// The key handling, the hint line, the `?` overlay, `stepflow help keys` and the README's keys
/// table all come from it. A key does what the first binding that takes it, where the focus is,
/// says.
package enum KeyBindings {
  private static func keys(_ list: Key...) -> [KeyPattern] { list.map { .key($0) } }
  private static func chars(_ text: String) -> [KeyPattern] {
    text.map { .key(.character($0)) }
  }

  private static let cursorKeys = keys(
    .left, .right, .home, .end, .backspace, .delete, .ctrl("a"), .ctrl("e"), .ctrl("u"),
    .ctrl("k"), .ctrl("w"))

  package static let table: [KeyBinding] = [
    KeyBinding(chars("y"), .confirm, "yes: quit or start over", hint: "yes", in: [.prompt]),
    KeyBinding(chars("n") + keys(.escape), .dismiss, "no: carry on", hint: "no", in: [.prompt]),
    KeyBinding(
      keys(.up, .down, .pageUp, .pageDown, .home, .end) + chars(" "), .scrollLog,
      "scroll the output (Space: a page down)", hint: "scroll",
      label: "↑ ↓ PageUp PageDown Home End Space", in: [.logPane]),
    KeyBinding(
      chars("lq") + keys(.escape, .enter), .closeLog, "close the output pane", hint: "close",
      in: [.logPane]),
    KeyBinding(
      chars("l"), .openLog, "show the task's whole output (the last 1 MiB)", hint: "output",
      in: [.taskRunning, .taskFailed, .taskDone]),
    KeyBinding(chars("x"), .command(.stop), "stop the task", hint: "stop", in: [.taskRunning]),
    KeyBinding(
      keys(.enter), .openLog, "show the output while it runs (it goes on)", in: [.taskRunning]),
    KeyBinding(
      keys(.left, .right, .tab, .backTab), .switchTaskAction, "choose Retry, Back, Skip or Quit",
      hint: "choose", label: "← → Tab", in: [.taskFailed]),
    KeyBinding(
      keys(.enter) + chars(" "), .taskAction(nil), "press the chosen button", hint: "press",
      in: [.taskFailed]),
    KeyBinding(chars("r"), .taskAction(.retry), "retry the task", in: [.taskFailed]),
    KeyBinding(
      chars("s"), .taskAction(.skip), "skip the task (when it is optional)", in: [.taskFailed]),
    KeyBinding([.printable], .edit, "type (q, n, ? and digits too)", in: FocusContext.typed),
    KeyBinding(
      cursorKeys, .edit, "move the cursor, delete (Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W too)",
      label: "← → Home End Backspace Delete", in: [.textField, .numberField, .pathField]),
    KeyBinding(keys(.enter), .edit, "a new line", in: [.multilineText]),
    KeyBinding(
      keys(.ctrl("d")), .submit, "accept the text: next field (on the last one, next step)",
      hint: "accept", in: [.multilineText]),
    KeyBinding(
      keys(.ctrl("e")), .openEditor, "edit the text in $VISUAL or $EDITOR", hint: "editor",
      in: [.multilineText]),
    KeyBinding(
      keys(.up, .down), .vertical, "the line above / below (past the first / last: the focus)",
      in: [.multilineText]),
    KeyBinding(keys(.pageUp, .pageDown), .edit, "a page up / down", in: [.multilineText]),
    KeyBinding(
      cursorKeys.filter { $0 != .key(.ctrl("e")) }, .edit,
      "move the cursor (Home, End: in the line), delete (Ctrl-A, Ctrl-U, Ctrl-K, Ctrl-W too)",
      label: "← → Home End Backspace Delete", in: [.multilineText]),
    KeyBinding(
      keys(.up, .down), .edit, "one step up / down (within the range)", hint: "step",
      in: [.numberField]),
    KeyBinding(keys(.pageUp, .pageDown), .edit, "ten steps up / down", in: [.numberField]),
    KeyBinding(
      keys(.tab), .edit, "complete the path (several: show them)", hint: "complete",
      in: [.pathField]),
    KeyBinding(
      keys(.up, .down), .edit, "change the part under the cursor (empty: today)",
      hint: "change", in: [.dateField]),
    KeyBinding(
      [.printable], .edit, "type the digits (- / : next part, t today)", in: [.dateField]),
    KeyBinding(
      cursorKeys, .edit, "move, empty a digit (Ctrl-U: the whole date)",
      label: "← → Home End Backspace Delete", in: [.dateField]),
    KeyBinding(
      keys(.up, .down), .vertical, "move the highlight (past the ends: the focus)",
      hint: "choose", in: FocusContext.lists),
    KeyBinding(
      chars(" "), .edit, "select the highlighted option, stay", in: [.choiceList, .choiceRow]),
    KeyBinding(
      chars(" "), .edit, "select or unselect the highlighted option", hint: "select",
      in: [.multiList]),
    KeyBinding(
      keys(.enter), .pick, "pick the highlighted option and go on", hint: "pick",
      in: [.choiceList]),
    KeyBinding(
      keys(.ctrl("a")), .edit, "select all or none (of those the filter shows)",
      hint: "all", in: [.multiList]),
    KeyBinding(
      keys(.pageUp, .pageDown, .home, .end), .edit, "a page up / down, the first / last option",
      in: FocusContext.lists),
    KeyBinding(chars("?"), .help, "show or hide this help", hint: "keys", in: FocusContext.lists),
    KeyBinding(
      [.printable], .edit, "filter the list (fuzzy; digits too)", hint: "to filter",
      in: FocusContext.lists),
    KeyBinding(keys(.backspace), .edit, "edit the filter", in: FocusContext.lists),
    KeyBinding(
      keys(.escape), .clearOrLeave, "clear the filter; without one, leave the field",
      hint: "clear / leave", in: FocusContext.lists),
    KeyBinding(keys(.left, .right), .edit, "choose an option", hint: "choose", in: [.choiceRow]),
    KeyBinding([.digit], .edit, "choose option N", in: [.choiceRow]),
    KeyBinding(
      keys(.left, .right) + chars(" ynYN"), .edit, "yes / no (Space toggles)", hint: "yes/no",
      label: "← → Space y n", in: [.confirm]),
    KeyBinding(
      keys(.left, .right), .edit, "one star less / more", hint: "stars", in: [.ratingField]),
    KeyBinding(
      [.digit] + keys(.home, .end), .edit, "rate N (Home, End: fewest, most)",
      in: [.ratingField]),
    KeyBinding(keys(.left, .right), .switchTab, "switch tab", hint: "switch tab", in: [.tabBar]),
    KeyBinding(
      keys(.up, .down), .vertical, "move the focus (fields, tab bar, buttons)",
      in: [
        .textField, .pathField, .choiceRow, .confirm, .ratingField, .tabBar, .buttons, .taskDone,
        .screen,
      ]),
    KeyBinding(
      keys(.enter), .submit, "next field; on the last one, next step (last step: finish)",
      hint: "next field",
      in: FocusContext.fields.filter { $0 != .choiceList && $0 != .multilineText } + [.tabBar]),
    KeyBinding(
      keys(.enter), .command(.enter), "press the focused button (last step: finish)",
      hint: "next", in: [.buttons, .taskDone]),
    KeyBinding(
      keys(.enter), .command(.enter), "next step (last step: finish)", hint: "next",
      in: [.noFocus, .screen]),
    KeyBinding(
      keys(.tab, .backTab), .cycleFocus, "next / previous field, tab bar, button (wraps)",
      hint: "focus", in: FocusContext.controls),
    KeyBinding(
      keys(.escape), .leaveField, "leave the field (then q, ? and r work)", hint: "leave field",
      in: FocusContext.fields.filter { !FocusContext.lists.contains($0) }),
    KeyBinding([.digit], .digit, "rate N", hint: "rate", in: [.stars]),
    KeyBinding(keys(.left, .right), .step, "one star less / more", hint: "stars", in: [.stars]),
    KeyBinding(chars("ln "), .command(.next), "one star more", in: [.stars]),
    KeyBinding(chars("hp"), .command(.previous), "one star less", in: [.stars]),
    KeyBinding(
      keys(.backspace) + chars("b"), .command(.back), "take a star back", in: [.stars]),
    KeyBinding(keys(.enter), .command(.enter), "done", hint: "done", in: [.stars]),
    KeyBinding(
      keys(.left, .right), .switchButton,
      "Back / Next; past them: previous / next step",
      hint: "button", in: [.buttons, .taskDone]),
    KeyBinding(
      keys(.left, .right), .step, "previous / next step", hint: "step", in: [.noFocus, .screen]),
    KeyBinding(
      chars(" "), .command(.enter), "press the focused button (last step: finish)",
      in: [.buttons, .taskDone]),
    KeyBinding(chars(" "), .command(.next), "next step", in: [.noFocus]),
    KeyBinding(chars("ln"), .command(.next), "next step", in: FocusContext.notText),
    KeyBinding(
      chars("hp"), .command(.previous), "previous step (keeps progress)",
      in: FocusContext.notText),
    KeyBinding(
      keys(.backspace) + chars("b"), .command(.back), "back: undo the current step",
      hint: "back", in: FocusContext.notText),
    KeyBinding([.digit], .digit, "revisit reached step N", in: FocusContext.notText),
    KeyBinding(
      chars("r"), .command(.reset), "start over (asks first once something is answered)",
      hint: "start over", in: FocusContext.notText + [.stars]),
    KeyBinding(
      chars("q") + keys(.escape), .command(.quit),
      "cancel, exit 1 (asks first once something is answered)", hint: "quit",
      in: FocusContext.notText + [.stars]),
    KeyBinding(
      chars("?"), .help, "show or hide this help", hint: "keys",
      in: FocusContext.notText + [.stars, .logPane]),
    KeyBinding(
      keys(.ctrl("c")), .interrupt, "interrupt (exit 130)",
      in: FocusContext.allCases),
  ]

  /// The binding a key has where the focus is, if any, with the user's remaps: a key moved
  /// onto another has that key's binding, a freed key only what a pattern gives it (a list's
  /// filter).
  ///
  /// Without a remap, the first binding of the table that has the key there.
  ///
  /// - Complexity: O(1) for a key without a remap, through ``lookup`` (every typed character
  ///   of a burst asks).
  package static func binding(
    for key: Key, in context: FocusContext, remaps: KeyRemaps = .current
  ) -> KeyBinding? {
    guard let remap = remaps.remap(of: key, in: context) else {
      return lookup[context]?.index(for: key).map { table[$0] }
    }
    guard let target = remap.target else {
      return table.first {
        $0.contexts.contains(context) && $0.keys.contains { $0 != .key(key) && $0.matches(key) }
      }
    }
    return binding(for: target, in: context, remaps: .none)
  }

  /// The key as the binding it has acts on it: a key moved onto another is that key (`j` moved
  /// onto `↓` moves the highlight down).
  package static func translated(
    _ key: Key, in context: FocusContext, remaps: KeyRemaps = .current
  ) -> Key {
    remaps.remap(of: key, in: context)?.target ?? key
  }

  /// The binding the table gives a key by name (not as one of the letters or digits), where
  /// the focus is, without remaps: what moving the key would take away.
  package static func explicitBinding(for key: Key, in context: FocusContext) -> KeyBinding? {
    guard let binding = binding(for: key, in: context, remaps: .none),
      binding.keys.contains(.key(key))
    else { return nil }
    return binding
  }

  /// The keys that quit where the focus is, with the remaps.
  package static func keys(quitting context: FocusContext, remaps: KeyRemaps) -> [KeyPattern] {
    let taken = takenKeys(in: context, remaps: remaps)
    return table.indices.filter { table[$0].action == .command(.quit) }.flatMap { taken[$0] }
  }

  /// Per context, where in the table each key's binding is.
  private static let lookup: [FocusContext: KeyLookup] = Dictionary(
    uniqueKeysWithValues: FocusContext.allCases.map { ($0, KeyLookup(table, in: $0)) })

  /// What the Enter key is bound to in a context: looked up for the context asked only.
  package static func enterAction(in context: FocusContext) -> KeyAction? {
    binding(for: .enter, in: context)?.action
  }

  /// The keys of a binding that it really takes in a context (an earlier binding may take some of
  /// them), e.g.
  ///
  /// `→` is not `next` in a yes/no field.
  package static func keys(of binding: KeyBinding, in context: FocusContext) -> [KeyPattern] {
    guard let index = table.firstIndex(of: binding) else { return [] }
    return takenKeys(in: context, remaps: .current)[index]
  }

  /// For each binding of the table, in order, the keys it takes in a context: a key goes to
  /// the first binding that has it there (``binding(for:in:)``); a pattern of many keys
  /// (letters, digits) is taken by an earlier binding of the same pattern, and every letter by
  /// an earlier binding of letters.
  ///
  /// One pass over the table.
  ///
  /// With remaps, a key moved or freed here leaves the bindings that took it, and a key moved
  /// onto another joins the binding that takes that one.
  private static func takenKeys(in context: FocusContext, remaps: KeyRemaps) -> [[KeyPattern]] {
    var taken = tableTakenKeys(in: context)
    for remap in remaps.remaps where remap.group.contexts.contains(context) {
      for index in taken.indices { taken[index].removeAll { $0 == .key(remap.key) } }
    }
    for remap in remaps.remaps where remap.group.contexts.contains(context) {
      guard let target = remap.target,
        let index = table.firstIndex(where: {
          $0.contexts.contains(context) && $0.keys.contains { $0.matches(target) }
        })
      else { continue }
      taken[index].append(.key(remap.key))
    }
    return taken
  }

  /// The keys each binding takes in a context from the table alone (see above).
  private static func tableTakenKeys(in context: FocusContext) -> [[KeyPattern]] {
    var keys: [Key] = []
    var letters = false
    var digits = false
    return table.map { binding in
      guard binding.contexts.contains(context) else { return [] }
      let taken = binding.keys.filter { pattern in
        switch pattern {
        case .key(let key):
          return !keys.contains(key) && !(letters && KeyPattern.printable.matches(key))
            && !(digits && KeyPattern.digit.matches(key))
        case .printable: return !letters
        case .digit: return !letters && !digits
        }
      }
      for pattern in binding.keys {
        switch pattern {
        case .key(let key): keys.append(key)
        case .printable: letters = true
        case .digit: digits = true
        }
      }
      return taken
    }
  }

  /// What the keys do in a context, for the `?` overlay: (keys, what they do), in table order.
  /// - Parameters:
  ///   - context: Where the focus is.
  ///   - ascii: Keys written in ASCII (`<-` for `←`).
  ///   - hintedFirst: The rows the hint line names (the most useful) before the rest, each part
  ///     in table order — for an overlay too short for every row.
  ///   - leaving: Actions whose rows are left out (in a question: Tab, back, the steps).
  ///   - words: What an action does here when it is not what the table says (in a question,
  ///     Esc cancels).
  ///   - remaps: The keys moved (the installed ones, ``KeyRemaps/current``, unless given).
  /// - Returns: A row a binding: the keys it takes here, and what it does.
  package static func help(
    in context: FocusContext, ascii: Bool = false, hintedFirst: Bool = false,
    leaving: [KeyAction] = [], words: [(action: KeyAction, help: String)] = [],
    remaps: KeyRemaps = .current
  ) -> [(String, String)] {
    let taken = takenKeys(in: context, remaps: remaps)
    let order =
      hintedFirst
      ? table.indices.filter { table[$0].hint != nil }
        + table.indices.filter { table[$0].hint == nil }
      : Array(table.indices)
    return order.compactMap { index in
      let binding = table[index]
      let keys = taken[index]
      guard !keys.isEmpty, !leaving.contains(binding.action) else { return nil }
      let label =
        keys == binding.keys
        ? binding.keysLabel(ascii: ascii)
        : keys.map { $0.label(ascii: ascii) }.joined(separator: " ")
      return (label, words.first { $0.action == binding.action }?.help ?? binding.help)
    }
  }

  /// The hint line's items in a context, most useful first: `Enter pick`, `↑ ↓ choose`.
  /// - Parameters:
  ///   - context: Where the focus is.
  ///   - ascii: Keys written in ASCII.
  ///   - enter: What Enter does here in words (`next field`, `finish`), if known.
  ///   - leaving: Actions that would do nothing here (in a question: Tab, back, step).
  ///   - words: What an action does here when it is not what the table says (in a question,
  ///     Esc cancels: `(.leaveField, "cancel")`).
  ///   - remaps: Keys moved, other than the installed ones (``KeyRemaps/current``, the default).
  /// - Returns: The items, each its keys and its words.
  package static func hints(
    in context: FocusContext, ascii: Bool = false, enter: String? = nil,
    leaving: [KeyAction] = [], words: [(action: KeyAction, hint: String)] = [],
    remaps: KeyRemaps? = nil
  ) -> [String] {
    hintItems(in: context, ascii: ascii, remaps: remaps).compactMap { entry in
      if !leaving.isEmpty, leaving.contains(entry.action) { return nil }
      let hint = words.first { $0.action == entry.action }?.hint ?? entry.hint
      return entry.keys + " " + (entry.isEnter ? enter ?? hint : hint)
    }
  }

  /// One item of the hint line: its keys, its words, and whether the words are Enter's (which
  /// the screen may replace with what Enter does there).
  private struct HintItem: Sendable {
    var keys: String
    var hint: String
    var isEnter: Bool
    var action: KeyAction
  }

  /// The hint items of each context (both glyph styles), each made the first time a frame
  /// shows that context and kept: the line is drawn with every frame, and a run shows only a
  /// few of the contexts (the first frame needs one), so none is made before it is shown.
  private static let madeHints = Mutex<[[HintItem]?]>(
    Array(repeating: nil, count: 2 * FocusContext.allCases.count))

  /// Drops the hint items made so far (the remaps changed).
  static func forgetHints() {
    madeHints.withLock { made in
      for index in made.indices { made[index] = nil }
    }
  }

  private static func hintItems(in context: FocusContext, ascii: Bool, remaps: KeyRemaps?)
    -> [HintItem]
  {
    // Remaps other than the installed ones (a test's) are read, never kept.
    if let remaps { return makeHintItems(in: context, ascii: ascii, remaps: remaps) }
    let slot = 2 * (FocusContext.allCases.firstIndex(of: context) ?? 0) + (ascii ? 1 : 0)
    if let made = madeHints.withLock({ $0[slot] }) { return made }
    let items = makeHintItems(in: context, ascii: ascii, remaps: .current)
    madeHints.withLock { $0[slot] = items }
    return items
  }

  /// Reads the table for a context's hint items (see ``hintItems(in:ascii:)``).
  private static func makeHintItems(in context: FocusContext, ascii: Bool, remaps: KeyRemaps)
    -> [HintItem]
  {
    var items: [(rank: Int, order: Int, item: HintItem)] = []
    for (binding, keys) in zip(table, takenKeys(in: context, remaps: remaps)) {
      guard let hint = binding.hint, !keys.isEmpty else { continue }
      let isEnter: Bool
      switch binding.action {
      case .submit, .command(.enter): isEnter = true
      default: isEnter = false
      }
      items.append(
        (
          rank(of: binding), items.count,
          HintItem(
            keys: hintLabel(keys, ascii: ascii), hint: hint, isEnter: isEnter,
            action: binding.action)
        ))
    }
    return items.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.item)
  }

  /// The keys as the hint line names them: a pair of arrows (`← →`), else the first arrow,
  /// else the first letter (`b`, not `Backspace`), else the first key.
  private static func hintLabel(_ keys: [KeyPattern], ascii: Bool) -> String {
    if keys == [.printable] { return "type" }
    if keys.count >= 2, keys[0].isArrow, keys[1].isArrow {
      return keys[0].label(ascii: ascii) + " " + keys[1].label(ascii: ascii)
    }
    let chosen =
      keys.first.flatMap { $0.isArrow ? $0 : nil }
      ?? keys.first {
        if case .key(.character(let c)) = $0 { return c != " " } else { return false }
      }
      ?? keys.first
    return chosen?.label(ascii: ascii) ?? ""
  }

  /// Hint order: what acts on the focus first, then moving on, then the rest.
  private static func rank(of binding: KeyBinding) -> Int {
    switch binding.action {
    case .confirm, .dismiss, .digit: return 0
    // The stars' arrows say again what the digits do: after quitting, on a narrow line.
    case .step where binding.contexts == [.stars]: return 60
    case .pick, .submit, .command(.enter), .command(.stop), .taskAction(nil), .closeLog: return 10
    case .switchTaskAction, .scrollLog: return 20
    case .openLog: return 40
    // Typing to filter a list: after moving the focus, which a narrow line keeps.
    case .edit where binding.keys == [.printable]: return 35
    case .edit, .vertical, .switchTab, .switchButton, .step: return 20
    case .cycleFocus, .openEditor: return 30
    case .leaveField, .clearOrLeave: return 40
    case .command(.quit): return 50
    case .help: return 70
    case .command(.back): return 80
    default: return 90
    }
  }

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
  /// focus is.
  package static var text: String {
    var lines = ["Keys: what a key does depends on where the focus is (Tab, Shift-Tab move it)."]
    let order: [FocusContext] = [
      .noFocus, .buttons, .textField, .multilineText, .numberField, .pathField, .dateField,
      .choiceList, .multiList, .choiceRow, .confirm, .ratingField, .tabBar, .stars, .prompt,
      .taskRunning, .taskFailed, .taskDone, .logPane, .screen,
    ]
    for context in order {
      let rows = help(in: context)
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

extension KeyPattern {
  fileprivate var isArrow: Bool {
    switch self {
    case .key(.left), .key(.right), .key(.up), .key(.down): return true
    default: return false
    }
  }
}
