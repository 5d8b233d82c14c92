import StepFlowCore
import StepFlowText

/// The `.status` block: a caption over the status text, large, padded, framed on a darker
/// band (`YOUR ORDER STATUS:` / `Preparing Order`).
package struct StatusBlockView: StepScreenView {
  package var caption: String
  package var text: String

  package init(caption: String, text: String) {
    self.caption = caption
    self.text = text
  }

  package func height(width: Int) -> Int { 4 }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let base = context.baseStyle
    StepScreen.drawCentered(
      caption, into: &canvas, area: area, y: area.y, style: base, glyphs: context.glyphs)
    drawBox(into: &canvas, area: area, y: area.y + 1, context: context)
  }

  package func plainLines(context: StepScreenContext) -> [String] { [caption + " " + text] }

  /// The status text in its frame, in the text colour (white in the delivery flow).
  private func drawBox(into canvas: inout Canvas, area: Rect, y: Int, context: StepScreenContext) {
    let glyphs = context.glyphs
    let line = TextLayout.truncate(
      Sanitizer.sanitize(text), toWidth: max(1, area.width - 6), ellipsis: glyphs.ellipsis)
    let inner = DisplayWidth.of(line) + 4
    let x = area.x + TextLayout.centeredOffset(inner + 2, in: area.width)
    let band = context.baseStyle.background(context.theme.background.blended(with: .black, by: 0.1))
    let frame = band.foreground(context.theme.foreground)
    let rows = min(3, area.maxY - y)
    guard rows > 0 else { return }
    let horizontal = String(repeating: glyphs.horizontal, count: inner)
    canvas.draw(glyphs.topLeft + horizontal + glyphs.topRight, x: x, y: y, style: frame)
    if rows > 1 {
      canvas.draw(glyphs.vertical, x: x, y: y + 1, style: frame)
      canvas.draw("  " + line + "  ", x: x + 1, y: y + 1, style: band.bold)
      canvas.draw(glyphs.vertical, x: x + inner + 1, y: y + 1, style: frame)
    }
    if rows > 2 {
      canvas.draw(
        glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: x, y: y + 2, style: frame)
    }
  }
}
