import Foundation
import Glibc
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowTerminal

/// Wizard steps that run commands, through the built binary: scripted runs that wait for a
/// started task, the result's tasks, frames the same on every run, `--dry-run`, every route an
/// answer takes into a command proven harmless, bad `run` objects located, and Ctrl-C on a
/// terminal leaving no process and the terminal as it was.
@Suite(.serialized) struct WizardTaskTests {
  static func write(_ files: [String: String]) throws -> String {
    try WizardCommandTests.folder(files)
  }

  static let buildWizard = """
    { id: "b", title: "B", steps: [
      { id: "name", title: "Name", fields: [{ id: "name", label: "Name", default: "Ann" }] },
      { id: "build", title: "Build", run: {
          command: ["sh", "-c", "echo 40; echo \\"hello $1\\"; echo careful >&2; exit ${2:-0}", "sh", "{{name}}", "{{code}}"],
          progress: "percent", capture: "greeting" } },
      { id: "code", title: "Code", fields: [{ id: "code", label: "Code", default: "0" }] },
      { id: "done", title: "Done", blocks: [{ summary: true }] },
    ] }
    """

  /// `{{code}}` is asked after the build: the file is refused (located); a build wizard that
  /// asks it first runs.
  static let orderedWizard = buildWizard.replacing(
    """
      { id: "code", title: "Code", fields: [{ id: "code", label: "Code", default: "0" }] },

    """, with: ""
  ).replacing(
    """
    fields: [{ id: "name", label: "Name", default: "Ann" }] },
    """,
    with: """
      fields: [{ id: "name", label: "Name", default: "Ann" }, { id: "code", label: "Code", default: "0" }] },
      """)

