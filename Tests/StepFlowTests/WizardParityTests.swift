import Foundation
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowWizards

/// The built-in flows written as wizard files become the same flow description, and render
/// frame for frame the same for the same scripts.
@Suite struct WizardParityTests {
  static let root: String = {
    let file = #filePath
    let tests = file[..<(file.range(of: "/Tests/")?.lowerBound ?? file.endIndex)]
    return String(tests)
  }()

  static func load(_ name: String) throws -> FlowDefinition {
    try WizardFile.load(path: root + "/wizards/" + name + ".json")
  }

  static let scripts: [String: [String]] = [
    "delivery": ["next", "next", "previous", "next", "next", "back", "reset", "next", "tap 1"],
    "purchase": [
      "next", "tab 2", "set paypal_email=nope", "next", "type @example.com", "tab 3",
      "set cash_note=Bell is broken", "next", "set name=Ann", "set street=1 Main St",
      "set city=Oslo", "set postal_code=0150", "next", "previous", "tap 4", "back",
    ],
    "rating": ["rate 3", "next", "previous", "back", "tap 5", "enter"],
  ]

  @Test(arguments: ["delivery", "purchase", "rating"])
  func theFileIsTheSameFlow(name: String) throws {
    let file = try Self.load(name)
    let builtin = try #require(StepFlowCLI.builtinFlows.first { $0.id == name })
    #expect(file.id == builtin.id && file.title == builtin.title)
    #expect(file.strip == builtin.strip && file.navigation == builtin.navigation)
    #expect(file.theme == builtin.theme && file.blocks == builtin.blocks)
    for (a, b) in zip(file.steps, builtin.steps) {
      #expect(a == b, "step \(b.id) differs")
    }
    #expect(file == builtin)
  }

  @Test(arguments: ["delivery", "purchase", "rating"])
  func framesAreTheSame(name: String) throws {
    let file = try Self.load(name)
    let builtin = try #require(StepFlowCLI.builtinFlows.first { $0.id == name })
    for (glyphs, size) in [(GlyphStyle.emoji, (80, 24)), (.ascii, (40, 20))] {
      let options = FlowOptions(glyphs: glyphs, animate: true)
      var a = FlowProgram(flow: file, options: options)
      var b = FlowProgram(flow: builtin, options: options)
      var now = Duration.zero
      for line in [""] + Self.scripts[name, default: []] {
        if !line.isEmpty {
          let command = try Command.parse(line)
          a.apply(command, at: now)
          b.apply(command, at: now)
        }
        for _ in 0..<3 {
          let frameA = a.view(width: size.0, height: size.1, at: now)
          let frameB = b.view(width: size.0, height: size.1, at: now)
          #expect(frameA == frameB, "\(name) after \(line) at \(now)")
          now += .milliseconds(100)
          a.apply(.tick(milliseconds: 100), at: now)
          b.apply(.tick(milliseconds: 100), at: now)
        }
      }
      #expect(
        FlowResult.json(flow: file, state: a.state)
          == FlowResult.json(flow: builtin, state: b.state))
    }
  }
}
