import StepFlowCore

/// A box around an area, with an optional title in its top edge.
package struct Frame {
  package var title: String?
  package var glyphs: Glyphs

  package init(title: String? = nil, glyphs: Glyphs) {
    self.title = title
    self.glyphs = glyphs
  }

  package func render(into canvas: inout Canvas, area: Rect, style: Style) {
    guard area.width >= 2, area.height >= 2 else { return }
    let inner = String(repeating: glyphs.horizontal, count: area.width - 2)
    canvas.draw(glyphs.topLeft + inner + glyphs.topRight, x: area.x, y: area.y, style: style)
    canvas.draw(
      glyphs.bottomLeft + inner + glyphs.bottomRight, x: area.x, y: area.maxY - 1, style: style)
    for y in (area.y + 1)..<(area.maxY - 1) {
      canvas.draw(glyphs.vertical, x: area.x, y: y, style: style)
      canvas.draw(glyphs.vertical, x: area.maxX - 1, y: y, style: style)
    }
    if let title, area.width > 6 {
      let text =
        " " + TextLayout.truncate(title, toWidth: area.width - 6, ellipsis: glyphs.ellipsis) + " "
      canvas.draw(text, x: area.x + 2, y: area.y, style: style.bold)
    }
  }
}
