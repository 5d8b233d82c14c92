/// The key table (``KeyBindings``) as a flow's screen uses it: the command a key means where
/// nothing has the focus, and the `?` overlay's rows where the focus is.
package enum KeyMap {
  /// The command for a key where nothing has the focus (rating flows: the stars), or `nil`
  /// when the key is bound to something else or to nothing.
  package static func command(for key: Key, flow: FlowDefinition) -> Command? {
    let context: FocusContext = flow.navigation == .rating ? .stars : .noFocus
    guard let binding = KeyBindings.binding(for: key, in: context) else { return nil }
    switch binding.action {
    case .command(let command): return command
    case .step: return key == .left ? .previous : .next
    case .digit:
      guard case .character(let c) = key, let n = c.wholeNumberValue, n > 0 else { return nil }
      return flow.navigation == .rating ? .rate(n) : .tap(n)
    default: return nil
    }
  }

  /// The keys listed by the help overlay (`?`) in a focus context: key, then what it does.
  package static func help(
    in context: FocusContext, flow: FlowDefinition, glyphs: Glyphs, hintedFirst: Bool = false
  ) -> [(String, String)] {
    let digits = "1-\(min(9, flow.steps.count))"
    return KeyBindings.help(in: context, ascii: glyphs.style == .ascii, hintedFirst: hintedFirst)
      .map { row in
        (context == .stars ? row.0.replacing("1-9", with: digits) : row.0, row.1)
      }
  }
}
