import StepFlowCore
import StepFlowText

/// The Back / Next buttons, each centred in its half of the row.
///
/// The focused button is drawn reversed and pointed at (`▶`), so focus shows without colour;
/// a button that cannot act (Back on the first step) is drawn in the inactive colour.
package struct ButtonRow {
  package var backEnabled: Bool
  /// The title of the forward button: `Next`, or `Finish` on the last step.
  package var nextTitle: String
  package var focus: Focus?
  package var theme: Theme
  package var glyphs: Glyphs

  package init(backEnabled: Bool, nextTitle: String, focus: Focus?, theme: Theme, glyphs: Glyphs) {
    self.backEnabled = backEnabled
    self.nextTitle = nextTitle
    self.focus = focus
    self.theme = theme
    self.glyphs = glyphs
  }

  package func render(into canvas: inout Canvas, area: Rect) {
    guard area.height > 0, area.width >= 8 else { return }
    let half = area.width / 2
    draw(
      "Back", focused: focus == .back, enabled: backEnabled, into: &canvas,
      area: Rect(x: area.x, y: area.y, width: half, height: 1))
    draw(
      nextTitle, focused: focus == .next, enabled: true, into: &canvas,
      area: Rect(x: area.x + half, y: area.y, width: area.width - half, height: 1))
  }

  /// The button at `column` of a row drawn in `area` (its label, and the pointer of the
  /// focused one): what a click there presses.
  package func button(atColumn column: Int, in area: Rect) -> Focus? {
    guard area.height > 0, area.width >= 8 else { return nil }
    let half = area.width / 2
    let back = Rect(x: area.x, y: area.y, width: half, height: 1)
    let next = Rect(x: area.x + half, y: area.y, width: area.width - half, height: 1)
    for (title, focus, rect) in [("Back", Focus.back, back), (nextTitle, Focus.next, next)] {
      let (x, width) = span(title, focused: self.focus == focus, in: rect)
      if column >= x, column < x + width { return focus }
    }
    return nil
  }

  /// Where a button's pointer and label go in its half of the row: the first column and the
  /// width.
  private func span(_ title: String, focused: Bool, in area: Rect) -> (x: Int, width: Int) {
    let pointer = focused ? glyphs.pointerRight + " " : ""
    let width = DisplayWidth.of(pointer) + DisplayWidth.of("[ " + title + " ]")
    return (area.x + max(0, (area.width - width) / 2), width)
  }

  private func draw(
    _ title: String, focused: Bool, enabled: Bool, into canvas: inout Canvas, area: Rect
  ) {
    let label = "[ " + title + " ]"
    let pointer = focused ? glyphs.pointerRight + " " : ""
    let x = span(title, focused: focused, in: area).x
    let base = theme.text
    var style = base.foreground(enabled ? theme.accent : theme.inactive)
    if focused { style = style.reversed.bold }
    let used = canvas.draw(pointer, x: x, y: area.y, style: base.foreground(theme.accent))
    canvas.draw(label, x: x + used, y: area.y, style: style, limit: area.maxX - x - used)
  }

  /// The buttons in words for plain mode: `Buttons: Back, Next (focused)`.
  package var accessibleText: String {
    let back = "Back" + (backEnabled ? "" : " (unavailable)") + (focus == .back ? " (focused)" : "")
    let next = nextTitle + (focus == .next ? " (focused)" : "")
    return "Buttons: \(back), \(next)"
  }
}
