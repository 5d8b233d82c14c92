import StepFlowTestSupport
import Testing

/// A step screen of a program's own that takes keys (`stepflow-probe order`: + and - count
/// cups, the count is the step's answer) on a pseudo-terminal: the keys reach it, its answer is
/// checked by its field's rules, shown, and ends in the result; the terminal is given back.
@Suite(.serialized) struct CustomScreenKeysTests {
  @Test func keysReachTheProgramsScreenAndItsAnswerEndsInTheResult() throws {
    let pty = try PseudoTerminal(width: 60, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.probePath, arguments: ["order"], environment: InteractiveTests.environment,
      stdout: .pipe)
    #expect(pty.waitForText("cups: 0 (+ and -)"), "the screen has the focus first")
    pty.send("++")
    #expect(pty.waitForText("cups: 2"))
    pty.send("++")
    #expect(pty.waitForText("Cups: must be between 1 and 3"), "its field's rule, on its screen")
    pty.send("\r")
    #expect(pty.waitForText("cups: 4"), "Next refused: still on the step")
    pty.send("-")
    #expect(pty.waitForText("cups: 3"))
    pty.send("\r")
    #expect(pty.waitForText("Cups: 3"), "the summary of the next step has the answer")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(
      InlineTests.stdout(pty).contains("\"answers\":{\"cups\":3}"), "\(InlineTests.stdout(pty))")
  }

  /// Inline (`--inline`): the step screen is drawn in the rows below the shell's lines, its
  /// keys reach it, and the run leaves its record line and the terminal as it was.
  @Test func inlineTheKeysReachTheScreenAndTheRecordLineIsLeft() throws {
    let pty = try PseudoTerminal(width: 60, height: 24)
    let before = pty.settings()
    try pty.spawn(
      "/bin/sh",
      arguments: [
        "-c", "printf '%s\\n' '$ order --inline' >&2; exec '\(Stepflow.probePath)' order --inline",
      ],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("cups: 0 (+ and -)"), "\(pty.model.usedLines)")
    #expect(!pty.model.alternateScreen)
    #expect(pty.model.usedLines.first == "$ order --inline", "below the shell's line")
    pty.send("++")
    #expect(pty.waitForText("cups: 2"), "the keys reach the screen inline")
    pty.send("\r")
    #expect(pty.waitForText("Cups: 2"), "the summary has its answer")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ order --inline", "✔ Order"], "\(pty.model.usedLines)")
    #expect(pty.model.cursorY == 2 && pty.model.cursorX == 0, "the cursor below the record")
    #expect(
      InlineTests.stdout(pty).contains("\"answers\":{\"cups\":2}"), "\(InlineTests.stdout(pty))")
  }
}
