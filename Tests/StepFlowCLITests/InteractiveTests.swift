import Glibc
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

/// The real binary on a pseudo-terminal: keys in, the screen read through the terminal model,
/// the exit code, and the terminal's settings after exit equal to those before.
@Suite(.serialized) struct InteractiveTests {
  static let environment = [
    "LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
    "STEPFLOW_REDUCED_MOTION": "1",
  ]

  /// Starts `stepflow` with the arguments on an 80×24 pty, stdout to a pipe.
  static func start(_ arguments: [String], width: Int = 80, height: Int = 24) throws
    -> (PseudoTerminal, TerminalSettings)
  {
    let pty = try PseudoTerminal(width: width, height: height)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: arguments, environment: environment, stdout: .pipe)
    return (pty, before)
  }

  /// What every way out must leave behind: the settings as before, the main screen, a
  /// visible cursor, no style left on, and no byte the terminal model did not understand.
  static func expectGivenBack(
    _ pty: PseudoTerminal, _ before: TerminalSettings,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      pty.settings().differences(from: before) == [], "termios restored",
      sourceLocation: sourceLocation)
    #expect(!pty.model.alternateScreen, "left the alternate screen", sourceLocation: sourceLocation)
    #expect(pty.model.cursorVisible, "cursor shown again", sourceLocation: sourceLocation)
    #expect(pty.model.autowrap, "autowrap back on", sourceLocation: sourceLocation)
    #expect(!pty.model.bracketedPaste, "bracketed paste off", sourceLocation: sourceLocation)
    #expect(
      !pty.model.mouseReporting && !pty.model.sgrMouse, "mouse reporting off",
      sourceLocation: sourceLocation)
    #expect(pty.model.errors == [], sourceLocation: sourceLocation)
  }

  static func stdout(_ pty: PseudoTerminal) -> String {
    String(decoding: pty.capturedStdout, as: UTF8.self)
  }

  @Test func finishingTheDeliveryExitsZeroWithTheResultOnStdout() throws {
    let (pty, before) = try Self.start(["run", "delivery"])
    #expect(pty.waitForText("YOUR ORDER STATUS:"))
    #expect(pty.model.alternateScreen && !pty.model.cursorVisible)
    for status in ["Preparing Order", "On its way!", "Delivered"] {
      pty.send("\r")
      #expect(pty.waitForText(status), "Enter advances to \(status)")
    }
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    let out = Self.stdout(pty)
    #expect(out.hasPrefix("{\"wizard\":\"delivery\",\"finished\":true"))
    #expect(!out.contains("\u{1B}"), "no escape sequence on stdout")
  }

  @Test func qCancelsWithExitOne() throws {
    let (pty, before) = try Self.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    pty.send("\u{1B}[C")  // →
    #expect(pty.waitForText("Card number"))
    pty.send("q")  // a step is answered: q asks first
    #expect(pty.waitForText("Quit and lose your answers? y/n"))
    pty.send("y")
    #expect(pty.waitForExit() == .exited(1))
    Self.expectGivenBack(pty, before)
    #expect(Self.stdout(pty) == "", "a cancelled run prints nothing")
  }

  @Test func ctrlCInterruptsWith130() throws {
    let (pty, before) = try Self.start(["run", "delivery"])
    #expect(pty.waitForText("Order Received"))
    pty.send("\r")
    pty.send([3])
    #expect(pty.waitForExit() == .exited(130))
    Self.expectGivenBack(pty, before)
    #expect(Self.stdout(pty).isEmpty, "an interrupted run prints no result")
  }

  @Test func sigtermEndsWith143() throws {
    let (pty, before) = try Self.start(["run", "rating"])
    #expect(pty.waitForText("How much would you rate this?"))
    pty.send("4")
    #expect(pty.waitForText("4 stars"))
    pty.signal(SIGTERM)
    #expect(pty.waitForExit() == .exited(143))
    Self.expectGivenBack(pty, before)
  }

  @Test func aResizeLaysTheScreenOutAgain() throws {
    let (pty, before) = try Self.start(["run", "delivery"])
    #expect(pty.waitForText("YOUR ORDER STATUS:"))
    pty.send("\r")
    #expect(pty.waitForText("Preparing Order"))
    pty.resize(width: 50, height: 20)
    // The screen must become exactly what the program draws at the new size.
    var program = FlowProgram(
      flow: FoodDeliveryState.flow, options: FlowOptions(glyphs: .emoji))
    program.apply(.next, at: .zero)
    let expected = program.view(width: 50, height: 20, at: .seconds(10))
    let settled = pty.waitFor(timeout: .seconds(5)) { $0.model.lines == expected.plainLines() }
    #expect(settled, "the screen after the resize: \(pty.model.lines)")
    pty.resize(width: 60, height: 6)
    #expect(pty.waitForText("too small"))
    pty.resize(width: 80, height: 24)
    #expect(pty.waitForText("YOUR ORDER STATUS:"))
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    Self.expectGivenBack(pty, before)
  }

  @Test func theHelpOverlayListsTheKeys() throws {
    let (pty, before) = try Self.start(["run", "purchase"])
    #expect(pty.waitForText("Shopping cart"))
    pty.send("?")
    #expect(pty.waitForText("interrupt (exit 130)"))
    pty.send("x")
    #expect(pty.waitFor(timeout: .seconds(5)) { !$0.model.contains("interrupt (exit 130)") })
    pty.send("\u{1B}")
    #expect(pty.waitForExit() == .exited(1), "Esc cancels")
    Self.expectGivenBack(pty, before)
  }

  @Test func thePurchaseCanBeCompletedWithTheKeyboardAlone() throws {
    let (pty, before) = try Self.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    pty.send("\r")  // Next
    #expect(pty.waitForText("Card number"))
    pty.send("\u{1B}[C")  // the tab bar has the focus: → selects PayPal
    #expect(pty.waitForText("E-mail"))
    pty.send("\u{1B}[B")  // ↓ to the e-mail field
    pty.send("ann@example.com\r")  // Enter on the last field submits the step
    #expect(pty.waitForText("Postal code"))
    pty.send("Ann\r1 Main St\rOslo\r0150\r")
    #expect(pty.waitForText("Thank you!"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    let out = Self.stdout(pty)
    #expect(out.contains("\"payment_method\":\"paypal\""))
    #expect(out.contains("\"paypal_email\":\"ann@example.com\""))
    #expect(out.contains("\"postal_code\":\"0150\""))
  }

  @Test func tabAndShiftTabMoveTheFocusOnATerminal() throws {
    let (pty, before) = try Self.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    pty.send("\r")  // Next: the tab bar has the focus
    #expect(pty.waitForText("← → switch tab"))
    pty.send("\t")  // Tab: into the card number
    #expect(pty.waitForText("Esc leave field"))
    pty.send("\u{1B}[Z")  // Shift-Tab: back on the tab bar
    #expect(pty.waitForText("← → switch tab"))
    pty.send("\u{1B}[C")  // → selects PayPal
    #expect(pty.waitForText("E-mail"))
    pty.send("q")  // something is answered: q asks, n carries on
    #expect(pty.waitForText("Quit and lose your answers? y/n"))
    pty.send("n")
    #expect(pty.waitFor(timeout: .seconds(5)) { !$0.model.contains("Quit and lose") })
    pty.send("q")
    #expect(pty.waitForText("Quit and lose your answers? y/n"))
    pty.send("y")
    #expect(pty.waitForExit() == .exited(1))
    Self.expectGivenBack(pty, before)
  }

  @Test func theGaugeDrawsOnTheTerminalAndEndsWithItsInput() throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    // stdin is a pipe with the percentages; the gauge draws on /dev/tty (the pty).
    try pty.spawn(
      "/bin/sh",
      arguments: [
        "-c", "printf '10\\n50\\n' | '\(Stepflow.binaryPath)' gauge --bar --label --title Copying",
      ],
      environment: Self.environment, stdout: .terminal)
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.output.count > 0)
  }
}
