import StepFlowCore
import StepFlowRender
import StepFlowText

// The footer: the message line and the key hints under the step's screen.
extension FlowView {
  /// The rows of the footer at the bottom of `area`: none when there is no room for it, one
  /// when compact, else two (the message line and the key hints).
  static func footerRows(in area: Rect, compact: Bool) -> Int {
    area.height >= 2 ? (compact ? 1 : 2) : 0
  }

  /// Draws the message line and the key hints in the bottom ``footerRows(in:compact:)`` rows.
  ///
  /// Compact: one row, the y/n question when one is asked, else the message, else the hints.
  func renderFooter(into canvas: inout Canvas, area: Rect, theme: Theme, compact: Bool) {
    let base = theme.text
    let hintsY = area.maxY - 1
    if compact, let asked = state.pendingConfirmation {
      // The one footer row asks; the question names its keys (y/n).
      canvas.draw(
        asked.question(fitting: area.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: hintsY,
        style: base.foreground(theme.accent).bold)
      return
    }
    if compact, let message = program.message {
      canvas.draw(
        TextLayout.truncate(
          glyphs.cross + " " + message, toWidth: area.width - 2,
          ellipsis: glyphs.ellipsis), x: 1, y: hintsY, style: base.foreground(theme.error).bold)
      return
    }
    let fieldTask = program.fieldTaskLine(at: now, glyphs: glyphs)
    if compact, let fieldTask {
      canvas.draw(
        TextLayout.truncate(fieldTask, toWidth: area.width - 2, ellipsis: glyphs.ellipsis), x: 1,
        y: hintsY, style: base.foreground(theme.accent).bold)
      return
    }
    canvas.draw(
      fitting(hintItems(), width: area.width - 2), x: 1, y: hintsY,
      style: base.foreground(theme.inactive))
    if let asked = state.pendingConfirmation {
      canvas.draw(
        asked.question(fitting: area.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: hintsY - 1,
        style: base.foreground(theme.accent).bold)
    } else if let message = program.message {
      let line = glyphs.cross + " " + message
      canvas.draw(
        TextLayout.truncate(line, toWidth: area.width - 2, ellipsis: glyphs.ellipsis), x: 1,
        y: hintsY - 1, style: base.foreground(theme.error).bold)
    } else if let fieldTask {
      canvas.draw(
        TextLayout.truncate(fieldTask, toWidth: area.width - 2, ellipsis: glyphs.ellipsis), x: 1,
        y: hintsY - 1, style: base.foreground(theme.accent).bold)
    }
  }

  /// The key hints where the focus is, from the key table, most important first.
  private func hintItems() -> [String] { Self.hintItems(program: program, glyphs: glyphs) }

  /// The key hints where the focus is, from the key table, most important first (the wizard's
  /// hint line and a question's alike).
  package static func hintItems(program: FlowProgram, glyphs: Glyphs) -> [String] {
    let context = program.focusContext
    // One question: nothing else to focus (Tab), no steps to go back to or over, nothing to
    // start over; no hints for them.
    let question = program.flow.isOneQuestion
    // A step screen's own items come first, and the table's for the keys it takes go.
    let own =
      context == .screen
      ? program.state.editor?.screenHints(answers: program.state.answers) ?? [] : []
    let items =
      own.map { $0.text(ascii: glyphs.style == .ascii) }
      + KeyBindings.hints(
        in: context, ascii: glyphs.style == .ascii, enter: enterHint(program: program, context),
        leaving: (question ? KeyMap.questionLeaves(in: context) : [])
          + (checksWithoutTask(program, context) ? [.openLog] : []),
        words: question ? KeyMap.questionHints : [], remaps: program.state.keyRemaps,
        taken: own.flatMap(\.keys))
    if FocusContext.lists.contains(context), let field = program.state.editor?.focusedField,
      !field.list.filter.isEmpty
    {
      // While a list is filtered the hint says by what, and how to undo it.
      let filter = Sanitizer.sanitize(field.list.filter)
      let shown =
        field.list.count(of: field.options.count) == 0
        ? "no match for \"\(filter)\"" : "filter \"\(filter)\""
      return [shown, "Backspace edit", "Esc clear"]
        + items.filter { !$0.hasPrefix("Esc ") && !$0.hasPrefix("type ") }
    }
    guard context == .stars else { return items }
    return items.map { $0.replacing("1-9", with: "1-\(min(9, program.flow.steps.count))") }
  }

  /// Whether Next waits for a field's or the step's check on a step without a task of its
  /// own: the running task's keys apply (x stops it), but there is no output to show.
  private static func checksWithoutTask(_ program: FlowProgram, _ context: FocusContext) -> Bool {
    guard context == .taskRunning, let current = program.state.progression.current else {
      return false
    }
    return program.state.tasks[current] == nil
  }

  /// What Enter does where the focus is, in a word or two: asked of the update that performs
  /// it (``FlowMachine/enterEffect(of:_:_:)``), so the hint says what the key will do.
  private static func enterHint(program: FlowProgram, _ context: FocusContext) -> String? {
    let flow = program.flow
    guard let action = KeyBindings.enterAction(in: context, remaps: program.state.keyRemaps),
      let effect = FlowMachine.enterEffect(of: action, program.state, flow)
    else { return nil }
    switch effect {
    case .nextField: return "next field"
    case .back: return "back"
    // In a field, "next" alone could be the next field.
    case .nextStep: return action == .submit ? "next step" : "next"
    case .finish:
      return flow.navigation == .rating || program.options.layout == .question ? "done" : "finish"
    case .runTask: return "run"
    }
  }

  /// As many hints as fit in the width, whole, joined by a separator.
  private func fitting(_ items: [String], width: Int) -> String {
    Self.fitting(items, width: width, glyphs: glyphs)
  }

  /// As many hints as fit in the width, whole, joined by a separator.
  package static func fitting(_ items: [String], width: Int, glyphs: Glyphs) -> String {
    let separator = glyphs.style == .ascii ? " | " : " · "
    // Each item is measured once (the line is drawn with every frame).
    let separatorWidth = DisplayWidth.of(separator)
    var line = ""
    var used = 0
    for item in items {
      let added = DisplayWidth.of(item) + (line.isEmpty ? 0 : separatorWidth)
      guard used + added <= width else { break }
      line += line.isEmpty ? item : separator + item
      used += added
    }
    return line
  }
}
