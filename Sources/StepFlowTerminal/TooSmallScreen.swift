import StepFlowCore
import StepFlowRender
import StepFlowText

/// The screen the interactive loop shows instead of the program's when the terminal is smaller
/// than the program's minimum size: `terminal too small (need 60×20, have 40×10)` and how to
/// quit (`q or Ctrl-C to quit`) under it, centred.
///
/// When the sentence does not fit on one line it is split in two (`terminal too small` and
/// `need 60×20, have 40×10`); what still does not fit is cut at the right edge; the quit line
/// comes when there is a row for it (on more rows, word-wrapped, when it is wider than the
/// screen and there are rows). With the `ascii` glyph style the sign is `x`.
package struct TooSmallScreen: Sendable {
  /// The size the program needs.
  package var need: (width: Int, height: Int)
  /// The size the terminal has.
  package var have: (width: Int, height: Int)
  package var glyphs: GlyphStyle
  /// How to get out.
  package var quitHint = "q or Ctrl-C to quit"
  /// Whether the terminal is larger than the most stepflow draws (``TerminalSession/maximumSize``,
  /// then in `need`): `terminal too large (at most 1000×1000, have 10000×10000)`, drawn in a
  /// corner of the screen.
  package var tooLarge = false

  package init(
    need: (width: Int, height: Int), have: (width: Int, height: Int), glyphs: GlyphStyle,
    quitHint: String = "q or Ctrl-C to quit"
  ) {
    self.need = need
    self.have = have
    self.glyphs = glyphs
    self.quitHint = quitHint
  }

  /// The screen for a terminal larger than the most stepflow draws (`most`).
  package static func tooLarge(
    most: (width: Int, height: Int), have: (width: Int, height: Int), glyphs: GlyphStyle,
    quitHint: String = "q or Ctrl-C to quit"
  ) -> TooSmallScreen {
    var screen = TooSmallScreen(need: most, have: have, glyphs: glyphs, quitHint: quitHint)
    screen.tooLarge = true
    return screen
  }

  /// The size the screen is drawn at: the terminal's, or — for a terminal too large — a corner
  /// of it (80×24 at most), so that the notice costs no more than an ordinary screen.
  package var size: (width: Int, height: Int) {
    if tooLarge { return (min(have.width, 80), min(have.height, 24)) }
    // Too narrow and too tall at once (10×65535): never more than the most stepflow draws.
    let most = TerminalSession.maximumSize
    return (min(have.width, most.width), min(have.height, most.height))
  }

  /// The lines of text, before centring.
  package var lines: [String] {
    let times = glyphs == .ascii ? "x" : "×"
    let headline = tooLarge ? "terminal too large" : "terminal too small"
    let limit = tooLarge ? "at most" : "need"
    let detail =
      "\(limit) \(need.width)\(times)\(need.height), have \(have.width)\(times)\(have.height)"
    let sentence = "\(headline) (\(detail))"
    var lines = [sentence]
    if DisplayWidth.of(sentence) > have.width && have.height >= 3 {
      // Narrower still, the sizes go on two rows when there are rows for them and the hint.
      let needs = "\(limit) \(need.width)\(times)\(need.height),"
      let has = "have \(have.width)\(times)\(have.height)"
      let split = DisplayWidth.of(detail) > have.width && have.height >= 4
      lines = [headline] + (split ? [needs, has] : [detail])
    }
    let rows = have.height - lines.count
    guard rows > 0 else { return lines }
    // A hint wider than the screen (a y/n question) wraps onto the rows left, if it can.
    let wrapped = TextLayout.wrap(quitHint, width: have.width)
    lines += wrapped.count > 1 && wrapped.count <= rows ? wrapped : [quitHint]
    return lines
  }

  /// Draws the message centred in `area`.
  package func render(into canvas: inout Canvas, area: Rect) {
    let text = lines
    let top = area.y + max(0, (area.height - text.count) / 2)
    for (i, line) in text.enumerated() where top + i < area.maxY {
      let width = DisplayWidth.of(line)
      let x = area.x + max(0, (area.width - width) / 2)
      let style = i == 0 ? Style.plain.bold : Style.plain
      canvas.draw(line, x: x, y: top + i, style: style, limit: area.maxX - x)
    }
  }

  /// The whole screen, of ``size``.
  package func canvas() -> Canvas {
    var canvas = Canvas(width: size.width, height: size.height)
    render(into: &canvas, area: canvas.bounds)
    return canvas
  }
}
