import Foundation
import StepFlowTestSupport
import Testing

/// The config file's remaps on a real pseudo-terminal: vim-style j/k move a list's highlight,
/// the answer follows, and the terminal is given back.
@Suite(.serialized) struct KeyRemapInteractiveTests {
  @Test func jAndKMoveAList() throws {
    let folder = try WizardCommandTests.folder([
      "stepflow/config.json": "{ keys: { lists: { j: \"down\", k: \"up\" }, steps: { q: null } } }"
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var environment = InteractiveTests.environment
    environment["XDG_CONFIG_HOME"] = folder
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath,
      arguments: [
        "ask", "choice", "Pick", "--option", "alpha", "--option", "beta", "--option", "gamma",
      ],
      environment: environment, stdout: .pipe)
    #expect(pty.waitForText("▶ ○ alpha"))
    pty.send("j")
    #expect(pty.waitForText("▶ ○ beta"), "j moved the highlight down, it did not filter")
    #expect(!pty.model.lines.contains { $0.contains("filter:") })
    pty.send("j")
    #expect(pty.waitForText("▶ ○ gamma"))
    pty.send("k")
    #expect(pty.waitForText("▶ ○ beta"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty) == "beta\n")
  }
}
