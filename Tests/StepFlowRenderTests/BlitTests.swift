import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// The blit copies each row as one run of memory: it must give exactly the canvas that copying
/// cell by cell through `put` gives (the way it was done before), wide graphemes cut by any
/// edge included.
@Suite struct BlitTests {
  /// A small deterministic generator, so that a failure can be run again.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  private static let styles: [Style] = [
    .plain, Style(foreground: .ansi(1), background: .default),
    Style(foreground: .default, background: .ansi(4)).bold,
  ]

  /// A canvas of narrow and wide graphemes in a few styles.
  private static func random(width: Int, height: Int, _ g: inout Generator) -> Canvas {
    var canvas = Canvas(width: width, height: height, style: styles[g.next(styles.count)])
    for y in 0..<height {
      var x = g.next(3)
      while x < width {
        let style = styles[g.next(styles.count)]
        if g.next(3) == 0 {
          canvas.put("字", width: 2, x: x, y: y, style: style)
          x += 2
        } else {
          canvas.put(["a", "b", " ", "─"][g.next(4)], width: 1, x: x, y: y, style: style)
          x += 1
        }
        x += g.next(2)
      }
    }
    return canvas
  }

  /// The blit as it was: every source cell put one by one.
  private static func referenceBlit(
    _ canvas: inout Canvas, _ source: Canvas, from sourceRect: Rect?, toX x: Int, y: Int,
    clip: Rect?
  ) {
    let from = (sourceRect ?? source.bounds).intersection(source.bounds)
    let clipRect = (clip ?? canvas.bounds).intersection(canvas.bounds)
    for sy in from.y..<from.maxY {
      let dy = y + sy - from.y
      guard dy >= clipRect.y, dy < clipRect.maxY else { continue }
      var sx = from.x
      while sx < from.maxX {
        let cell = source[sx, sy]
        let dx = x + sx - from.x
        let isWide = sx + 1 < source.width && source[sx + 1, sy].isContinuation
        let w = isWide ? 2 : 1
        if cell.isContinuation {
          if clipRect.contains(x: dx, y: dy) {
            canvas.put(" ", width: 1, x: dx, y: dy, style: cell.style)
          }
        } else if dx >= clipRect.x, dx + w <= clipRect.maxX, sx + w <= from.maxX {
          canvas.put(cell.grapheme, width: w, x: dx, y: dy, style: cell.style)
        } else {
          for k in 0..<w where clipRect.contains(x: dx + k, y: dy) {
            canvas.put(" ", width: 1, x: dx + k, y: dy, style: cell.style)
          }
        }
        sx += w
      }
    }
  }

  @Test func rowCopiesGiveWhatCellByCellCopiesGave() {
    var g = Generator(state: 20)
    for round in 0..<3000 {
      let source = Self.random(width: 1 + g.next(12), height: 1 + g.next(4), &g)
      let target = Self.random(width: 1 + g.next(12), height: 1 + g.next(4), &g)
      let rect: Rect? =
        g.next(3) == 0
        ? nil
        : Rect(
          x: g.next(source.width + 2) - 1, y: g.next(source.height), width: g.next(14),
          height: 1 + g.next(4))
      let clip: Rect? =
        g.next(3) == 0
        ? nil
        : Rect(
          x: g.next(target.width + 2) - 1, y: g.next(target.height + 1) - 1,
          width: g.next(14), height: 1 + g.next(5))
      let (x, y) = (g.next(20) - 8, g.next(8) - 3)
      var expected = target
      Self.referenceBlit(&expected, source, from: rect, toX: x, y: y, clip: clip)
      var actual = target
      actual.blit(source, from: rect, toX: x, y: y, clip: clip)
      #expect(actual == expected, "round \(round)")
      if actual != expected { return }
    }
  }

  @Test func clearKeepsTheSizeAndBlanksEveryCell() {
    var g = Generator(state: 7)
    var canvas = Self.random(width: 9, height: 3, &g)
    let style = Style(foreground: .default, background: .ansi(2))
    canvas.clear(style: style)
    #expect(canvas == Canvas(width: 9, height: 3, style: style))
  }

  /// A clear in the style of the last one blanks only the cells written since: whatever was
  /// drawn (a few cells, whole rows, every row, a blit, a fill, a restyle), cleared again and
  /// again in one style or another, the canvas is a new one of that style.
  @Test func clearsInTheSameStyleGiveANewCanvas() {
    var g = Generator(state: 11)
    let blankStyles = Self.styles + [Style(foreground: .default, background: .ansi(2))]
    var canvas = Canvas(width: 17, height: 6, style: .plain)
    var style = Style.plain
    for round in 0..<300 {
      let source = Self.random(width: 1 + g.next(20), height: 1 + g.next(7), &g)
      switch g.next(5) {
      case 0:
        canvas.blit(source, toX: g.next(24) - 4, y: g.next(8) - 1, clip: canvas.bounds)
      case 1:
        canvas.fill(
          Rect(x: g.next(20) - 2, y: g.next(7), width: g.next(20), height: g.next(4)),
          symbol: g.next(2) == 0 ? " " : "x", style: Self.styles[g.next(Self.styles.count)])
      case 2:
        canvas.restyle(Rect(x: g.next(17), y: g.next(6), width: g.next(9), height: 2)) {
          $0 = $0.bold
        }
      case 3:
        canvas.put("字", width: 2, x: g.next(17), y: g.next(6), style: Self.styles[g.next(3)])
      default:
        canvas.draw(
          String(repeating: "ab ", count: g.next(8)), x: g.next(17), y: g.next(6),
          style: Self.styles[g.next(3)])
      }
      if g.next(3) == 0 {
        // Mostly the style of the last clear (the cheap case), sometimes another.
        if g.next(4) == 0 { style = blankStyles[g.next(blankStyles.count)] }
        canvas.clear(style: style)
        #expect(canvas == Canvas(width: 17, height: 6, style: style), "round \(round)")
      }
    }
  }
}
