import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCore
@testable import StepFlowTerminal

/// A step screen of the program's own gives its own hint items for the keys it takes (the key
/// table's items for those keys go), and takes clicks and the wheel in its own coordinates.
@Suite struct ScreenHintsAndMouseTests {
  /// Four cups: ←/→ highlight one, a click on a cup fills up to it, the wheel adds or takes
  /// one; how many are full is the answer `cups`.
  struct Cups: FocusableScreenView {
    var answeredFields: [String] { ["cups"] }

    func height(width: Int) -> Int { 2 }

    static func cups(_ answers: [String: FieldValue]) -> Int {
      if case .number(let n)? = answers["cups"] { return n }
      return 0
    }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      let full = Self.cups(context.answers)
      for i in 0..<4 {
        canvas.draw(i < full ? "[#]" : "[ ]", x: area.x + 2 + 4 * i, y: area.y, style: .plain)
      }
      canvas.draw("cups: \(full)", x: area.x + 2, y: area.y + 1, style: .plain)
    }

    func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome {
      let full = Self.cups(context.answers)
      switch key {
      case .left: return .handled(answers: ["cups": .number(max(0, full - 1))])
      case .right: return .handled(answers: ["cups": .number(min(4, full + 1))])
      default: return .ignored
      }
    }

    func handle(mouse: MouseEvent, context: ScreenKeyContext) -> ScreenKeyOutcome {
      let full = Self.cups(context.answers)
      switch mouse.action {
      case .press(.left) where mouse.row == 0 && mouse.column >= 2:
        return .handled(answers: ["cups": .number(min(4, (mouse.column - 2) / 4 + 1))])
      case .wheelUp: return .handled(answers: ["cups": .number(min(4, full + 1))])
      case .wheelDown: return .handled(answers: ["cups": .number(max(0, full - 1))])
      default: return .ignored
      }
    }

    func hints(context: ScreenKeyContext) -> [ScreenHint] { [ScreenHint([.left, .right], "cups")] }
  }

  /// The same screen without hints of its own.
  struct SilentCups: FocusableScreenView {
    var answeredFields: [String] { ["cups"] }
    func height(width: Int) -> Int { 1 }
    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      canvas.draw("silent cups", x: area.x + 2, y: area.y, style: .plain)
    }
    func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome { .ignored }
  }

  static func flow(_ view: some FocusableScreenView) -> FlowDefinition {
    FlowDefinition(
      id: "coffee", title: "Coffee",
      steps: [
        StepDefinition(
          id: "cups", title: "Cups", blocks: [.custom(view)],
          fields: [
            .number("cups", "Cups", rules: NumberRules(min: 1, max: 4), required: true),
            .text("note", "Note"),
          ]),
        StepDefinition(id: "done", title: "Done", blocks: [.summary]),
      ],
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
  }

  private func program(_ view: some FocusableScreenView) -> FlowProgram {
    var program = FlowProgram(
      flow: Self.flow(view), options: FlowOptions(glyphs: .unicode, colorDepth: .none))
    _ = program.handle(.resize(width: 60, height: 20), at: .zero)
    return program
  }

  private func lines(_ program: FlowProgram) -> [String] {
    program.view(width: 60, height: 20, at: .zero).plainLines()
  }

  private func hintLine(_ program: FlowProgram) -> String {
    lines(program).last { $0.contains { !$0.isWhitespace } } ?? ""
  }

  @Test func theScreensHintsReplaceTheTablesForTheKeysItTakes() {
    var p = program(Cups())
    let line = hintLine(p)
    #expect(line.contains("← → cups"), "\(line)")
    #expect(!line.contains("step"), "← → are the screen's here, not the steps': \(line)")
    #expect(line.contains("Tab"), "the keys it leaves keep their items: \(line)")
    // Off the screen, the table's items are back.
    _ = p.press(.tab, at: .zero)
    #expect(!hintLine(p).contains("cups"), "\(hintLine(p))")
    // A screen without hints of its own leaves the line to the table.
    #expect(hintLine(program(SilentCups())).contains("← → step"))
  }

  @Test func aClickReachesTheScreenInItsOwnCoordinates() throws {
    var p = program(Cups())
    let cups = try #require(lines(p).firstIndex { $0.contains("[ ] [ ] [ ] [ ]") })
    let row = Array(lines(p)[cups])
    let x = try #require(row.indices.first { row[$0] == "[" && row[$0 + 1] == " " })
    // The third cup: 8 columns to the right of the first.
    _ = p.handle(.key(.mouse(MouseEvent(.press(.left), column: x + 8, row: cups))), at: .zero)
    #expect(p.state.answers["cups"] == .number(3))
    #expect(lines(p).contains { $0.contains("cups: 3") })
    // From the note field, a click on the screen gives it the focus and reaches it.
    _ = p.press(.tab, at: .zero)
    #expect(p.state.editor?.focus == .field(0))
    _ = p.handle(.key(.mouse(MouseEvent(.press(.left), column: x, row: cups))), at: .zero)
    #expect(p.state.editor?.focus == .screen)
    #expect(p.state.answers["cups"] == .number(1))
  }

  @Test func theWheelOverTheScreenIsItsWhenItTakesIt() throws {
    var p = program(Cups())
    let row = try #require(lines(p).firstIndex { $0.contains("cups: 0") })
    for _ in 0..<3 {
      _ = p.handle(.key(.mouse(MouseEvent(.wheelUp, column: 10, row: row))), at: .zero)
    }
    #expect(p.state.answers["cups"] == .number(3))
    _ = p.handle(.key(.mouse(MouseEvent(.wheelDown, column: 10, row: row))), at: .zero)
    #expect(p.state.answers["cups"] == .number(2))
    #expect(p.state.progression.current == 0)
    // A screen that ignores the mouse: a click focuses it, the wheel moves the focus.
    var q = program(SilentCups())
    _ = q.press(.tab, at: .zero)
    let silent = try #require(lines(q).firstIndex { $0.contains("silent cups") })
    _ = q.handle(.key(.mouse(MouseEvent(.press(.left), column: 10, row: silent))), at: .zero)
    #expect(q.state.editor?.focus == .screen)
    _ = q.handle(.key(.mouse(MouseEvent(.wheelDown, column: 10, row: silent))), at: .zero)
    #expect(q.state.editor?.focus == .field(0), "the wheel is ↓ there")
  }
}
