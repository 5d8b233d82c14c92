import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

/// The frame writer inline: frames drawn in the rows below a shell's output, relative moves
/// only, checked on the terminal model (whose screen and scrollback say what a person sees).
@Suite struct InlineFrameWriterTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private func canvas(_ lines: [String], width: Int = 20, style: Style = .plain) -> Canvas {
    var canvas = Canvas(width: width, height: lines.count)
    for (y, line) in lines.enumerated() { canvas.draw(line, x: 0, y: y, style: style) }
    return canvas
  }

  /// A model with `shell` printed on it, the cursor at the start of the line after.
  private func model(width: Int = 20, height: Int = 8, shell: [String]) -> TerminalModel {
    var model = TerminalModel(width: width, height: height)
    model.apply(shell.map { $0 + "\r\n" }.joined())
    return model
  }

  /// No absolute move, no screen erase, no alternate screen: what inline output must never send.
  private func expectRelativeOnly(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var i = 0
    while i + 1 < bytes.count {
      guard bytes[i] == 0x1B, bytes[i + 1] == 0x5B else {
        i += 1
        continue
      }
      var end = i + 2
      while end < bytes.count, bytes[end] < 0x40 { end += 1 }
      guard end < bytes.count else { break }
      let parameters = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
      let final = Character(UnicodeScalar(bytes[end]))
      let absolute = "HfdG".contains(final)
      let wholeScreen = final == "J" && (parameters == "2" || parameters == "3")
      let alternate = parameters.contains("1049")
      #expect(
        !absolute && !wholeScreen && !alternate, "inline output sent CSI \(parameters)\(final)",
        sourceLocation: sourceLocation)
      i = end + 1
    }
  }

  @Test func theFirstFrameDrawsBelowTheShellsLines() {
    var model = model(shell: ["$ stepflow ask text"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    let bytes = writer.frame(canvas(["Name", "Ann", ""]))
    expectRelativeOnly(bytes)
    model.apply(bytes)
    #expect(model.usedLines == ["$ stepflow ask text", "Name", "Ann"])
    // The cursor waits at the start of the frame's first row.
    #expect(model.cursorX == 0 && model.cursorY == 1)
    #expect(model.errors == [])
    #expect(writer.rows == 3)
  }

  @Test func atTheBottomRowTheTerminalScrollsFirst() {
    var model = model(height: 5, shell: ["one", "two", "three", "four"])
    // The cursor is on the last row: three rows need two lines scrolled away.
    #expect(model.cursorY == 4)
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    let bytes = writer.frame(canvas(["Q", "A", "hints"]))
    expectRelativeOnly(bytes)
    model.apply(bytes)
    #expect(model.lines == ["three", "four", "Q", "A", "hints"])
    #expect(model.scrollback == ["one", "two"])
    #expect(model.errors == [])
  }

  @Test func aTypedCharacterIsAMoveThereTheCharacterAndAMoveBack() {
    var model = model(shell: ["$"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    model.apply(writer.frame(canvas(["Name", "  A"])))
    let bytes = writer.frame(canvas(["Name", "  An"]))
    // LF is a row down in the same column; CR LF would cost one byte more.
    #expect(text(bytes) == "\n\u{1B}[3Cn\r\u{1B}[A")
    model.apply(bytes)
    #expect(model.usedLines == ["$", "Name", "  An"])
  }

  @Test func growingAndShrinkingKeepsTheRowsInPlace() {
    var model = model(height: 6, shell: ["a", "b", "c"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    model.apply(writer.frame(canvas(["1", "2"])))
    #expect(model.usedLines == ["a", "b", "c", "1", "2"])
    // Two more rows than the screen has under the frame: the terminal scrolls one away.
    var bytes = writer.frame(canvas(["1", "2", "3", "4"]))
    expectRelativeOnly(bytes)
    model.apply(bytes)
    #expect(model.lines == ["b", "c", "1", "2", "3", "4"])
    #expect(model.scrollback == ["a"])
    // Fewer rows: those given back are erased.
    bytes = writer.frame(canvas(["one"]))
    expectRelativeOnly(bytes)
    model.apply(bytes)
    #expect(model.usedLines == ["b", "c", "one"])
    #expect(model.errors == [])
  }

  @Test func randomFramesOfChangingHeightsShowExactlyTheCanvas() {
    var random = SeededGenerator(seed: 18)
    let words = ["Name", "Ann", "✔", "日本", "▲", "x", "Branch: main", "•••"]
    for round in 0..<40 {
      let shell = (0..<Int.random(in: 0...9, using: &random)).map { "shell \($0)" }
      var model = model(width: 24, height: 10, shell: shell)
      let top = model.cursorY
      var writer = FrameWriter(depth: .ansi256, placement: .inline)
      var highest = 0
      for _ in 0..<12 {
        let height = Int.random(in: 1...6, using: &random)
        var frame = Canvas(width: 24, height: height)
        for _ in 0..<Int.random(in: 0...8, using: &random) {
          let word = words.randomElement(using: &random)!
          let style =
            Bool.random(using: &random)
            ? Style.plain : Style(foreground: .indexed(UInt8.random(in: 1...200, using: &random)))
          frame.draw(
            word, x: Int.random(in: 0..<22, using: &random),
            y: Int.random(in: 0..<height, using: &random), style: style)
        }
        let bytes = writer.frame(frame)
        expectRelativeOnly(bytes)
        model.apply(bytes)
        highest = max(highest, height)
        // Where the frame is on the screen: the scrolled rows moved it up.
        let scrolled = max(0, top + highest - 10)
        let origin = top - scrolled
        for y in 0..<height {
          for x in 0..<24 {
            let have = model.cell(x: x, y: origin + y)
            let want = frame[x, y]
            #expect(
              have.symbol == want.symbol && (want.isContinuation || have.style == want.style),
              "round \(round): (\(x),\(y)) screen \(have), canvas \(want)")
          }
        }
        // The shell's lines above are untouched, and nothing is left below the frame.
        for (i, line) in shell.enumerated() where i - scrolled >= 0 {
          #expect(model.lines[i - scrolled] == line, "round \(round): shell line \(i)")
        }
        for y in (origin + height)..<10 {
          #expect(model.lines[y] == "", "round \(round): row \(y)")
        }
        #expect(model.errors == [], "round \(round)")
      }
    }
  }

  @Test func leavingPutsTheRecordLineWhereTheFrameWasAndTheCursorBelowIt() {
    var model = model(width: 30, shell: ["$ stepflow ask choice Branch"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    model.apply(
      writer.frame(canvas(["Branch", "> main", "  dev", "", "↑↓ move · Enter pick"], width: 30)))
    let record = canvas(["✔ Branch: main"], width: 30)
    let bytes = writer.leave(record: record)
    expectRelativeOnly(bytes)
    model.apply(bytes)
    model.apply("$ next\r\n")
    #expect(model.usedLines == ["$ stepflow ask choice Branch", "✔ Branch: main", "$ next"])
    #expect(model.errors == [])
  }

  @Test func leavingWithoutARecordErasesTheRows() {
    var model = model(shell: ["$ x"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    model.apply(writer.frame(canvas(["Q", "A"])))
    model.apply(writer.leave(record: nil))
    #expect(model.usedLines == ["$ x"])
    #expect(model.cursorY == 1 && model.cursorX == 0)
  }

  @Test func theTailTakesTheCursorBelowTheFrame() {
    var model = model(shell: ["$ x"])
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    model.apply(writer.frame(canvas(["Q", "Answer", "hint"])))
    model.apply(writer.frame(canvas(["Q", "Answer!", "hint"])))
    #expect(model.cursorY == 1 && model.cursorX == 0)
    model.apply(writer.tailBytes)
    #expect(model.cursorY == 4 && model.cursorX == 0)
    #expect(model.usedLines == ["$ x", "Q", "Answer!", "hint"])
  }

  @Test(arguments: [false, true])
  func aResizeRedrawsInPlaceWithNothingStaleAbove(reflows: Bool) {
    var model = model(width: 40, height: 10, shell: ["$ stepflow ask text Name"])
    model.reflows = reflows
    var writer = FrameWriter(depth: .truecolor, placement: .inline)
    let wide = canvas(
      ["Name *", "Ann", "", "Enter next · Esc leave field · ? keys"], width: 40)
    model.apply(writer.frame(wide))
    // The cursor sits after "Ann" on the second row; the window gets narrower.
    model.resize(width: 16, height: 10)
    let back = writer.resized(toWidth: 16)
    expectRelativeOnly(back)
    model.apply(back)
    let narrow = canvas(["Name *", "Ann", "", "Enter next"], width: 16)
    let bytes = writer.frame(narrow)
    expectRelativeOnly(bytes)
    model.apply(bytes)
    let shell = reflows ? ["$ stepflow ask t", "ext Name"] : ["$ stepflow ask t"]
    #expect(model.usedLines == shell + ["Name *", "Ann", "", "Enter next"])
    #expect(model.errors == [])
    // Wider again: rows are never joined, the frame is redrawn where it is.
    model.resize(width: 30, height: 10)
    model.apply(writer.resized(toWidth: 30))
    model.apply(writer.frame(canvas(["Name *", "Ann", "", "Enter next · Esc"], width: 30)))
    #expect(model.usedLines == shell + ["Name *", "Ann", "", "Enter next · Esc"])
  }
}
