import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowCore
@testable import StepFlowTerminal

@Suite struct GaugeProgramTests {
  func gauge(_ arguments: [String], glyphs: GlyphStyle = .unicode) throws -> GaugeProgram {
    GaugeProgram(options: try GaugeOptions.parse(arguments), glyphs: glyphs)
  }

  func input(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }

  @Test func drawsTitleMessageBarAndLabelInACentredBox() throws {
    var program = try gauge(["--title", "Copying", "--text", "photos/2024"])
    #expect(program.inputDescriptor == 0)
    #expect(program.handle(.resize(width: 40, height: 10), at: .zero) == .continue)
    #expect(program.handle(input("12\n3"), at: .milliseconds(500)) == .continue)
    #expect(program.percent == 12)
    #expect(program.handle(input("7\n"), at: .milliseconds(600)) == .continue)
    #expect(program.percent == 37)
    expectCanvas(
      program.view(width: 40, height: 10, at: .seconds(1)),
      [
        "",
        "╭─ Copying ────────────────────────────╮",
        "│                                      │",
        "│ photos/2024                          │",
        "│                                      │",
        "│ █████████████▎░░░░░░░░░░░░░░░░░░░░░░ │",
        "│                 37%                  │",
        "│                                      │",
        "╰──────────────────────────────────────╯",
        "",
      ])
  }

  @Test func asciiGaugeWithEveryProgressor() throws {
    var program = try gauge(
      [
        "--ring", "--bar", "--label", "--spinner", "--dismissable", "--sync", "--title", "Backup",
      ], glyphs: .ascii)
    _ = program.handle(
      input("XXX\n37\nCopying photos from the card to the disk\nXXX\n"), at: .seconds(1))
    #expect(program.message == "Copying photos from the card to the disk")
    let canvas = program.view(width: 40, height: 18, at: .seconds(1))
    expectCanvas(
      canvas,
      [
        "",
        "+- Backup -----------------------------+",
        "|                                      |",
        "| - Copying photos from the card to    |",
        "|   the disk                           |",
        "|                                      |",
        "| #############----------------------- |",
        "|               ....****               |",
        "|             ....    ****             |",
        "|            ...        ***            |",
        "|            ..   37%    **            |",
        "|            ...        ***            |",
        "|             ....    ..**             |",
        "|               ........               |",
        "|                                      |",
        "|                                      |",
        "+- Esc to dismiss ---------------------+",
        "",
      ])
    #expect(canvas.cells.allSatisfy { $0.symbol.utf8.allSatisfy { $0 < 0x80 } })
  }

  @Test func barAndLabelAreInTheAccentColour() throws {
    var program = GaugeProgram(
      options: try GaugeOptions.parse([]), glyphs: .unicode, theme: Theme(accent: .orange))
    _ = program.handle(input("50\n"), at: .zero)
    let canvas = program.view(width: 30, height: 5, at: .seconds(1))
    #expect(canvas[2, 2].symbol == "█")
    #expect(canvas[2, 2].style == Style(foreground: .orange))
    #expect(canvas[13, 3].symbol == "5")
    #expect(canvas[13, 3].style == Style(foreground: .orange), "the label in the bar's style")
  }

  @Test func endOfInputRunsTheEndingThenExitsZero() throws {
    var program = try gauge([])
    _ = program.handle(input("50\n"), at: .seconds(1))
    #expect(program.handle(.inputClosed, at: .seconds(2)) == .continue)
    #expect(program.inputEnded)
    // The label counts 50 → 100 % over 2.0–2.5 s and fades out by 2.7 s; then the bar fills
    // by 3.2 s and fades out by 3.4 s.
    #expect(program.nextDeadline(after: .seconds(2)) == .milliseconds(2050))
    let midway = program.view(width: 30, height: 5, at: .milliseconds(2250)).plainLines()
    #expect(midway[2] == "│ █████████████░░░░░░░░░░░░░ │")
    #expect(midway[3] == "│            75%             │")
    #expect(program.handle(.tick, at: .milliseconds(3399)) == .continue)
    #expect(program.handle(.tick, at: .milliseconds(3400)) == .exit(0))
    #expect(program.percent == 50)
  }

  @Test func endOfInputWithoutAnimationExitsAtOnce() throws {
    var program = try gauge(["--no-animation", "--spinner", "--label"])
    #expect(program.handle(input("100"), at: .seconds(1)) == .continue)
    #expect(program.handle(.inputClosed, at: .seconds(2)) == .exit(0))
    #expect(program.percent == 100, "the last line without a newline counts")
  }

  @Test func inputAfterTheEndIsIgnored() throws {
    var program = try gauge([])
    _ = program.handle(input("20\n"), at: .zero)
    _ = program.handle(.inputClosed, at: .seconds(1))
    _ = program.handle(input("90\n"), at: .seconds(1))
    #expect(program.percent == 20)
  }

  @Test func dismissKeysExitOne() throws {
    for key in [Key.escape, .enter, .character(" "), .character("q")] {
      var program = try gauge(["--dismissable"])
      #expect(program.handle(.key(key), at: .seconds(1)) == .exit(1), "\(key)")
    }
  }

  @Test func withoutDismissableOnlyQAndEscapeCancel() throws {
    var program = try gauge([])
    #expect(program.handle(.key(.character(" ")), at: .seconds(1)) == .continue)
    #expect(program.handle(.key(.enter), at: .seconds(1)) == .continue)
    #expect(program.handle(.key(.character("q")), at: .seconds(1)) == .exit(1))
    var other = try gauge([])
    #expect(other.handle(.key(.escape), at: .seconds(1)) == .exit(1))
    #expect(other.handle(.key(.ctrl("c")), at: .seconds(1)) == .exit(130))
  }

