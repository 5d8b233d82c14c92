import Foundation
import Glibc
import StepFlowTestSupport
import Testing

@testable import StepFlow

/// Plain mode on a terminal is a conversation: one question a line, the typed line is the
/// answer, a secure field is read with echo off, commands start with ":" — on a real
/// pseudo-terminal, the terminal given back as it was found.
@Suite(.serialized) struct PlainConversationTests {
  static let wizard = """
    { id: "signup", title: "Sign up", steps: [
      { id: "hello", title: "Hello", body: "Three questions." },
      { id: "account", title: "Account", fields: [
        { id: "name", label: "Name", required: true, placeholder: "Ann" },
        { id: "password", label: "Password", secure: true, required: true, min: 8 },
      ] },
      { id: "plan", title: "Plan", fields: [
        { id: "plan", label: "Plan", type: "choice", options: ["free", "team", "enterprise"],
          default: "free" },
        { id: "seats", label: "Seats", type: "number", min: 1, max: 50, default: 3 },
        { id: "terms", label: "I accept the terms", type: "confirm", required: true },
      ] },
      { id: "done", title: "Done", body: "Thanks, {{name}}." },
    ] }
    """

  /// Starts `stepflow run signup.json --plain` on a pty (stdout on a pipe), in a folder that
  /// is removed by the caller.
  static func start(_ extra: [String] = [], in dir: String) throws -> (
    PseudoTerminal, TerminalSettings
  ) {
    try InlineTests.start(
      ["run", dir + "/signup.json", "--plain"] + extra, after: [], width: 80, height: 40)
  }

  /// Starts the conversation and answers up to the password, which is being asked.
  static func startAtThePassword(in dir: String) throws -> (PseudoTerminal, TerminalSettings) {
    let (pty, before) = try start(in: dir)
    #expect(pty.waitForText("Next: Account (Enter):"))
    pty.send("\rAnn\r")
    #expect(pty.waitForText("Password (required"))
    return (pty, before)
  }

  /// `:quit`, answered y: the run ends with 1 and the terminal is given back as it was.
  static func quit(_ pty: PseudoTerminal, _ before: TerminalSettings) {
    pty.send(":quit\r")
    #expect(pty.waitForText("y/n:"))
    pty.send("y\r")
    #expect(pty.waitForExit() == .exited(1))
    InlineTests.expectGivenBack(pty, before)
  }

