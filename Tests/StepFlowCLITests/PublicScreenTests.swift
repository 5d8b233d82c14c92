import StepFlowTestSupport
import Testing

/// The public terminal session (`TerminalScreen`) in a program of its own (`stepflow-probe
/// screen`) on a pseudo-terminal: keys and clicks reach the program, Ctrl-C ends it with 130,
/// and every way out gives the terminal back as it was.
@Suite(.serialized) struct PublicScreenTests {
  private func start(_ arguments: [String]) throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: 60, height: 12)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.probePath, arguments: ["screen"] + arguments,
      environment: InteractiveTests.environment, stdout: .pipe)
    return (pty, before)
  }

  @Test func keysAndClicksReachTheProgramAndItsExitCodeEndsTheSession() throws {
    let (pty, before) = try start([])
    #expect(pty.waitForText("count 0 at 60x12"))
    #expect(pty.model.alternateScreen && !pty.model.cursorVisible)
    #expect(pty.model.mouseReporting && pty.model.sgrMouse, "the program asked for the mouse")
    pty.send("++")
    #expect(pty.waitForText("count 2"))
    pty.send("\u{1B}[<0;3;2M\u{1B}[<0;3;2m")
    #expect(pty.waitForText("count 3"), "a click is a key of the program's")
    pty.resize(width: 50, height: 10)
    #expect(pty.waitForText("count 3 at 50x10"))
    pty.send("q")
    #expect(pty.waitForExit() == .exited(7))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty) == "count: 3\n", "stdout is the program's own")
  }

  @Test func ctrlCAndSignalsEndItWithTheTerminalGivenBack() throws {
    let (pty, before) = try start([])
    #expect(pty.waitForText("count 0"))
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)

    let (again, settings) = try start([])
    #expect(again.waitForText("count 0"))
    again.signal(15)
    #expect(again.waitForExit() == .exited(143))
    InteractiveTests.expectGivenBack(again, settings)
  }

  @Test func inlineItDrawsBelowTheCursorAndErasesItsRows() throws {
    let (pty, before) = try start(["--inline"])
    #expect(pty.waitForText("count 0"))
    #expect(!pty.model.alternateScreen)
    #expect(pty.model.usedLines.count == 2, "the rows of its view: \(pty.model.usedLines)")
    pty.send("+q")
    #expect(pty.waitForExit() == .exited(7))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == [], "its rows erased")
  }

  @Test func aTypedRunInlineDrawsBelowTheCursorAndLeavesItsLine() throws {
    let pty = try PseudoTerminal(width: 60, height: 20)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.probePath, arguments: ["inline"], environment: InteractiveTests.environment,
      stdout: .pipe)
    #expect(pty.waitForText("E-mail"))
    #expect(!pty.model.alternateScreen && !pty.model.mouseReporting)
    #expect(pty.model.usedLines.count < 20, "only the rows it needs")
    // Esc leaves the e-mail field (q would be typed into it), q quits.
    pty.send("\u{1B}")
    #expect(pty.waitForText("q quit"))
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["✗ Signup"])
    #expect(InlineTests.stdout(pty) == "status: cancelled\n")
  }

  @Test func aCanvasBecomesANSITextForADepth() throws {
    let styled = try Stepflow.run(["ansi"], executable: Stepflow.probePath)
    #expect(styled.stdout == "\u{1B}[0;1;32mok\u{1B}[0m\n")
    let plain = try Stepflow.run(["ansi", "none"], executable: Stepflow.probePath)
    #expect(plain.stdout == "\u{1B}[0;1mok\u{1B}[0m\n", "no colour, attributes kept")
  }
}
