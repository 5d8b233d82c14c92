import StepFlowTestSupport
import Synchronization
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// Collects what completions report, in the order they run.
final class CompletionLog: Sendable {
  private let entries = Mutex<[String]>([])
  func callAsFunction(_ entry: String) -> @Sendable () -> Void {
    { self.entries.withLock { $0.append(entry) } }
  }
  var all: [String] { entries.withLock { $0 } }
}

/// Milliseconds, for short timelines.
func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite struct ProgressIndicatorsTests {
  func frame(
    _ indicators: ProgressIndicators<String>, _ region: String = "r", width: Int = 10,
    height: Int = 2, at now: Duration
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    indicators.render(region, into: &canvas, area: canvas.bounds, at: now, glyphs: .unicode)
    return canvas
  }

  @Test func progressorsStartOneAfterTheOther() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .bar(), .label(), at: .zero)
    indicators.update(0.5, in: "r", at: .zero)
    // The bar fades in over 0–200 ms (visible from half-way), then the label over 200–400 ms.
    expectCanvas(frame(indicators, at: ms(50)), ["", ""])
    expectCanvas(frame(indicators, at: ms(100)), ["█████░░░░░", ""])
    expectCanvas(frame(indicators, at: ms(250)), ["█████░░░░░", ""])
    expectCanvas(frame(indicators, at: ms(300)), ["█████░░░░░", "   50%"])
    #expect(indicators.advance(to: ms(399)) == [])
    #expect(indicators.advance(to: ms(400)) == [.started("r")])
  }

  @Test func syncMembersStartTogether() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .color(), .sync([.bar(), .label()]), at: .zero)
    expectCanvas(frame(indicators, at: ms(300)), ["░░░░░░░░░░", "    0%"])
    #expect(indicators.advance(to: ms(399)) == [])
    #expect(indicators.advance(to: ms(400)) == [.started("r")])
  }

  @Test func endingRunsInReverseOrderInProportionToWhatIsLeft() throws {
    var indicators = ProgressIndicators<String>()
    let log = CompletionLog()
    try indicators.start(in: "r", .bar(), .label(), at: .zero, completion: log("started"))
    indicators.update(0.5, in: "r", at: ms(500))
    indicators.end(in: "r", at: .seconds(1), completion: log("ended"))
    // The label first: it counts 50 → 100 % over 1.0–1.5 s, then fades out over 1.5–1.7 s;
    // then the bar fills over 1.7–2.2 s and fades out over 2.2–2.4 s.
    expectCanvas(frame(indicators, at: ms(1250)), ["█████░░░░░", "   75%"])
    expectCanvas(frame(indicators, at: ms(1550)), ["█████░░░░░", "   100%"])
    expectCanvas(frame(indicators, at: ms(1700)), ["█████░░░░░", ""])
    expectCanvas(frame(indicators, at: ms(1950)), ["███████▌░░", ""])
    expectCanvas(frame(indicators, at: ms(2250)), ["██████████", ""])
    expectCanvas(frame(indicators, at: ms(2400)), ["", ""])
    #expect(indicators.advance(to: ms(2399)) == [.started("r")])
    #expect(indicators.isShowing("r"))
    #expect(indicators.advance(to: ms(2400)) == [.ended("r")])
    #expect(!indicators.isShowing("r"))
    #expect(log.all == ["started", "ended"])
  }

  @Test func syncEndingMidWay() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", [.sync([.bar(), .label()])], at: .zero)
    indicators.update(0.5, in: "r", at: .zero)
    indicators.end(in: "r", at: .seconds(1))
    expectCanvas(frame(indicators, at: ms(1250)), ["███████▌░░", "   75%"])
    #expect(indicators.advance(to: ms(1700)) == [.started("r"), .ended("r")])
  }

  @Test func endWaitsForTheStartToFinish() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .bar(), at: .zero)
    indicators.update(1, in: "r", at: .zero)
    indicators.end(in: "r", at: ms(50))
    #expect(indicators.isEnding("r"))
    #expect(indicators.advance(to: ms(399)) == [.started("r")])
    #expect(indicators.advance(to: ms(400)) == [.ended("r")])
  }

  @Test func dismissRemovesAtOnce() throws {
    var indicators = ProgressIndicators<String>()
    let log = CompletionLog()
    try indicators.start(in: "r", .bar(), .label(), at: .zero, completion: log("started"))
    indicators.dismiss(in: "r", at: ms(100), completion: log("dismissed"))
    #expect(!indicators.isShowing("r"))
    expectCanvas(frame(indicators, at: ms(100)), ["", ""])
    #expect(indicators.nextDeadline(after: ms(100)) == ms(100), "completions are due")
    #expect(indicators.advance(to: ms(100)) == [.started("r"), .dismissed("r")])
    #expect(log.all == ["started", "dismissed"])
    #expect(indicators.nextDeadline(after: ms(100)) == nil)
  }

  @Test func endingNothingCompletesAtOnce() {
    var indicators = ProgressIndicators<String>()
    indicators.end(in: "nowhere", at: ms(10))
    #expect(indicators.advance(to: ms(10)) == [.ended("nowhere")])
  }

  @Test func startingAgainReplacesTheIndicator() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .bar(), at: .zero)
    try indicators.start(in: "r", .label(), at: ms(50))
    #expect(indicators.advance(to: ms(50)) == [.started("r")], "the first start, settled")
    expectCanvas(frame(indicators, at: ms(300)), ["", "    0%"])
    #expect(indicators.advance(to: ms(250)) == [.started("r")])
  }

  @Test func regionsAreIndependent() throws {
    var indicators = ProgressIndicators<String>(timing: .instant)
    try indicators.start(in: "top", .bar(), at: .zero)
    try indicators.start(in: "bottom", .label(), at: .zero)
    indicators.update(0.3, in: "top", at: .zero)
    indicators.update(0.8, in: "bottom", at: .zero)
    var canvas = Canvas(width: 10, height: 3)
    indicators.render(
      into: &canvas,
      areas: [
        "top": Rect(x: 0, y: 0, width: 10, height: 1),
        "bottom": Rect(x: 0, y: 1, width: 10, height: 2),
      ], at: .zero, glyphs: .unicode)
    expectCanvas(canvas, ["███░░░░░░░", "", "   80%"])
    indicators.end(in: "bottom", at: ms(10))
    #expect(
      indicators.advance(to: ms(10)) == [.started("top"), .started("bottom"), .ended("bottom")])
    #expect(indicators.regions == ["top"])
    #expect(indicators.progress(in: "top") == 0.3)
  }

  @Test func dismissKeysDismissOnlyDismissableIndicators() throws {
    var indicators = ProgressIndicators<String>(timing: .instant)
    try indicators.start(in: "a", .bar(), .dismissable, at: .zero)
    try indicators.start(in: "b", .bar(), at: .zero)
    #expect(indicators.isDismissable("a"))
    #expect(!indicators.isDismissable("b"))
    #expect(indicators.dismiss(by: .character("x"), at: ms(5)) == [])
    #expect(indicators.dismiss(by: .escape, at: ms(5)) == ["a"])
    #expect(!indicators.isShowing("a"))
    #expect(indicators.isShowing("b"))
  }

  @Test func nextDeadlineFollowsWhatMoves() throws {
    var indicators = ProgressIndicators<String>()
    #expect(indicators.nextDeadline(after: .zero) == nil, "nothing to show")
    try indicators.start(in: "r", .bar(), at: .zero)
    #expect(indicators.nextDeadline(after: .zero) == ms(50), "fading in")
    #expect(indicators.nextDeadline(after: ms(170)) == ms(200), "the fade's last frame")
    indicators.advance(to: ms(200))
    #expect(indicators.nextDeadline(after: ms(200)) == nil, "a proportional bar is still")
    indicators.update(0.5, in: "r", at: ms(300))
    #expect(indicators.nextDeadline(after: ms(300)) == nil)
    indicators.end(in: "r", at: .seconds(1))
    #expect(indicators.nextDeadline(after: .seconds(1)) == ms(1050), "filling")
    #expect(indicators.nextDeadline(after: ms(1600)) == ms(1650), "fading out")
    #expect(indicators.nextDeadline(after: ms(1690)) == ms(1700), "gone")
    indicators.advance(to: ms(1700))
    #expect(indicators.nextDeadline(after: ms(1700)) == nil)
  }

  @Test func endlessProgressorsNeedFramesForEver() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .spinner(), at: .zero)
    indicators.advance(to: .seconds(60))
    // The spinner started turning when its fade-in ended, at 200 ms: frames every 80 ms after.
    #expect(indicators.nextDeadline(after: .seconds(60)) == ms(60_040))
    try indicators.start(in: "s", .sync([.bar(.endless), .ring(.endless)]), at: .zero)
    indicators.dismiss(in: "r", at: .seconds(60))
    indicators.advance(to: .seconds(60))
    #expect(indicators.nextDeadline(after: ms(60_010)) == ms(60_050))
  }

  @Test func fadeBlendsColoursAndSwitchesSymbolsHalfWay() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .bar(.init(color: .blue)), at: .zero)
    indicators.update(1, in: "r", at: .zero)
    var canvas = Canvas(width: 2, height: 1, style: Style(background: .black))
    indicators.render("r", into: &canvas, area: canvas.bounds, at: ms(150), glyphs: .unicode)
    // Three quarters in: the block shows, half-way risen from the black background.
    #expect(canvas[0, 0].symbol == "█")
    #expect(canvas[0, 0].style == Style(foreground: .rgb(0, 61, 128), background: .black))
    var early = Canvas(width: 2, height: 1, style: Style(background: .black))
    indicators.render("r", into: &early, area: early.bounds, at: ms(50), glyphs: .unicode)
    #expect(early[0, 0].symbol == " ")
  }

  @Test func fadeWithoutKnownColoursIsDim() throws {
    var indicators = ProgressIndicators<String>()
    try indicators.start(in: "r", .label(.init(style: .plain)), at: .zero)
    let fading = frame(indicators, width: 4, height: 1, at: ms(150))
    expectCanvas(fading, [" 0%"])
    #expect(fading[1, 0].style == Style(attributes: .dim))
    #expect(frame(indicators, width: 4, height: 1, at: ms(200))[1, 0].style == .plain)
  }
}

