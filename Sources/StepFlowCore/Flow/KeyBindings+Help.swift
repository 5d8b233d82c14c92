import Synchronization

extension KeyBindings {
  /// What the keys do in a context, for the `?` overlay: (keys, what they do), in table order.
  /// - Parameters:
  ///   - context: Where the focus is.
  ///   - ascii: Keys written in ASCII (`<-` for `←`).
  ///   - hintedFirst: The rows the hint line names (the most useful) before the rest, each part
  ///     in table order — for an overlay too short for every row.
  ///   - leaving: Actions whose rows are left out (in a question: Tab, back, the steps).
  ///   - words: What an action does here when it is not what the table says (in a question,
  ///     Esc cancels).
  ///   - remaps: The keys the user moved (the run's, ``FlowState/keyRemaps``).
  /// - Returns: A row a binding: the keys it takes here, and what it does.
  package static func help(
    in context: FocusContext, ascii: Bool = false, hintedFirst: Bool = false,
    leaving: [KeyAction] = [], words: [(action: KeyAction, help: String)] = [],
    remaps: KeyRemaps
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
  ///   - remaps: The keys the user moved (the run's, ``FlowState/keyRemaps``).
  ///   - taken: Keys something else takes here (a step screen's): items for them are left out.
  /// - Returns: The items, each its keys and its words.
  package static func hints(
    in context: FocusContext, ascii: Bool = false, enter: String? = nil,
    leaving: [KeyAction] = [], words: [(action: KeyAction, hint: String)] = [],
    remaps: KeyRemaps, taken: [Key] = []
  ) -> [String] {
    hintItems(in: context, ascii: ascii, remaps: remaps).compactMap { entry in
      if !leaving.isEmpty, leaving.contains(entry.action) { return nil }
      if !taken.isEmpty, entry.patterns.contains(where: { p in taken.contains(where: p.matches) }) {
        return nil
      }
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
    /// The keys the item is for.
    var patterns: [KeyPattern]
  }

  /// The hint items of each context (both glyph styles) for one set of remaps.
  ///
  /// Each is made the first time a frame shows that context, and kept: the line is drawn with
  /// every frame, and a run shows only a few of the contexts (the first frame needs one), so
  /// none is made before it is shown. Other remaps (another run's, a test's) start again.
  private static let madeHints = Mutex<(remaps: KeyRemaps, items: [[HintItem]?])>(
    (.none, Array(repeating: nil, count: 2 * FocusContext.allCases.count)))

  private static func hintItems(in context: FocusContext, ascii: Bool, remaps: KeyRemaps)
    -> [HintItem]
  {
    let place = 2 * slot(of: context) + (ascii ? 1 : 0)
    if let made = madeHints.withLock({ $0.remaps == remaps ? $0.items[place] : nil }) {
      return made
    }
    let items = makeHintItems(in: context, ascii: ascii, remaps: remaps)
    madeHints.withLock { made in
      if made.remaps != remaps {
        made = (remaps, Array(repeating: nil, count: made.items.count))
      }
      made.items[place] = items
    }
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
            action: binding.action, patterns: keys)
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
}

extension KeyPattern {
  fileprivate var isArrow: Bool {
    switch self {
    case .key(.left), .key(.right), .key(.up), .key(.down): return true
    default: return false
    }
  }
}
