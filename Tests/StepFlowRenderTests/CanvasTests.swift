import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowText

@Suite struct CanvasTests {
  @Test func wideGraphemesTakeTwoCells() {
    var canvas = Canvas(width: 10, height: 1)
    let used = canvas.draw("注文🚲x", x: 0, y: 0, style: .plain)
    #expect(used == 7)
    #expect(canvas[0, 0].symbol == "注" && canvas[1, 0].isContinuation)
    #expect(canvas[4, 0].symbol == "🚲" && canvas[5, 0].isContinuation)
    #expect(canvas[6, 0].symbol == "x")
    expectCanvas(canvas, ["注文🚲x"])
  }

  @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.draw("漢字", x: 0, y: 0, style: .plain)
    canvas.draw("a", x: 1, y: 0, style: .plain)
    expectCanvas(canvas, [" a字"])
    canvas.draw("b", x: 2, y: 0, style: .plain)
    expectCanvas(canvas, [" ab"])
  }

  @Test func aWideGraphemeThatDoesNotFitEndsWithABlank() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.draw("abcd漢", x: 0, y: 0, style: .plain)
    expectCanvas(canvas, ["abcd"])
    #expect(!canvas[4, 0].isContinuation)
  }

  @Test func clustersStayWhole() {
    var canvas = Canvas(width: 12, height: 1)
    let used = canvas.draw("e\u{301}👨‍👩‍👧🇳🇴!", x: 0, y: 0, style: .plain)
    #expect(used == 6)
    #expect(canvas[0, 0].symbol == "e\u{301}")
    #expect(canvas[1, 0].symbol == "👨‍👩‍👧", "a long ZWJ cluster is kept whole")
    #expect(canvas[3, 0].symbol == "🇳🇴")
    #expect(canvas.plainLines() == ["e\u{301}👨‍👩‍👧🇳🇴!"])
  }

  @Test func controlCharactersAreShownEscaped() {
    var canvas = Canvas(width: 30, height: 1)
    canvas.draw("red\u{1B}[31m\u{7}\u{9B}x", x: 0, y: 0, style: .plain)
    expectCanvas(canvas, ["red\\x1B[31m\\x07\\x9Bx"])
    #expect(Sanitizer.sanitize("a\tb") == "a\tb", "tab is not escaped")
    #expect(Sanitizer.sanitize("\u{202E}evil") == "\\u{202E}evil")
  }

  @Test func blitClipsWideGraphemesAtTheEdges() {
    var source = Canvas(width: 6, height: 1)
    source.draw("漢字ab", x: 0, y: 0, style: .plain)
    var target = Canvas(width: 6, height: 1)
    target.blit(source, toX: -1, y: 0)
    expectCanvas(target, [" 字ab"], "the cut left half becomes a blank")
    var clipped = Canvas(width: 6, height: 1)
    clipped.blit(source, toX: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
    expectCanvas(clipped, ["漢"], "a grapheme crossing the clip edge is not drawn half")
  }

  @Test func foldToASCIIReplacesEveryOtherGrapheme() {
    var canvas = Canvas(width: 10, height: 1)
    canvas.draw("a漢é🚲", x: 0, y: 0, style: .plain)
    canvas.foldToASCII()
    #expect(canvas.plainLines() == ["a?????"], "a wide grapheme becomes two question marks")
    #expect(canvas.plainLines()[0].utf8.allSatisfy { $0 < 0x80 })
  }

  /// A canvas is made, filled and cleared in runs of ``Canvas/fillRun`` cells: every cell is
  /// the blank, whatever the size against the run (less, as many, one more, several and a
  /// part), and a rectangle filled across runs is filled exactly.
  @Test func everyCellIsTheBlankWhateverTheSize() {
    let style = Style(foreground: .rgb(1, 2, 3), background: .ansi(4), attributes: .bold)
    let blank = Cell(grapheme: .space, style: style)
    let run = Canvas.fillRun
    for (width, height) in [(1, 1), (run - 1, 1), (run, 1), (run + 1, 1), (7, 100), (400, 120)] {
      var canvas = Canvas(width: width, height: height, style: style)
      #expect(canvas.cells.allSatisfy { $0 == blank }, "\(width)x\(height)")
      canvas.draw(String(repeating: "x", count: width), x: 0, y: height - 1, style: .plain)
      canvas.clear(style: .plain)
      #expect(canvas.cells.allSatisfy { $0 == Cell() }, "\(width)x\(height) cleared")
    }
    var canvas = Canvas(width: 3 * run, height: 3)
    let rect = Rect(x: 5, y: 1, width: 2 * run + 3, height: 1)
    canvas.fill(rect, symbol: "#", style: style)
    for y in 0..<3 {
      for x in 0..<(3 * run) {
        let inside = y == 1 && x >= rect.x && x < rect.maxX
        #expect(canvas[x, y] == (inside ? Cell(symbol: "#", style: style) : Cell()), "\(x),\(y)")
      }
    }
  }

  @Test func graphemesOfAnyLengthRoundTrip() {
    for text in [
      "", " ", "a", "é", "漢", "🚲", "👨‍👩‍👧‍👦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}",
    ] {
      #expect(Grapheme(text).string == text)
      #expect(Grapheme(text) == Grapheme(text))
    }
    #expect(Grapheme("👨‍👩‍👧‍👦") != Grapheme("👨‍👩‍👧"))
  }

  @Test func wrapAndTruncateMeasureDisplayWidth() {
    #expect(TextLayout.truncate("Shipping address", toWidth: 8) == "Shippin…")
    #expect(TextLayout.truncate("注文注文", toWidth: 5, ellipsis: "...") == "注...")
    #expect(TextLayout.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextLayout.wrap("注文注文注", width: 4) == ["注文", "注文", "注"])
  }

  @Test func styledLinesUseTheColourDepth() {
    var canvas = Canvas(width: 3, height: 1)
    canvas.draw("ab", x: 0, y: 0, style: Style(foreground: .rgb(255, 0, 0)).bold)
    #expect(
      ANSI.styledLines(of: canvas, depth: .truecolor) == ["\u{1B}[0;1;38;2;255;0;0mab\u{1B}[0m"])
    #expect(ANSI.styledLines(of: canvas, depth: .ansi256) == ["\u{1B}[0;1;38;5;196mab\u{1B}[0m"])
    #expect(ANSI.styledLines(of: canvas, depth: .ansi16) == ["\u{1B}[0;1;91mab\u{1B}[0m"])
  }

  @Test func colourDetectionFollowsTheConventions() {
    #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"]) == .truecolor)
    #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit", "TERM": "xterm"]) == .truecolor)
    #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"]) == .ansi256)
    #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
  }

  @Test func glyphStyleFollowsTheLocale() {
    #expect(GlyphStyle.detect(environment: ["LANG": "en_US.UTF-8"]) == .emoji)
    #expect(GlyphStyle.detect(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
    #expect(GlyphStyle.detect(environment: ["LC_CTYPE": "C.utf8"]) == .emoji)
    #expect(GlyphStyle.detect(environment: [:]) == .ascii)
  }
}

