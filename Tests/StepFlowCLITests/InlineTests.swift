import Foundation
import Glibc
import StepFlowTestSupport
import Testing

/// `stepflow ask` and `run --inline` on a pseudo-terminal: drawn in the rows below what the
/// shell printed, never on the alternate screen, one line left behind, the terminal given back.
@Suite(.serialized) struct InlineTests {
  static let environment = InteractiveTests.environment

  /// Runs `sh -c` with `prefix` printed first, then `stepflow ARGUMENTS` (stdout to a pipe).
  static func start(
    _ arguments: [String], after prefix: [String] = ["$ stepflow ask"], width: Int = 60,
    height: Int = 16, stdin: String? = nil
  ) throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: width, height: height)
    let before = pty.settings()
    let quoted = ([Stepflow.binaryPath] + arguments).map(shellQuoted).joined(separator: " ")
    let printed = prefix.map { "printf '%s\\n' \(shellQuoted($0)) >&2" }.joined(separator: "; ")
    let input = stdin.map { "printf '%s' \(shellQuoted($0)) | " } ?? ""
    try pty.spawn(
      "/bin/sh",
      arguments: ["-c", (printed.isEmpty ? "" : printed + "; ") + input + "exec " + quoted],
      environment: environment, stdout: .pipe)
    return (pty, before)
  }

  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// What every inline way out leaves: the settings as before, no alternate screen ever, the
  /// cursor shown, autowrap on, bracketed paste off, every byte understood.
  static func expectGivenBack(
    _ pty: PseudoTerminal, _ before: TerminalSettings,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    InteractiveTests.expectGivenBack(pty, before, sourceLocation: sourceLocation)
    let everything = String(decoding: pty.output, as: UTF8.self)
    #expect(
      !everything.contains("\u{1B}[?1049"), "never the alternate screen",
      sourceLocation: sourceLocation)
    #expect(
      !everything.contains("\u{1B}[2J"), "never the whole screen erased",
      sourceLocation: sourceLocation)
  }

  static func stdout(_ pty: PseudoTerminal) -> String {
    String(decoding: pty.capturedStdout, as: UTF8.self)
  }

  // MARK: Drawing

  @Test func theFirstFrameIsDrawnBelowTheShellsLinesInTheRowsItNeeds() throws {
    let (pty, before) = try Self.start(["ask", "text", "Name"], after: ["$ before", "more"])
    #expect(pty.waitForText("Enter done"))
    #expect(!pty.model.alternateScreen)
    #expect(
      pty.model.usedLines == ["$ before", "more", "│ Name", "│", "", "  Enter done · Esc cancel"])
    pty.send("Ann")
    #expect(pty.waitForText("│ Ann"))
    #expect(pty.model.usedLines[0...1] == ["$ before", "more"], "the shell's lines stay")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ before", "more", "✔ Name: Ann"])
    #expect(pty.model.cursorY == 3 && pty.model.cursorX == 0, "the cursor below the record")
    #expect(Self.stdout(pty) == "Ann\n")
  }

  @Test func atTheBottomRowTheTerminalScrollsFirst() throws {
    let lines = (1...15).map { "line \($0)" }
    let (pty, before) = try Self.start(["ask", "text", "Name"], after: lines, height: 16)
    #expect(pty.waitForText("Enter done"))
    // Four rows from the last row: three lines went up into the scrollback.
    #expect(pty.model.scrollback == ["line 1", "line 2", "line 3"])
    #expect(
      pty.model.lines.suffix(5) == ["line 15", "│ Name", "│", "", "  Enter done · Esc cancel"])
    pty.send("Zoë\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.history.contains("✔ Name: Zoë"))
    #expect(!pty.model.history.contains { $0.contains("Enter done") }, "no frame left anywhere")
    #expect(Self.stdout(pty) == "Zoë\n")
  }

  @Test(arguments: [false, true])
  func aResizeRedrawsInPlaceWithNothingStaleAbove(reflows: Bool) throws {
    let shell = "$ a line of the shell that is longer than forty columns"
    let (pty, before) = try Self.start(
      ["ask", "text", "Name", "--hint", "as on the passport, please"], after: [shell], width: 70)
    pty.reflows = reflows
    #expect(pty.waitForText("Enter done"))
    pty.send("Ann")
    #expect(pty.waitForText("│ Ann"))
    pty.resize(width: 40, height: 16)
    let above =
      reflows
      ? ["$ a line of the shell that is longer tha", "n forty columns"] : [String(shell.prefix(40))]
    let narrow =
      above + ["│ Name  as on the passport, please", "│ Ann", "", "  Enter done · Esc cancel"]
    #expect(pty.waitFor { $0.model.usedLines == narrow }, "\(pty.model.usedLines)")
    #expect(pty.model.scrollback == [])
    pty.resize(width: 70, height: 16)
    #expect(
      pty.waitFor { $0.model.usedLines == above + Array(narrow.suffix(4)) },
      "\(pty.model.usedLines)")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == above + ["✔ Name: Ann"])
  }

  @Test func aSecureAnswerIsLeftAsFourDots() throws {
    let (pty, before) = try Self.start(["ask", "text", "Password", "--secure"])
    #expect(pty.waitForText("Enter done"))
    pty.send("hunter2")
    #expect(pty.waitForText("•••••••"))
    #expect(!pty.model.contains("hunter2"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow ask", "✔ Password: ••••"])
    #expect(!pty.model.history.contains { $0.contains("hunter2") })
    #expect(Self.stdout(pty) == "hunter2\n")
  }

  @Test func cancellingLeavesACrossAndPrintsNothing() throws {
    let (pty, before) = try Self.start(["ask", "text", "Branch"])
    #expect(pty.waitForText("Enter done"))
    pty.send("ma")
    #expect(pty.waitForText("│ ma"))
    pty.send("\u{1B}")  // cancel at once: a question has nothing else to focus, and no y/n
    #expect(pty.waitForExit() == .exited(1))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow ask", "✗ Branch"])
    #expect(Self.stdout(pty) == "")
  }

  @Test func ctrlCInterruptsWith130AndTheCross() throws {
    let (pty, before) = try Self.start([
      "ask", "choice", "Branch", "--option", "main", "--option", "dev",
    ])
    #expect(pty.waitForText("○ dev"))
    pty.send([3])
    #expect(pty.waitForExit() == .exited(130))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow ask", "✗ Branch"])
    #expect(Self.stdout(pty) == "")
  }

  @Test func clearLeavesNothingBehind() throws {
    let (pty, before) = try Self.start(["ask", "text", "Name", "--clear"])
    #expect(pty.waitForText("Enter done"))
    pty.send("Ann\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow ask"])
    #expect(pty.model.cursorY == 1 && pty.model.cursorX == 0)
    #expect(Self.stdout(pty) == "Ann\n")
  }

  @Test func aTimeoutEndsWith124AndTheCross() throws {
    let (pty, before) = try Self.start(["ask", "text", "Name", "--timeout", "0.3"])
    #expect(pty.waitForExit() == .exited(124))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow ask", "✗ Name"])
  }

  @Test func sigtermLeavesTheLastFrameAndTheCursorBelowIt() throws {
    let (pty, before) = try Self.start(["ask", "text", "Name"])
    #expect(pty.waitForText("Enter done"))
    pty.send("Al")
    #expect(pty.waitForText("│ Al"))
    pty.signal(SIGTERM)
    #expect(pty.waitForExit() == .exited(143))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines.first == "$ stepflow ask")
    #expect(
      pty.model.cursorY == pty.model.usedLines.count || pty.model.usedLines.last?.isEmpty == true)
    #expect(pty.model.usedLines.contains("✗ Name"))
  }

  @Test func aTerminalTooSmallForTheQuestionAsksLineByLine() throws {
    let pty = try PseudoTerminal(width: 40, height: 1)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["ask", "text", "Name"], environment: Self.environment,
      stdout: .pipe)
    #expect(pty.waitFor { String(decoding: $0.output, as: UTF8.self).contains("> ") })
    let said = String(decoding: pty.output, as: UTF8.self)
    #expect(said.contains("too small to draw the question"))
    #expect(said.contains("asking line by line"))
    pty.send("Ann\r")
    #expect(pty.waitForExit() == .exited(0))
    #expect(pty.settings().differences(from: before) == [])
    #expect(Self.stdout(pty) == "Ann\n")
  }

  // MARK: Ctrl-Z and fg

  @Test func ctrlZGivesTheShellTheRowsAndFgDrawsThemAgain() throws {
    let pty = try PseudoTerminal(width: 60, height: 16)
    var environment = Self.environment
    environment["PS1"] = "$ "
    environment["HOME"] = NSTemporaryDirectory()
    try pty.spawn(
      "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], environment: environment)
    #expect(pty.waitForText("$"))
    let folder = NSTemporaryDirectory() + "stepflow-fg-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    pty.send("stty -a > \(folder)/before\r")
    #expect(pty.waitFor { _ in FileManager.default.fileExists(atPath: folder + "/before") })
    // Alone on its line: Ctrl-Z would let bash go on with the rest of a list.
    pty.send("\(Stepflow.binaryPath) ask text Name > \(folder)/answer\r")
    #expect(pty.waitForText("Enter done"))
    pty.send("An")
    #expect(pty.waitForText("│ An"))
    pty.send([0x1A])  // Ctrl-Z
    #expect(pty.waitForText("Stopped"))
    #expect(!pty.model.contains("Enter done"), "the rows are given to the shell")
    pty.send("stty -a > \(folder)/during\r")
    #expect(pty.waitFor { _ in FileManager.default.fileExists(atPath: folder + "/during") })
    Thread.sleep(forTimeInterval: 0.2)
    let beforeSettings = try String(contentsOfFile: folder + "/before", encoding: .utf8)
    let duringSettings = try String(contentsOfFile: folder + "/during", encoding: .utf8)
    #expect(beforeSettings == duringSettings, "the terminal is the shell's while stopped")
    pty.send("fg\r")
    #expect(pty.waitForText("Enter done"))
    #expect(pty.waitForText("│ An"), "what was typed is still there")
    pty.send("n\r")
    #expect(pty.waitForText("✔ Name: Ann"))
    pty.send("echo \"exit $?\"\r")
    #expect(pty.waitForText("exit 0"))
    #expect(pty.model.contains("✔ Name: Ann"))
    #expect(try String(contentsOfFile: folder + "/answer", encoding: .utf8) == "Ann\n")
    pty.send("stty -a > \(folder)/after; exit\r")
    #expect(pty.waitForExit() == .exited(0))
    let afterSettings = try String(contentsOfFile: folder + "/after", encoding: .utf8)
    #expect(beforeSettings == afterSettings)
  }

  @Test func ctrlEInAQuestionHandsOverAndDrawsTheRowsAgainInPlace() throws {
    let dir = try WizardCommandTests.folder([
      "editor.sh": "#!/bin/sh\nprintf 'line one\\nline two\\n' > \"$1\"\n"
    ])
    chmod(dir + "/editor.sh", 0o755)
    let pty = try PseudoTerminal(width: 60, height: 16)
    let before = pty.settings()
    var environment = Self.environment
    environment["EDITOR"] = dir + "/editor.sh"
    environment["TMPDIR"] = dir
    try pty.spawn(
      "/bin/sh",
      arguments: [
        "-c", "printf '$ notes\\n' >&2; exec \(Stepflow.binaryPath) ask text Notes --lines 3",
      ], environment: environment, stdout: .pipe)
    #expect(pty.waitForText("Ctrl-D"))
    pty.send("draft")
    #expect(pty.waitForText("│ draft"))
    pty.send([0x05])  // Ctrl-E
    #expect(pty.waitForText("│ line two"), "the editor's text is in the field")
    #expect(pty.model.usedLines.first == "$ notes", "drawn again in place: \(pty.model.usedLines)")
    #expect(pty.model.usedLines.filter { $0.hasPrefix("│ Notes") }.count == 1)
    pty.send([0x04])  // Ctrl-D: done
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ notes", "✔ Notes: line one … (2 lines)"])
    #expect(Self.stdout(pty) == "line one\nline two\n")
  }

  // MARK: A piped stdin with a terminal

  @Test func curlPipeBashStaysInteractiveAndTheRestOfTheScriptRuns() throws {
    // `cat install.sh | bash`: bash reads the script from the pipe, and stepflow, whose stdin
    // is that pipe, asks on the terminal and leaves the rest of the script to bash.
    let script = """
      echo "installing"
      name=$('\(Stepflow.binaryPath)' ask text Name)
      echo "hello $name, exit $?"
      '\(Stepflow.binaryPath)' rate --max 3 --inline > /dev/null; echo "rated, exit $?"
      echo "the rest ran"

      """
    let pty = try PseudoTerminal(width: 60, height: 16)
    let before = pty.settings()
    let file = NSTemporaryDirectory() + "stepflow-install-\(getpid()).sh"
    try script.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    try pty.spawn(
      "/bin/sh", arguments: ["-c", "cat \(Self.shellQuoted(file)) | bash"],
      environment: Self.environment)
    #expect(pty.waitForText("Enter done"))
    pty.send("Ann\r")
    #expect(pty.waitForText("hello Ann, exit 0"))
    #expect(pty.waitForText("1-3 rate"))
    pty.send("2\r")
    #expect(pty.waitForText("rated, exit 0"))
    #expect(pty.waitForText("the rest ran"))
    #expect(pty.waitForExit() == .exited(0))
    #expect(pty.settings().differences(from: before) == [])
    #expect(!pty.model.contains("unknown command"))
  }

  @Test func aWizardRunsOnTheTerminalWhenStdinIsAFile() throws {
    let (pty, before) = try Self.start(
      ["run", "rating"], after: [], width: 60, height: 16, stdin: "next\nnext\n")
    #expect(pty.waitForText("How much would you rate this?"))
    #expect(pty.model.alternateScreen, "a wizard is full screen unless --inline")
    pty.send("4\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(Self.stdout(pty).contains("\"rating\":4"), "stdin's lines were not commands")
  }

  @Test func scriptDashStillReadsCommandsFromStdin() throws {
    let (pty, before) = try Self.start(
      ["rate", "--script", "-"], after: [], stdin: "rate 2\nenter\n")
    #expect(pty.waitForExit() == .exited(0))
    #expect(pty.settings().differences(from: before) == [])
    #expect(Self.stdout(pty) == "2\n")
    #expect(!pty.model.alternateScreen)
  }

  @Test func plainModeReadsWhatIsTypedOnTheTerminalWhateverStdinIs() throws {
    let (pty, before) = try Self.start(
      ["rate", "--plain"], after: [], stdin: "rate 5\nenter\n")
    // The question is on the terminal; stdin's lines are not read.
    #expect(pty.waitForText("Rating (1 to 5):"))
    pty.send("3\r")
    #expect(pty.waitForText("Rating (1 to 5) [3]:"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    #expect(pty.settings().differences(from: before) == [])
    #expect(Self.stdout(pty) == "3\n")
  }

  // MARK: run --inline

  @Test func aWizardRunsInlineAndLeavesItsTitle() throws {
    let (pty, before) = try Self.start(
      ["rate", "--inline"], after: ["$ stepflow rate --inline"], height: 20)
    #expect(pty.waitForText("How much would you rate this?"))
    #expect(!pty.model.alternateScreen)
    #expect(pty.model.usedLines.first == "$ stepflow rate --inline")
    #expect(pty.model.usedLines.count < 20, "only the rows it needs: \(pty.model.usedLines.count)")
    pty.send("4\r")
    #expect(pty.waitForExit() == .exited(0))
    Self.expectGivenBack(pty, before)
    #expect(pty.model.usedLines == ["$ stepflow rate --inline", "✔ Rating"])
    #expect(Self.stdout(pty) == "4\n")
  }

  @Test func aCancelledInlineWizardLeavesTheCross() throws {
    let (pty, before) = try Self.start(["run", "purchase", "--inline"], after: [], height: 30)
    #expect(pty.waitForText("Espresso beans"))
    // Inline, the rows are the shell's: the mouse stays the terminal's (selection, scrolling).
    #expect(!pty.model.mouseReporting && !pty.model.sgrMouse)
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    Self.expectGivenBack(pty, before)
    #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?1000h"))
    #expect(pty.model.usedLines == ["✗ Checkout"])
    #expect(Self.stdout(pty) == "")
  }
}
