import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowText

/// A one-row canvas with `text` drawn from the left edge.
private func row(_ text: String, width: Int = 10, style: Style = .plain) -> Canvas {
  var canvas = Canvas(width: width, height: 1)
  canvas.draw(text, x: 0, y: 0, style: style)
  return canvas
}

@Suite struct SlideTests {
  // Columns: a b 漢漢 字字 注注 文文 / 🚲🚲 a b 🚲🚲 c d 🚲🚲
  let outgoing = row("ab漢字注文")
  let incoming = row("🚲ab🚲cd🚲")

  @Test func atZeroOnlyTheOutgoingContentShows() {
    for direction in [SlideDirection.fromTrailing, .fromLeading] {
      let frame = Slide.composite(
        outgoing: outgoing, incoming: incoming, direction: direction, fraction: 0)
      #expect(frame == outgoing)
      expectCanvas(frame, ["ab漢字注文"])
    }
  }

  @Test func atOneOnlyTheIncomingContentShows() {
    for direction in [SlideDirection.fromTrailing, .fromLeading] {
      let frame = Slide.composite(
        outgoing: outgoing, incoming: incoming, direction: direction, fraction: 1)
      #expect(frame == incoming)
      expectCanvas(frame, ["🚲ab🚲cd🚲"])
    }
  }

  @Test func halfWayFromTrailingCutsWideGraphemesAtTheEdgeAndTheSeam() {
    // Shift 5: 字 straddles the left edge (blank at 0); the incoming 🚲 at 9–10 is cut by the
    // right edge (blank at 9).
    let frame = Slide.composite(
      outgoing: outgoing, incoming: incoming, direction: .fromTrailing, fraction: 0.5)
    expectCanvas(frame, [" 注文🚲ab"])
    #expect(frame[0, 0].symbol == " ")
    #expect(frame[9, 0].symbol == " ")
    #expect(frame[5, 0].symbol == "🚲" && frame[6, 0].isContinuation)
  }

  @Test func halfWayFromLeadingMirrorsIt() {
    // The outgoing content moves right by 5 (字 cut by the right edge); the incoming ends at
    // the seam, its 🚲 at −1…0 cut by the left edge.
    let frame = Slide.composite(
      outgoing: outgoing, incoming: incoming, direction: .fromLeading, fraction: 0.5)
    expectCanvas(frame, [" cd🚲ab漢"])
    #expect(frame[0, 0].symbol == " ")
    #expect(frame[9, 0].symbol == " ")
  }

  @Test func theSeamSitsBetweenWholeGraphemes() {
    // Shift 3 from the trailing edge: the outgoing 漢 (columns 2–3) lands on −1…0 and is cut
    // by the edge; the seam is at column 7, with 文 just before it and 🚲 just after.
    let frame = Slide.composite(
      outgoing: outgoing, incoming: incoming, direction: .fromTrailing, fraction: 0.3)
    expectCanvas(frame, [" 字注文🚲a"])
    // The outgoing 文 ends at column 6; the incoming content starts at 7.
    #expect(frame[7, 0].symbol == "🚲")
  }

  @Test func everyFrameKeepsWideGraphemesWhole() {
    for step in 0...20 {
      for direction in [SlideDirection.fromTrailing, .fromLeading] {
        let frame = Slide.composite(
          outgoing: outgoing, incoming: incoming, direction: direction,
          fraction: Double(step) / 20)
        for x in 0..<frame.width where frame[x, 0].isContinuation {
          #expect(x > 0 && DisplayWidth.of(frame[x - 1, 0].symbol) == 2)
        }
        if frame[frame.width - 1, 0].symbol != "" {
          #expect(DisplayWidth.of(frame[frame.width - 1, 0].symbol) <= 1)
        }
      }
    }
  }

  @Test func drawingIntoAnAreaLeavesTheRestAlone() {
    var canvas = Canvas(width: 14, height: 3)
    canvas.fill(canvas.bounds, symbol: "#", style: .plain)
    let area = Rect(x: 2, y: 1, width: 10, height: 1)
    Slide.draw(
      outgoing: outgoing, incoming: incoming, direction: .fromTrailing, fraction: 0.5,
      into: &canvas, area: area)
    expectCanvas(canvas, ["##############", "## 注文🚲ab ##", "##############"])
  }

  @Test func stylesTravelWithTheirContent() {
    let old = row("oldoldoldo", style: Style(foreground: .red))
    let new = row("newnewnewn", style: Style(foreground: .green))
    let frame = Slide.composite(
      outgoing: old, incoming: new, direction: .fromTrailing, fraction: 0.4)
    expectCanvas(frame, ["ldoldonewn"])
    #expect((0..<6).allSatisfy { frame[$0, 0].style.foreground == .red })
    #expect((6..<10).allSatisfy { frame[$0, 0].style.foreground == .green })
  }

