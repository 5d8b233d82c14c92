import StepFlowCore
import StepFlowRender
import StepFlowText

/// Draws a one-question flow (`stepflow ask`) inline: the field as a wizard draws it — its label
/// row, its input rows, its message row (a refusal of the flow shows there when the field has none)
/// — then one row of key hints, or the y/n question while one is asked; `?` lists the keys below
/// the field.
///
/// Nothing else: no bar, no strip, no buttons.
///
/// ```
/// │ Branch *  3 of 12
/// │ ● main
/// │ ○ dev
///
///   ↑↓ move · Enter pick · type to filter · ? keys
/// ```
/// The field is the wizard's (``Form/render(into:area:theme:glyphs:focused:context:)``): the
/// same rows, rules and messages; when the terminal has fewer rows than the question needs,
/// the hints go first, then the form scrolls to keep the focused row in sight.
package struct QuestionView {
  package let program: FlowProgram
  package let now: Duration
  package let glyphs: Glyphs

  package init(program: FlowProgram, now: Duration) {
    self.program = program
    self.now = now
    glyphs = Glyphs.for(program.options.glyphs)
  }

  /// The widest the question is drawn, whatever the terminal's width.
  package static let maximumWidth = 78

  private var state: FlowState { program.state }
  private var theme: Theme { program.flow.theme(forStep: state.progression.current) }

  /// The form of the question's step (empty when the flow has none).
  private var form: Form? { state.editor?.form }

  /// The rows the question takes in `width` columns, all of them shown.
  package func height(width: Int) -> Int {
    formRows(width: width) + 1 + helpRows().count
  }

  private func formWidth(_ width: Int) -> Int { min(width, Self.maximumWidth) }

  private func formRows(width: Int) -> Int {
    max(1, form?.rows(width: formWidth(width), context: state.context) ?? 1)
  }

  /// The key rows `?` shows, with a title row.
  private func helpRows() -> [(String, String)] {
    guard state.showsHelp else { return [] }
    let rows = KeyMap.help(
      in: program.focusContext, flow: program.flow, glyphs: glyphs,
      remaps: program.state.keyRemaps)
    return [("Keys: " + program.focusContext.title, "")] + rows
  }

  /// The question in `width` columns, at most `maxHeight` rows.
  package func render(width: Int, maxHeight: Int) -> Canvas {
    let help = helpRows()
    let rows = formRows(width: width)
    let height = max(1, min(maxHeight, rows + 1 + help.count))
    var canvas = Canvas(width: width, height: height, style: theme.text)
    // The form first; the hints' row when there is room for both.
    let formHeight = min(rows, height > rows ? rows : max(1, height - (height >= 3 ? 1 : 0)))
    let area = Rect(x: 0, y: 0, width: formWidth(width), height: formHeight)
    let focused: Bool
    if case .field? = state.editor?.focus { focused = true } else { focused = false }
    if let form {
      form.render(
        into: &canvas, area: area, theme: theme, glyphs: glyphs, focused: focused,
        context: state.context)
      renderRefusal(form, into: &canvas, area: area)
    }
    var y = formHeight
    guard y < height else { return finished(canvas) }
    let faint = theme.text.foreground(theme.inactive)
    if let asked = state.pendingConfirmation {
      canvas.draw(
        asked.question(fitting: width - Field.gutterWidth, ellipsis: glyphs.ellipsis),
        x: Field.gutterWidth, y: y, style: theme.text.foreground(theme.accent).bold)
    } else {
      canvas.draw(
        FlowView.fitting(
          FlowView.hintItems(program: program, glyphs: glyphs),
          width: width - Field.gutterWidth, glyphs: glyphs),
        x: Field.gutterWidth, y: y, style: faint)
    }
    y += 1
    let keyWidth = help.dropFirst().map { DisplayWidth.of($0.0) }.max() ?? 0
    for (i, row) in help.enumerated() where y < height {
      if i == 0 {
        canvas.draw(row.0, x: Field.gutterWidth, y: y, style: theme.text.bold)
      } else {
        canvas.draw(
          row.0, x: Field.gutterWidth + 2, y: y, style: theme.text.bold, limit: keyWidth)
        let x = Field.gutterWidth + 4 + keyWidth
        if width - x > 0 {
          canvas.draw(
            TextLayout.truncate(row.1, toWidth: width - x, ellipsis: glyphs.ellipsis), x: x,
            y: y, style: theme.text, limit: width - x)
        }
      }
      y += 1
    }
    return finished(canvas)
  }

  /// The flow's last refusal (`E-mail is required` from Enter, `x does nothing here`), in the
  /// field's message row when the field shows no message of its own there.
  private func renderRefusal(_ form: Form, into canvas: inout Canvas, area: Rect) {
    guard let message = program.message, let field = form.fields.first,
      form.visibleError(at: 0, in: state.context) == nil
    else { return }
    let row = area.y + 1 + field.inputRows
    guard row < area.maxY else { return }
    let error = theme.text.foreground(theme.error)
    canvas.draw(glyphs.cross, x: area.x + Field.gutterWidth, y: row, style: error, limit: 1)
    let x = area.x + Field.gutterWidth + 2
    canvas.draw(
      TextLayout.truncate(message, toWidth: area.maxX - x, ellipsis: glyphs.ellipsis), x: x,
      y: row, style: error, limit: area.maxX - x)
  }

  private func finished(_ canvas: Canvas) -> Canvas {
    guard glyphs.style == .ascii else { return canvas }
    var ascii = canvas
    ascii.foldToASCII()
    return ascii
  }
}