@Suite struct ProgressReadmeExampleTests {
  /// The example of docs/progress.md, run with a manual time.
  @Test func startUpdateEndWithTrailingCompletions() throws {
    let log = CompletionLog()
    var progress = ProgressIndicators<String>()
    var now = Duration.zero
    try progress.start(in: "photo", .blur(.dark), .sync([.ring(), .label()]), at: now) {
      log("started")()
    }
    now = .seconds(1)
    progress.update(0.37, in: "photo", at: now)
    progress.end(in: "photo", at: now) {
      log("ended")()
    }
    var canvas = Canvas(width: 16, height: 7)
    let photoRect = canvas.bounds
    progress.advance(to: now)
    progress.render("photo", into: &canvas, area: photoRect, at: now, glyphs: .unicode)
    expectCanvas(
      canvas,
      [
        "    ⣀⣤⡶⠶⣿⣿⣶⣤⡀",
        "  ⢠⡾⠋    ⠈⠙⠻⣿⣦",
        " ⢠⡿         ⠹⣿⣧",
        " ⢸⡇   37%    ⣿⣿",
        " ⠘⣷         ⣰⣿⡟",
        "  ⠘⢷⣄      ⣠⠻⠟",
        "    ⠉⠛⠷⠶⠶⠾⠛⠉",
      ])
    #expect(canvas[1, 0].style == Style(attributes: .dim), "the dark blur dims the backdrop")
    // Ring and label close together in 0.63 s and fade out by 1.83 s; then the blur fades out.
    while let wake = progress.nextDeadline(after: now) {
      now = wake
      progress.advance(to: now)
    }
    #expect(now == .milliseconds(2030))
    #expect(log.all == ["started", "ended"])
    #expect(!progress.isShowing("photo"))
  }
}

