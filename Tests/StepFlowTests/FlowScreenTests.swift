import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

/// Whole screens of the built-in flows, and how they change over time.
@Suite struct FlowScreenTests {
  /// Runs script lines on a fresh program and returns the last frame.
  static func frame(
    _ flow: FlowDefinition, _ commands: [String], width: Int, height: Int,
    glyphs: GlyphStyle = .unicode
  ) -> [String] {
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: glyphs))
    for line in commands {
      guard let command = try? Command.parse(line) else {
        Issue.record("bad command \(line)")
        return []
      }
      program.apply(command, at: .zero)
    }
    return program.view(width: width, height: height, at: .zero).plainLines()
  }

  /// Every screen of the three flows at 80×24, 40×20 and 40×12 (the compact layout).
  @Test(arguments: [(80, 24), (40, 20), (40, 12)])
  func everyScreenOfEveryFlow(size: (Int, Int)) {
    let (width, height) = size
    let scripts: [(String, FlowDefinition, [[String]])] = [
      (
        "delivery", FoodDeliveryState.flow,
        [[], ["next"], ["next", "next"], ["next", "next", "next"]]
      ),
      (
        "purchase", OrderState.flow,
        [
          [], ["next"], ["next", "tab 2"], ["next", "tab 3"],
          ["next", "tab 2", "set paypal_email=ann@example", "next"],
          ["next", "tab 2", "set paypal_email=ann@example.com", "next"],
          [
            "next", "tab 2", "set paypal_email=ann@example.com", "next", "set name=Ann",
            "set street=1 Main St", "set city=Oslo", "set postal_code=0150", "next",
          ],
        ]
      ),
      ("rating", Rating.flow, [[], ["rate 1"], ["rate 4"]]),
    ]
    for (name, flow, commandLists) in scripts {
      var text = ""
      for commands in commandLists {
        text += "== \(commands.isEmpty ? "start" : commands.joined(separator: "; "))\n"
        text += Self.frame(flow, commands, width: width, height: height).joined(separator: "\n")
        text += "\n"
      }
      expectGolden(text, named: "screens-\(name)-\(width)x\(height)")
    }
  }

  /// Titles from outside: an emoji, a CJK word, and an escape sequence that must show as text.
  @Test func hostileAndWideTitles() {
    let steps = [
      StepDefinition(id: "launch", title: "🚀 Launch", icon: .text("🚀"), blocks: [.text("Ready?")]),
      StepDefinition(
        id: "order", title: "注文 (order)", icon: .text("注"), blocks: [.text("確認してください")]),
      StepDefinition(
        id: "evil", title: "Red\u{1B}[31mAlert\u{7}", icon: .text("\u{1B}[2J"),
        blocks: [.text("bye\u{1B}]0;pwned\u{7}")]),
    ]
    let flow = FlowDefinition(
      id: "titles", title: "Titles", steps: steps,
      strip: StripStyle(position: .inline, shape: .dots(2)), navigation: .tap)
    var text = ""
    for glyphs in [GlyphStyle.emoji, .ascii] {
      for commands in [[], ["next"], ["next", "next"]] {
        text += "== \(glyphs.rawValue) \(commands.joined(separator: "; "))\n"
        let lines = Self.frame(flow, commands, width: 60, height: 14, glyphs: glyphs)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{7}") })
        if glyphs == .ascii { #expect(lines.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }) }
        text += lines.joined(separator: "\n") + "\n"
      }
    }
    expectGolden(text, named: "screens-titles")
  }

  /// A flow whose steps have navigation bars of different heights.
  static let barHeights = FlowDefinition(
    id: "bars", title: "Bars",
    steps: [
      StepDefinition(id: "plain", title: "Plain", blocks: [.text("one")]),
      StepDefinition(
        id: "tall", title: "Tall", prompt: "Step 2 of 3", largeTitle: "A tall bar",
        blocks: [.text("two")]),
      StepDefinition(
        id: "prompt", title: "Prompted", prompt: "Almost done", blocks: [.text("three")]),
    ],
    strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)

  /// The row where the strip (the first row of the content under the bar) is drawn.
  static func contentTop(_ lines: [String]) -> Int? {
    lines.firstIndex { $0.contains("━") || $0.contains("─────────") && !$0.hasPrefix("──") }
  }

  /// The content below the bar moves at most one row per 16 ms frame, in one direction, and
  /// ends in place — for a push to a taller bar and a pop back, and between other heights.
  @Test(arguments: [["next"], ["next", "next"], ["next", "back"], ["next", "next", "back"]])
  func contentMovesSmoothlyWhenTheBarChangesHeight(commands: [String]) throws {
    var program = FlowProgram(
      flow: Self.barHeights, options: FlowOptions(glyphs: .unicode, animate: true))
    var now = Duration.zero
    for line in commands.dropLast() {
      program.apply(try Command.parse(line), at: now)
      now += .seconds(1)
      program.apply(.tick(milliseconds: 1000), at: now)
    }
    let before = Self.contentTop(program.view(width: 60, height: 20, at: now).plainLines())
    program.apply(try Command.parse(commands.last!), at: now)
    var tops: [Int] = []
    for frame in 0...30 {
      let t = now + .milliseconds(16 * frame)
      program.apply(.tick(milliseconds: 16), at: t)
      let lines = program.view(width: 60, height: 20, at: t).plainLines()
      tops.append(try #require(Self.contentTop(lines), "frame \(frame): \(lines)"))
    }
    let settled = FlowProgram(
      flow: Self.barHeights, options: FlowOptions(glyphs: .unicode),
      state: program.state)
    let final = Self.contentTop(settled.view(width: 60, height: 20, at: .zero).plainLines())
    #expect(tops.last == final, "ends in place")
    #expect(before != final, "the bar's height changes in this case")
    let steps = zip(tops, tops.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { abs($0) <= 1 }, "at most one row a frame: \(tops)")
    #expect(steps.allSatisfy { $0 >= 0 } || steps.allSatisfy { $0 <= 0 }, "monotonic: \(tops)")
  }
}
