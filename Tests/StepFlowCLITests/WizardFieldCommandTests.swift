import Foundation
import Glibc
import StepFlowTerminal
import StepFlowTestSupport
import Testing

/// Options and checks from commands in wizard files, through the built binary: a `validate`
/// command refusing and accepting on Next, an `optionsFrom` command's lines as the choices,
/// a failed listing's message, `--dry-run`, every route an answer takes into these commands
/// proven harmless, bad objects located, and Ctrl-C on a terminal while a listing or a check
/// runs leaving no process and the terminal as it was.
@Suite(.serialized) struct WizardFieldCommandTests {
  static let wizard = #"""
    { id: "fc", title: "FC", steps: [
      { id: "who", title: "Who", fields: [{ id: "name", label: "Name", required: true,
          validate: { command: ["sh", "-c", "v=$(cat); [ \"$v\" = \"$STEPFLOW_VALUE\" ] || { echo 'stdin and STEPFLOW_VALUE differ'; exit 1; }; case \"$v\" in ok*) exit 0;; esac; echo \"not ok: $v\"; exit 1"] } }] },
      { id: "pick", title: "Pick", fields: [{ id: "branch", label: "Branch", type: "choice",
          optionsFrom: { command: ["printf", "%s\\n", "main\tMain line", "feat-{{name}}"] } }] },
      { id: "done", title: "Done" },
    ] }
    """#

  static func answers(_ result: Stepflow.Result) throws -> [String: Any] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try #require(json["answers"] as? [String: Any])
  }

  @Test func aCheckRefusesThenAcceptsAndTheListedOptionsAreTheChoices() throws {
    let folder = try WizardCommandTests.folder(["fc.json": Self.wizard])
    let result = try Stepflow.run([
      "run", folder + "/fc.json", "--commands",
      "set name=bad; next; set name=ok1; next; set branch=feat-ok1; next; finish",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "stepflow: command 2: next: Name: not ok: bad\n")
    let answers = try Self.answers(result)
    #expect(answers["name"] as? String == "ok1")
    #expect(answers["branch"] as? String == "feat-ok1")
  }

  @Test func anOptionThatWasNotListedIsRefused() throws {
    let folder = try WizardCommandTests.folder(["fc.json": Self.wizard])
    let result = try Stepflow.run([
      "run", folder + "/fc.json", "--output", "none", "--commands",
      "set name=ok; next; set branch=feat-ko",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("command 3: set branch=feat-ko: "), "\(result.stderr)")
    #expect(result.stderr.contains("feat-ok"), "the listed options are named")
  }

  @Test func aFailedListingSaysWhy() throws {
    let folder = try WizardCommandTests.folder([
      "f.json": #"""
      { id: "f", title: "F", steps: [
        { id: "pick", title: "Pick", fields: [{ id: "branch", label: "Branch", type: "choice",
            optionsFrom: { shell: "echo 'fatal: not a git repository' >&2; exit 128" } }] },
        { id: "done", title: "Done" },
      ] }
      """#
    ])
    let result = try Stepflow.run([
      "run", folder + "/f.json", "--output", "none", "--commands", "next",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stepflow: command 1: next: Branch: its options could not be listed (fatal: not a git repository); Enter or retry lists them again\n"
    )
  }

  /// Every command stepflow starts is one its crash handler can end: a step whose commands
  /// would be one more than it can hold at once runs the rest and says why the last did not.
  @Test func oneCommandMoreThanCanBeEndedOnACrashIsNotStarted() throws {
    let count = ChildRegistry.capacity + 1
    // f01 … f33: their commands start in the order of their ids, so the last is refused.
    let ids = (1...count).map { $0 < 10 ? "f0\($0)" : "f\($0)" }
    let fields = ids.map {
      #"{ id: "\#($0)", label: "\#($0)", type: "choice", optionsFrom: { shell: "sleep 1; echo a" } }"#
    }
    let folder = try WizardCommandTests.folder([
      "many.json": """
      { id: "many", title: "Many", steps: [
        { id: "pick", title: "Pick", fields: [\(fields.joined(separator: ",\n"))] },
        { id: "done", title: "Done" },
      ] }
      """
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try Stepflow.run([
      "run", folder + "/many.json", "--output", "none", "--commands", "next",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stepflow: command 1: next: f\(count): its options could not be listed (too many commands running at once (at most \(ChildRegistry.capacity))); Enter or retry lists them again\n"
    )
  }

  @Test func aDryRunSaysWhatWouldRunAndRunsNothing() throws {
    let folder = try WizardCommandTests.folder(["fc.json": Self.wizard])
    let result = try Stepflow.run([
      "run", folder + "/fc.json", "--dry-run", "--output", "none", "--commands",
      "set name=ok; next; set branch=anything; next; finish",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("stepflow: dry run: the check of field \"name\" would run"))
    #expect(result.stderr.contains("stepflow: dry run: the options of field \"branch\" would run"))
    #expect(result.stderr.contains(#"argv: ["printf","%s\\n","main\tMain line","feat-ok"]"#))
  }

  static let hostile = [
    "ok$(touch pwned)", "ok`touch pwned`", "ok; touch pwned; rm -rf keep", "ok'; touch pwned; '",
    "ok\"$(touch pwned)\"", "ok && touch pwned", "ok|touch pwned",
  ]

  @Test(arguments: hostile) func aHostileAnswerRunsNothingInAChecksOrAListing(answer: String)
    throws
  {
    let folder = try WizardCommandTests.folder(["fc.json": Self.wizard, "keep/file": "kept"])
    let quoted = "\"" + answer.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    let result = try Stepflow.run(
      [
        "run", folder + "/fc.json", "--commands",
        "set name=\(quoted); next; set branch=\"feat-\(answer.dropFirst(0).replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))\"; next; finish",
      ], currentDirectory: folder)
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"), "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/keep/file"))
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try Self.answers(result)
    #expect(answers["name"] as? String == answer, "the check got it as it is, on stdin and env")
    #expect(answers["branch"] as? String == "feat-" + answer, "one argv element, as it is")
  }

  @Test func badFieldCommandsAreLocated() throws {
    let folder = try WizardCommandTests.folder([
      "bad.json": """
      { id: "bad", title: "Bad", steps: [
        { id: "a", title: "A", fields: [
          { id: "n", label: "N", type: "number", validate: { command: ["true"] } },
          { id: "t", label: "T", optionsFrom: { command: ["true"] } },
          { id: "c", label: "C", type: "choice", optionsFrom: { command: ["ls", "{{later}}"] } },
          { id: "d", label: "D", type: "choice", optionsFrom: { command: ["ls"], shell: "ls" } },
          { id: "e", label: "E", type: "choice", optionsFrom: { command: [] } },
          { id: "f", label: "F", type: "choice" },
          { id: "g", label: "G", validate: { command: ["check", "{{n}}", "{{later}}"] } },
        ] },
        { id: "b", title: "B", fields: [{ id: "later", label: "Later" }] },
      ] }
      """
    ])
    let result = try Stepflow.run(["validate", folder + "/bad.json"])
    #expect(result.status == 65)
    let lines = result.stderr.split(separator: "\n").map { String($0.dropFirst(folder.count + 1)) }
    let expected = [
      "bad.json:3:44: field \"n\": \"validate\" does not apply to number fields; remove it",
      "bad.json:4:28: field \"t\": \"optionsFrom\" does not apply to text fields; remove it",
      "bad.json:5:75: {{later}} names no field asked by an earlier step (the options are listed when the step is reached)",
      "bad.json:6:83: \"optionsFrom\" has either \"command\" or \"shell\", not both",
      "bad.json:7:68: \"command\" is empty: it needs the program to run, then its arguments ([\"make\", \"test\"])",
      "bad.json:8:5: missing key \"options\": a choice field needs its options (or \"optionsFrom\": a command that lists them)",
      "bad.json:9:68: {{later}} names no field asked by this step or an earlier one (a check gets the answers given when Next is pressed)",
    ]
    expectLines(lines, expected)
  }

  // MARK: On a terminal

  /// Ctrl-C while `optionsFrom` lists (a command that never ends, with a background job
  /// holding its output), and while `validate` checks on Next: exit 130, no process left,
  /// the terminal as it was found, nothing on stdout.
  @Test(arguments: ["listing", "check"]) func ctrlCWhileAFieldCommandRunsLeavesNoProcess(
    what: String
  ) throws {
    let slow = "echo $$ > pid; (sleep 30; echo late) & echo main; wait"
    let folder = try WizardCommandTests.folder([
      "slow.json": what == "listing"
        ? """
        { id: "slow", title: "Slow", steps: [
          { id: "pick", title: "Pick", fields: [{ id: "branch", label: "Branch", type: "choice",
              optionsFrom: { shell: "\(slow)" } }] },
          { id: "end", title: "End" },
        ] }
        """
        : """
        { id: "slow", title: "Slow", steps: [
          { id: "who", title: "Who", fields: [{ id: "name", label: "Name", default: "Ann",
              validate: { shell: "cat > /dev/null; \(slow)" } }] },
          { id: "end", title: "End" },
        ] }
        """
    ])
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      "/bin/sh",
      arguments: ["-c", "cd '\(folder)' && exec '\(Stepflow.binaryPath)' run slow.json"],
      environment: InteractiveTests.environment, stdout: .pipe)
    if what == "check" {
      #expect(pty.waitForText("Ann"))
      pty.send("\r")
    }
    #expect(
      pty.waitForText(what == "listing" ? "Branch: listing its options" : "Name: checking"),
      "\(pty.model.usedLines)")
    let child = try #require(GaugeCommandTests.pid(in: folder + "/pid"))
    #expect(GaugeCommandTests.isAlive(child))
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty) == "", "interrupted: nothing on stdout")
    #expect(!GaugeCommandTests.isAlive(child))
    #expect(GaugeCommandTests.liveMembers(ofGroup: child) == [], "its background job too")
  }
}