/// A custom progressor, as the README's example writes one: `loading 37% ...`, and `DONE!` while ending.
struct LoadingText: ProgressorView {
  var name = "loading"
  var progress = 0.0
  var done = false

  init() {}

  mutating func prepare(parameter: (any Sendable)?) {
    if let name = parameter as? String { self.name = name }
  }

  mutating func start(parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming)
    -> Duration
  { .milliseconds(300) }

  mutating func update(progress: Double) { self.progress = progress }

  mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    done = true
    return timing.endingDuration(from: progress)
  }

  func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    let text = done ? "DONE!" : "\(name) \(LabelProgressor.percent(of: progress))% ..."
    canvas.draw(text, x: area.x, y: area.y, style: .plain, limit: area.width)
  }
}

@Suite struct ProgressCustomTests {
  @Test func registeredProgressorIsUsedLikeABuiltIn() throws {
    var indicators = ProgressIndicators<String>()
    indicators.register(LoadingText.self, identifier: "loading")
    try indicators.start(
      in: "r", .custom(identifier: "loading", parameter: "copying"), .label(), at: .zero)
    indicators.update(0.37, in: "r", at: .zero)
    var canvas = Canvas(width: 20, height: 3)
    indicators.render("r", into: &canvas, area: canvas.bounds, at: .seconds(1), glyphs: .ascii)
    expectCanvas(canvas, ["copying 37% ...", "        37%", ""])
    // Its start animation (300 ms after the 200 ms fade) delays the label's fade-in.
    #expect(indicators.advance(to: ms(699)) == [])
    #expect(indicators.advance(to: ms(700)) == [.started("r")])
    indicators.end(in: "r", at: .seconds(2))
    var ending = Canvas(width: 20, height: 3)
    indicators.render("r", into: &ending, area: ending.bounds, at: ms(3000), glyphs: .ascii)
    expectCanvas(ending, ["DONE!", "", ""], "the label is gone, the custom one ends")
    // Label: 630 ms counting + 200 ms fade; custom: 630 ms + 200 ms fade.
    #expect(indicators.advance(to: ms(3659)) == [])
    #expect(indicators.advance(to: ms(3660)) == [.ended("r")])
  }

