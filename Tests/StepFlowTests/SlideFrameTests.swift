import StepFlowTerminal
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

/// A step slide draws each of its two screens once and keeps them, and draws most frames over
/// an earlier one by changing what moved: every frame must be the frame drawn from nothing at
/// that moment (both screens drawn anew, in a canvas of its own), whatever was drawn before —
/// for a step with its own colours (which blend), a stage, tabs and a form — and the frame
/// writer, told what changed, must bring the terminal to it.
@Suite struct SlideFrameTests {
  /// The frame at `now` with the slide's screens drawn anew, as every frame was drawn before
  /// they were kept.
  private static func drawnAnew(_ program: FlowProgram, width: Int, height: Int, at now: Duration)
    -> Canvas
  {
    var fresh = program
    fresh.transition?.canvases = SlideCanvases()
    fresh.finishedSlide = nil
    fresh.canvasPool = CanvasPool()
    fresh.screenPool = CanvasPool()
    // Its frames are not the program's: they are not the step standing for its next slide.
    fresh.standingFrame = StandingFrame()
    return fresh.view(width: width, height: height, at: now)
  }

  @Test(arguments: ["delivery", "purchase", "rating"])
  func everyFrameOfASlideIsTheFrameDrawnAnew(name: String) throws {
    let flow = try #require(StepFlowCLI.builtinFlows.first { $0.id == name })
    let scripts = [
      "delivery": ["next", "next", "back", "next", "next"],
      "purchase": ["next", "tab 2", "set paypal_email=ann@example.com", "next", "back", "next"],
      "rating": ["next", "next", "back", "rate 4"],
    ]
    for (width, height, glyphs) in [(80, 24, GlyphStyle.unicode), (41, 12, .ascii)] {
      var program = FlowProgram(
        flow: flow, options: FlowOptions(glyphs: glyphs, animate: true, auto: name == "delivery"))
      var now = Duration.zero
      var writer = FrameWriter(depth: .truecolor)
      var terminal = TerminalModel(width: width, height: height)
      terminal.apply(writer.frame(program.view(width: width, height: height, at: now)))
      var slides = 0
      var drawnOver = 0
      var finalsDrawnOver = 0
      var laidOutAsBefore = 0
      // The frame at `now` equals the one drawn anew, and the writer brings the terminal to it.
      func frameIsRight(_ what: String) -> Bool {
        let kept = program.view(width: width, height: height, at: now)
        let anew = Self.drawnAnew(program, width: width, height: height, at: now)
        #expect(kept == anew, "\(name) \(width)x\(height) \(what) at \(now)")
        if kept != anew { return false }
        terminal.apply(writer.frame(kept))
        let wrong = terminal.differences(from: kept)
        #expect(wrong.isEmpty, "\(name) \(width)x\(height) \(what) at \(now): \(wrong)")
        return wrong.isEmpty
      }
      for line in scripts[name, default: []] {
        program.apply(try Command.parse(line), at: now)
        if program.transition != nil { slides += 1 }
        let canvases = program.transition?.canvases
        // The frames a loop draws: at the command, then at every deadline of the slide.
        var frames = 0
        repeat {
          if !frameIsRight("after \(line)") { return }
          guard let next = program.nextDeadline(after: now), frames < 40 else { break }
          now = next
          _ = program.handle(.tick, at: now)
          frames += 1
        } while program.transition?.timing.isAnimating(at: now) == true
        // The frame that ends the slide (drawn over its last frame when nothing else moved).
        let over = canvases?.framesDrawnOver ?? 0
        if !frameIsRight("after \(line), the final frame") { return }
        let finalDrawnOver = program.transition == nil && (canvases?.framesDrawnOver ?? 0) > over
        if finalDrawnOver { finalsDrawnOver += 1 }
        drawnOver += canvases?.framesDrawnOver ?? 0
        laidOutAsBefore += canvases?.framesLaidOutAsBefore ?? 0
        // Every frame of a slide but its first is laid out as the one before — the second too
        // when it is drawn over the frame the leaving screen was taken from (else it is drawn
        // whole), and the frame that ends it when it is drawn over the slide's last.
        if name != "delivery", let canvases, program.transition == nil,
          !FlowView.isCompact(program: program, height: height)
        {
          let whole = canvases.sidesTaken > 0 ? 1 : 2
          #expect(
            canvases.framesLaidOutAsBefore == frames - whole + (finalDrawnOver ? 1 : 0),
            "\(name) \(width)x\(height) after \(line): frames laid out as before")
        }
        now += .milliseconds(300)
        _ = program.handle(.tick, at: now)
      }
      #expect(slides >= 2, "the script moves between steps")
      // Delivery's steps have colours of their own, which blend: every frame is drawn whole.
      if name != "delivery" {
        #expect(drawnOver >= 10, "\(name) \(width)x\(height): frames drawn over earlier ones")
        #expect(finalsDrawnOver >= 2, "\(name) \(width)x\(height): final frames drawn over")
      }
      // The frames of a slide after its first are laid out as the first was (the full
      // layout; the compact one is made at every frame).
      if name != "delivery", !FlowView.isCompact(program: program, height: height) {
        #expect(
          laidOutAsBefore >= 10, "\(name) \(width)x\(height): frames laid out as before")
      }
    }
  }

  /// A command while the screens slide (another tab, a letter typed) ends the slide and shows
  /// at once: the screens a frame found still are kept for the next frames only while the
  /// program stays as it was then, and nothing but a tick changes it while a slide runs.
  @Test func aCommandMidSlideEndsItAndShowsAtOnce() throws {
    let flow = try #require(StepFlowCLI.builtinFlows.first { $0.id == "purchase" })
    for change in ["tab 2", "type 4", "set paypal_email=ann@example.com"] {
      var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, animate: true))
      var now = Duration.zero
      _ = program.view(width: 80, height: 24, at: now)
      program.apply(try Command.parse("next"), at: now)
      for _ in 0..<4 {
        let frame = program.view(width: 80, height: 24, at: now)
        #expect(frame == Self.drawnAnew(program, width: 80, height: 24, at: now), "\(change)")
        now = try #require(program.nextDeadline(after: now))
        _ = program.handle(.tick, at: now)
      }
      #expect(program.transition?.timing.isAnimating(at: now) == true)
      let before = program.view(width: 80, height: 24, at: now)
      program.apply(try Command.parse(change), at: now)
      #expect(program.transition == nil, "\(change) ends the slide")
      let after = program.view(width: 80, height: 24, at: now)
      #expect(after == Self.drawnAnew(program, width: 80, height: 24, at: now), "\(change)")
      #expect(after != before, "\(change) shows")
    }
  }

  /// The screen a slide leaves is the one the last frame showed standing: it is taken from
  /// that frame, not drawn again — unless the program changed since, the frame was of another
  /// size, or something covered or moved on it. (Debug builds draw it anyway and compare.)
  @Test func theLeavingScreenIsTakenFromTheStandingFrame() throws {
    let flow = try #require(StepFlowCLI.builtinFlows.first { $0.id == "purchase" })
    // What happens between the standing frame and `next`; whether the screen is taken.
    let cases: [(String, [String], Bool)] = [
      ("nothing", [], true),
      ("a refused command, then a frame", ["previous"], true),
      ("a refused command, no frame", ["no frame", "previous"], false),
      ("the help open", ["press ?"], false),
      ("another size", ["resize"], false),
      ("a slide to the end", ["slide"], true),
    ]
    for (name, steps, taken) in cases {
      var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, animate: true))
      var now = Duration.zero
      var (width, height) = (80, 24)
      _ = program.view(width: width, height: height, at: now)
      var draw = true
      for step in steps {
        now += .milliseconds(400)
        switch step {
        case "no frame": draw = false
        case "resize":
          (width, height) = (90, 24)
          _ = program.handle(.resize(width: width, height: height), at: now)
        case "slide":
          // Next, and every frame of the slide to the one after it; then back.
          program.apply(.next, at: now)
          while program.transition != nil {
            _ = program.view(width: width, height: height, at: now)
            now = try #require(program.nextDeadline(after: now))
            _ = program.handle(.tick, at: now)
          }
        default: program.apply(try Command.parse(step), at: now)
        }
        if draw { _ = program.view(width: width, height: height, at: now) }
      }
      if name == "another size" { (width, height) = (80, 24) }
      now += .milliseconds(400)
      program.apply(steps.contains("slide") ? .back : .next, at: now)
      let canvases = try #require(program.transition?.canvases, "\(name)")
      let frame = program.view(width: width, height: height, at: now)
      #expect(canvases.sidesTaken == (taken ? 1 : 0), "\(name)")
      #expect(frame == Self.drawnAnew(program, width: width, height: height, at: now), "\(name)")
      // The second frame is drawn over the standing frame the screen was taken from (the rows
      // around the body copied from the first), the others over the frame before the last.
      var writer = FrameWriter(depth: .truecolor)
      var terminal = TerminalModel(width: width, height: height)
      terminal.apply(writer.frame(frame))
      for second in 1...4 {
        now = try #require(program.nextDeadline(after: now))
        _ = program.handle(.tick, at: now)
        let next = program.view(width: width, height: height, at: now)
        #expect(
          next == Self.drawnAnew(program, width: width, height: height, at: now),
          "\(name), frame \(second)")
        terminal.apply(writer.frame(next))
        #expect(terminal.differences(from: next).isEmpty, "\(name), frame \(second)")
        if second == 1 {
          #expect(canvases.framesDrawnOver == (taken ? 1 : 0), "\(name): the second frame")
        }
      }
    }
  }

  @Test func stillSidesAreForTheirRevisionSizeAndThemeUntilASideIsDrawn() {
    let theme = Theme()
    let canvases = SlideCanvases()
    var frame = Canvas(width: 20, height: 6, style: theme.text)
    let body = Rect(x: 0, y: 1, width: 20, height: 5)
    let side = canvases.draw(.leaving, into: &frame, area: body, theme: theme, editor: nil) {
      canvas, area in
      canvas.draw("left", x: area.x + 2, y: area.y, style: theme.text)
      return false
    }
    canvases.keepStill(
      revision: 7, width: 20, height: 5, theme: theme, leaving: side, arriving: side)
    #expect(canvases.still(revision: 7, width: 20, height: 5, theme: theme) != nil)
    #expect(canvases.still(revision: 8, width: 20, height: 5, theme: theme) == nil)
    #expect(canvases.still(revision: 7, width: 21, height: 5, theme: theme) == nil)
    #expect(canvases.still(revision: 7, width: 20, height: 4, theme: theme) == nil)
    #expect(
      canvases.still(revision: 7, width: 20, height: 5, theme: Theme(accent: .red)) == nil)
    _ = canvases.draw(.arriving, into: &frame, area: body, theme: theme, editor: nil) { _, _ in
      false
    }
    #expect(canvases.still(revision: 7, width: 20, height: 5, theme: theme) == nil)
  }

  /// The layout a frame of a slide kept is for the program's revision, the frame's size and
  /// the bar's height: a frame that differs in any of them is laid out anew.
  @Test func aSlidesLayoutIsForItsRevisionSizeAndBarHeight() {
    let canvases = SlideCanvases()
    let body = Rect(x: 0, y: 6, width: 80, height: 14)
    #expect(canvases.layout(revision: 3, width: 80, height: 24, barHeight: 2) == nil)
    canvases.keepLayout(revision: 3, width: 80, height: 24, barHeight: 2, body: body)
    #expect(canvases.layout(revision: 3, width: 80, height: 24, barHeight: 2) == body)
    #expect(canvases.layout(revision: 4, width: 80, height: 24, barHeight: 2) == nil)
    #expect(canvases.layout(revision: 3, width: 81, height: 24, barHeight: 2) == nil)
    #expect(canvases.layout(revision: 3, width: 80, height: 25, barHeight: 2) == nil)
    #expect(canvases.layout(revision: 3, width: 80, height: 24, barHeight: 3) == nil)
  }

  /// A run makes many moves: each slide draws its two screens into the canvases the slide
  /// before it gave back, and the frames take turns in the same two canvases.
  @Test func theSlidesOfARunDrawIntoTheSameCanvases() throws {
    var program = FlowProgram(
      flow: OrderState.flow, options: FlowOptions(glyphs: .unicode, animate: true))
    var writer = FrameWriter(depth: .truecolor)
    var now = Duration.zero
    _ = writer.frame(program.view(width: 80, height: 24, at: now))
    func move(_ command: Command) {
      program.apply(command, at: now)
      _ = writer.frame(program.view(width: 80, height: 24, at: now))
      while let next = program.nextDeadline(after: now) {
        now = next
        _ = program.handle(.tick, at: now)
        _ = writer.frame(program.view(width: 80, height: 24, at: now))
      }
      now += .seconds(1)
    }
    move(.next)
    let (screens, frames) = (program.screenPool.canvasesMade, program.canvasPool.canvasesMade)
    #expect(screens == 2, "the first slide made its two screens")
    for command in [Command.back, .next, .back, .next] { move(command) }
    #expect(program.screenPool.canvasesMade == screens, "later slides made no screen")
    #expect(program.canvasPool.canvasesMade == frames, "nor a frame")
    #expect(program.state.progression.current == 1)
  }

  /// The frame writer holds the last frame: a frame drawn into it would copy it whole first
  /// (1.5 MB at 400×120), so every frame, still or sliding, is drawn into the other canvas.
  @Test(arguments: [false, true])
  func noFrameCopiesTheOneTheWriterHolds(animate: Bool) throws {
    var program = FlowProgram(
      flow: OrderState.flow, options: FlowOptions(glyphs: .unicode, animate: animate))
    var writer = FrameWriter(depth: .truecolor)
    var now = Duration.zero
    var frames = 1
    _ = writer.frame(program.view(width: 120, height: 40, at: now))
    for command in [Command.next, .back, .next, .press(.tab), .back, .next] {
      program.apply(command, at: now)
      _ = writer.frame(program.view(width: 120, height: 40, at: now))
      frames += 1
      while let next = program.nextDeadline(after: now) {
        now = next
        _ = program.handle(.tick, at: now)
        _ = writer.frame(program.view(width: 120, height: 40, at: now))
        frames += 1
      }
      now += .seconds(1)
    }
    #expect(frames > (animate ? 60 : 6))
    #expect(program.canvasPool.canvasesCopied == 0)
    #expect(program.canvasPool.canvasesMade == 2, "the frames take turns in two canvases")
  }

  @Test func aResizeMidSlideDrawsTheScreensAtTheNewSize() throws {
    var program = FlowProgram(
      flow: OrderState.flow, options: FlowOptions(glyphs: .unicode, animate: true))
    _ = program.view(width: 80, height: 24, at: .zero)
    program.apply(.next, at: .zero)
    let early = program.view(width: 80, height: 24, at: .milliseconds(50))
    let wide = program.view(width: 120, height: 30, at: .milliseconds(100))
    #expect(wide == Self.drawnAnew(program, width: 120, height: 30, at: .milliseconds(100)))
    #expect(early.width == 80 && wide.width == 120)
  }
}

