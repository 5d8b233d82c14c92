import StepFlowCore

/// The `.summary` block: the answers given on the earlier steps, a line each (`Name: Ann`).
///
/// Cut short, its last row says how many lines are not shown. Plain mode says the answers
/// itself, so the block says nothing there.
package struct SummaryBlockView: StepScreenView {
  package var lines: [String]

  package init(lines: [String]) { self.lines = lines }

  package func height(width: Int) -> Int { max(1, lines.count) }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let width = TextBlockView.lineWidth(in: area.width)
    let x = TextBlockView.left(in: area, lineWidth: width)
    let cut = lines.count > area.height && area.height > 0
    for (i, line) in lines.enumerated() where i < area.height {
      let text =
        cut && i == area.height - 1 ? context.glyphs.ellipsis + " \(lines.count - i) more" : line
      canvas.draw(text, x: x, y: area.y + i, style: context.baseStyle, limit: width)
    }
  }
}
