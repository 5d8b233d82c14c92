import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

/// Every field kind on the screen, frame for frame, at 80×24 and 40×12: empty, focused,
/// filled, invalid and (lists) filtered — wizards/new-project.json driven by keys and script
/// commands, on a fixed day (2025-03-14) and a fake file system.
@Suite struct FieldKindScreenTests {
  static let files: [String: FileKind] = [
    "Sources": .directory, "Sources/atlas": .directory, "Sources/maps": .directory,
    "Tests": .directory, "notes.json": .regularFile, "pipe.json": .fifo, "README.md": .regularFile,
  ]

  /// The states to draw: a title, and the script lines that lead there from the one before.
  static let states: [(String, [String])] = [
    ("text: empty, focused", []),
    ("text: filled", ["type atlas"]),
    ("text: invalid (pattern), touched", ["press backspace", "type !", "press tab"]),
    ("multi-line: focused, empty", ["press tab"]),
    (
      "multi-line: filled, scrolled to the cursor",
      [
        "type one", "press enter", "type two", "press enter", "type three", "press enter",
        "type four",
      ]
    ),
    (
      "choice: focused, the highlighted option's description",
      ["set name=atlas", "press shift-tab", "press shift-tab", "press shift-tab", "next"]
    ),
    ("choice: filtered, best first", ["press t", "press y"]),
    ("choice: a filter that matches nothing", ["press z", "press z"]),
    ("choice: picked with Space", ["press esc", "press down", "press space"]),
    ("multichoice: focused, the default selected", ["press enter"]),
    ("multichoice: filtered", ["press c"]),
    ("multichoice: too many chosen, touched", ["press esc", "press ctrl-a", "press tab"]),
    ("number: the defaults", ["set features=container", "next"]),
    ("number: letters typed", ["press backspace", "press backspace", "press x"]),
    (
      "number: out of range, touched",
      ["press backspace", "press backspace", "type 80", "press tab"]
    ),
    ("number: stepped with ↑ and PgUp", ["press shift-tab", "press up", "press pageup"]),
    ("path: a default made from an earlier answer", ["next"]),
    ("path: Tab shows the candidates", ["press ctrl-u", "type Sources/", "press tab"]),
    (
      "path: a FIFO, touched (never opened)",
      ["type atlas", "press down", "type pipe.json", "press up"]
    ),
    ("date: empty, focused", ["set config=notes.json", "next"]),
    ("date: typed in part", ["type 2025-3"]),
    ("date: before today, touched", ["type -1", "press tab"]),
    ("date: filled, with its weekday", ["press shift-tab", "press ctrl-u", "press t", "press up"]),
    (
      "date and time, confirm, rating: filled",
      ["press tab", "press down", "press tab", "press y", "press tab", "press 4"]
    ),
    ("summary: every kind as read", ["next"]),
  ]

  static func frames(width: Int, height: Int) throws -> String {
    let flow = try WizardParityTests.load("new-project")
    let fields = context(files: files, environment: ["USER": "ann", "HOME": "/home/ann"])
    var program = FlowProgram(
      flow: flow, options: FlowOptions(glyphs: .unicode, context: fields),
      state: FlowState(flow: flow, context: fields))
    var text = ""
    for (title, lines) in states {
      for line in lines {
        let outcome = program.apply(try Command.parse(line), at: .zero)
        if case .refused(let why) = outcome, !line.hasPrefix("press") {
          Issue.record("\(title): \(line) refused: \(why)")
        }
      }
      text += "== \(title)\n"
      text +=
        program.view(width: width, height: height, at: .zero).plainLines().joined(
          separator: "\n") + "\n"
    }
    return text
  }

  @Test func everyKindInEveryStateAt80x24() throws {
    expectGolden(try Self.frames(width: 80, height: 24), named: "fields-80x24")
  }

  @Test func everyKindInEveryStateAt40x12() throws {
    expectGolden(try Self.frames(width: 40, height: 12), named: "fields-40x12")
  }
}