  @Test func unknownIdentifierIsAnErrorWithASuggestion() {
    var indicators = ProgressIndicators<String>()
    indicators.register(LoadingText.self, identifier: "loading")
    #expect(throws: ProgressError.unknownProgressor(identifier: "loadng", registered: ["loading"]))
    {
      try indicators.start(in: "r", .bar(), .custom(identifier: "loadng"), at: .zero)
    }
    #expect(!indicators.isShowing("r"), "nothing started")
    let error = ProgressError.unknownProgressor(identifier: "loadng", registered: ["loading"])
    #expect(
      error.description
        == "unknown progressor \"loadng\" (did you mean \"loading\"?) (registered: loading)")
  }

  @Test func registryIsAValue() throws {
    var registry = ProgressorRegistry()
    registry.register(identifier: "fixed") {
      var view = LoadingText()
      view.name = "fixed"
      return view
    }
    var copy = registry
    copy.register(LoadingText.self, identifier: "loading")
    #expect(registry.identifiers == ["fixed"])
    #expect(copy.identifiers == ["fixed", "loading"])
    let made = try registry.make(identifier: "fixed")
    var canvas = Canvas(width: 20, height: 1)
    made.render(into: &canvas, area: canvas.bounds, at: .zero, glyphs: .ascii)
    expectCanvas(canvas, ["fixed 0% ..."])
  }
}
