import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

/// Rows that moved sideways (a slide's) are shifted in the terminal with DCH / ICH and only
/// the columns that enter are written: the terminal must show the frame exactly, wide
/// graphemes cut at the edges included.
@Suite struct FrameWriterShiftTests {
  /// Random rows of text: narrow and wide graphemes, two styles, blanks between.
  private static func line(_ random: inout SeededGenerator, width: Int) -> [(String, Style)] {
    let words = ["ab", "界", "x", "日本", "Ω", "  ", "—", "    "]
    let styles = [Style.plain, Style.plain.bold, Style(foreground: .ansi(2))]
    var parts: [(String, Style)] = []
    var used = 0
    while used < width * 2 {
      let word = words[Int.random(in: 0..<words.count, using: &random)]
      parts.append((word, styles[Int.random(in: 0..<styles.count, using: &random)]))
      used += word.count + 1
    }
    return parts
  }

  /// The slide of `outgoing` and `incoming` rows at `shift`, as ``Slide`` draws it.
  private static func frame(
    _ outgoing: Canvas, _ incoming: Canvas, shift: Int, direction: SlideDirection
  ) -> Canvas {
    var canvas = Canvas(width: outgoing.width, height: outgoing.height, style: outgoing[0, 0].style)
    Slide.draw(
      outgoing: outgoing, incoming: incoming, direction: direction,
      fraction: Double(shift) / Double(outgoing.width), into: &canvas, area: canvas.bounds,
      fill: outgoing[0, 0].style)
    return canvas
  }

  private static func screen(
    _ random: inout SeededGenerator, width: Int, height: Int, blank: Style = .plain
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height, style: blank)
    for y in 0..<height where Bool.random(using: &random) {
      var x = Int.random(in: 0..<(width / 2), using: &random)
      for (word, style) in line(&random, width: width / 3) {
        x += canvas.draw(word, x: x, y: y, style: style) + 1
      }
    }
    return canvas
  }

  /// The damage of a slide frame: each row's columns, whole (`narrow` false), or those where
  /// the content was at `from` and is at `to` (as a step slide gives them: the writer then looks
  /// at those and at the columns that enter, not at the blanks between).
  private static func damage(
    _ outgoing: Canvas, _ incoming: Canvas, from: Int, to: Int, direction: SlideDirection,
    narrow: Bool
  ) -> [ColumnSpan] {
    guard narrow else {
      return Array(repeating: ColumnSpan(0, outgoing.width), count: outgoing.height)
    }
    let blank = Cell(grapheme: .space, style: outgoing[0, 0].style)
    let (a, b) = (outgoing.contentSpans(blank: blank), incoming.contentSpans(blank: blank))
    let spans = [from, to].map {
      Slide.contentSpans(
        outgoing: a, incoming: b, direction: direction, shift: $0, area: outgoing.bounds)
    }
    return zip(spans[0], spans[1]).map { $0.union($1) }
  }

  @Test(arguments: [
    (SlideDirection.fromTrailing, false), (.fromLeading, false), (.fromTrailing, true),
    (.fromLeading, true),
  ])
  func everyShiftedFrameIsTheFrame(direction: SlideDirection, narrow: Bool) {
    var random = SeededGenerator(seed: (direction == .fromTrailing ? 7 : 11) + (narrow ? 2 : 0))
    var shiftedBytes = 0
    var plainBytes = 0
    for _ in 0..<40 {
      let (width, height) = (Int.random(in: 8...(narrow ? 120 : 50), using: &random), 6)
      // A slide's screens have the theme's background: the columns that enter after a shift
      // (blanks in the terminal's current background) are written.
      let blank = narrow ? Style(background: .ansi(4)) : .plain
      let outgoing = Self.screen(&random, width: width, height: height, blank: blank)
      let incoming = Self.screen(&random, width: width, height: height, blank: blank)
      var writers = [FrameWriter(depth: .truecolor), FrameWriter(depth: .truecolor)]
      writers[1].shiftsRows = false
      var terminals = [
        TerminalModel(width: width, height: height), TerminalModel(width: width, height: height),
      ]
      var shift = 0
      var last = Self.frame(outgoing, incoming, shift: 0, direction: direction)
      last.frameID = Canvas.nextFrameID()
      for i in 0..<2 { terminals[i].apply(writers[i].frame(last)) }
      while shift < width {
        let step = min(width - shift, Int.random(in: 1...max(1, width / 3), using: &random))
        shift += step
        var next = Self.frame(outgoing, incoming, shift: shift, direction: direction)
        next.frameID = Canvas.nextFrameID()
        next.damage = FrameDamage(
          base: last.frameID,
          rows: Self.damage(
            outgoing, incoming, from: shift - step, to: shift, direction: direction,
            narrow: narrow),
          moved: (0..<height, direction == .fromTrailing ? step : -step))
        for i in 0..<2 {
          let bytes = writers[i].frame(next)
          if i == 0 { shiftedBytes += bytes.count } else { plainBytes += bytes.count }
          terminals[i].apply(bytes)
          let wrong = terminals[i].differences(from: next)
          #expect(wrong.isEmpty, "\(direction) \(width) wide, shift \(shift): \(wrong)")
          #expect(terminals[i].errors.isEmpty)
          if !wrong.isEmpty { return }
        }
        last = next
      }
    }
    #expect(shiftedBytes * 10 < plainBytes * 8, "shifting: \(shiftedBytes) B, not: \(plainBytes) B")
  }

  @Test func aShiftErasesInTheCurrentBackgroundAndWritesTheEnteringColumns() {
    var writer = FrameWriter(depth: .truecolor)
    var old = Canvas(width: 40, height: 1)
    old.draw("abcdefghijklmnopqrstuvwxyz0123", x: 0, y: 0, style: .plain)
    old.frameID = Canvas.nextFrameID()
    _ = writer.frame(old)
    var new = Canvas(width: 40, height: 1)
    new.draw("cdefghijklmnopqrstuvwxyz0123", x: 0, y: 0, style: .plain)
    new.draw("XY", x: 38, y: 0, style: .plain)
    new.frameID = Canvas.nextFrameID()
    new.damage = FrameDamage(base: old.frameID, rows: [ColumnSpan(0, 40)], moved: (0..<1, 2))
    let bytes = writer.frame(new)
    let text = String(decoding: bytes, as: UTF8.self)
    // Back to the row's start, delete two, then only the two that enter.
    #expect(text.hasPrefix("\r\u{1B}[2P") && text.hasSuffix("XY"), "\(text)")
    #expect(writer.lastCellsWritten == 2)
    var terminal = TerminalModel(width: 40, height: 1)
    var first = FrameWriter(depth: .truecolor)
    terminal.apply(first.frame(old))
    terminal.apply(bytes)
    #expect(terminal.differences(from: new).isEmpty)
  }
}
