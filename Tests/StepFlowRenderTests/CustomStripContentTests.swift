import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// A step's cell and its extra content as views of a program's own: the strip lays them out
/// as it lays out its built-in bars, dots and symbols.
@Suite struct CustomStripContentTests {
  /// A pill: solid for a reached step, shaded for a pending one — and, without colour, `#`
  /// against `.` so that the two still differ.
  struct Pill: StepCellView {
    func width(in strip: StripMetrics) -> Int { strip.isCompact ? 3 : 5 }
    func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
      let fill = cell.hasColor ? (cell.isReached ? "█" : "░") : (cell.isReached ? "#" : ".")
      canvas.draw(
        "(" + String(repeating: fill, count: max(0, area.width - 2)) + ")", x: area.x, y: area.y,
        style: cell.style)
    }
  }

  /// A label per step: its number, with the title's first letter.
  struct Number: StepCellView {
    func width(in strip: StripMetrics) -> Int { 2 }
    func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
      canvas.draw(
        "\(cell.index + 1)\(cell.step.title.prefix(1))", x: area.x + (area.width - 2) / 2,
        y: area.y + area.height - 1, style: cell.style)
    }
  }

  private func flow(_ strip: StripStyle) -> FlowDefinition {
    FlowDefinition(
      id: "trip", title: "Trip",
      steps: ["Pack", "Travel", "Arrive"].map { StepDefinition(id: $0.lowercased(), title: $0) },
      strip: strip, navigation: .buttons)
  }

  private func draw(
    _ strip: StripStyle, reached: Int, current: Int, width: Int = 30, depth: ColorDepth = .truecolor
  ) -> [String] {
    let flow = flow(strip)
    let view = StepStrip(
      flow: flow,
      progression: Progression(
        count: 3, startsEmpty: false, reachedCount: reached, current: current),
      theme: Theme(), glyphs: .unicode, colorDepth: depth)
    var canvas = Canvas(width: width, height: view.height)
    view.render(into: &canvas, area: canvas.bounds)
    return canvas.plainLines()
  }

  @Test func aCustomCellIsLaidOutAsTheBuiltInOnesAre() {
    expectLines(
      draw(StripStyle(position: .above, content: Pill()), reached: 2, current: 1),
      [
        "",
        "    (███)   (███)   (░░░)",
        "              ▲",
      ])
  }

  @Test func withoutColourTheCellIsToldSoAndReachedAndPendingStillDiffer() {
    expectLines(
      draw(StripStyle(position: .above, content: Pill()), reached: 2, current: 1, depth: .none),
      [
        "",
        "    (###)   (###)   (...)",
        "              ▲",
      ])
  }

  @Test func customExtraContentAbove() {
    expectLines(
      draw(StripStyle(position: .above, content: Pill(), extra: Number()), reached: 1, current: 0),
      [
        "     1P      2T      3A",
        "    (███)   (░░░)   (░░░)",
        "      ▲",
      ])
  }

  @Test func customExtraContentInline() {
    expectLines(
      draw(StripStyle(position: .inline, shape: .dots(2), extra: Number()), reached: 2, current: 1),
      [
        "   ● ● 1P   ● ● 2T   ○ ○ 3A",
        "              ▲",
      ])
  }

  @Test func customExtraContentOnTopOnlyOverReachedSteps() {
    expectLines(
      draw(StripStyle(position: .ontop, content: Pill(), extra: Number()), reached: 2, current: 1),
      [
        "    (1P█)   (2T█)   (░░░)",
        "              ▲",
      ])
  }

  @Test func extraContentOnTopIsInTheAccentColourAndTheCellsStyleSaysReachedOrPending() {
    let flow = flow(StripStyle(position: .ontop, content: Pill(), extra: Number()))
    let theme = Theme(accent: .yellow, inactive: .gray)
    let view = StepStrip(
      flow: flow,
      progression: Progression(count: 3, startsEmpty: false, reachedCount: 1, current: 0),
      theme: theme, glyphs: .unicode)
    var canvas = Canvas(width: 30, height: view.height)
    view.render(into: &canvas, area: canvas.bounds)
    let row = canvas.plainLines()[0]
    let label = row.distance(from: row.startIndex, to: row.firstIndex(of: "1") ?? row.endIndex)
    let pending = row.distance(from: row.startIndex, to: row.firstIndex(of: "░") ?? row.endIndex)
    #expect(
      canvas[label, 0].style.foreground == .yellow
        && canvas[label, 0].style.attributes.contains(.bold))
    #expect(canvas[pending, 0].style.foreground == .gray)
  }

  @Test func theBuiltInShapesAreCellViews() {
    #expect(StepShape.bar.cellView is BarCell)
    #expect(StepShape.dots(4).cellView is DotsCell)
    #expect(StepShape.symbol("star").cellView is SymbolCell)
    #expect(StripStyle(position: .above, shape: .bar).extraView is IconCell)
    #expect(StripStyle(position: .above, content: Pill()).contentView is Pill)
  }

  @Test func aClickFindsTheStepUnderIt() {
    let flow = flow(StripStyle(position: .above, content: Pill()))
    let view = StepStrip(
      flow: flow,
      progression: Progression(count: 3, startsEmpty: false, reachedCount: 1, current: 0),
      theme: Theme(), glyphs: .unicode)
    let area = Rect(x: 0, y: 0, width: 30, height: view.height)
    #expect(view.step(atColumn: 6, row: 1, in: area) == 0)
    #expect(view.step(atColumn: 14, row: 0, in: area) == 1)
    #expect(view.step(atColumn: 23, row: 1, in: area) == 2)
    #expect(view.step(atColumn: 11, row: 1, in: area) == nil, "the gap between two cells")
    #expect(view.step(atColumn: 2, row: 1, in: area) == nil)
  }
}