@Suite struct GraphemeTests {
  /// Graphemes too long to store inline are interned, each by its own bytes: two canonically
  /// equivalent spellings (one equal `String`) stay two graphemes, each written as it came.
  @Test func internedGraphemesKeepTheirOwnBytes() {
    let decomposed = "e" + String(repeating: "\u{301}", count: 8)  // 17 bytes
    let composed = "\u{E9}" + String(repeating: "\u{301}", count: 7)  // 16 bytes
    #expect(decomposed == composed)  // what a `String` key would have merged
    let (a, b) = (Grapheme(decomposed), Grapheme(composed))
    #expect(a.isInterned && b.isInterned)
    #expect(Array(a.string.utf8) == Array(decomposed.utf8))
    #expect(Array(b.string.utf8) == Array(composed.utf8))
    #expect(a != b)
    #expect(Grapheme(decomposed) == a)
  }

  /// A grapheme keeps up to eleven bytes in the cell and interns longer ones.
  ///
  /// So a cell is 24 bytes apart in a canvas (a 400×120 canvas is 1.1 MB, not 1.5). Every
  /// length on both sides of that edge keeps its bytes, its count and its equality.
  @Test func elevenBytesAreKeptInPlaceAndTwelveInterned() {
    #expect(MemoryLayout<Cell>.stride == 24)
    for count in 1...16 {
      // "e" and `count - 1` bytes of combining acute accents (two bytes each) and one "a"
      // for odd lengths: one grapheme of exactly `count` bytes.
      let accents = String(repeating: "\u{301}", count: (count - 1) / 2)
      let text = count.isMultiple(of: 2) ? "\u{E9}" + accents : "e" + accents
      #expect(text.utf8.count == count && text.count == 1, "\(count)")
      let grapheme = Grapheme(text)
      #expect(grapheme.isInterned == (count > 11), "\(count) bytes")
      #expect(grapheme.utf8Count == count)
      #expect(Array(grapheme.string.utf8) == Array(text.utf8))
      var written: [UInt8] = []
      grapheme.forEachUTF8Byte { written.append($0) }
      #expect(written == Array(text.utf8))
      #expect(grapheme == Grapheme(text))
      #expect(grapheme.isASCII == (count == 1))
    }
    #expect(Grapheme("👩‍💻").utf8Count == 11 && !Grapheme("👩‍💻").isInterned)
    #expect(Grapheme("🏳️‍🌈").utf8Count == 14 && Grapheme("🏳️‍🌈").isInterned)
  }
}

@Suite struct SymbolsTests {
  /// The table is looked up by binary search: its names are in byte order, each once, and each
  /// is found.
  @Test func everySymbolIsFoundByItsName() {
    let names = Symbols.names
    #expect(names.count == 60)
    #expect(zip(names, names.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    for name in names { #expect(Symbols.isKnown(name), "\(name)") }
    #expect(!Symbols.isKnown("") && !Symbols.isKnown("zzz") && !Symbols.isKnown("cart.fil"))
    #expect(Symbols.glyph(for: .symbol("bicycle"), style: .unicode) == "➜")
    #expect(Symbols.glyph(for: .symbol("house.fill"), style: .ascii) == "H")
  }