  @Test func offsetIsRoundedAndClamped() {
    #expect(Slide.offset(fraction: 0.5, width: 9) == 5)
    #expect(Slide.offset(fraction: -1, width: 9) == 0)
    #expect(Slide.offset(fraction: 2, width: 9) == 9)
    #expect(Slide.offset(fraction: .nan, width: 9) == 0)
  }

  @Test func directionFollowsTheIndex() {
    #expect(SlideDirection(from: 0, to: 2) == .fromTrailing)
    #expect(SlideDirection(from: 2, to: 1) == .fromLeading)
    #expect(SlideDirection.fromTrailing.reversed == .fromLeading)
  }
}

@Suite struct TransitionTests {
  let transition = Transition(start: .milliseconds(1000))

  @Test func fractionRunsFromZeroToOneOverTheDuration() {
    #expect(transition.fraction(at: .milliseconds(900)) == 0)
    #expect(transition.fraction(at: .milliseconds(1000)) == 0)
    #expect(transition.fraction(at: .milliseconds(1125)) == 0.5)
    #expect(transition.fraction(at: .milliseconds(1250)) == 1)
    #expect(transition.fraction(at: .milliseconds(5000)) == 1)
    let linear = Transition(start: .zero, duration: .milliseconds(100), easing: .linear)
    #expect(linear.fraction(at: .milliseconds(25)) == 0.25)
  }

  @Test func finishedExactlyAtTheEnd() {
    #expect(transition.end == .milliseconds(1250))
    #expect(transition.isAnimating(at: .milliseconds(1249)))
    #expect(!transition.isFinished(at: .milliseconds(1249)))
    #expect(transition.isFinished(at: .milliseconds(1250)))
  }

  @Test func deadlinesStepByAFrameAndLandOnTheEnd() {
    var now = Duration.milliseconds(1000)
    var frames: [Duration] = []
    while let next = transition.nextDeadline(after: now) {
      #expect(next > now && next - now <= Transition.frameInterval)
      frames.append(next)
      now = next
    }
    #expect(frames.last == transition.end)
    #expect(frames.count == 16)
    #expect(transition.nextDeadline(after: .milliseconds(500)) == .milliseconds(1000))
  }

  @Test func aZeroDurationIsFinishedAtOnce() {
    let instant = Transition(start: .milliseconds(10), duration: .zero)
    #expect(instant.fraction(at: .milliseconds(10)) == 1)
    #expect(instant.isFinished(at: .milliseconds(10)))
    #expect(instant.nextDeadline(after: .milliseconds(10)) == nil)
  }
}

/// A slide's first frame draws only where the screens' content is, over a body already blank
/// in their blank (``FlowView``): that must be the slide ``Slide/draw`` draws whole.
@Suite struct SlideContentTests {
  /// A screen of `width` × `height` blanks in `blank`, words (wide ones too) on some rows.
  private static func screen(
    _ random: inout SeededGenerator, width: Int, height: Int, blank: Style
  ) -> Canvas {
    var canvas = Canvas(width: width, height: height, style: blank)
    let words = ["ab", "界", "日本", "Ω", "—", "x"]
    for y in 0..<height where Bool.random(using: &random) {
      var x = Int.random(in: 0..<width, using: &random)
      while x < width, Int.random(in: 0..<4, using: &random) > 0 {
        let word = words[Int.random(in: 0..<words.count, using: &random)]
        x += canvas.draw(word, x: x, y: y, style: Style(foreground: .ansi(1))) + 1
      }
    }
    return canvas
  }

  /// The blank of ``screens(_:)``.
  private static let blank = Style(foreground: .ansi(7), background: .ansi(4))
  private static let cell = Cell(grapheme: .space, style: blank)

  /// Two random screens of the same size, and where they slide: in a frame larger than the
  /// screens, below a row of its own; an area `wider` columns wider than the screens.
  private static func screens(_ random: inout SeededGenerator, wider: Int = 0) -> (
    Canvas, Canvas, Rect
  ) {
    let (width, height) = (Int.random(in: 4...60, using: &random), 5)
    let outgoing = screen(&random, width: width, height: height, blank: blank)
    let incoming = screen(&random, width: width, height: height, blank: blank)
    return (outgoing, incoming, Rect(x: 2, y: 1, width: width + wider, height: height))
  }

