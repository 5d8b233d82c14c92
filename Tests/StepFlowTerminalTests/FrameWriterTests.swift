import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

@Suite struct FrameWriterTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private func screen(_ lines: [String], width: Int = 20) -> Canvas {
    var canvas = Canvas(width: width, height: lines.count)
    for (y, line) in lines.enumerated() { canvas.draw(line, x: 0, y: y, style: .plain) }
    return canvas
  }

  @Test func firstFrameIsAFullRepaintInSynchronizedOutput() {
    var writer = FrameWriter(depth: .truecolor)
    let bytes = text(writer.frame(screen(["ab", "", " c"])))
    #expect(bytes == "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[Hab\u{1B}[3;2Hc\u{1B}[?2026l")
  }

  /// A grapheme goes out as its own UTF-8 bytes whatever their number: one, held in the cell
  /// (up to eleven, the first eight apart from the rest), or interned (more).
  @Test func everyGraphemeIsWrittenAsItsBytes() {
    var texts = ["a", "─", "漢", "🚲", "❤️", "🇯🇵", "👍🏽", "👩‍💻", "🏳️‍🌈", "👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]
    // 3 to 19 bytes and 2 to 14 (none of them canonically the same as another of the list).
    texts += (1...9).map { "e" + String(repeating: "\u{301}", count: $0) }
    texts += (0...6).map { "\u{E9}" + String(repeating: "\u{301}", count: $0) }
    for text in texts {
      var canvas = Canvas(width: 6, height: 1)
      var writer = FrameWriter(depth: .truecolor)
      var model = TerminalModel(width: 6, height: 1)
      model.apply(writer.frame(canvas))
      canvas.draw(text, x: 1, y: 0, style: .plain)
      let bytes = writer.frame(canvas)
      let utf8 = Array(text.utf8)
      let found = (0...(max(0, bytes.count - utf8.count))).contains {
        Array(bytes[$0..<min(bytes.count, $0 + utf8.count)]) == utf8
      }
      #expect(
        found, "\(text.unicodeScalars.map(\.value)) (\(utf8.count) bytes) in \(self.text(bytes))")
      model.apply(bytes)
      #expect(model.differences(from: canvas) == [], "\(utf8.count) bytes")
    }
  }

  @Test func nothingChangedWritesNothing() {
    var writer = FrameWriter(depth: .truecolor)
    _ = writer.frame(screen(["hello", "world"]))
    // An equal canvas built separately, twice.
    #expect(writer.frame(screen(["hello", "world"])) == [])
    #expect(writer.frame(screen(["hello", "world"])) == [])
    #expect(writer.lastCellsWritten == 0)
    // The very same canvas again.
    let canvas = screen(["same"])
    _ = writer.frame(canvas)
    #expect(writer.frame(canvas) == [])
  }

  @Test func oneChangedCellIsOneMoveAndOneByte() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = Canvas(width: 80, height: 24)
    canvas.draw("Order Received", x: 30, y: 10, style: .plain)
    _ = writer.frame(canvas)
    canvas.put("x", width: 1, x: 10, y: 4, style: .plain)
    #expect(text(writer.frame(canvas)) == "\u{1B}[5;11Hx")
    // The cursor is now known: the next cell on the right needs no move at all.
    canvas.put("y", width: 1, x: 11, y: 4, style: .plain)
    #expect(text(writer.frame(canvas)) == "y")
  }

  @Test func shortestCursorMoves() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = Canvas(width: 40, height: 5)
    _ = writer.frame(canvas)
    canvas.put("a", width: 1, x: 5, y: 1, style: .plain)
    canvas.put("b", width: 1, x: 20, y: 1, style: .plain)
    canvas.put("c", width: 1, x: 0, y: 2, style: .plain)
    canvas.put("d", width: 1, x: 1, y: 3, style: .plain)
    // CUP, then CUF 14, then CR LF to the next line's start, then CUD 1 to the same column.
    #expect(text(writer.frame(canvas)) == "\u{1B}[2;6Ha\u{1B}[14Cb\r\nc\u{1B}[Bd")
  }

  @Test func aShortGapOfUnchangedCellsIsRewrittenInsteadOfMovedOver() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = screen(["abcdef"])
    _ = writer.frame(canvas)
    canvas.put("X", width: 1, x: 1, y: 0, style: .plain)
    canvas.put("Y", width: 1, x: 3, y: 0, style: .plain)
    // Back 5 (CUB is shorter than CUP); then rewriting "c" (1 byte) is shorter than CSI C.
    #expect(text(writer.frame(canvas)) == "\u{1B}[5DXcY")
  }

  @Test func styleChangesOnlyWhereTheStyleChanges() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = Canvas(width: 10, height: 1)
    _ = writer.frame(canvas)
    let red = Style(foreground: .rgb(255, 0, 0))
    canvas.draw("abc", x: 0, y: 0, style: red)
    canvas.draw("de", x: 3, y: 0, style: red.bold)
    #expect(
      text(writer.frame(canvas)) == "\u{1B}[H\u{1B}[38;2;255;0;0mabc\u{1B}[1mde")
    // The terminal is still bold red: a later change in that style needs no SGR.
    canvas.draw("f", x: 6, y: 0, style: red.bold)
    #expect(text(writer.frame(canvas)) == "\u{1B}[Cf")
  }

  @Test func wideGraphemesAreWrittenFromTheirLead() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = screen(["a漢b"])
    _ = writer.frame(canvas)
    // Only the continuation's style changes: the whole grapheme is rewritten.
    canvas.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.attributes = .bold }
    #expect(text(writer.frame(canvas)) == "\u{1B}[3D漢")
    // A narrow character over the right half: the left half becomes a blank, both are written.
    canvas.put("x", width: 1, x: 2, y: 0, style: .plain)
    #expect(text(writer.frame(canvas)) == "\u{1B}[2D x")
  }

  @Test func resizeAndInvalidateRepaintEverything() {
    var writer = FrameWriter(depth: .truecolor)
    _ = writer.frame(screen(["one"], width: 10))
    let resized = text(writer.frame(screen(["one"], width: 12)))
    #expect(resized.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
    #expect(writer.frame(screen(["one"], width: 12)) == [])
    writer.invalidate()
    #expect(text(writer.frame(screen(["one"], width: 12))).contains("\u{1B}[2J\u{1B}[Hone"))
  }

  @Test func onlyLargeFramesAreSynchronized() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = Canvas(width: 80, height: 24)
    _ = writer.frame(canvas)
    canvas.draw("small change", x: 2, y: 2, style: .plain)
    let small = writer.frame(canvas)
    #expect(small.count < FrameWriter.synchronizedThreshold)
    #expect(!text(small).contains("2026"))
    for y in 0..<10 { canvas.draw(String(repeating: "=", count: 80), x: 0, y: y, style: .plain) }
    let large = text(writer.frame(canvas))
    #expect(large.hasPrefix("\u{1B}[?2026h") && large.hasSuffix("\u{1B}[?2026l"))
  }

  @Test func colorsAreReducedToTheDepth() {
    var writer = FrameWriter(depth: .ansi256)
    var canvas = Canvas(width: 3, height: 1)
    _ = writer.frame(canvas)
    canvas.draw("x", x: 0, y: 0, style: Style(foreground: .rgb(255, 0, 0)))
    #expect(text(writer.frame(canvas)) == "\u{1B}[H\u{1B}[38;5;196mx")
  }

  @Test func theCursorIsForgottenAfterTheLastColumnAndAfterEmojiSequences() {
    var writer = FrameWriter(depth: .truecolor)
    var canvas = Canvas(width: 6, height: 2)
    _ = writer.frame(canvas)
    canvas.put("z", width: 1, x: 5, y: 0, style: .plain)
    canvas.put("a", width: 1, x: 0, y: 1, style: .plain)
    canvas.put("❤️", width: 2, x: 2, y: 1, style: .plain)
    canvas.put("b", width: 1, x: 4, y: 1, style: .plain)
    #expect(text(writer.frame(canvas)) == "\u{1B}[;6Hz\u{1B}[2Ha ❤️\u{1B}[2;5Hb")
  }

  @Test func afterTheLastColumnTheNextFrameMovesAbsolutely() {
    var writer = FrameWriter(depth: .truecolor)
    var model = TerminalModel(width: 6, height: 1)
    model.apply("\u{1B}[?7l")
    var canvas = screen(["abcdef"], width: 6)
    model.apply(writer.frame(canvas))
    canvas.put("X", width: 1, x: 3, y: 0, style: .plain)
    // The terminal's cursor sits on the last column, not after it: no relative move from there.
    #expect(text(writer.frame(canvas)) == "\u{1B}[;4HX")
  }

  @Test func appliedToATerminalModelTheScreenEqualsTheCanvas() {
    var writer = FrameWriter(depth: .truecolor)
    var model = TerminalModel(width: 20, height: 3)
    model.apply("\u{1B}[?7l")
    var canvas = screen(["a漢b 🚲", "", "e\u{301}❤️x"])
    model.apply(writer.frame(canvas))
    #expect(model.differences(from: canvas) == [])
    canvas.put("x", width: 1, x: 2, y: 0, style: .plain.bold)
    canvas.put("字", width: 2, x: 4, y: 0, style: .plain)
    model.apply(writer.frame(canvas))
    #expect(model.differences(from: canvas) == [])
    #expect(model.errors == [])
  }
}

