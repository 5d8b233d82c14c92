import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

@Suite struct TerminalModelTests {
  // MARK: The model itself

  @Test func textCursorMovesAndErasing() {
    var model = TerminalModel(width: 10, height: 3)
    model.apply("hello\r\nworld\u{1B}[1;8Hx\u{1B}[2;3H\u{1B}[K\u{1B}[3;2Hy\u{1B}[2D")
    #expect(model.lines == ["hello  x", "wo", " y"])
    #expect(model.cursorX == 0 && model.cursorY == 2)
    model.apply("\u{1B}[2J")
    #expect(model.lines == ["", "", ""])
    #expect(model.errors == [])
  }

  @Test func overwritingHalfOfAWideGraphemeBlanksTheOtherHalf() {
    var model = TerminalModel(width: 6, height: 1)
    model.apply("漢字")
    model.apply("\u{1B}[1;2Hx")
    #expect(model.lines == [" x字"])
    model.apply("\u{1B}[1;3Hy")
    #expect(model.lines == [" xy"])
    #expect(model.cell(x: 3, y: 0).symbol == " ")
  }

  @Test func sgrCodesBecomeStyles() {
    var model = TerminalModel(width: 10, height: 1)
    model.apply("\u{1B}[1;3;4;7;9;31;102ma\u{1B}[22;23;24;27;29;39;49;38;5;200;48;2;1;2;3mb")
    model.apply("\u{1B}[0;2;97;44mc\u{1B}[mD")
    #expect(
      model.cell(x: 0, y: 0).style
        == Style(
          foreground: .ansi(1), background: .ansi(10),
          attributes: [.bold, .italic, .underline, .reverse, .strikethrough]))
    #expect(
      model.cell(x: 1, y: 0).style
        == Style(foreground: .indexed(200), background: .rgb(1, 2, 3)))
    #expect(
      model.cell(x: 2, y: 0).style
        == Style(foreground: .ansi(15), background: .ansi(4), attributes: .dim))
    #expect(model.cell(x: 3, y: 0).style == .plain)
    #expect(model.errors == [])
  }

  @Test func privateModesAreTracked() {
    var model = TerminalModel(width: 5, height: 2)
    model.apply("main")
    model.apply("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[?2026h")
    #expect(model.alternateScreen && !model.cursorVisible && !model.autowrap)
    #expect(model.bracketedPaste && model.synchronizedOutput)
    #expect(model.lines == ["", ""])
    model.apply("alt")
    model.apply("\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    #expect(!model.alternateScreen && model.cursorVisible && model.autowrap)
    #expect(!model.bracketedPaste && !model.synchronizedOutput && model.synchronizedFrames == 1)
    #expect(model.lines == ["main", ""])
    #expect(model.errors == [])
  }

  @Test func autowrapOffKeepsWritingTheLastColumn() {
    var model = TerminalModel(width: 4, height: 2)
    model.apply("\u{1B}[?7labcdef")
    #expect(model.lines == ["abcf", ""])
    model.apply("\u{1B}[?7h\u{1B}[Habcdef")
    #expect(model.lines == ["abcd", "ef"])
  }

  @Test func unknownBytesAreRecordedAsErrors() {
    var model = TerminalModel(width: 5, height: 1)
    model.apply("\u{1B}[?1049h\u{1B}[?2222h\u{1B}[5m\u{1B}Z\u{1B}[3S\u{1}")
    #expect(
      model.errors == [
        "unsupported private mode 2222", "unsupported SGR 5", "unsupported sequence ESC Z",
        "unsupported CSI 3S", "unsupported control byte 0x1",
      ])
  }

  @Test func theModesAnEditorMayLeaveAreTracked() {
    var model = TerminalModel(width: 10, height: 5)
    model.apply("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?1h\u{1B}=\u{1B}[2;4r\u{1B}[4h\u{1B}(0\u{1B}[?6h")
    #expect(model.mouseModes == [1000, 1006] && model.applicationCursorKeys)
    #expect(model.applicationKeypad && model.scrollRegion == 2...4 && model.insertMode)
    #expect(model.graphicsCharset && model.originMode && model.errors == [])
    model.apply("\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?1l\u{1B}>\u{1B}[r\u{1B}[4l\u{1B}(B\u{1B}[?6l")
    #expect(model.mouseModes.isEmpty && !model.applicationCursorKeys && !model.applicationKeypad)
    #expect(model.scrollRegion == nil && !model.insertMode && !model.graphicsCharset)
    #expect(!model.originMode && model.errors == [])
  }

  @Test func utf8CutBetweenWritesWaitsForTheRest() {
    var model = TerminalModel(width: 5, height: 1)
    let bytes = Array("a漢".utf8)
    model.apply(bytes[0..<2])
    model.apply(bytes[2...])
    #expect(model.lines == ["a漢"])
    #expect(model.errors == [])
  }

  // MARK: The frame writer against the model

  private static let symbols: [(String, Int)] = [
    ("a", 1), ("b", 1), ("Z", 1), (" ", 1), (" ", 1), ("-", 1), ("é", 1), ("e\u{301}", 1),
    ("─", 1), ("✓", 1), ("漢", 2), ("字", 2), ("한", 2), ("🚲", 2), ("❤️", 2), ("👨‍👩‍👧", 2),
  ]

  private static func randomColor(_ rng: inout SeededGenerator) -> Color {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: return .default
    case 1: return .ansi(UInt8.random(in: 0...15, using: &rng))
    case 2: return .indexed(UInt8.random(in: 0...255, using: &rng))
    default:
      return .rgb(
        UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
        UInt8.random(in: 0...255, using: &rng))
    }
  }

  private static func randomStyle(_ rng: inout SeededGenerator, from palette: [Style]) -> Style {
    palette[Int.random(in: 0..<palette.count, using: &rng)]
  }

  private static func randomPalette(_ rng: inout SeededGenerator) -> [Style] {
    (0..<4).map { _ in
      Style(
        foreground: randomColor(&rng), background: randomColor(&rng),
        attributes: TextAttributes(rawValue: UInt8.random(in: 0...63, using: &rng)))
    } + [.plain]
  }

  /// Puts `count` random graphemes in random styles at random places.
  private static func scribble(
    _ canvas: inout Canvas, count: Int, palette: [Style], _ rng: inout SeededGenerator
  ) {
    for _ in 0..<count {
      let (symbol, width) = symbols[Int.random(in: 0..<symbols.count, using: &rng)]
      let x = Int.random(in: 0..<canvas.width, using: &rng)
      let y = Int.random(in: 0..<canvas.height, using: &rng)
      // Runs of the same style, as real screens have them.
      let style = randomStyle(&rng, from: palette)
      if Int.random(in: 0..<8, using: &rng) == 0 {
        // A restyled rectangle may take half of a wide grapheme.
        let rect = Rect(
          x: x, y: y, width: Int.random(in: 1...3, using: &rng),
          height: Int.random(in: 1...2, using: &rng))
        canvas.restyle(rect) { $0 = style }
        continue
      }
      var column = x
      for _ in 0..<Int.random(in: 1...6, using: &rng) where column + width <= canvas.width {
        canvas.put(symbol, width: width, x: column, y: y, style: style)
        column += width
      }
    }
  }

  private static func randomCanvas(
    width: Int, height: Int, palette: [Style], _ rng: inout SeededGenerator
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height, style: randomStyle(&rng, from: palette))
    scribble(&canvas, count: width * height / 3, palette: palette, &rng)
    return canvas
  }

  @Test func afterFramesAThenBTheScreenIsExactlyB() {
    var rng = SeededGenerator(seed: 20_240_601)
    for round in 0..<400 {
      var width = Int.random(in: 1...40, using: &rng)
      var height = Int.random(in: 1...12, using: &rng)
      let palette = Self.randomPalette(&rng)
      let a = Self.randomCanvas(width: width, height: height, palette: palette, &rng)
      var b: Canvas
      switch round % 4 {
      case 0:
        b = Self.randomCanvas(width: width, height: height, palette: palette, &rng)
      case 1:
        width = Int.random(in: 1...40, using: &rng)
        height = Int.random(in: 1...12, using: &rng)
        b = Self.randomCanvas(width: width, height: height, palette: palette, &rng)
      default:
        b = a
        let changes = Int.random(in: 1...max(1, width * height / 8), using: &rng)
        Self.scribble(&b, count: changes, palette: palette, &rng)
      }
      var writer = FrameWriter(depth: .truecolor)
      var model = TerminalModel(width: a.width, height: a.height)
      if round % 2 == 0 { model.apply("\u{1B}[?7l") }
      model.apply(writer.frame(a))
      let afterA = model.differences(from: a)
      #expect(afterA == [], "round \(round): after frame(a)")
      model.resize(width: b.width, height: b.height)
      model.apply(writer.frame(b))
      let afterB = model.differences(from: b)
      #expect(afterB == [], "round \(round): after frame(b)")
      #expect(model.errors == [], "round \(round)")
      #expect(!model.synchronizedOutput, "round \(round): synchronized output left on")
      #expect(writer.frame(b) == [], "round \(round): an unchanged frame wrote bytes")
      if !afterA.isEmpty || !afterB.isEmpty || !model.errors.isEmpty { return }
    }
  }

  /// One writer over many frames, as a session has it: the SGR sequences it keeps for the
  /// changes it made lately (more kinds of change than it keeps, so they are replaced) must
  /// leave the terminal in each frame's styles, at every colour depth, also after the writer
  /// forgets what the terminal shows (a resize, a redraw).
  @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16])
  func oneWriterOverFramesOfManyStylesLeavesEachFrameExact(depth: ColorDepth) {
    var rng = SeededGenerator(seed: 20_261_203)
    var writer = FrameWriter(depth: depth)
    var model = TerminalModel(width: 30, height: 8)
    var palette = Self.randomPalette(&rng)
    var frame = Self.randomCanvas(width: 30, height: 8, palette: palette, &rng)
    for round in 0..<300 {
      if round % 10 == 0 { palette = Self.randomPalette(&rng) + palette.prefix(2) }
      if round % 37 == 36 { writer.invalidate() }
      if round % 3 == 0 {
        frame = Self.randomCanvas(width: 30, height: 8, palette: palette, &rng)
      } else {
        Self.scribble(&frame, count: Int.random(in: 1...30, using: &rng), palette: palette, &rng)
      }
      model.apply(writer.frame(frame))
      // The colours as the terminal is told them at this depth.
      var shown = frame
      shown.withUnsafeMutableCells { cells in
        for i in cells.indices {
          cells[i].style.foreground = ANSI.reduce(cells[i].style.foreground, depth: depth)
          cells[i].style.background = ANSI.reduce(cells[i].style.background, depth: depth)
        }
      }
      let differences = model.differences(from: shown)
      #expect(differences == [], "\(depth) round \(round)")
      if !differences.isEmpty { return }
    }
    #expect(writer.styleChanges.count == FrameWriter.styleChangesKept)
    #expect(model.errors == [])
  }

  @Test func aOneCellChangeIsAShortWriteWhateverTheScreen() {
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<100 {
      let palette = Self.randomPalette(&rng)
      var canvas = Self.randomCanvas(width: 80, height: 24, palette: palette, &rng)
      var writer = FrameWriter(depth: .truecolor)
      var model = TerminalModel(width: 80, height: 24)
      model.apply(writer.frame(canvas))
      let x = Int.random(in: 0..<79, using: &rng)
      let y = Int.random(in: 0..<24, using: &rng)
      canvas.put("@", width: 1, x: x, y: y, style: Style(foreground: .rgb(1, 2, 3)))
      let bytes = writer.frame(canvas)
      // At most: a move (8), a reset and a full style (≈ 50) for the cell, and the same again
      // for a neighbour's blank when the cell cut a wide grapheme in half.
      #expect(bytes.count <= 128)
      model.apply(bytes)
      #expect(model.differences(from: canvas) == [])
    }
  }
}