/// The screen a slide leaves is the screen as it was before the move, not one drawn from the
/// state after it.
@Suite struct SlideLeavingScreenTests {
  /// The purchase flow on its summary step, every answer given, drawn once at 80x24.
  private static func onTheSummary() throws -> (FlowProgram, Canvas) {
    let flow = try #require(StepFlowCLI.builtinFlows.first { $0.id == "purchase" })
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, animate: true))
    var now = Duration.zero
    for line in [
      "next", "tab 2", "set paypal_email=ann@example.com", "next", "set name=Ann Smith",
      "set street=1 Main St", "set city=Oslo", "set postal_code=0150", "next",
    ] {
      #expect(!isRefused(program.apply(try Command.parse(line), at: now)), "\(line)")
      now += .seconds(1)
      _ = program.handle(.tick, at: now)
    }
    let still = program.view(width: 80, height: 24, at: now)
    #expect(still.plainText.contains("ann@example.com"), "the summary shows the e-mail")
    return (program, still)
  }

  private static func isRefused(_ outcome: Outcome) -> Bool {
    if case .refused = outcome { return true }
    return false
  }

  /// The rows of the body (between the strip and the footer) as text.
  private static func bodyText(_ canvas: Canvas) -> String {
    canvas.plainLines()[6..<20].joined(separator: "\n")
  }

  @Test func startingOverSlidesTheAnsweredSummaryOut() throws {
    var (program, still) = try Self.onTheSummary()
    let now = Duration.seconds(100)
    program.apply(.reset, at: now)
    #expect(program.transition != nil)
    let first = program.view(width: 80, height: 24, at: now)
    // At the start of the slide the body is the summary as it stood, answers and all.
    #expect(Self.bodyText(first) == Self.bodyText(still))
    #expect(first.plainText.contains("ann@example.com"))
    let middle = program.view(width: 80, height: 24, at: now + .milliseconds(120))
    #expect(middle.plainText.contains("ann@"), "half of the summary is still on the screen")
    let end = program.view(width: 80, height: 24, at: now + .seconds(1))
    #expect(!end.plainText.contains("ann@example.com"), "the new start has no answers")
  }

  @Test func answeringYesToStartOverSlidesTheAnsweredSummaryOut() throws {
    var (program, still) = try Self.onTheSummary()
    let now = Duration.seconds(100)
    program.apply(.press(.character("r")), at: now)
    #expect(program.state.pendingConfirmation == .reset)
    program.apply(.press(.character("y")), at: now)
    #expect(program.state.pendingConfirmation == nil && program.transition != nil)
    let first = program.view(width: 80, height: 24, at: now)
    #expect(Self.bodyText(first) == Self.bodyText(still))
  }
}

