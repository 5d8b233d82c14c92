import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct ProgressRingTests {
  // The default ring: radius 12 and line width 4 in braille dots, so 28 dots (14 cells) wide
  // and 28 dots (7 rows) high. The arc is drawn full width; the rest of the track is a thin
  // line along the ring's middle, so the two differ even without colours.

  @Test func emptyRingIsTheThinTrack() throws {
    expectCanvas(
      try renderProgress([.ring()], ratio: 0, width: 16, height: 7),
      [
        "    ⣀⣤⡶⠶⠶⢶⣤⣀",
        "  ⢠⡾⠋      ⠙⢷⡄",
        " ⢠⡿          ⢿⡄",
        " ⢸⡇          ⢸⡇",
        " ⠘⣷          ⣾⠃",
        "  ⠘⢷⣄      ⣠⡾⠃",
        "    ⠉⠛⠷⠶⠶⠾⠛⠉",
      ])
  }

  @Test func arcGoesClockwiseFromTwelveOClock() throws {
    // 37 % is a little past four o'clock.
    expectCanvas(
      try renderProgress([.ring()], ratio: 0.37, width: 16, height: 7),
      [
        "    ⣀⣤⡶⠶⣿⣿⣶⣤⡀",
        "  ⢠⡾⠋    ⠈⠙⠻⣿⣦",
        " ⢠⡿         ⠹⣿⣧",
        " ⢸⡇          ⣿⣿",
        " ⠘⣷         ⣰⣿⡟",
        "  ⠘⢷⣄      ⣠⠻⠟",
        "    ⠉⠛⠷⠶⠶⠾⠛⠉",
      ])
  }

  @Test func fullRingIsClosed() throws {
    expectCanvas(
      try renderProgress([.ring()], ratio: 1, width: 16, height: 7),
      [
        "   ⢀⣤⣶⣿⣿⣿⣿⣶⣤⡀",
        "  ⣴⣿⠟⠋⠁  ⠈⠙⠻⣿⣦",
        " ⣼⣿⠏        ⠹⣿⣧",
        " ⣿⣿          ⣿⣿",
        " ⢻⣿⣆        ⣰⣿⡟",
        "  ⠻⣿⣦⣄⡀  ⢀⣠⣴⣿⠟",
        "   ⠈⠛⠿⣿⣿⣿⣿⠿⠛⠁",
      ])
  }

  @Test func asciiRingUsesStarsAndDots() throws {
    let ring: [ProgressorType] = [.ring()]
    expectCanvas(
      try renderProgress(ring, ratio: 0, width: 16, height: 7, glyphs: .ascii),
      [
        "    ........",
        "  ....    ....",
        " ...        ...",
        " ..          ..",
        " ...        ...",
        "  ....    ....",
        "    ........",
      ])
    expectCanvas(
      try renderProgress(ring, ratio: 0.37, width: 16, height: 7, glyphs: .ascii),
      [
        "    ....****",
        "  ....    ****",
        " ...        ***",
        " ..          **",
        " ...        ***",
        "  ....    ..**",
        "    ........",
      ])
    expectCanvas(
      try renderProgress(ring, ratio: 1, width: 16, height: 7, glyphs: .ascii),
      [
        "    ********",
        "  ****    ****",
        " ***        ***",
        " **          **",
        " ***        ***",
        "  ****    ****",
        "    ********",
      ])
  }

  @Test func ringWithLabelInItsMiddle() throws {
    expectCanvas(
      try renderProgress([.sync([.ring(), .label()])], ratio: 0.37, width: 16, height: 7),
      [
        "    ⣀⣤⡶⠶⣿⣿⣶⣤⡀",
        "  ⢠⡾⠋    ⠈⠙⠻⣿⣦",
        " ⢠⡿         ⠹⣿⣧",
        " ⢸⡇   37%    ⣿⣿",
        " ⠘⣷         ⣰⣿⡟",
        "  ⠘⢷⣄      ⣠⠻⠟",
        "    ⠉⠛⠷⠶⠶⠾⠛⠉",
      ])
  }

  @Test func endlessRingTurnsAQuarterArc() throws {
    let ring: [ProgressorType] = [.ring(.endless)]
    // At the start the arc covers twelve to three o'clock; 24 steps of 50 ms make a turn, so
    // 300 ms later it covers three to six.
    expectCanvas(
      try renderProgress(ring, ratio: 0, width: 16, height: 7, at: .zero),
      [
        "    ⣀⣤⡶⠶⣿⣿⣶⣤⡀",
        "  ⢠⡾⠋    ⠈⠙⠻⣿⣦",
        " ⢠⡿         ⠹⣿⣧",
        " ⢸⡇          ⠛⠛",
        " ⠘⣷          ⣾⠃",
        "  ⠘⢷⣄      ⣠⡾⠃",
        "    ⠉⠛⠷⠶⠶⠾⠛⠉",
      ])
    expectCanvas(
      try renderProgress(ring, ratio: 0, width: 16, height: 7, at: .milliseconds(300)),
      [
        "    ⣀⣤⡶⠶⠶⢶⣤⣀",
        "  ⢠⡾⠋      ⠙⢷⡄",
        " ⢠⡿          ⢿⡄",
        " ⢸⡇          ⣤⣤",
        " ⠘⣷         ⣰⣿⡟",
        "  ⠘⢷⣄    ⢀⣠⣴⣿⠟",
        "    ⠉⠛⠷⠶⣿⣿⠿⠛⠁",
      ])
    #expect(
      try renderProgress(ring, ratio: 0, width: 16, height: 7, at: .milliseconds(1200))
        == renderProgress(ring, ratio: 0, width: 16, height: 7, at: .zero), "a turn in 1.2 s")
    var endless = RingProgressor(.endless)
    _ = endless.start(parameter: nil, at: .zero, timing: ProgressTiming())
    #expect(endless.nextFrame(after: .milliseconds(70)) == .milliseconds(100))
  }

  @Test func ringShrinksToFitASmallRegion() throws {
    expectCanvas(
      try renderProgress([.ring()], ratio: 0.5, width: 8, height: 3),
      [
        "  ⣤⠶⣿⣶⡄",
        " ⢸⡇ ⢈⣿⣿",
        "  ⠛⠶⣿⠿⠃",
      ])
  }

  @Test func arcInItsColourAndTrackDimmed() throws {
    let canvas = try renderProgress(
      [.ring(.init(color: .orange))], ratio: 0.37, width: 16, height: 7)
    #expect(canvas[14, 3].style == Style(foreground: .orange))
    #expect(canvas[1, 3].style == Style(foreground: .orange, attributes: .dim))
  }

  @Test func endingClosesTheRing() {
    var ring = RingProgressor()
    ring.update(progress: 0.5)
    #expect(ring.end(at: .seconds(3), timing: ProgressTiming()) == .milliseconds(500))
    var midway = Canvas(width: 16, height: 7)
    ring.render(into: &midway, area: midway.bounds, at: .milliseconds(3250), glyphs: .ascii)
    // Three quarters: from twelve round to nine o'clock; the top-left quarter is still track.
    expectCanvas(
      midway,
      [
        "    ....****",
        "  ....    ****",
        " ...        ***",
        " **          **",
        " ***        ***",
        "  ****    ****",
        "    ********",
      ])
  }

  @Test func turnMeasuresClockwiseFromTwelve() {
    let cases: [(x: Double, y: Double, turn: Double)] = [
      (0, -1, 0), (1, -1, 0.125), (1, 0, 0.25), (1, 1, 0.375), (0, 1, 0.5), (-1, 1, 0.625),
      (-1, 0, 0.75), (-1, -1, 0.875), (3, -4, 0.102_416_382), (-0.001, -1, 0.999_840_845),
    ]
    for c in cases {
      #expect(abs(RingProgressor.turn(x: c.x, y: c.y) - c.turn) < 1e-8, "\(c)")
    }
  }
}
