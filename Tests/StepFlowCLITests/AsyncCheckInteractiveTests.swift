import StepFlowTestSupport
import Testing

/// A program's asynchronous check of a field (`stepflow-probe lookup`: a simulated user-name
/// lookup) on a pseudo-terminal: a spinner while it runs, its refusal under the field, x
/// stops it without taking Next, and the terminal is given back.
@Suite(.serialized) struct AsyncCheckInteractiveTests {
  /// Starts `stepflow-probe lookup` on a 60×24 pty and waits for its question.
  static func startLookup() throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: 60, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.probePath, arguments: ["lookup"], environment: InteractiveTests.environment,
      stdout: .pipe)
    #expect(pty.waitForText("Username"))
    return (pty, before)
  }

  @Test func theCheckSpinsRefusesAndAcceptsAndXStopsIt() throws {
    let (pty, before) = try Self.startLookup()
    pty.send("admin\r")
    #expect(pty.waitForText("Username: checking…"), "the spinner while it runs")
    #expect(pty.waitForText("Username: is taken — try another"), "\(pty.model.usedLines)")
    // A value whose check takes long: x stops it, and Next is not taken.
    pty.send(String(repeating: "\u{7f}", count: 5) + "slow\r")
    #expect(pty.waitForText("Username: checking…"))
    pty.send("x")
    #expect(pty.waitFor { !$0.model.contains("checking") }, "\(pty.model.usedLines)")
    #expect(pty.model.contains("slow"), "still on the step, the value as typed")
    pty.send(String(repeating: "\u{7f}", count: 4) + "ann\r")
    #expect(pty.waitForText("Done"), "accepted: Next went on")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(
      InlineTests.stdout(pty).contains("\"username\":\"ann\""), "\(InlineTests.stdout(pty))")
  }

  @Test func ctrlCWhileACheckRunsEndsTheRunAndGivesTheTerminalBack() throws {
    let (pty, before) = try Self.startLookup()
    pty.send("slow\r")
    #expect(pty.waitForText("Username: checking…"))
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty) == "", "interrupted: nothing on stdout")
  }
}