/// Two frames cleared to the same blank can differ only where either was written since
/// (``Canvas/written``): the writer compares those columns only, and the terminal must still
/// show every frame — canvases drawn into again and again, cleared in between, to another
/// blank now and then, wide graphemes and all.
@Suite struct FrameWriterWrittenTests {
  @Test func framesComparedWhereTheyWereWrittenAreShownExactly() {
    var random = SeededGenerator(seed: 17)
    let blanks = [Style.plain, Style(background: .ansi(4))]
    let words = ["ab", "界", "日本", "—", "x", "  "]
    var writer = FrameWriter(depth: .truecolor)
    var model = TerminalModel(width: 30, height: 6)
    model.apply("\u{1B}[?7l")
    // Two canvases taking turns, as the frame pool hands them out.
    var canvases = [Canvas(width: 30, height: 6), Canvas(width: 30, height: 6)]
    var compared = 0
    for round in 0..<300 {
      let blank = blanks[round % 50 < 40 ? 0 : 1]
      var canvas = canvases[round % 2]
      canvas.clear(style: blank)
      for y in 0..<6 where Int.random(in: 0..<3, using: &random) == 0 {
        var x = Int.random(in: 0..<30, using: &random)
        while x < 30, Bool.random(using: &random) {
          let word = words[Int.random(in: 0..<words.count, using: &random)]
          x += canvas.draw(word, x: x, y: y, style: Style(foreground: .ansi(2))) + 1
        }
      }
      if let rows = FrameWriter.written(canvases[(round + 1) % 2], canvas), round > 0 {
        compared += rows.reduce(0) { $0 + ($1.isEmpty ? 0 : $1.upper - $1.lower) }
      }
      model.apply(writer.frame(canvas))
      let wrong = model.differences(from: canvas)
      #expect(wrong.isEmpty, "round \(round): \(wrong)")
      if !wrong.isEmpty { return }
      canvases[round % 2] = canvas
    }
    #expect(model.errors.isEmpty)
    // Far fewer columns than the 299 frames' 180 cells each were compared.
    #expect(compared < 299 * 180 / 2, "\(compared) cells compared")
  }