  @Test func timeoutWithoutInputExits124() throws {
    var program = try gauge(["--timeout", "2"])
    #expect(program.nextDeadline(after: .zero) == .milliseconds(50), "fading in")
    _ = program.handle(.tick, at: .seconds(1))
    #expect(program.nextDeadline(after: .seconds(1)) == .seconds(2))
    _ = program.handle(input("10\n"), at: .milliseconds(1500))
    #expect(program.nextDeadline(after: .milliseconds(1500)) == .milliseconds(3500))
    #expect(program.handle(.tick, at: .milliseconds(3499)) == .continue)
    #expect(program.handle(.tick, at: .milliseconds(3500)) == .exit(124))
  }

  @Test func staticGaugeNeedsNoFrames() throws {
    var program = try gauge(["--bar", "--label"])
    _ = program.handle(.tick, at: .seconds(1))
    _ = program.handle(input("40\n"), at: .seconds(2))
    #expect(program.nextDeadline(after: .seconds(2)) == nil)
    var spinning = try gauge(["--spinner"])
    _ = spinning.handle(.tick, at: .seconds(1))
    // The spinner turns from the end of its fade-in (200 ms), a frame every 80 ms.
    #expect(spinning.nextDeadline(after: .seconds(1)) == .milliseconds(1080))
  }

  @Test func minimumSizeFitsTheProgressors() throws {
    #expect(try gauge([]).minimumSize == (20, 6))
    #expect(try gauge(["--ring", "--bar", "--text", "x"]).minimumSize == (20, 15))
  }

  @Test func longMessagesAreCutToTheScreen() throws {
    var program = try gauge(["--width", "20"])
    _ = program.handle(input("XXX\n5\none two three four five six seven eight\nXXX\n"), at: .zero)
    // Nine rows leave room for two of the three lines of the message.
    expectCanvas(
      program.view(width: 30, height: 9, at: .seconds(1)),
      [
        "     ╭──────────────────╮",
        "     │                  │",
        "     │ one two three    │",
        "     │ four five six …  │",
        "     │                  │",
        "     │ ▊░░░░░░░░░░░░░░░ │",
        "     │        5%        │",
        "     │                  │",
        "     ╰──────────────────╯",
      ])
    // Eight rows leave room for one.
    let short = program.view(width: 30, height: 8, at: .seconds(1)).plainLines()
    #expect(short[2] == "     │ one two three …  │")
    #expect(short[3] == "     │                  │")
  }
}

/// The gauge's command mode as a pure program: the effect it asks for, what the command's
/// output does to the screen, and the exit status it ends with — no process, no terminal.
@Suite struct GaugeCommandProgramTests {
  static let id = TaskID(.command, run: 0)

  func gauge(_ arguments: [String]) throws -> GaugeProgram {
    GaugeProgram(options: try GaugeOptions.parse(arguments), glyphs: .unicode)
  }

  @Test func itAsksForTheCommandOnceAndReadsNoStdin() throws {
    var program = try gauge(["--timeout", "5", "--", "make", "test"])
    #expect(program.inputDescriptor == nil)
    #expect(
      program.takeEffects() == [
        .run(
          Self.id,
          .command(
            TaskLaunch(
              arguments: ["make", "test"], timeout: .seconds(5), logOnly: [.stdout, .stderr])))
      ], "without --percent or --pattern, no progress is read from either stream")
    #expect(program.takeEffects() == [])
  }

  @Test func theLastLineIsTheMessageAndTheStatusIsTheCommands() throws {
    var program = try gauge(["--", "make"])
    _ = program.takeEffects()
    _ = program.handle(.task(.output(Self.id, .stdout, Array("cc a.c\ncc b.c\n".utf8))), at: .zero)
    #expect(program.message == "cc b.c")
    for ms in stride(from: 100, through: 1250, by: 50) {
      _ = program.handle(.tick, at: .milliseconds(ms))
    }
    expectCanvas(
      program.view(width: 30, height: 7, at: .milliseconds(1250)),
      [
        "",
        "╭─ make ─────────────────────╮",
        "│                            │",
        "│ ⠋ cc b.c                   │",
        "│                            │",
        "╰──────────────────── 1.2 s ─╯",
        "",
      ])
    let end = TaskEnd(outcome: .exited(2), duration: .milliseconds(1300))
    #expect(program.handle(.task(.ended(Self.id, end)), at: .milliseconds(1300)) == .exit(2))
  }

  @Test func percentagesFillTheBarAndSuccessEndsWithTheLabelAt100() throws {
    var program = try gauge(["--percent", "--no-animation", "--", "./build"])
    _ = program.takeEffects()
    _ = program.handle(.task(.output(Self.id, .stdout, Array("30\n".utf8))), at: .zero)
    #expect(program.percent == 30)
    let end = TaskEnd(outcome: .exited(0), duration: .seconds(1))
    var action = program.handle(.task(.ended(Self.id, end)), at: .seconds(1))
    var t = Duration.seconds(1)
    while action == .continue, t < .seconds(5) {
      t += .milliseconds(50)
      action = program.handle(.tick, at: t)
    }
    #expect(action == .exit(0))
    #expect(GaugeProgram.exitStatus(TaskEnd(outcome: .signaled(15), duration: .zero)) == 143)
    #expect(
      GaugeProgram.exitStatus(
        TaskEnd(outcome: .notStarted(exitCode: 127, reason: "x"), duration: .zero)) == 127)
  }
}
