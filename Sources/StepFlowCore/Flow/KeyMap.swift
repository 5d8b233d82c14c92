import StepFlowJSON

/// Which command a key means on a flow's screen (PRODUCT.md's key table).
package enum KeyMap {
  /// The command for a key, or `nil` when the key means nothing here.
  package static func command(for key: Key, flow: FlowDefinition) -> Command? {
    switch key {
    case .right, .character("l"), .character("n"), .character(" "): return .next
    case .left, .character("h"), .character("p"): return .previous
    case .backspace, .character("b"): return .back
    case .character("r"): return .reset
    case .enter: return .enter
    case .tab: return .tab(.next)
    case .backTab: return .tab(.previous)
    case .character("q"), .escape: return .quit
    case .character(let c):
      if let digit = c.wholeNumberValue, (1...9).contains(digit) {
        return flow.navigation == .rating ? .rate(digit) : .tap(digit)
      }
      return nil
    default: return nil
    }
  }

  /// The keys listed by the help overlay (`?`): key, then what it does.
  package static func help(for flow: FlowDefinition, glyphs: Glyphs) -> [(String, String)] {
    let ascii = glyphs.style == .ascii
    let right = ascii ? "->" : "→"
    let left = ascii ? "<-" : "←"
    var rows: [(String, String)] = []
    switch flow.navigation {
    case .rating:
      rows.append(("1-\(min(9, flow.steps.count))", "rate"))
      rows.append(("\(right) l  \(left) h", "one star more / less"))
      rows.append(("Backspace b", "take a star back"))
      rows.append(("Enter", "done"))
    case .tap, .buttons:
      rows.append(("\(right) l n Space", "next step"))
      rows.append(("\(left) h p", "previous step (keeps progress)"))
      rows.append(("Backspace b", "back: undo the current step"))
      rows.append(("1-9", "revisit a reached step"))
      rows.append(("Enter", "activate / finish on the last step"))
      rows.append(("Tab Shift-Tab", "switch tab"))
      rows.append(("↑ ↓", "move between fields, tabs and buttons"))
      rows.append(("Esc", "leave a text field (then q, ? and r work)"))
    }
    rows.append(("r", "start over"))
    rows.append(("?", "show or hide this help"))
    rows.append(("q Esc", "cancel (exit 1)"))
    rows.append(("Ctrl-C", "interrupt (exit 130)"))
    return rows
  }
}
