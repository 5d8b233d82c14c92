import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

/// Any wizard `stepflow validate` accepts must run: random wizards with every number at the edges
/// of, and inside, the ranges the loader allows (quantities, prices, dots, widths, heights, stars,
/// lengths, durations), driven by random commands and drawn at sizes from the smallest to the
/// largest `--width`/`--height` allow.
///
/// A crash here is a crash of the test process (an items block of 1,000,000 × $1,000,000,000,000
/// overflowed the total: SIGILL).
@Suite struct ValidatedRangeFuzzTests {
  /// The least, the most, or something between, each a third of the time.
  static func edge(_ range: ClosedRange<Int>, _ rng: inout SeededGenerator) -> Int {
    switch rng.next(below: 3) {
    case 0: return range.lowerBound
    case 1: return range.upperBound
    default: return Int.random(in: range, using: &rng)
    }
  }

  static func pick<T>(_ options: [T], _ rng: inout SeededGenerator) -> T {
    options[rng.next(below: options.count)]
  }

  static let texts = [
    "Zoë Ångström", "🚲🇳🇴👩‍👩‍👧", "a\u{301}", "\\u001b[2J", "漢字のテキスト", "x",
    String(repeating: "long words ", count: 40),
  ]

  /// A price as the file writes it: 0, 1e12, or dollars with cents in between.
  static func price(_ rng: inout SeededGenerator) -> String {
    switch rng.next(below: 4) {
    case 0: return "0"
    case 1: return "1e12"
    case 2: return "999999999999.99"
    default: return "\(rng.next(below: 1_000_000_000)).\(rng.next(below: 100))"
    }
  }

  static func text(_ rng: inout SeededGenerator) -> String {
    "\"" + pick(texts, &rng) + "\""
  }

  static func field(_ id: String, _ rng: inout SeededGenerator) -> String {
    switch rng.next(below: 4) {
    case 0:
      let low = edge(0...100_000, &rng)
      let high = edge(max(1, low)...100_000, &rng)
      var rules = rng.next(below: 2) == 0 ? "min: \(low), max: \(high)" : "max: \(high)"
      if rng.next(below: 3) == 0 { rules += ", pattern: \"[^<>]*\"" }
      if rng.next(below: 4) == 0 { rules += ", secure: true" }
      return "{ id: \"\(id)\", label: \(text(&rng)), \(rules) }"
    case 1:
      let stars = edge(1...10, &rng)
      let low = edge(1...stars, &rng)
      let high = edge(low...stars, &rng)
      return
        "{ id: \"\(id)\", label: \"Stars\", type: \"rating\", stars: \(stars), min: \(low), max: \(high), default: \(high) }"
    case 2:
      return
        "{ id: \"\(id)\", label: \"Sure?\", type: \"confirm\", required: \(rng.next(below: 2) == 0) }"
    default:
      let options = (0..<edge(1...12, &rng)).map { "\"o\($0)\"" }.joined(separator: ", ")
      let style = pick(["list", "tabs"], &rng)
      return
        "{ id: \"\(id)\", label: \"Pick\", type: \"choice\", style: \"\(style)\", options: [\(options)] }"
    }
  }

  static func block(_ rng: inout SeededGenerator, rating: Bool) -> String {
    switch rng.next(below: rating ? 6 : 5) {
    case 0: return "{ text: \(text(&rng)) }"
    case 1: return "{ hero: true }"
    case 2: return "{ status: { caption: \(text(&rng)), text: \(text(&rng)) } }"
    case 3:
      let items = (0..<edge(1...40, &rng)).map { _ in
        "{ name: \(text(&rng)), quantity: \(edge(1...1_000_000, &rng)), price: \(price(&rng)) }"
      }
      return "{ items: [\(items.joined(separator: ", "))], currency: \(text(&rng)) }"
    case 4: return "{ summary: true }"
    default: return "{ rating: { question: \(text(&rng)), answer: \"{n} star{s}\" } }"
    }
  }

