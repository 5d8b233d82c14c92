import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

/// Hostile wizard files: thousands of mutated, truncated and hand-made monsters fed to the loader.
///
/// Each must end in a flow or in located messages — no crash, no hang — and a flow that loads must
/// draw without a single control character reaching the screen.
@Suite struct WizardFuzzTests {

  static let interesting: [UInt8] = [
    0x00, 0x1B, 0x07, 0x7F, 0xFF, 0xC0, 0xED, 0x22, 0x27, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x3A, 0x2C,
    0x0A, 0x2F, 0x2A,
  ]

  static func mutate(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
    var out = bytes
    for _ in 0..<Int.random(in: 1...4, using: &rng) where !out.isEmpty {
      let i = Int.random(in: 0..<out.count, using: &rng)
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: out[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
      case 1: out[i] = interesting.randomElement(using: &rng) ?? 0
      case 2: out.insert(interesting.randomElement(using: &rng) ?? 0, at: i)
      case 3: out.remove(at: i)
      case 4: out = Array(out.prefix(i))
      default:
        let j = min(out.count, i + Int.random(in: 1...40, using: &rng))
        out.insert(contentsOf: out[i..<j], at: i)
      }
    }
    return out
  }

  /// Checks one input: a flow, or messages that all point inside the input.
  static func check(_ bytes: [UInt8], _ label: String) {
    let lines = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
      let flow = try WizardFile.load(bytes, path: "fuzz.json")
      var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode))
      program.apply(.next, at: .zero)
      let text = program.view(width: 60, height: 16, at: .zero).plainText
      #expect(
        !text.unicodeScalars.contains {
          $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
        },
        "\(label): a control character reached the screen")
    } catch {
      #expect(!error.all.isEmpty, "\(label): an error without a message")
      for d in error.all {
        #expect(d.line >= 1 && d.line <= lines && d.column >= 1, "\(label): \(d)")
        #expect(
          !d.message.unicodeScalars.contains { $0.value < 0x20 }, "\(label): raw control in \(d)")
      }
    }
  }

  @Test func mutatedAndTruncatedWizards() throws {
    let root = WizardParityTests.root + "/wizards/"
    var rng = SeededGenerator(seed: 6)
    var inputs = 0
    for name in ["purchase", "onboarding", "release"] {
      let bytes = try Platform.readFile(root + name + ".json")
      // Truncated at many lengths, then mutated over and over.
      for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 150)) {
        Self.check(Array(bytes.prefix(cut)), "\(name) cut at \(cut)")
        inputs += 1
      }
      for n in 0..<900 {
        Self.check(Self.mutate(bytes, &rng), "\(name) mutation \(n)")
        inputs += 1
      }
    }
    #expect(inputs > 3000)
  }

  @Test func monsters() {
    let deep = String(repeating: "[", count: 50_000)
    let hugeString =
      "{ id: \"x\", title: \"" + String(repeating: "🚲", count: 200_000)
      + "\", steps: [{id: \"a\", title: \"A\"}] }"
    let hugeNumber =
      "{ id: \"x\", title: \"X\", steps: [{id: \"a\", title: \"A\", progress: {duration: 1"
      + String(repeating: "0", count: 5000) + "}}] }"
    let escapes =
      #"{ id: "x", title: "\u001b[2J\u0007", steps: [{ id: "a", title: "\u009b31m", body: "\u202e!" }] }"#
    let manySteps =
      "{ id: \"x\", title: \"X\", steps: ["
      + (0..<5000).map { "{id: \"s\($0)\", title: \"S\"}" }.joined(separator: ",") + "] }"
    for (label, text) in [
      ("deep", deep), ("huge string", hugeString), ("huge number", hugeNumber),
      ("escapes", escapes), ("many steps", manySteps),
    ] {
      Self.check(Array(text.utf8), label)
    }
    Self.check(
      [0xEF, 0xBB, 0xBF]
        + Array("{ id: \"x\", title: \"X\", steps: [{id:\"a\",title:\"A\"}] }".utf8), "BOM")
    Self.check([0x00, 0x00, 0xFF, 0xFE], "NUL and invalid UTF-8")
    Self.check([], "empty")
  }
}
