import StepFlowTestSupport
import Testing

@testable import StepFlow

/// A program's own part of a step's screen (`ScreenBlock.custom`): laid out with the built-in
/// blocks and the step's fields, drawn from the answers at the frame's time, with a strip of
/// custom cells — checked frame for frame in a golden.
@Suite struct CustomScreenBlockTests {
  /// A receipt: who ordered (from the answers), a blinking cursor (from the time), and, without
  /// colour, `[x]` for a paid order where colour would show it.
  struct Receipt: StepScreenView {
    func height(width: Int) -> Int { 3 }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      var name = "guest"
      if case .text(let text)? = context.answers["name"] { name = text }
      let paid = context.answers["paid"] == .bool(true)
      let mark = context.colorDepth == .none ? (paid ? "[x]" : "[ ]") : "●"
      let blink = Int(context.now / .milliseconds(500)) % 2 == 0
      canvas.draw(
        "RECEIPT for \(name)" + (blink ? "_" : ""), x: area.x + 2, y: area.y,
        style: .plain.bold)
      canvas.draw(
        "\(mark) " + (paid ? "paid" : "not paid yet"), x: area.x + 2, y: area.y + 1,
        style: Style(foreground: paid ? .ansi(2) : .ansi(1)))
      canvas.draw(
        String(repeating: context.glyphs.style == .ascii ? "-" : "─", count: area.width - 4),
        x: area.x + 2, y: area.y + 2, style: .plain.dim)
    }

    func plainLines(context: StepScreenContext) -> [String] {
      ["receipt: " + (context.answers["paid"] == .bool(true) ? "paid" : "not paid yet")]
    }
  }

  /// A strip cell of the program's own: `<N>` for reached steps, ` N ` for the others.
  struct Numbered: StepCellView {
    func width(in strip: StripMetrics) -> Int { 3 }
    func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
      let text = cell.isReached ? "<\(cell.index + 1)>" : " \(cell.index + 1) "
      canvas.draw(text, x: area.x, y: area.y + area.height - 1, style: cell.style)
    }
  }

  private static func flow() throws -> FlowDefinition {
    FlowDefinition(
      id: "order", title: "Order",
      steps: [
        StepDefinition(id: "who", title: "Who", fields: [.text("name", "Name")]),
        StepDefinition(
          id: "pay", title: "Pay", blocks: [.text("Check your order."), .custom(Receipt())],
          fields: [.confirm("paid", "Paid")]),
        StepDefinition(id: "done", title: "Done", blocks: [.custom(Receipt()), .summary]),
      ],
      strip: StripStyle(position: .above, content: Numbered()), navigation: .buttons)
  }

  private static func frame(
    _ answers: [String: FieldValue], step: Int, depth: ColorDepth, at now: Duration
  ) throws -> [String] {
    let flow = try flow()
    var state = FlowState(flow: flow, answers: answers)
    state.progression = Progression(
      count: 3, startsEmpty: false, reachedCount: step + 1, current: step)
    state.openEditor(flow: flow)
    let program = FlowProgram(
      flow: flow, options: FlowOptions(glyphs: .unicode, colorDepth: depth), state: state)
    return program.view(width: 60, height: 24, at: now).plainLines()
  }

  @Test func aCustomBlockDrawsFromTheAnswersAndTheTimeAmongTheBuiltInOnes() throws {
    var text = ""
    for (title, answers, step, depth, now) in [
      (
        "pay, colour, 0 s", ["name": FieldValue.text("Ann")], 1, ColorDepth.truecolor, Duration.zero
      ),
      ("pay, colour, 0.5 s", ["name": .text("Ann")], 1, .truecolor, .milliseconds(500)),
      ("pay, no colour, paid", ["name": .text("Ann"), "paid": .bool(true)], 1, .none, .zero),
      ("done, no colour", ["name": .text("Ann"), "paid": .bool(true)], 2, .none, .zero),
    ] {
      text +=
        "== \(title)\n"
        + (try Self.frame(answers, step: step, depth: depth, at: now))
        .joined(separator: "\n") + "\n"
    }
    expectGolden(text, named: "custom-screen-block-60x24")
  }

  @Test func plainModeSaysWhatTheBlockSays() throws {
    let flow = try Self.flow()
    var state = FlowState(flow: flow, answers: ["paid": .bool(true)])
    state.progression = Progression(count: 3, startsEmpty: false, reachedCount: 2, current: 1)
    state.openEditor(flow: flow)
    let program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode), state: state)
    #expect(program.accessibleText().contains("receipt: paid"))
  }

  @Test func flowsWithCustomBlocksStayValuesComparedByIdentity() throws {
    let receipt = ScreenBlock.custom(Receipt())
    #expect(receipt == receipt && receipt != .custom(Receipt()))
    #expect(receipt.customView is Receipt && ScreenBlock.summary.customView == nil)
  }
}