  /// `screen` as a slide keeps it: its rows with content only, and per row of the screen the
  /// row holding it (`-1`: a blank row).
  private static func kept(_ screen: Canvas) -> (Canvas, [Int]) {
    let spans = screen.contentSpans(blank: cell)
    var rows = Array(repeating: -1, count: spans.count)
    var count = 0
    for (y, span) in spans.enumerated() where !span.isEmpty {
      rows[y] = count
      count += 1
    }
    var kept = Canvas(width: screen.width, height: count, style: blank)
    for (y, span) in spans.enumerated() where !span.isEmpty {
      let from = Rect(x: span.lower, y: y, width: span.upper - span.lower, height: 1)
      kept.blit(screen, from: from, toX: span.lower, y: rows[y])
    }
    return (kept, rows)
  }

  @Test(arguments: [SlideDirection.fromTrailing, .fromLeading])
  func drawingTheContentSpansIsTheWholeSlide(direction: SlideDirection) {
    var random = SeededGenerator(seed: direction == .fromTrailing ? 3 : 5)
    for _ in 0..<60 {
      let (outgoing, incoming, area) = Self.screens(&random)
      let (width, height) = (area.width, area.height)
      for shift in 0...width {
        var whole = Canvas(width: width + 4, height: height + 2, style: Self.blank)
        whole.draw("top", x: 0, y: 0, style: .plain)
        var spans = whole
        Slide.draw(
          outgoing: outgoing, incoming: incoming, direction: direction,
          fraction: Double(shift) / Double(width), into: &whole, area: area, fill: Self.blank)
        Slide.redraw(
          outgoing: outgoing, incoming: incoming, direction: direction, shift: shift,
          into: &spans, area: area,
          spans: Slide.contentSpans(
            outgoing: outgoing.contentSpans(blank: Self.cell),
            incoming: incoming.contentSpans(blank: Self.cell), direction: direction, shift: shift,
            area: area),
          fill: Self.blank)
        #expect(spans == whole, "\(direction) \(width) wide at \(shift)")
        if spans != whole { return }
      }
    }
  }

  /// A frame of a slide drawn over another one is the slide drawn whole.
  ///
  /// The other frame is two frames back (the canvas the frame writer does not hold); what is
  /// drawn again is the union of the content then and now, from the screens' rows, or filled
  /// where a screen keeps no row (half the cases keep only the rows with content, as a slide
  /// does), so whatever the other frame left there (wide graphemes cut anywhere) must be
  /// overwritten. The shifts come in any order.
  @Test(arguments: [SlideDirection.fromTrailing, .fromLeading])
  func drawingOverAnEarlierFrameIsTheWholeSlide(direction: SlideDirection) {
    var random = SeededGenerator(seed: direction == .fromTrailing ? 7 : 11)
    for round in 0..<40 {
      // Every fourth case, screens narrower than where they slide (filled around).
      let (outgoing, incoming, area) = Self.screens(
        &random, wider: round % 4 == 3 ? Int.random(in: 1...3, using: &random) : 0)
      let (width, height) = (area.width, area.height)
      func content(at shift: Int) -> [ColumnSpan] {
        Slide.contentSpans(
          outgoing: outgoing.contentSpans(blank: Self.cell),
          incoming: incoming.contentSpans(blank: Self.cell), direction: direction, shift: shift,
          area: area)
      }
      func frame(at shift: Int) -> Canvas {
        var canvas = Canvas(width: width + 4, height: height + 2, style: Self.blank)
        canvas.draw("top", x: 0, y: 0, style: .plain)
        Slide.draw(
          outgoing: outgoing, incoming: incoming, direction: direction,
          fraction: Double(shift) / Double(width), into: &canvas, area: area, fill: Self.blank)
        return canvas
      }
      let keepsRows = Bool.random(using: &random)
      let (leaving, leavingRows) = keepsRows ? Self.kept(outgoing) : (outgoing, nil)
      let (arriving, arrivingRows) = keepsRows ? Self.kept(incoming) : (incoming, nil)
      for earlier in 0...width {
        let later = Int.random(in: 0...width, using: &random)
        var over = frame(at: earlier)
        let spans = zip(content(at: earlier), content(at: later)).map { $0.union($1) }
        Slide.redraw(
          outgoing: leaving, incoming: arriving, direction: direction, shift: later,
          into: &over, area: area, spans: spans, fill: Self.blank, outgoingRows: leavingRows,
          incomingRows: arrivingRows)
        #expect(
          over == frame(at: later),
          "\(direction) \(width) wide, \(earlier) → \(later), rows kept: \(keepsRows)")
        if over != frame(at: later) { return }
      }
    }
  }
}