  /// Every emoji icon is one wide scalar of default emoji presentation, so that terminals agree
  /// on its width (no text symbol turned emoji by U+FE0F); the stars stay narrow on purpose, to
  /// sit one over the other.
  @Test func emojiIconsAreWideSingleScalars() {
    for name in Symbols.names {
      let emoji = Symbols.glyph(for: .symbol(name), style: .emoji)
      let unicode = Symbols.glyph(for: .symbol(name), style: .unicode)
      let ascii = Symbols.glyph(for: .symbol(name), style: .ascii)
      #expect(ascii.utf8.allSatisfy { $0 < 0x80 }, "\(name): \(ascii)")
      #expect(DisplayWidth.of(unicode) == 1, "\(name): \(unicode)")
      if name.hasPrefix("star") { continue }
      #expect(emoji.unicodeScalars.count == 1 && DisplayWidth.of(emoji) == 2, "\(name): \(emoji)")
    }
  }
}

/// ``Canvas/blank(_:style:)``: the cells a fill gives, writing only what may not be blank.
@Suite struct CanvasBlankTests {
  private let text = Style(foreground: .white, background: .black)

  /// A canvas cleared to the blank in `text`, with a wide grapheme across column 10 of row 2
  /// and a word in row 5.
  private func drawn() -> Canvas {
    var canvas = Canvas(width: 30, height: 8, style: .plain)
    canvas.clear(style: text)
    canvas.draw("a界b", x: 8, y: 2, style: text.bold)
    canvas.draw("word", x: 20, y: 5, style: text)
    return canvas
  }

  @Test func theCellsAreAFillsAndOnlyWrittenRowsAreWritten() {
    for rect in [
      Rect(x: 0, y: 0, width: 30, height: 8), Rect(x: 10, y: 1, width: 15, height: 6),
      Rect(x: 9, y: 2, width: 1, height: 1), Rect(x: 22, y: 4, width: 30, height: 9),
    ] {
      var blanked = drawn()
      var filled = drawn()
      blanked.blank(rect, style: text)
      filled.fill(rect, style: text)
      #expect(blanked == filled, "\(rect)")
      // Rows nothing was written in stay unwritten: the frame writer and the next clear skip them.
      for y in [0, 1, 3, 4, 6, 7] { #expect(blanked.written[y].isEmpty, "row \(y) in \(rect)") }
    }
  }

  @Test func aCanvasOfAnotherBlankIsFilledWhole() {
    var canvas = Canvas(width: 12, height: 3, style: .plain)
    canvas.blank(Rect(x: 2, y: 0, width: 5, height: 3), style: text)
    for y in 0..<3 {
      #expect((2..<7).allSatisfy { canvas[$0, y] == Cell(style: text) })
      #expect(canvas[1, y] == Cell(style: .plain) && canvas[7, y] == Cell(style: .plain))
      #expect(!canvas.written[y].isEmpty)
    }
  }
}

/// A view that knows where its content is says so, and what the canvas counts as written
/// shrinks to it: the next clear then still leaves every cell blank.
@Suite struct CanvasNarrowWrittenTests {
  let style = Style(foreground: .white, background: .black)
  var blank: Cell { Cell(grapheme: .space, style: style) }

  @Test func writtenShrinksToTheContentAndTheClearStillBlanksIt() {
    var canvas = Canvas(width: 20, height: 3, style: style)
    canvas.fill(Rect(x: 0, y: 0, width: 20, height: 2), style: style)
    canvas.draw("ab", x: 2, y: 0, style: style.foreground(.red))
    // A wide grapheme whose lead ends the span: its other half is beside it.
    canvas.draw("漢", x: 10, y: 1, style: style.foreground(.red))
    #expect(canvas.written[0] == ColumnSpan(0, 20))
    canvas.narrowWritten(
      fromRow: 0, to: [ColumnSpan(2, 4), ColumnSpan(10, 11), .none], blank: blank)
    #expect(canvas.written[0] == ColumnSpan(1, 5))
    #expect(canvas.written[1] == ColumnSpan(9, 12))
    #expect(canvas.written[2].isEmpty)
    canvas.clear(style: style)
    #expect(canvas == Canvas(width: 20, height: 3, style: style))
  }

  @Test func aCanvasClearedWithAnotherBlankKeepsWhatItWrote() {
    var canvas = Canvas(width: 20, height: 2, style: .plain)
    canvas.fill(Rect(x: 0, y: 0, width: 20, height: 1), style: style)
    canvas.narrowWritten(fromRow: 0, to: [ColumnSpan(2, 4)], blank: blank)
    #expect(canvas.written[0] == ColumnSpan(0, 20))
    canvas.clear(style: .plain)
    #expect(canvas == Canvas(width: 20, height: 2, style: .plain))
  }
}
