import StepFlowCore
import StepFlowText

/// The `.text` block: paragraphs wrapped to a readable width, centred with a margin.
package struct TextBlockView: StepScreenView {
  package var text: String

  package init(text: String) { self.text = text }

  /// The width a paragraph takes in `width` columns: the readable width, within the margins.
  package static func lineWidth(in width: Int) -> Int {
    min(StepScreen.readableWidth, width - 2 * StepScreen.margin)
  }

  /// The x at which a paragraph of `lineWidth` starts in `area`.
  package static func left(in area: Rect, lineWidth: Int) -> Int {
    area.x + max(StepScreen.margin, (area.width - lineWidth) / 2)
  }

  package func height(width: Int) -> Int {
    TextLayout.wrap(text, width: max(1, Self.lineWidth(in: width))).count
  }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let width = Self.lineWidth(in: area.width)
    let x = Self.left(in: area, lineWidth: width)
    for (i, line) in TextLayout.wrap(text, width: max(1, width)).enumerated() where i < area.height
    {
      canvas.draw(line, x: x, y: area.y + i, style: context.baseStyle, limit: width)
    }
  }

  /// The paragraphs, a line each (a paragraph break is a line break in words too, never
  /// `\x0A`).
  package func plainLines(context: StepScreenContext) -> [String] {
    Sanitizer.sanitizeLines(text).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }
}
