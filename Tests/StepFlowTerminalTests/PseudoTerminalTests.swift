import Glibc
import StepFlowTestSupport
import Testing

/// Proves the pseudo-terminal harness with `/bin/sh` scripts, before stepflow's own interactive
/// mode exists to be tested with it.
@Suite struct PseudoTerminalTests {
  private let environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]

  @Test func printsReadsALineAndExits() throws {
    let pty = try PseudoTerminal(width: 40, height: 5)
    try pty.spawn(
      "/bin/sh", arguments: ["-c", "printf 'name? '; read x; echo \"hello $x\"; exit 3"],
      environment: environment)
    #expect(pty.waitForText("name?"))
    pty.send("bob\r")
    #expect(pty.waitForText("hello bob"))
    #expect(pty.waitForExit() == .exited(3))
    // The terminal echoed the typed line; output processing turned \n into \r\n.
    expectLines(pty.model.lines, ["name? bob", "hello bob", "", "", ""])
    #expect(pty.model.errors == [])
  }

  @Test func settingsChangedByTheChildAreSeenAndComparedFieldByField() throws {
    let pty = try PseudoTerminal()
    let before = pty.settings()
    let script = """
      saved=$(stty -g); stty -echo -icanon min 1; echo raw
      head -c 1 >/dev/null; stty "$saved"; echo restored
      """
    try pty.spawn("/bin/sh", arguments: ["-c", script], environment: environment)
    #expect(pty.waitForText("raw"))
    let during = pty.settings().differences(from: before)
    #expect(during.contains { $0.hasPrefix("lflag:") }, "\(during)")
    pty.send("x")
    #expect(pty.waitForText("restored"))
    #expect(pty.waitForExit() == .exited(0))
    #expect(pty.settings().differences(from: before) == [])
  }

  @Test func stdoutCanBeAPipeWhileTheTerminalIsTheControllingTerminal() throws {
    let pty = try PseudoTerminal()
    try pty.spawn(
      "/bin/sh", arguments: ["-c", "echo drawn on the tty >/dev/tty; echo the result"],
      environment: environment, stdout: .pipe)
    #expect(pty.waitForExit() == .exited(0))
    #expect(String(decoding: pty.capturedStdout, as: UTF8.self) == "the result\n")
    #expect(pty.model.contains("drawn on the tty"))
    #expect(!pty.model.contains("the result"))
  }

  @Test func resizingSendsSIGWINCHAndSignalsReachTheChild() throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let script = """
      trap 'echo "winch $(stty size)"' WINCH
      echo ready; while :; do sleep 0.02; done
      """
    try pty.spawn("/bin/sh", arguments: ["-c", script], environment: environment)
    #expect(pty.waitForText("ready"))
    pty.resize(width: 100, height: 30)
    #expect(pty.waitForText("winch 30 100"))
    pty.signal(SIGTERM)
    #expect(pty.waitForExit() == .signaled(SIGTERM))
  }

  @Test func aChildThatDoesNotEndIsKilledAtTheTimeout() throws {
    let pty = try PseudoTerminal()
    try pty.spawn("/bin/sh", arguments: ["-c", "exec sleep 30"], environment: environment)
    let start = ContinuousClock.now
    #expect(pty.waitForExit(timeout: .milliseconds(200)) == .timedOut)
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(pty.childPID == nil)
  }
}
