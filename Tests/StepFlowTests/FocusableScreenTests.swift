import StepFlowTestSupport
import Testing

@testable import StepFlow

/// A step screen of the program's own that takes keys (`FocusableScreenView`): it has the
/// focus first, its keys change the answers it gives, those answers are checked by their
/// fields' rules and go on to the summary, the result and scripts like typed ones, and the keys
/// it leaves do what they do on any step.
@Suite struct FocusableScreenTests {
  /// A row of cups: ←/→ move the highlighted cup (its own state), Space fills or empties it,
  /// and how many are full is the answer `cups` (1 to 3).
  struct CupRow: FocusableScreenView {
    var answeredFields: [String] { ["cups"] }

    func height(width: Int) -> Int { 3 }

    static func cups(_ answers: [String: FieldValue]) -> Int {
      if case .number(let n)? = answers["cups"] { return n }
      return 0
    }

    static func cursor(_ state: [String: FieldValue]) -> Int {
      if case .number(let n)? = state["at"] { return n }
      return 0
    }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      let full = Self.cups(context.answers)
      let at = Self.cursor(context.state)
      for i in 0..<4 {
        let cup = i < full ? "[#]" : "[ ]"
        let style = context.focused && i == at ? Style.plain.reversed : .plain
        canvas.draw(cup, x: area.x + 2 + 4 * i, y: area.y, style: style)
      }
      canvas.draw(
        context.focused ? "<- -> cup, space fills" : "(Tab to come back)", x: area.x + 2,
        y: area.y + 1, style: .plain.dim)
      if let problem = context.problems["cups"] {
        canvas.draw("! " + problem, x: area.x + 2, y: area.y + 2, style: .plain)
      }
    }

    func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome {
      let at = Self.cursor(context.state)
      switch key {
      case .left: return .handled(state: ["at": .number(max(0, at - 1))])
      case .right: return .handled(state: ["at": .number(min(3, at + 1))])
      case .character(" "):
        let full = Self.cups(context.answers)
        return .handled(answers: ["cups": .number(at < full ? at : at + 1)])
      default: return .ignored
      }
    }

    func plainLines(context: StepScreenContext) -> [String] { ["cups: pick 1 to 3"] }
  }

  static let flow = FlowDefinition(
    id: "coffee", title: "Coffee",
    steps: [
      StepDefinition(
        id: "cups", title: "Cups", blocks: [.text("How many cups?"), .custom(CupRow())],
        fields: [
          .number("cups", "Cups", rules: NumberRules(min: 1, max: 3), required: true),
          .text("note", "Note"),
        ]),
      StepDefinition(
        id: "done", title: "Done", blocks: [.summary],
        when: .test(field: "cups", .greaterThan("1"))),
      StepDefinition(id: "one", title: "Just one", blocks: [.text("One cup it is.")]),
    ],
    strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)

  private func program() -> FlowProgram {
    FlowProgram(flow: Self.flow, options: FlowOptions(glyphs: .unicode, colorDepth: .none))
  }

  private func frame(_ program: FlowProgram) -> [String] {
    program.view(width: 60, height: 24, at: .zero).plainLines()
  }

  @Test func theScreenHasTheFocusFirstAndItsKeysGiveTheAnswers() {
    var p = program()
    #expect(p.state.editor?.focus == .screen)
    _ = p.press(.right, at: .zero)
    _ = p.press(.character(" "), at: .zero)
    #expect(p.state.answers["cups"] == .number(2), "the second cup filled: two cups")
    #expect(p.state.editor?.screenState == ["at": .number(1)], "its own state, kept by the flow")
    #expect(p.state.progression.current == 0, "→ was the screen's, not the strip's")
    // The highlighted cup is drawn reversed where the screen has the focus.
    let canvas = p.view(width: 60, height: 24, at: .zero)
    let row = canvas.plainLines().firstIndex { $0.contains("[#] [#]") } ?? 0
    let first = canvas.plainLines()[row].distance(
      from: canvas.plainLines()[row].startIndex,
      to: canvas.plainLines()[row].firstIndex(of: "[") ?? canvas.plainLines()[row].startIndex)
    #expect(!canvas[first, row].style.attributes.contains(.reverse))
    #expect(canvas[first + 4, row].style.attributes.contains(.reverse))
    // Enter is not the screen's key: it goes on, and the condition of the next step hears 2.
    _ = p.press(.enter, at: .zero)
    #expect(p.state.progression.current == 1)
    #expect(
      StepView(flow: Self.flow, state: p.state, theme: Self.flow.theme, glyphs: .unicode)
        .summaryLines() == ["Cups: 2"])
  }

  @Test func anAnswerThatBreaksItsFieldsRulesShowsOnTheScreenAndRefusesNext() {
    var p = program()
    _ = p.press(.right, at: .zero)
    _ = p.press(.right, at: .zero)
    _ = p.press(.right, at: .zero)
    _ = p.press(.character(" "), at: .zero)
    #expect(p.state.answers["cups"] == .number(4))
    let refused = p.press(.enter, at: .zero)
    #expect(refused == .refused("Cups: must be between 1 and 3"))
    #expect(p.state.progression.current == 0 && p.state.editor?.focus == .screen)
    #expect(frame(p).contains { $0.contains("! Cups: must be between 1 and 3") })
  }

  @Test func tabLeavesTheScreenForTheFieldsAndItsKeysStopThere() {
    var p = program()
    _ = p.press(.tab, at: .zero)
    #expect(p.state.editor?.focus == .field(0), "the note: the screen's field is not in the form")
    _ = p.press(.character(" "), at: .zero)
    #expect(p.state.answers["cups"] == nil && p.state.answers["note"] == .text(" "))
    _ = p.press(.backTab, at: .zero)
    #expect(p.state.editor?.focus == .screen)
  }

  @Test func scriptsAndPlainModeAnswerItsFieldsByIdAndLabel() {
    var p = program()
    #expect(p.apply(.set(field: "cups", value: "1"), at: .zero) == .changed)
    #expect(
      p.apply(.next, at: .zero) == .moved(from: 0, to: 2, direction: .forward),
      "one cup: the last step")
    var q = program()
    _ = q.apply(.set(field: "cups", value: "7"), at: .zero)
    #expect(q.apply(.next, at: .zero) == .refused("Cups: must be between 1 and 3"))
    #expect(q.accessibleText().contains("cups: pick 1 to 3"))
    let questions = PlainConversation().questions(q)
    #expect(questions.first == .field(Self.flow.steps[0].fields[0], tab: nil))
  }

  @Test func theFocusedScreenInAFrame() {
    var p = program()
    var text = "== shown\n" + frame(p).joined(separator: "\n") + "\n"
    _ = p.press(.right, at: .zero)
    _ = p.press(.character(" "), at: .zero)
    text += "== two cups\n" + frame(p).joined(separator: "\n") + "\n"
    _ = p.press(.tab, at: .zero)
    text += "== the note focused\n" + frame(p).joined(separator: "\n") + "\n"
    expectGolden(text, named: "focusable-screen-60x24")
  }
}