  @Test func aTaskAskedAboutALaterAnswerIsRefusedWhereItSaysSo() throws {
    let folder = try Self.write(["b.json": Self.buildWizard])
    let result = try Stepflow.run(["validate", folder + "/b.json"])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "b.json:4:109: {{code}} names no field asked by this step or an earlier one (a task gets the answers given before it runs)"
      ), "\(result.stderr)")
  }

  @Test func aScriptWaitsForTheTaskAndTheResultHasIt() throws {
    let folder = try Self.write(["b.json": Self.orderedWizard])
    let result = try Stepflow.run(
      ["run", folder + "/b.json", "--commands", "next; enter; next; finish"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.count == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["finished"] as? Bool == true)
    #expect((json["answers"] as? [String: Any])?["greeting"] as? String == "40\nhello Ann")
    let build = (json["tasks"] as? [String: Any])?["build"] as? [String: Any]
    #expect(build?["status"] as? String == "succeeded")
    #expect(build?["exitCode"] as? Int == 0)
    #expect(build?["seconds"] is Double || build?["seconds"] is Int)
    #expect(build?["captureTruncated"] == nil, "a capture kept whole says nothing of it")
  }

  @Test func aFailedRequiredTaskEndsTheRunNotFinishedWithItsStatus() throws {
    let folder = try Self.write(["b.json": Self.orderedWizard])
    let result = try Stepflow.run(
      ["run", folder + "/b.json", "--commands", "set code=3; next; enter; next; finish"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\"finished\":false"))
    #expect(result.stdout.contains("\"tasks\":{\"build\":{\"status\":\"failed\",\"exitCode\":3,"))
    #expect(
      result.stderr.contains("command 4: next: Build did not succeed; retry it, go back or quit"))
  }

  @Test func framesAreTheSameOnEveryRun() throws {
    let folder = try Self.write(["b.json": Self.orderedWizard])
    let arguments = [
      "run", folder + "/b.json", "--frames", "--width", "60", "--height", "18", "--commands",
      "next; enter; press l; press q; next",
    ]
    let first = try Stepflow.run(arguments)
    let second = try Stepflow.run(arguments)
    #expect(first.stdout == second.stdout)
    #expect(first.status == second.status)
    #expect(first.stdout.contains("Build runs: sh -c"))
    #expect(first.stdout.contains("✓ Build succeeded in 0.0 s"), "the script's clock: 0 s")
    #expect(first.stdout.contains("! careful"), "stderr marked")
    #expect(first.stdout.contains("Output of Build"), "l opened the pane")
  }

  @Test func aDryRunPrintsWhatWouldRunAndRunsNothing() throws {
    let folder = try Self.write(["b.json": Self.orderedWizard])
    let result = try Stepflow.run(
      [
        "run", folder + "/b.json", "--dry-run", "--commands",
        "set name=$(touch pwned); next; enter; next; finish",
      ],
      currentDirectory: folder)
    #expect(result.status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    #expect(result.stdout.contains("\"build\":{\"status\":\"dry run\"}"))
    expectLines(
      result.stderr.split(separator: "\n").map(String.init),
      [
        "stepflow: dry run: step \"build\" would run",
        "  argv: [\"sh\",\"-c\",\"echo 40; echo \\\"hello $1\\\"; echo careful >&2; exit ${2:-0}\",\"sh\",\"$(touch pwned)\",\"0\"]",
        "  cwd: (stepflow's)",
        "  env: STEPFLOW_ANSWERS=\"{\\\"name\\\":\\\"$(touch pwned)\\\",\\\"code\\\":\\\"0\\\"}\"",
        "  env: STEPFLOW_CODE=\"0\"",
        "  env: STEPFLOW_NAME=\"$(touch pwned)\"",
        "  env: (and the environment stepflow runs in)",
        "  stdin: /dev/null",
      ])
  }

  // MARK: Every route an answer takes into a command

  static let injection = """
    { id: "inj", title: "Inj", steps: [
      { id: "ask", title: "Ask", fields: [{ id: "answer", label: "Answer" }] },
      { id: "argv", title: "Argv", run: { command: ["printf", "%s|%s", "x", "a{{answer}}b"], capture: "argv_out", start: "arrival" } },
      { id: "env", title: "Env", run: { command: ["sh", "-c", "printf '%s|%s|%s' \\"$VALUE\\" \\"$STEPFLOW_ANSWER\\" \\"$STEPFLOW_ANSWERS\\""],
          env: { VALUE: "v={{answer}}" }, capture: "env_out", start: "arrival" } },
      { id: "shell", title: "Shell", run: { shell: "printf '%s' \\"$STEPFLOW_ANSWER\\"", capture: "shell_out", start: "arrival" } },
      { id: "alone", title: "Alone", run: { command: ["printf", "%s", "{{answer}}"], capture: "alone_out", start: "arrival", optional: true } },
      { id: "end", title: "End" },
    ] }
    """

  static let hostileAnswers = [
    "$(touch pwned)", "`touch pwned`", "; touch pwned; rm -rf keep", "x\ntouch pwned",
    "'; touch pwned; '", "\"$(touch pwned)\"", "-rf keep", "&& touch pwned",
  ]

  @Test(arguments: hostileAnswers) func aHostileAnswerRunsNothingOnAnyRoute(answer: String) throws {
    let folder = try Self.write(["inj.json": Self.injection, "keep/file": "kept"])
    let script = folder + "/script.txt"
    let quoted =
      "\""
      + answer.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("\n", with: "\\n") + "\""
    try ("set answer=\(quoted)\nnext\nnext\nnext\nnext\nskip\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let result = try Stepflow.run(
      ["run", folder + "/inj.json", "--script", script], currentDirectory: folder)
    #expect(
      !FileManager.default.fileExists(atPath: folder + "/pwned"), "nothing ran: \(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/keep/file"), "nothing was removed")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let answers = try #require(json["answers"] as? [String: Any])
    #expect(answers["answer"] as? String == answer)
    #expect(answers["argv_out"] as? String == "x|a\(answer)b", "argv {{}}: one element, as is")
    let env = (answers["env_out"] as? String)?.split(separator: "|", maxSplits: 2).map(String.init)
    #expect(env?[0] == "v=\(answer)", "env {{}}: the value as is")
    #expect(env?[1] == answer, "STEPFLOW_ANSWER")
    let all = try #require(env?[2].data(using: .utf8))
    #expect(
      (try JSONSerialization.jsonObject(with: all) as? [String: Any])?["answer"] as? String
        == answer, "STEPFLOW_ANSWERS")
    #expect(answers["shell_out"] as? String == answer, "a shell script gets it by the environment")
    let tasks = try #require(json["tasks"] as? [String: Any])
    if answer.hasPrefix("-") {
      // An element that starts with an answer beginning with "-" would be an option: refused.
      let alone = tasks["alone"] as? [String: Any]
      #expect(alone?["status"] as? String == "skipped")
      #expect(alone?["exitCode"] as? Int == 126)
    } else {
      #expect(answers["alone_out"] as? String == answer)
    }
  }

  // MARK: Bad run objects

  @Test func badRunObjectsAreLocatedAndAllReported() throws {
    let folder = try Self.write([
      "bad.json": """
      { id: "bad", title: "Bad", steps: [
        { id: "a", title: "A", fields: [{ id: "name", label: "Name" }] },
        { id: "b", title: "B", run: { command: ["make"], shell: "make" } },
        { id: "c", title: "C", run: { command: [] } },
        { id: "d", title: "D", run: { command: ["make"], progress: "percents" } },
        { id: "e", title: "E", run: { shell: "echo {{name}}" } },
        { id: "f", title: "F", run: { command: ["sh", "-c", "echo {{name}}"] } },
        { id: "g", title: "G", run: { command: ["make"], indicators: ["ring"] } },
        { id: "h", title: "H", run: { command: ["make"], capture: "name" } },
        { id: "i", title: "I", run: { command: ["make"] }, progress: { duration: 100 } },
        { id: "j", title: "J", run: {} },
      ] }
      """
    ])
    let result = try Stepflow.run(["validate", folder + "/bad.json"])
    #expect(result.status == 65)
    let expected = [
      "bad.json:3:59: a \"run\" has either \"command\" or \"shell\", not both",
      "bad.json:4:42: \"command\" is empty: it needs the program to run, then its arguments ([\"make\", \"test\"])",
      "bad.json:5:62: wrong value: \"progress\" must be \"percent\", \"none\" or { \"pattern\": \"…\" }, found \"percents\" — did you mean \"percent\"?",
      "bad.json:6:40: a \"shell\" script is not filled in with answers (they would be read as code); use the environment: $STEPFLOW_ID, or a \"command\" with {{id}} in its arguments",
      "bad.json:7:55: item 3 of \"command\" is code that sh runs: an answer put there would run as code, so {{…}} is not allowed in it; pass the answer as its own argument ([\"sh\", \"-c\", \"echo \\\"$1\\\"\", \"sh\", \"{{name}}\"]) or read it from the environment ($STEPFLOW_NAME)",
      "bad.json:8:64: a task's ring is drawn in the step's hero picture: add { \"hero\": true } to the step's blocks, or show a bar",
      "bad.json:9:61: \"capture\" names the answer \"name\", which is already a field or a capture (line 2): the captured output needs an id of its own",
      "bad.json:10:31: a step has either \"progress\" (a simulated stage, for demos) or \"run\" (real work), not both",
      "bad.json:11:31: a \"run\" needs a command: \"command\" (the program and its arguments, run without a shell) or \"shell\" (a script for /bin/sh -c)",
    ]
    let lines = result.stderr.split(separator: "\n").map {
      String($0.dropFirst(folder.count + 1))
    }
    expectLines(lines, expected)
  }

  // MARK: On a terminal

  @Test func ctrlCWhileATaskRunsLeavesNoProcessAndTheTerminalAsItWas() throws {
    let folder = try Self.write([
      "slow.json": """
      { id: "slow", title: "Slow", steps: [
        { id: "work", title: "Work", run: { shell: "echo $$ > pid; (sleep 30; echo late) & echo working; wait", start: "arrival" } },
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
    #expect(pty.waitForText("working"))
    #expect(pty.waitForText("x stop"), "the hints of a running task")
    let child = try #require(GaugeCommandTests.pid(in: folder + "/pid"))
    #expect(GaugeCommandTests.isAlive(child))
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty) == "", "interrupted: nothing on stdout")
    #expect(!GaugeCommandTests.isAlive(child))
    #expect(GaugeCommandTests.liveMembers(ofGroup: child) == [], "its background job too")
  }

  @Test func theRunningScreenKeysAndTheOutcomeOnATerminal() throws {
    let folder = try Self.write([
      "fail.json": """
      { id: "fail", title: "Fail", steps: [
        { id: "first", title: "First", body: "Go on." },
        { id: "work", title: "Work", run: { shell: "echo one; echo two >&2; sleep 0.3; exit 5", optional: true } },
        { id: "end", title: "End" },
      ] }
      """
    ])
    let pty = try PseudoTerminal(width: 70, height: 20)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", folder + "/fail.json"],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("Go on."))
    pty.send("\r")
    #expect(pty.waitForText("[ Run ]"))
    pty.send("\r")
    #expect(pty.waitForText("Work failed: exit status 5"))
    #expect(pty.model.contains("! two"))
    #expect(pty.model.contains("[ Retry ]") && pty.model.contains("[ Skip ]"))
    pty.send("l")
    #expect(pty.waitForText("Output of Work"))
    pty.send("\u{1B}")
    #expect(pty.waitFor { !$0.model.contains("Output of Work") })
    pty.send("s")
    #expect(pty.waitForText("[ Finish ]"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(
      InteractiveTests.stdout(pty).contains("\"work\":{\"status\":\"skipped\",\"exitCode\":5"))
  }
}