/// A slide keeps each screen's rows with content only, drawn in the frame's body
/// (``SlideCanvases/draw(_:into:area:theme:editor:draw:)``): sliding those must give the
/// frames that sliding the whole screens gives, and the body must be blank again after.
@Suite struct SlideKeptRowsTests {
  /// Draws words (wide ones too) on some rows of `area`, the same for the same seed.
  private static func words(seed: UInt64, into canvas: inout Canvas, area: Rect) {
    var random = SeededGenerator(seed: seed)
    let words = ["ab", "界", "日本", "Ω", "x"]
    for y in 0..<area.height where Int.random(in: 0..<3, using: &random) == 0 {
      var x = Int.random(in: 0..<area.width, using: &random)
      while x < area.width - 2, Bool.random(using: &random) {
        let word = words[Int.random(in: 0..<words.count, using: &random)]
        x += canvas.draw(word, x: area.x + x, y: area.y + y, style: Style(foreground: .ansi(3)))
        x += 1
      }
    }
  }

  @Test(arguments: [SlideDirection.fromTrailing, .fromLeading])
  func screensKeptInTheirRowsSlideAsWholeScreens(direction: SlideDirection) {
    let theme = Theme()
    for round in 0..<40 {
      let (width, height) = (12 + round, 7)
      let body = Rect(x: 0, y: 2, width: width, height: height)
      var frame = Canvas(width: width, height: height + 3, style: theme.text)
      frame.draw("bar", x: 0, y: 0, style: .plain)
      let blankFrame = frame
      let canvases = SlideCanvases()
      let (a, b) = (UInt64(round * 2 + 1), UInt64(round * 2 + 2))
      let leaving = canvases.draw(.leaving, into: &frame, area: body, theme: theme, editor: nil) {
        canvas, area in
        Self.words(seed: a, into: &canvas, area: area)
        return false
      }
      let arriving = canvases.draw(.arriving, into: &frame, area: body, theme: theme, editor: nil) {
        canvas, area in
        Self.words(seed: b, into: &canvas, area: area)
        return false
      }
      #expect(frame == blankFrame, "the body is blank again")
      #expect(leaving.canvas.height == leaving.rows.filter { $0 >= 0 }.count)
      var whole = (
        Canvas(width: width, height: height, style: theme.text),
        Canvas(width: width, height: height, style: theme.text)
      )
      Self.words(seed: a, into: &whole.0, area: whole.0.bounds)
      Self.words(seed: b, into: &whole.1, area: whole.1.bounds)
      for shift in 0...width {
        var expected = frame
        Slide.draw(
          outgoing: whole.0, incoming: whole.1, direction: direction,
          fraction: Double(shift) / Double(width), into: &expected, area: body, fill: theme.text)
        var kept = frame
        Slide.redraw(
          outgoing: leaving.canvas, incoming: arriving.canvas, direction: direction,
          shift: shift, into: &kept, area: body,
          spans: Slide.contentSpans(
            outgoing: leaving.spans, incoming: arriving.spans, direction: direction, shift: shift,
            area: body),
          fill: theme.text, outgoingRows: leaving.rows, incomingRows: arriving.rows)
        #expect(kept == expected, "\(direction) \(width) wide at \(shift)")
        if kept != expected { return }
      }
    }
  }
}
