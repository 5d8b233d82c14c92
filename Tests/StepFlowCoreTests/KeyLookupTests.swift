import Testing

@testable import StepFlowCore

/// The key table's lookup answers exactly what a search of the table from its start answers,
/// for every key and every focus context: the first binding that takes the key there wins.
@Suite struct KeyLookupTests {
  /// Every kind of key, with letters, digits, space, accents, emoji, CJK and control characters.
  static let keys: [Key] = {
    var keys: [Key] = [
      .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete,
      .enter, .tab, .backTab, .backspace, .escape, .paste("abc"), .paste(""),
    ]
    keys += (1...12).map { Key.function($0) }
    let characters: [Character] =
      Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ?/!-+=.,;:'\"`~")
      + ["é", "ß", "漢", "🚲", "👩‍💻", "\u{7F}", "\u{85}", "\u{1B}", "\t"]
    for c in characters {
      keys += [.character(c), .alt(c)]
      if c.isLetter { keys.append(.ctrl(c)) }
    }
    return keys
  }()

  @Test(arguments: FocusContext.allCases)
  func theLookupGivesTheFirstBindingOfTheTable(context: FocusContext) {
    for key in Self.keys {
      let searched = KeyBindings.table.first {
        $0.contexts.contains(context) && $0.keys.contains { $0.matches(key) }
      }
      #expect(
        KeyBindings.binding(for: key, in: context, remaps: .none) == searched,
        "\(key) in \(context)")
    }
  }

  @Test func lettersAreTypedInATextFieldAndNavigateElsewhere() {
    #expect(
      KeyBindings.binding(for: .character("q"), in: .textField, remaps: .none)?.action == .edit)
    #expect(
      KeyBindings.binding(for: .character("q"), in: .buttons, remaps: .none)?.action
        == .command(.quit))
  }
}
