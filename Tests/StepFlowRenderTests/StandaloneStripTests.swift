import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// The strip used on its own: no FlowDefinition, no runner.
@Suite struct StandaloneStripTests {
  enum Trip: FlowSteps {
    case pack, travel, arrive
    var icon: Icon? {
      switch self {
      case .pack: return .text("A")
      case .travel: return .text("B")
      case .arrive: return .text("C")
      }
    }
  }

  private func draw(_ strip: StepStrip, width: Int) -> [String] {
    var canvas = Canvas(width: width, height: strip.height)
    strip.render(into: &canvas, area: canvas.bounds)
    return canvas.plainLines()
  }

  @Test func iconsAndAProgressionAreEnough() {
    let strip = StepStrip(
      icons: [.text("A"), .text("B"), .text("C")],
      style: StripStyle(position: .above, shape: .bar),
      progression: Progression(count: 3, startsEmpty: false, reachedCount: 2, current: 1),
      glyphs: .ascii)
    let lines = draw(strip, width: 30)
    #expect(lines.count == 3)
    #expect(lines[0].contains("A") && lines[0].contains("B") && lines[0].contains("C"))
    // Reached bars are drawn heavy (`=` in ASCII), the pending one thin (`-`).
    let bars = lines[1].split(separator: " ", omittingEmptySubsequences: true)
    #expect(bars.count == 3)
    #expect(bars[0].allSatisfy { $0 == "=" } && bars[1].allSatisfy { $0 == "=" })
    #expect(bars[2].allSatisfy { $0 == "-" })
    // The pointer is under the current (second) step.
    let pointer = lines[2].firstIndex(of: "^").map {
      lines[2].distance(from: lines[2].startIndex, to: $0)
    }
    let second = lines[0].firstIndex(of: "B").map {
      lines[0].distance(from: lines[0].startIndex, to: $0)
    }
    #expect(pointer != nil && second != nil)
    #expect(abs((pointer ?? 0) - (second ?? 99)) <= 2)
  }

  @Test func aTypedEnumDrawsTheSameAsItsFlow() {
    let typed = StepStrip(Trip.self, reached: 2, current: .travel, glyphs: .ascii)
    let flow = FlowDefinition(Trip.self)
    let viaFlow = StepStrip(
      flow: flow,
      progression: Progression(count: 3, startsEmpty: false, reachedCount: 2, current: 1),
      theme: Trip.theme, glyphs: .ascii)
    #expect(draw(typed, width: 30) == draw(viaFlow, width: 30))
    let icons = StepStrip(
      icons: Trip.allCases.map(\.icon), style: Trip.strip,
      progression: Progression(count: 3, startsEmpty: false, reachedCount: 2, current: 1),
      glyphs: .ascii)
    #expect(draw(icons, width: 30) == draw(viaFlow, width: 30))
  }
}
