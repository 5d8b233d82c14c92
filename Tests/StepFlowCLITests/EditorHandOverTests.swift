import Foundation
import Glibc
import StepFlowTestSupport
import Testing

/// Multi-line text and Ctrl-E on a real pseudo-terminal: the terminal handed to `$EDITOR`
/// and taken back, the text read from the file, and every way an editor can go wrong
/// keeping the text.
@Suite(.serialized) struct EditorHandOverTests {
  static let wizard = """
    { id: "notes", title: "Notes", steps: [
      { id: "a", title: "Write", fields: [
        { id: "notes", label: "Notes", lines: 4 }, { id: "name", label: "Name" } ] },
      { id: "b", title: "Done", blocks: [{ summary: true }] } ] }
    """

  /// A folder with the wizard and an editor script (`editor.sh`) running `body`.
  ///
  /// The script is run by `/bin/sh` (``script(in:)``), never executed itself: a child that
  /// another test forks while the file is being written holds it open for a moment, and the
  /// kernel refuses to execute a file open for writing (ETXTBSY), which made the tests flake.
  static func folder(editor body: String) throws -> String {
    let dir = try WizardCommandTests.folder([
      "notes.json": wizard, "editor.sh": "#!/bin/sh\n" + body,
    ])
    chmod(dir + "/editor.sh", 0o755)
    return dir
  }

  /// The editor command that runs the folder's script.
  static func script(in dir: String) -> String { "/bin/sh " + dir + "/editor.sh" }

  static func start(_ dir: String, editor: String) throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    var environment = InteractiveTests.environment
    environment["EDITOR"] = editor
    environment["TMPDIR"] = dir
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", dir + "/notes.json"], environment: environment,
      stdout: .pipe)
    return (pty, before)
  }

  @Test func ctrlEHandsTheTextToTheEditorAndReadsItBack() throws {
    let dir = try Self.folder(
      editor: """
        cat "$1" > "$(dirname "$1")/seen.txt"
        stat -c %a "$1" > "$(dirname "$1")/mode.txt"
        printf 'line one\\nline two\\n' > "$1"
        """)
    let (pty, before) = try Self.start(dir, editor: Self.script(in: dir))
    #expect(pty.waitForText("Ctrl-D accept"))
    pty.send("first\rsecond")
    #expect(pty.waitForText("second"))
    pty.send([0x05])  // Ctrl-E
    #expect(pty.waitForText("line two"), "the editor's text is in the field")
    #expect(pty.model.alternateScreen, "the screen is stepflow's again")
    #expect(try String(contentsOfFile: dir + "/seen.txt", encoding: .utf8) == "first\nsecond")
    #expect(try String(contentsOfFile: dir + "/mode.txt", encoding: .utf8) == "600\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter {
      $0.hasPrefix("stepflow-")
    }
    #expect(left == [], "the temporary file is removed")
    pty.send([0x04])  // Ctrl-D accepts: on to the name
    pty.send("Ann\r\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(
      InteractiveTests.stdout(pty).contains(#""notes":"line one\nline two","name":"Ann""#),
      "one newline the editor added at the end is dropped")
  }

  @Test func anEditorThatFailsOrLeavesStrangeModesKeepsTheText() throws {
    let dir = try Self.folder(
      editor: """
        printf '\\033[?1000h\\033[?1006h\\033[?1h\\033=\\033[5;10r\\033[4h\\033(0\\033[?25l'
        stty raw -echo
        printf 'ruined' > "$1"
        exit 3
        """)
    let (pty, before) = try Self.start(dir, editor: Self.script(in: dir))
    #expect(pty.waitForText("Ctrl-D accept"))
    pty.send("keep me")
    #expect(pty.waitForText("keep me"))
    pty.send([0x05])
    // The message names the editor command's program: here the shell that runs the script.
    #expect(pty.waitForText("sh exited with status 3 (the text is kept)"), "\(pty.model.lines)")
    #expect(pty.model.mouseModes.isEmpty && !pty.model.applicationCursorKeys)
    #expect(!pty.model.applicationKeypad && pty.model.scrollRegion == nil)
    #expect(!pty.model.insertMode && !pty.model.graphicsCharset && !pty.model.cursorVisible)
    pty.send("!")  // keys still arrive raw, unechoed, one at a time
    #expect(pty.waitForText("keep me!"))
    pty.send([0x04])
    pty.send("x\r\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty).contains(#""notes":"keep me!""#))
  }

  @Test func anEditorThatStopsItselfIsWokenAndItsTextRead() throws {
    // Ctrl-Z in an editor stops it; stepflow, not the editor, is the shell's job, so the
    // editor would wait for ever. stepflow wakes it and goes on waiting for it to end.
    let dir = try Self.folder(
      editor: """
        kill -STOP $$
        printf 'after the stop' > "$1"
        """)
    let (pty, before) = try Self.start(dir, editor: "exec " + Self.script(in: dir))
    #expect(pty.waitForText("Ctrl-D accept"))
    pty.send("before")
    #expect(pty.waitForText("before"))
    pty.send([0x05])
    #expect(pty.waitForText("after the stop"), "the stopped editor was continued")
    pty.send([0x04])
    pty.send("x\r\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty).contains(#""notes":"after the stop""#))
  }

  @Test func anEditorThatIsNotThereKeepsTheText() throws {
    let dir = try Self.folder(editor: "exit 0")
    let (pty, before) = try Self.start(dir, editor: "no-editor-xyz")
    #expect(pty.waitForText("Ctrl-D accept"))
    pty.send("still here")
    pty.send([0x05])
    #expect(
      pty.waitForText(
        "no-editor-xyz was not found; set $VISUAL or $EDITOR (the text is kept)"))
    #expect(pty.model.lines.contains { $0.contains("still here") })
    pty.send("\u{1B}")  // Esc leaves the field, q asks, y quits
    #expect(pty.waitForText("q quit"))
    pty.send("q")
    #expect(pty.waitForText("Quit and lose your answers? y/n"))
    pty.send("y")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func withoutATerminalCtrlESaysHowToSetTheText() throws {
    let dir = try Self.folder(editor: "exit 0")
    let r = try Stepflow.run([
      "run", dir + "/notes.json", "--commands", "type one; press ctrl-e; press ctrl-d",
    ])
    #expect(r.stderr.contains("Ctrl-E opens $VISUAL or $EDITOR on a terminal"), "\(r.stderr)")
    #expect(r.stdout.contains(#""notes":"one""#))
  }
}