  @Test func aPersonAnswersEachQuestionByTypingIt() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.start(in: dir)
    #expect(pty.waitForText("Next: Account (Enter):"))
    #expect(pty.model.contains("Step 1 of 4: Hello"))
    #expect(pty.model.contains("Three questions."))
    pty.send("\r")
    #expect(pty.waitForText("Name (required, e.g. Ann):"))
    // An empty answer to a required field says what to fix and asks again.
    pty.send("\r")
    #expect(pty.waitForText("Name is required"))
    pty.send("Ann\r")
    #expect(pty.waitForText("Password (required, at least 8 characters):"))
    // Echo is off while the secret is read (the terminal's own settings say so).
    #expect(pty.settings().localFlags & UInt32(ECHO) == 0)
    pty.send("short\r")
    #expect(pty.waitForText("Password: must be at least 8 characters"))
    pty.send("correct horse\r")
    #expect(pty.waitForText("Plan [free]:"))
    #expect(pty.settings().localFlags & UInt32(ECHO) != 0, "echo is on again")
    #expect(pty.model.contains("  2) team"))
    pty.send("2\r")
    #expect(pty.waitForText("Seats (from 1 to 50) [3]:"))
    pty.send("\r")
    #expect(pty.waitForText("I accept the terms (must be yes, y/n) [no]:"))
    pty.send("y\r")
    #expect(pty.waitForText("Finish (Enter):"))
    #expect(pty.model.contains("Thanks, Ann."))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    let everything = String(decoding: pty.output, as: UTF8.self)
    #expect(!everything.contains("short"), "no secret is ever shown")
    #expect(!everything.contains("correct horse"), "no secret is ever shown")
    #expect(!everything.contains("unknown command"))
    #expect(
      InlineTests.stdout(pty)
        == #"{"wizard":"signup","finished":true,"current":"done","reached":["hello","account","plan","done"],"answers":{"name":"Ann","password":"correct horse","plan":"team","seats":3,"terms":true}}"#
        + "\n")
  }

  @Test func commandsStartWithAColon() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.start(in: dir)
    #expect(pty.waitForText("Next: Account (Enter):"))
    pty.send(":help\r")
    #expect(pty.waitForText("Commands start with \":\""))
    pty.send("\r")
    #expect(pty.waitForText("Name (required, e.g. Ann):"))
    // A word that is a command elsewhere is an answer here.
    pty.send("next\r")
    #expect(pty.waitForText("Password (required"))
    pty.send(":back\r")
    // The first step's line is on the screen from the start: wait for it to come again, or
    // the next line is typed at the password's prompt (read without echo, type-ahead dropped).
    #expect(
      pty.waitFor { $0.model.lines.filter { $0.contains("Step 1 of 4: Hello") }.count == 2 },
      "back to the first step")
    pty.send(":nxt\r")
    #expect(pty.waitForText(#"(did you mean "next"?)"#))
    Self.quit(pty, before)
    #expect(InlineTests.stdout(pty) == "")
  }

  /// An answer that breaks a rule is not kept: the value before it is offered again in
  /// [brackets], so an empty line keeps that rather than repeating the refusal.
  @Test func aRefusedAnswerLeavesTheValueBeforeIt() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.startAtThePassword(in: dir)
    pty.send("correct horse\r")
    #expect(pty.waitForText("Plan [free]:"))
    pty.send("\r")
    #expect(pty.waitForText("Seats (from 1 to 50) [3]:"))
    pty.send("500\r")
    #expect(pty.waitForText("Seats: must be between 1 and 50"))
    let offered = { (pty: PseudoTerminal) in pty.model.lines.filter { $0.contains("[3]:") }.count }
    #expect(pty.waitFor { offered($0) == 2 }, "the default is offered again, not 500")
    #expect(!pty.model.contains("[500]"))
    pty.send("\r")
    #expect(pty.waitForText("I accept the terms (must be yes, y/n) [no]:"))
    // Refused twice in a row is refused twice, and the value before still stands.
    pty.send("n\r")
    #expect(pty.waitForText("must be yes"))
    Self.quit(pty, before)
  }

  /// A step's command that fails is told when it ends, with what to do: Enter runs it again,
  /// and a run that then succeeds goes on; the next question waits for the command.
  @Test func aFailedCommandIsToldAndEnterRunsItAgain() throws {
    let dir = try WizardCommandTests.folder([:])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let marker = dir + "/ran-once"
    let wizard = """
      { id: "build", title: "Build", steps: [
        { id: "compile", title: "Compile", run: { optional: true,
          command: ["sh", "-c", "test -f \(marker) && echo built && exit 0; touch \(marker); echo broken >&2; exit 3"] } },
        { id: "done", title: "Done", body: "Built." },
      ] }
      """
    try wizard.write(toFile: dir + "/build.json", atomically: true, encoding: .utf8)
    let (pty, before) = try InlineTests.start(
      ["run", dir + "/build.json", "--plain"], after: [], width: 80, height: 40)
    #expect(pty.waitForText("Run: Compile (Enter):"))
    pty.send("\r")
    #expect(pty.waitForText("Compile failed: exit status 3"))
    // The first step has no Back: its ways on are the failed command's own buttons.
    #expect(pty.waitForText("Compile failed: Enter retries, or :skip, :quit:"))
    #expect(pty.model.contains("! broken"), "the command's stderr is shown, marked")
    #expect(pty.model.contains("Buttons: Retry (focused), Skip, Quit"))
    #expect(pty.model.contains("Focus: Retry button"), "the focus is where Enter acts")
    #expect(!pty.model.contains("Next: Done"), "no question goes past a failed command")
    pty.send("again\r")
    #expect(pty.waitForText("press Enter to run it again, or type :skip or :quit"))
    pty.send("\r")
    #expect(pty.waitForText("Next: Done (Enter):"))
    pty.send("\r")
    #expect(pty.waitForText("Finish (Enter):"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    let result = InlineTests.stdout(pty)
    #expect(result.contains(#""finished":true"#))
    #expect(result.contains(#""status":"succeeded","exitCode":0"#))
  }

  /// Answers typed ahead, in one burst with a secret, are each kept for their own question:
  /// the secret's read stops at its newline.
  @Test func answersTypedAheadOfASecretAreKept() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.startAtThePassword(in: dir)
    pty.send("correct horse\r2\r7\ry\r")
    #expect(pty.waitForText("Finish (Enter):"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(
      InlineTests.stdout(pty).contains(
        #""password":"correct horse","plan":"team","seats":7,"terms":true"#))
  }

  /// A secret typed as a command by mistake is not shown back in the message.
  @Test func aSecretTypedAsACommandIsNotShownBack() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.startAtThePassword(in: dir)
    #expect(pty.waitFor { $0.settings().localFlags & UInt32(ECHO) == 0 }, "read without echo")
    pty.send(":x9 horse\r")
    #expect(pty.waitForText("that is no command (:help lists them;"))
    #expect(
      pty.waitFor { $0.model.lines.filter { $0.contains("Password (required") }.count == 2 },
      "asked again: \(pty.model.lines.filter { !$0.isEmpty })")
    let everything = String(decoding: pty.output, as: UTF8.self)
    #expect(!everything.contains("x9"), "no word of the secret is shown")
    Self.quit(pty, before)
  }

  /// `:reset` (answered y) on the first step, half answered: the step is told again and asked
  /// from its first question, its answers gone.
  @Test func startingOverOnTheFirstStepAsksItFromTheStart() throws {
    let wizard = """
      { id: "three", title: "Three", steps: [
        { id: "one", title: "One", fields: [
          { id: "a", label: "First" }, { id: "b", label: "Second" }, { id: "c", label: "Third" },
        ] },
        { id: "two", title: "Two", body: "Done." },
      ] }
      """
    let dir = try WizardCommandTests.folder(["three.json": wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try InlineTests.start(
      ["run", dir + "/three.json", "--plain"], after: [], width: 80, height: 40)
    #expect(pty.waitForText("First:"))
    pty.send("1\r")
    #expect(pty.waitForText("Second:"))
    pty.send("2\r")
    #expect(pty.waitForText("Third:"))
    pty.send(":r\r")
    #expect(pty.waitForText("y/n:"))
    pty.send("y\r")
    #expect(
      pty.waitFor { $0.model.lines.filter { $0.hasPrefix("Step 1 of 2: One") }.count == 2 },
      "the step is told again")
    #expect(pty.waitFor { $0.model.lines.filter { $0.hasPrefix("First") }.count == 2 })
    #expect(pty.model.lines.last { $0.hasPrefix("First") } == "First:", "its answer is gone")
    pty.send("\r\r\r")
    #expect(pty.waitForText("Finish (Enter):"), "the step's last answer goes on to the next")
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty).contains(#""answers":{}"#), "\(InlineTests.stdout(pty))")
  }

  /// One secure question asked line by line (`ask --plain`): read with echo off, never shown.
  @Test func aSecureQuestionAskedLineByLineIsNotEchoed() throws {
    let (pty, before) = try InlineTests.start(
      ["ask", "text", "Password", "--secure", "--plain"], after: [], width: 80, height: 24)
    #expect(pty.waitForText("Password: _"))
    #expect(pty.waitFor { $0.settings().localFlags & UInt32(ECHO) == 0 }, "echo is off")
    pty.send("hunter22\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty) == "hunter22\n")
    #expect(!String(decoding: pty.output, as: UTF8.self).contains("hunter22"))
  }

  /// A program's own step screen says its words in the conversation (`stepflow-probe order`).
  @Test func aProgramsOwnScreenIsToldInWords() throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.probePath, arguments: ["order", "--plain"], environment: InlineTests.environment,
      stdout: .pipe)
    #expect(pty.waitForText("Cups (required, from 1 to 3)"))
    #expect(pty.model.contains("cups of coffee, 1 to 3"))
    pty.send("2\r")
    #expect(pty.waitForText("Finish (Enter):"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty).contains(#""answers":{"cups":2}"#))
  }

  /// The conversation's `:help` fits an 80-column terminal.
  @Test func theHelpFitsEightyColumns() {
    let widest = PlainConversation.help.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 80)
  }

  /// Ctrl-C while a secret is read: the run ends with 130 and echo comes back on.
  @Test func interruptedWhileASecretIsReadGivesTheTerminalBack() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, before) = try Self.startAtThePassword(in: dir)
    pty.send("hunt\u{03}")
    #expect(pty.waitForExit() == .exited(130))
    InlineTests.expectGivenBack(pty, before)
  }

  /// The terminal's settings before and after, as `stty -a` inside the session prints them.
  @Test func sttyInsideTheSessionIsTheSameAfterwards() throws {
    let dir = try WizardCommandTests.folder(["signup.json": Self.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let pty = try PseudoTerminal(width: 80, height: 40)
    let run = ([Stepflow.binaryPath, "run", dir + "/signup.json", "--plain"]).map(
      InlineTests.shellQuoted
    ).joined(separator: " ")
    try pty.spawn(
      "/bin/sh",
      arguments: [
        "-c",
        "stty -a > \(dir)/before.txt; \(run) > /dev/null; echo \"exit $?\"; stty -a > \(dir)/after.txt",
      ],
      environment: InlineTests.environment)
    #expect(pty.waitForText("Next: Account (Enter):"))
    pty.send("\rAnn\r")
    #expect(pty.waitForText("Password (required"))
    pty.send("correct horse\r")
    #expect(pty.waitForText("Plan [free]:"))
    pty.send(":quit\r")
    pty.send("y\r")
    #expect(pty.waitForText("exit 1"))
    _ = pty.waitForExit()
    let before = try String(contentsOfFile: dir + "/before.txt", encoding: .utf8)
    let after = try String(contentsOfFile: dir + "/after.txt", encoding: .utf8)
    #expect(before == after)
    #expect(before.contains(" echo "))
  }
}
