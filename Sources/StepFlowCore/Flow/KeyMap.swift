/// The key table (``KeyBindings``) as a flow's help overlay (`?`) lists it: the rows where the
/// focus is, with a rating's digits as many as it has stars.
package enum KeyMap {
  /// The keys listed by the help overlay (`?`) in a focus context: key, then what it does.
  ///
  /// In a question (``FlowDefinition/isOneQuestion``) the rows say what the keys do there:
  /// Esc and q cancel, Enter answers, and the rows about other fields and steps are left out.
  package static func help(
    in context: FocusContext, flow: FlowDefinition, glyphs: Glyphs, hintedFirst: Bool = false,
    remaps: KeyRemaps
  ) -> [(String, String)] {
    let digits = "1-\(min(9, flow.steps.count))"
    let question = flow.isOneQuestion
    return KeyBindings.help(
      in: context, ascii: glyphs.style == .ascii, hintedFirst: hintedFirst,
      leaving: question ? questionLeaves(in: context) : [],
      words: question ? questionHelp(in: context) : [], remaps: remaps
    )
    .map { row in
      (context == .stars ? row.0.replacing("1-9", with: digits) : row.0, row.1)
    }
  }

  /// The actions that do nothing in a question: there is no other field to focus, no step to
  /// go to or back over, nothing to start over (a multi-line text's ↑ ↓ still move the line).
  package static func questionLeaves(in context: FocusContext) -> [KeyAction] {
    var leaves: [KeyAction] = [
      .cycleFocus, .command(.back), .command(.next), .command(.previous), .step, .digit,
      .command(.reset),
    ]
    if context != .multilineText { leaves.append(.vertical) }
    return leaves
  }

  /// What the hint line says an action does in a question, where it is not the table's word.
  package static let questionHints: [(action: KeyAction, hint: String)] = [
    (.leaveField, "cancel"), (.clearOrLeave, "clear / cancel"),
  ]

  /// What the help overlay says an action does in a question, where it is not the table's
  /// words: Esc cancels at once (exit 1), q too (no y/n first), Enter answers (a yes/no
  /// question by its exit status).
  package static func questionHelp(in context: FocusContext) -> [(action: KeyAction, help: String)]
  {
    [
      (.leaveField, "cancel the question (exit 1)"),
      (.clearOrLeave, "clear the filter; without one, cancel the question (exit 1)"),
      (.command(.quit), "cancel the question (exit 1)"),
      (
        .submit,
        context == .confirm
          ? "done: exit 0 for yes, 2 for no" : "done: the answer goes to stdout (exit 0)"
      ),
    ]
  }
}
