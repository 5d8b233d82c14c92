/// For one focus context, the index in a key table of the first binding of each key: exact
/// keys by a dictionary, and the first binding of any letter and of any digit, so that a
/// lookup is O(1) and gives what a search of the table from its start gives.
///
/// ```swift
/// let lookup = KeyLookup(KeyBindings.table, in: .textField)
/// lookup.index(for: .character("q"))  // the "type a letter" binding, not quit
/// ```
struct KeyLookup: Sendable {
  private var exact: [Key: Int] = [:]
  private var printable: Int?
  private var digit: Int?

  init(_ table: [KeyBinding], in context: FocusContext) {
    for (index, binding) in table.enumerated() where binding.contexts.contains(context) {
      for pattern in binding.keys {
        switch pattern {
        case .key(let key): if exact[key] == nil { exact[key] = index }
        case .printable: if printable == nil { printable = index }
        case .digit: if digit == nil { digit = index }
        }
      }
    }
  }

  /// The index of the first binding that takes `key`, if any.
  func index(for key: Key) -> Int? {
    var first = exact[key]
    if let printable, KeyPattern.printable.matches(key) {
      first = min(first ?? printable, printable)
    }
    if let digit, KeyPattern.digit.matches(key) { first = min(first ?? digit, digit) }
    return first
  }
}
