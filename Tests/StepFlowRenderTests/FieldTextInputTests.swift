import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct FieldTextInputTests {
  @Test func insertingMovesTheCursorAfterTheText() {
    var input = TextInput()
    input.insert("Oslo")
    #expect(input.text == "Oslo")
    #expect(input.cursor == 4)
    input.moveToStart()
    input.insert("Gamle ")
    #expect(input.text == "Gamle Oslo")
    #expect(input.cursor == 6)
    input.moveToEnd()
    #expect(input.cursor == 10)
  }

  @Test func deletingAtTheEdgesChangesNothing() {
    var input = TextInput("ab")
    input.deleteForward()
    #expect(input.text == "ab")
    input.deleteBackward()
    #expect(input.text == "a" && input.cursor == 1)
    input.moveToStart()
    input.deleteBackward()
    #expect(input.text == "a" && input.cursor == 0)
    input.deleteForward()
    #expect(input.text == "" && input.cursor == 0)
    input.moveLeft()
    input.moveRight()
    #expect(input.cursor == 0)
  }

  @Test func aCombiningMarkJoinsTheLetterBeforeTheCursor() {
    var input = TextInput("ab")
    input.moveLeft()
    input.insert("\u{301}")
    #expect(input.graphemes == ["a\u{301}", "b"])
    #expect(input.cursor == 1)
    input.deleteBackward()
    #expect(input.text == "b", "the letter and its accent go together")
    var cafe = TextInput()
    for character in ["c", "a", "f", "e", "\u{301}"] {
      _ = cafe.handle(.character(Character(character)))
    }
    #expect(cafe.text == "café")
    #expect(cafe.graphemes.count == 4 && cafe.cursor == 4)
  }

  @Test func aLetterTypedBeforeALoneMarkTakesIt() {
    var input = TextInput("\u{301}x")
    input.moveToStart()
    input.insert("e")
    #expect(input.graphemes == ["e\u{301}", "x"])
    #expect(input.cursor == 1, "the cursor stays after the joined grapheme")
  }

  @Test func wideGraphemesAreOneStepEach() {
    var input = TextInput("注文🚲👨‍👩‍👧🇳🇴🇸🇪")
    #expect(input.graphemes.count == 6)
    input.moveLeft()
    input.deleteBackward()
    #expect(input.text == "注文🚲👨‍👩‍👧🇸🇪", "one flag goes, the other stays whole")
    input.deleteBackward()
    #expect(input.text == "注文🚲🇸🇪")
    input.moveToStart()
    input.moveRight()
    input.insert("の")
    #expect(input.text == "注の文🚲🇸🇪")
    #expect(input.cursor == 2)
    input.deleteForward()
    #expect(input.text == "注の🚲🇸🇪")
  }

  @Test func pastedTextBecomesOneLineWithoutControlCharacters() {
    var input = TextInput()
    input.paste("1 Main St\r\nFlat 2\tleft\nOslo\u{1B}[31m\u{7}\u{202E}!")
    #expect(input.text == "1 Main St Flat 2 left Oslo[31m!")
    #expect(TextInput.cleaned("a\rb\u{2028}c") == "a b c")
    #expect(TextInput.cleaned("plain") == "plain")
  }

  @Test func typingStopsAtTheMaximumLength() {
    var input = TextInput(maxLength: 5)
    var fitted = input.insert("0150 Oslo")
    #expect(!fitted)
    #expect(input.text == "0150 ")
    input.moveToStart()
    fitted = input.insert("x")
    #expect(!fitted)
    #expect(input.text == "0150 " && input.cursor == 0)
    input.moveToEnd()
    input.deleteBackward()
    fitted = input.insert("é")
    #expect(fitted)
    #expect(input.text == "0150é")
    fitted = input.insert("\u{301}")
    #expect(fitted, "an accent adds no grapheme, so it fits")
    #expect(input.graphemes.last == "é\u{301}")
  }

  @Test func replacingKeepsTextBeyondTheMaximum() {
    var input = TextInput(maxLength: 3)
    input.replace(with: "12345")
    #expect(input.text == "12345" && input.cursor == 5)
  }

  @Test func editingKeys() {
    var input = TextInput("one two three")
    func press(_ key: Key) -> KeyOutcome { input.handle(key) }
    #expect(press(.ctrl("w")) == .handled)
    #expect(input.text == "one two ")
    #expect(press(.ctrl("w")) == .handled)
    #expect(input.text == "one ")
    #expect(press(.home) == .handled && input.cursor == 0)
    #expect(press(.end) == .handled && input.cursor == 4)
    #expect(press(.left) == .handled)
    #expect(press(.ctrl("k")) == .handled)
    #expect(input.text == "one")
    #expect(press(.left) == .handled)
    #expect(press(.ctrl("u")) == .handled)
    #expect(input.text == "e" && input.cursor == 0)
    #expect(press(.ctrl("e")) == .handled && input.cursor == 1)
    #expect(press(.ctrl("a")) == .handled && input.cursor == 0)
    #expect(press(.delete) == .handled && input.text == "")
    #expect(press(.backspace) == .handled, "Backspace at the start is still the field's")
    #expect(press(.character("q")) == .handled && input.text == "q")
    #expect(press(.paste("a\nb")) == .handled && input.text == "qa b")
    for key: Key in [.up, .down, .enter, .tab, .backTab, .escape, .ctrl("c"), .alt("b"), .pageUp] {
      #expect(press(key) == .ignored, "\(key)")
    }
    #expect(input.text == "qa b")
  }

  @Test func theWindowFitsOrScrollsByHalfTheWidth() {
    let ascii = Array(repeating: 1, count: 30)
    #expect(
      TextWindow.fitting(widths: ascii, cursor: 0, width: 10)
        == TextWindow(offset: 0, leftCut: false, rightCut: true))
    #expect(TextWindow.fitting(widths: ascii, cursor: 8, width: 10).offset == 0)
    #expect(
      TextWindow.fitting(widths: ascii, cursor: 9, width: 10)
        == TextWindow(offset: 5, leftCut: true, rightCut: true))
    #expect(
      TextWindow.fitting(widths: ascii, cursor: 30, width: 10)
        == TextWindow(offset: 25, leftCut: true, rightCut: false))
    #expect(
      TextWindow.fitting(widths: ascii, cursor: nil, width: 10)
        == TextWindow(offset: 0, leftCut: false, rightCut: true))
    #expect(
      TextWindow.fitting(widths: Array(ascii[..<9]), cursor: 9, width: 10)
        == TextWindow(offset: 0, leftCut: false, rightCut: false), "text and cursor fit exactly")
    let wide = Array(repeating: 2, count: 10)
    #expect(
      TextWindow.fitting(widths: wide, cursor: 5, width: 10)
        == TextWindow(offset: 5, leftCut: true, rightCut: true))
  }

  @Test func theCursorIsAlwaysInsideTheWindowAndNeverUnderAMark() {
    let texts: [[Int]] = [
      Array(repeating: 1, count: 40), Array(repeating: 2, count: 25),
      (0..<37).map { $0 % 3 == 0 ? 2 : 1 },
    ]
    for widths in texts {
      for width in 1...24 {
        for cursor in 0...widths.count {
          let window = TextWindow.fitting(widths: widths, cursor: cursor, width: width)
          let column = widths[..<cursor].reduce(0, +)
          let cell = cursor < widths.count ? widths[cursor] : 1
          let left = window.offset + (window.leftCut ? 1 : 0)
          let right = window.offset + width - (window.rightCut ? 1 : 0)
          guard cell <= width else { continue }
          #expect(
            column >= left && column + cell <= right,
            "width \(width) cursor \(cursor): \(window)")
        }
      }
    }
  }

  @Test func renderingScrollsToTheCursorWithMarks() {
    var input = TextInput("The quick brown fox jumps over the lazy dog")
    var canvas = Canvas(width: 20, height: 1)
    input.render(
      into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .unicode, focused: true)
    expectCanvas(canvas, ["‹the lazy dog"])
    #expect(canvas[13, 0].style.attributes.contains(.reverse), "the cursor after the text")
    #expect(canvas[0, 0].style.foreground == Theme().inactive)
    input.moveToStart()
    canvas = Canvas(width: 20, height: 1)
    input.render(into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .ascii, focused: true)
    expectCanvas(canvas, ["The quick brown fox>"])
    #expect(canvas[0, 0] == Cell(symbol: "T", style: Style.plain.reversed))
    canvas = Canvas(width: 20, height: 1)
    input.render(
      into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .unicode, focused: false)
    expectCanvas(canvas, ["The quick brown fox›"])
    #expect(!canvas[0, 0].style.attributes.contains(.reverse), "no cursor when not focused")
  }

  @Test func renderingWideTextAndMasks() {
    var input = TextInput("東京都 🚲 Oslo")
    for _ in 0..<6 { input.moveLeft() }
    var canvas = Canvas(width: 12, height: 1)
    input.render(
      into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .unicode, focused: true)
    // 東京都 take columns 0–5, the space 6, 🚲 7–8 under the cursor, " O" 9–10; `›` takes 11.
    expectCanvas(canvas, ["東京都 🚲 O›"])
    #expect(canvas[7, 0].symbol == "🚲" && canvas[7, 0].style.attributes.contains(.reverse))
    #expect(canvas[8, 0].isContinuation)
    canvas = Canvas(width: 12, height: 1)
    TextInput("s3cret 漢").render(
      into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .unicode, focused: false,
      secure: true)
    expectCanvas(canvas, ["••••••••"])
    canvas = Canvas(width: 12, height: 1)
    TextInput("s3cret").render(
      into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: .ascii, focused: false,
      secure: true)
    expectCanvas(canvas, ["******"])
  }

  @Test func renderingThePlaceholderAndControlCharacters() {
    var canvas = Canvas(width: 10, height: 1)
    let theme = Theme()
    TextInput().render(
      into: &canvas, area: canvas.bounds, theme: theme, glyphs: .unicode, focused: true,
      placeholder: "name@example.com")
    expectCanvas(canvas, ["e.g. name…"], "an example, not an answer")
    #expect(canvas[0, 0].style == theme.text.reversed, "the cursor sits on the placeholder")
    #expect(canvas[1, 0].style.foreground == theme.inactive)
    canvas = Canvas(width: 10, height: 1)
    TextInput("a\u{1B}b").render(
      into: &canvas, area: canvas.bounds, theme: theme, glyphs: .unicode, focused: false)
    expectCanvas(canvas, ["a\\x1Bb"], "text set from outside is shown escaped")
  }
}
