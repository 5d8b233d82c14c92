import StepFlowTerminal
import StepFlowTestSupport
import Testing

@testable import StepFlow

/// A program's own step screen that changes by itself asks for its frames
/// (`StepScreenView.nextFrame(after:)`): the run's next deadline is its next frame while its
/// step is on the screen, and nothing else; a still one asks none, so an idle step costs no
/// wakeup; and a slide to or from a still one is drawn over the frame before, where one to an
/// animated screen is drawn whole — checked with a manual clock, no terminal.
@Suite struct ScreenFrameTests {
  /// Tenths of a second since the run started, a frame every 100 ms.
  struct Stopwatch: StepScreenView {
    func height(width: Int) -> Int { 1 }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      let tenths = Int(context.now / .milliseconds(100))
      canvas.draw("clock \(tenths / 10).\(tenths % 10) s", x: area.x + 2, y: area.y, style: .plain)
    }

    func nextFrame(after now: Duration) -> Duration? {
      .milliseconds(100) * (Int(now / .milliseconds(100)) + 1)
    }

    func plainLines(context: StepScreenContext) -> [String] { ["a stopwatch"] }
  }

  /// A line that never changes by itself (the default: no frames).
  struct Banner: StepScreenView {
    func height(width: Int) -> Int { 1 }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      canvas.draw("WELCOME", x: area.x + 2, y: area.y, style: .plain.bold)
    }
  }

  /// Steps: a form, the banner, the stopwatch, the stopwatch in a tab.
  static let flow = FlowDefinition(
    id: "frames", title: "Frames",
    steps: [
      StepDefinition(id: "name", title: "Name", fields: [.text("name", "Name")]),
      StepDefinition(
        id: "banner", title: "Banner", blocks: [.custom(Banner())],
        fields: [.text("note", "Note")]),
      StepDefinition(
        id: "clock", title: "Clock", blocks: [.text("Time runs."), .custom(Stopwatch())]),
      StepDefinition(
        id: "tabs", title: "Tabs",
        tabs: [
          TabDefinition(id: "plain", title: "Plain", fields: [.text("a", "A")]),
          TabDefinition(
            id: "timed", title: "Timed", blocks: [.custom(Stopwatch())],
            fields: [.text("b", "B")]),
        ]),
    ],
    strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)

  /// The program on step `index`, every step before it reached, nothing moving.
  static func program(onStep index: Int, animate: Bool = false) -> FlowProgram {
    var state = FlowState(flow: flow)
    state.progression = Progression(
      count: flow.steps.count, startsEmpty: false, reachedCount: index + 1, current: index)
    state.openEditor(flow: flow)
    return FlowProgram(
      flow: flow, options: FlowOptions(glyphs: .unicode, animate: animate), state: state)
  }

  /// The deadlines a loop would wake at from `start` until `end`, ticking at each, with the
  /// clock line of the frame drawn there.
  static func frames(_ program: inout FlowProgram, from start: Duration, until end: Duration)
    -> [(Duration, String)]
  {
    var now = start
    var drawn: [(Duration, String)] = []
    while let next = program.nextDeadline(after: now), next <= end {
      now = next
      _ = program.handle(.tick, at: now)
      let clock = program.view(width: 60, height: 20, at: now).plainLines()
        .first { $0.contains("clock") }
      drawn.append((now, clock?.trimmingPrefix(while: { $0 == " " }).description ?? "-"))
    }
    return drawn
  }

  @Test func anAnimatedScreenOnAnIdleStepGetsExactlyTheFramesItAsksFor() {
    var program = Self.program(onStep: 2)
    let drawn = Self.frames(&program, from: .zero, until: .seconds(1))
    #expect(drawn.map(\.0) == (1...10).map { .milliseconds(100 * $0) }, "\(drawn)")
    #expect(drawn.map(\.1) == (1...10).map { "clock \($0 / 10).\($0 % 10) s" })
    // From between two frames, the next is the next one it asks for, none sooner.
    #expect(program.nextDeadline(after: .milliseconds(1_050)) == .milliseconds(1_100))
    #expect(program.nextDeadline(after: .milliseconds(1_100)) == .milliseconds(1_200))
  }

  @Test func aStillScreenAndAPlainStepAskForNoFrameAtAll() {
    for index in [0, 1] {
      var program = Self.program(onStep: index)
      #expect(program.nextDeadline(after: .zero) == nil, "step \(index)")
      #expect(program.nextDeadline(after: .seconds(5)) == nil, "step \(index)")
      #expect(Self.frames(&program, from: .zero, until: .seconds(10)).isEmpty)
    }
  }

  @Test func theFramesAreTheShownScreensOnly() {
    // The stopwatch in a tab that is not selected asks nothing; selected, it asks its frames.
    var program = Self.program(onStep: 3)
    #expect(program.nextDeadline(after: .zero) == nil)
    program.apply(.tab(.number(2)), at: .zero)
    let settled = Duration.seconds(2)
    #expect(program.nextDeadline(after: settled) == settled + .milliseconds(100))
    // The help over the screen, a screen too small to show it, a flow that ended: none.
    var clock = Self.program(onStep: 2)
    clock.apply(.press(.character("?")), at: .zero)
    #expect(clock.state.showsHelp && clock.nextDeadline(after: .zero) == nil)
    clock.apply(.press(.escape), at: .zero)
    #expect(clock.nextDeadline(after: .zero) == .milliseconds(100))
    _ = clock.handle(.resize(width: 10, height: 4), at: .zero)
    #expect(clock.isTooSmall && clock.nextDeadline(after: .zero) == nil)
    _ = clock.handle(.resize(width: 80, height: 24), at: .zero)
    clock.apply(.quit, at: .zero)
    #expect(clock.state.status == .cancelled && clock.nextDeadline(after: .zero) == nil)
  }

  @Test func aProgramDrivingTheFlowItselfIsToldTheNextFrame() {
    enum Timed: FlowSteps {
      case start, clock
      var step: StepDefinition {
        StepDefinition(
          id: id, title: title, blocks: self == .clock ? [.custom(Stopwatch())] : [])
      }
    }
    var flow = MultiSteps<Timed>()
    #expect(flow.nextFrame(after: .zero) == nil)
    flow.send(.next)
    #expect(flow.nextFrame(after: .milliseconds(250)) == .milliseconds(300))
    #expect(flow.view(width: 40, height: 12, at: .milliseconds(300)).plainText.contains("0.3 s"))
  }

  /// An offer that ends three seconds after its step came on the screen: a frame at each of
  /// those seconds, none once it has ended.
  struct Countdown: StepScreenView {
    func height(width: Int) -> Int { 1 }

    func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
      let left = 3 - Int((context.now - context.shownAt) / .seconds(1))
      let text = left > 0 ? "clock: the offer ends in \(left) s" : "clock: the offer has ended"
      canvas.draw(text, x: area.x + 2, y: area.y, style: .plain)
    }

    func nextFrame(after now: Duration, shownAt: Duration) -> Duration? {
      let next = shownAt + .seconds(Int((now - shownAt) / .seconds(1)) + 1)
      return next <= shownAt + .seconds(3) ? next : nil
    }
  }

  @Test func aCountdownCountsFromWhenItsStepCameOnTheScreen() {
    let flow = FlowDefinition(
      id: "offer", title: "Offer",
      steps: [
        StepDefinition(id: "hello", title: "Hello"),
        StepDefinition(id: "offer", title: "Offer", blocks: [.custom(Countdown())]),
      ],
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode))
    #expect(program.nextDeadline(after: .zero) == nil)
    for arrival in [Duration.milliseconds(1_300), .seconds(20)] {
      program.apply(.next, at: arrival)
      let first = program.view(width: 60, height: 20, at: arrival).plainText
      #expect(first.contains("ends in 3 s"), "\(arrival)")
      let drawn = Self.frames(&program, from: arrival, until: arrival + .seconds(10))
      #expect(drawn.map(\.0) == (1...3).map { arrival + .seconds($0) }, "\(drawn)")
      #expect(
        drawn.map(\.1) == [
          "clock: the offer ends in 2 s", "clock: the offer ends in 1 s",
          "clock: the offer has ended",
        ])
      // Back, and on again later: it counts from the new arrival.
      program.apply(.previous, at: arrival + .seconds(12))
      #expect(program.nextDeadline(after: arrival + .seconds(12)) == nil)
    }
  }

  /// Every frame a loop draws of the slide that `command` starts, with how many of them were
  /// drawn over an earlier frame; each is checked against the frame drawn from nothing.
  static func slide(_ program: inout FlowProgram, _ command: Command, at start: Duration)
    -> (frames: Int, drawnOver: Int)
  {
    var now = start
    program.apply(command, at: now)
    guard let canvases = program.transition?.canvases else { return (0, 0) }
    var frames = 0
    var writer = FrameWriter(depth: .truecolor)
    var terminal = TerminalModel(width: 60, height: 20)
    repeat {
      let kept = program.view(width: 60, height: 20, at: now)
      var fresh = program
      fresh.transition?.canvases = SlideCanvases()
      fresh.canvasPool = CanvasPool()
      #expect(kept == fresh.view(width: 60, height: 20, at: now), "\(command) at \(now)")
      terminal.apply(writer.frame(kept))
      #expect(terminal.differences(from: kept).isEmpty, "\(command) at \(now)")
      frames += 1
      guard let next = program.nextDeadline(after: now), frames < 60 else { break }
      now = next
      _ = program.handle(.tick, at: now)
    } while program.transition?.timing.isAnimating(at: now) == true
    return (frames, canvases.framesDrawnOver)
  }

  @Test func aSlideToOrFromAStillScreenIsDrawnOverAndToAnAnimatedOneWhole() {
    var program = Self.program(onStep: 0, animate: true)
    let to = Self.slide(&program, .next, at: .zero)
    #expect(program.state.progression.current == 1)
    #expect(to.frames >= 5 && to.drawnOver >= to.frames / 2, "to the banner: \(to)")
    let from = Self.slide(&program, .previous, at: .seconds(5))
    #expect(from.frames >= 5 && from.drawnOver >= from.frames / 2, "from the banner: \(from)")
    // To the stopwatch: its screen is drawn again at every frame, and every frame whole.
    var clock = Self.program(onStep: 1, animate: true)
    let animated = Self.slide(&clock, .next, at: .zero)
    #expect(clock.state.progression.current == 2)
    #expect(animated.frames >= 5 && animated.drawnOver == 0, "to the stopwatch: \(animated)")
  }

  @Test func plainModeSaysTheScreenOnceWhateverTheTime() {
    let program = Self.program(onStep: 2)
    let words = program.accessibleText()
    #expect(words.contains("a stopwatch"))
    #expect(!words.contains { $0.contains("clock") }, "no frame drawn in words: \(words)")
  }
}
