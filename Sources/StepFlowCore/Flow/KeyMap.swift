/// The key table (``KeyBindings``) as a flow's help overlay (`?`) lists it: the rows where the
/// focus is, with a rating's digits as many as it has stars.
package enum KeyMap {
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
