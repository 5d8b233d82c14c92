import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

@Suite struct StepStripTests {
  static func strip(
    _ flow: FlowDefinition, _ progression: Progression, position: ExtraContentPosition,
    width: Int, glyphs: GlyphStyle
  ) -> Canvas {
    let strip = StepStrip(
      flow: flow, progression: progression, position: position, theme: flow.theme,
      glyphs: .for(glyphs))
    var canvas = Canvas(width: width, height: strip.height)
    strip.render(into: &canvas, area: canvas.bounds)
    if glyphs == .ascii { canvas.foldToASCII() }
    return canvas
  }

  /// Every built-in flow in every position, at 80 and 30 columns, in emoji and ascii glyphs,
  /// with the second step current (a rating of 2).
  @Test(arguments: StepFlowCLI.builtinFlows.map(\.id))
  func goldenStrips(flowID: String) {
    let flow = StepFlowCLI.builtinFlows.first { $0.id == flowID }!
    var progression = Progression(count: flow.steps.count, startsEmpty: flow.startsEmpty)
    _ = progression.reach(exactly: 3)
    _ = progression.revisit(2)
    var text = ""
    for position in ExtraContentPosition.allCases {
      for width in [80, 30] {
        for glyphs in [GlyphStyle.emoji, .ascii] {
          text += "== \(position.rawValue), \(width) columns, \(glyphs.rawValue)\n"
          let canvas = Self.strip(
            flow, progression, position: position, width: width, glyphs: glyphs)
          text += canvas.plainLines().joined(separator: "\n") + "\n"
        }
      }
    }
    expectGolden(text, named: "strip-\(flowID)")
  }

  @Test func reachedCurrentAndPendingDifferWithoutColour() {
    var p = Progression(count: 4)
    _ = p.next()
    let lines = Self.strip(
      OrderState.flow, p, position: .above, width: 40, glyphs: .unicode
    ).plainLines()
    // Reached bars are heavy, pending ones light, and the pointer marks the current step.
    #expect(lines[1].contains("━━━"))
    #expect(lines[1].contains("───"))
    #expect(lines[2].contains("▲"))
  }

  @Test func stylesSayReachedAndPending() {
    var p = Progression(count: 4)
    _ = p.next()
    let canvas = Self.strip(
      FoodDeliveryState.flow, p, position: .inline, width: 80, glyphs: .unicode)
    let theme = FoodDeliveryState.flow.theme
    let y = 0
    let cells = (0..<80).map { canvas[$0, y] }
    let dots = cells.filter { $0.symbol == "●" || $0.symbol == "○" }
    #expect(dots.filter { $0.symbol == "●" }.allSatisfy { $0.style.foreground == theme.accent })
    #expect(dots.filter { $0.symbol == "○" }.allSatisfy { $0.style.foreground == theme.inactive })
    #expect(
      dots.filter { $0.style.attributes.contains(.bold) }.count == 4, "the current step is bold")
  }

  @Test func aLongFlowShowsAWindowAroundTheCurrentStep() {
    let steps = (1...10_000).map {
      StepDefinition(id: "s\($0)", title: "Step \($0)", icon: .text("\($0 % 10)"))
    }
    let flow = FlowDefinition(
      id: "long", title: "Long", steps: steps,
      strip: StripStyle(position: .inline, shape: .dots(2)),
      navigation: .tap)
    let p = Progression(count: 10_000, startsEmpty: false, reachedCount: 5000, current: 4999)
    let strip = StepStrip(flow: flow, progression: p, theme: flow.theme, glyphs: .unicode)
    let layout = strip.layout(width: 60)
    #expect(layout.cutLeft && layout.cutRight)
    #expect((layout.first..<layout.end).contains(4999))
    #expect(layout.end - layout.first < 20)
    var canvas = Canvas(width: 60, height: strip.height)
    strip.render(into: &canvas, area: canvas.bounds)
    let line = canvas.plainLines()[0]
    #expect(line.hasPrefix("‹") && line.hasSuffix("›"))
  }
}