  static func wizard(_ rng: inout SeededGenerator) -> String {
    let navigation = pick(["buttons", "tap", "rating"], &rng)
    let rating = navigation == "rating"
    let shape = pick(["bar", "dots", "symbol"], &rng)
    var strip =
      "position: \"\(pick(["above", "inline", "ontop"], &rng))\", shape: \"\(shape)\", dots: \(edge(1...8, &rng))"
    if shape == "symbol" { strip += ", symbol: \"star\"" }
    if rng.next(below: 2) == 0 { strip += ", extraWidth: \(edge(1...20, &rng))" }
    if rng.next(below: 2) == 0 { strip += ", extraHeight: \(edge(1...5, &rng))" }
    if rng.next(below: 3) == 0 { strip += ", extra: \(text(&rng))" }
    var steps: [String] = []
    var fieldNumber = 0
    for s in 0..<edge(1...12, &rng) {
      var step = "id: \"s\(s)\", title: \(text(&rng))"
      if rng.next(below: 2) == 0 {
        step += ", icon: \"\(pick(["bicycle", "house", "cart", "star", "📦", "x"], &rng))\""
      }
      if rng.next(below: 3) == 0 { step += ", prompt: \(text(&rng))" }
      if rng.next(below: 3) == 0 { step += ", largeTitle: \(text(&rng))" }
      if rng.next(below: 2) == 0 { step += ", body: \(text(&rng))" }
      let blocks = (0..<rng.next(below: 4)).map { _ in block(&rng, rating: rating) }
      step += ", blocks: [\(blocks.joined(separator: ", "))]"
      if !rating {
        let fields = (0..<rng.next(below: 4)).map { _ -> String in
          fieldNumber += 1
          return field("f\(fieldNumber)", &rng)
        }
        step += ", fields: [\(fields.joined(separator: ", "))]"
      }
      if rng.next(below: 3) == 0 {
        let indicators = ["bar", "ring", "label", "spinner", "color", "blur"].filter { _ in
          rng.next(below: 2) == 0
        }
        let list = indicators.map { "\"\($0)\"" }.joined(separator: ", ")
        step +=
          ", progress: { duration: \(edge(1...3_600_000, &rng)), indicators: [\(list.isEmpty ? "\"bar\"" : list)] }"
      }
      steps.append("{ \(step) }")
    }
    let blocks = (0..<rng.next(below: 3)).map { _ in block(&rng, rating: rating) }
    return """
      { id: "fuzz", title: \(text(&rng)), navigation: "\(navigation)", strip: { \(strip) },
        blocks: [\(blocks.joined(separator: ", "))], steps: [\(steps.joined(separator: ", "))] }
      """
  }

  static func command(_ rng: inout SeededGenerator, fields: Int) -> String {
    switch rng.next(below: 14) {
    case 0, 1, 2: return "next"
    case 3: return "previous"
    case 4: return "back"
    case 5: return "tap \(edge(1...13, &rng))"
    case 6: return "rate \(edge(0...11, &rng))"
    case 7: return "enter"
    case 8: return "finish"
    case 9: return "tick \(edge(0...3_600_000, &rng))"
    case 10: return "type \(pick(texts, &rng))"
    case 11:
      return "set f\(edge(1...max(1, fields), &rng))=\(pick(["yes", "3", "o1", "abc"], &rng))"
    case 12:
      return "press \(pick(["tab", "down", "right", "space", "1", "end", "backspace"], &rng))"
    default: return "reset"
    }
  }

  static let sizes = [(10, 5), (30, 11), (40, 12), (80, 24), (200, 60), (1000, 5), (10, 400)]

  @Test func everyWizardTheLoaderAcceptsRunsAndDraws() throws {
    var rng = SeededGenerator(seed: 22)
    var loaded = 0
    for n in 0..<150 {
      let source = Self.wizard(&rng)
      let flow: FlowDefinition
      do {
        flow = try WizardFile.load(Array(source.utf8), path: "fuzz.json")
      } catch {
        Issue.record("wizard \(n) was refused: \(error.all.map(\.description))\n\(source)")
        continue
      }
      loaded += 1
      let glyphs = Self.pick(GlyphStyle.allCases, &rng)
      var program = FlowProgram(
        flow: flow,
        options: FlowOptions(
          glyphs: glyphs, animate: rng.next(below: 2) == 0, auto: rng.next(below: 2) == 0))
      var now = Duration.zero
      let fields = flow.steps.flatMap(\.allFields).count
      for _ in 0..<24 {
        let line = Self.command(&rng, fields: fields)
        guard let command = try? Command.parse(line) else { continue }
        now += .milliseconds(Self.edge(0...2_000, &rng))
        program.apply(command, at: now)
        let (width, height) = Self.pick(Self.sizes, &rng)
        let canvas = program.view(width: width, height: height, at: now)
        #expect(canvas.width == width && canvas.height == height)
      }
      _ = program.accessibleText()
      for format in FlowResult.Format.allCases {
        _ = FlowResult.render(format, flow: flow, state: program.state, glyphs: glyphs)
      }
      let saved = SavedState.encode(flow: flow, state: program.state)
      #expect(throws: Never.self, "wizard \(n): its own state file reads back") {
        _ = try SavedState.decode(saved, path: "s", flow: flow)
      }
    }
    #expect(loaded == 150)
  }

  @Test func theLargestItemsAddUpExactly() throws {
    let source = """
      { id: "big", title: "Big", steps: [{ id: "cart", title: "Cart", blocks: [{ items: [
        { name: "a", quantity: 1000000, price: 1e12 },
        { name: "b", quantity: 1000000, price: 1e12 },
      ] }] }] }
      """
    let flow = try WizardFile.load(Array(source.utf8), path: "big.json")
    let program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .ascii))
    let text = program.view(width: 80, height: 24, at: .zero).plainText
    // 2 × 10⁶ × 10¹⁴ cents: $2 × 10¹⁸, more than Int64 holds in cents.
    #expect(text.contains("$2000000000000000000.00"), "\(text)")
    #expect(text.contains("$1000000000000000000.00"))
    #expect(program.accessibleText().contains("Total: $2000000000000000000.00"))
  }
}