  @Test func canvasesClearedToOtherBlanksAreComparedWhole() {
    var a = Canvas(width: 4, height: 1)
    a.draw("ab", x: 0, y: 0, style: .plain)
    var b = Canvas(width: 4, height: 1, style: Style(background: .ansi(1)))
    b.draw("ab", x: 0, y: 0, style: .plain)
    #expect(FrameWriter.written(a, b) == nil)
    var c = Canvas(width: 4, height: 1)
    c.draw("x", x: 3, y: 0, style: .plain)
    #expect(FrameWriter.written(a, c) == [ColumnSpan(0, 4)])
  }

  /// The first differing column of two rows, and how many differ, whatever their pattern:
  /// long runs the same, changes packed together, the same and changed cells mixed one by
  /// one (text moved over text), a change at a run's first or last cell — as a cell-by-cell
  /// scan finds them.
  @Test func theFirstDifferenceIsFoundInEveryPattern() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let styles = [Style.plain, Style(foreground: .red), Style(background: .blue)]
    for trial in 0..<400 {
      let width = 1 + next(120)
      let a = (0..<width).map { _ in
        Cell(symbol: ["a", "b", " "][next(3)], style: styles[next(3)])
      }
      var b = a
      // A few changes in clusters, or many one cell apart, or none.
      let changes = trial % 5 == 0 ? 0 : next(trial % 2 == 0 ? 4 : width)
      for _ in 0..<changes {
        let x = next(width)
        for dx in 0..<min(1 + next(3), width - x) { b[x + dx].style = styles[(next(2) + 1) % 3] }
      }
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          guard let pa = a.baseAddress, let pb = b.baseAddress else { return }
          for from in [0, width / 3, width - 1] {
            let naive = (from..<width).first { a[$0] != b[$0] } ?? width
            #expect(
              FrameWriter.firstDifference(pa, pb, from: from, to: width) == naive,
              "trial \(trial), from \(from)")
          }
          let count = (0..<width).filter { a[$0] != b[$0] }.count
          #expect(FrameWriter.differences(pa, pb, 0, width) == count, "trial \(trial)")
        }
      }
    }
  }
}
