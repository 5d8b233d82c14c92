import Foundation
import StepFlowTestSupport
import Testing

/// `--record FILE`: a run written as a script that `--script FILE` replays to the same result,
/// secure answers left out behind a marker line the replay refuses until it is filled in.
@Suite struct RecordReplayTests {
  static let runs: [(wizard: String, commands: String, extra: [String])] = [
    ("delivery", "next; next; next; finish", []),
    (
      "purchase",
      "next; tab 2; set paypal_email=a@b.co; next; set name=Ann; set street=1 Main St;"
        + " set city=Oslo; set postal_code=0150; next; finish", []
    ),
    ("rating", "rate 4; enter", []),
    (
      "onboarding",
      "next; set full_name=Ann Smith; set email=ann@example.com; set username=ann;"
        + " set password=correct horse; next; set plan=team; next; set team_name=Ops; next; finish",
      []
    ),
    (
      "new-project",
      "set name=atlas; set summary=\"two\\nlines\"; next; set language=go;"
        + " set features=container,tests; next; next; next; set start=2099-06-01; next; finish", []
    ),
    (
      "survey",
      "set satisfaction=4; next; set used_for=Surveys; next; set may_contact=yes; next;"
        + " set email=a@b.co; next; finish", []
    ),
    (
      "release",
      "set version=1.2.3; next; set ci_green=yes; set changelog=yes; next; next; retry; next;"
        + " finish", ["--dry-run"]
    ),
  ]

  /// Every shipped wizard: the replay of the record prints exactly what the run printed.
  @Test(arguments: 0..<runs.count) func aRecordReplaysToTheSameResult(index: Int) throws {
    let run = Self.runs[index]
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let record = dir + "/run.script"
    let first = try Stepflow.run(
      ["run", run.wizard, "--commands", run.commands, "--record", record] + run.extra,
      currentDirectory: WizardCommandTests.repository)
    var script = try String(contentsOfFile: record, encoding: .utf8)
    #expect(!script.contains("correct horse"), "a secure answer is never written")
    // The secure answer's marker is filled in, as the record's reader would.
    script = script.replacingOccurrences(
      of: "secret password\n", with: "set password=correct horse\n")
    try script.write(toFile: record, atomically: true, encoding: .utf8)
    let replay = try Stepflow.run(
      ["run", run.wizard, "--script", record] + run.extra,
      currentDirectory: WizardCommandTests.repository)
    #expect(first.status == replay.status, "\(run.wizard): \(replay.stderr)")
    #expect(first.stdout == replay.stdout, "\(run.wizard)")
    #expect(!first.stdout.isEmpty)
  }

  /// The marker of a secure answer stops the replay with what to do, and the file is 0600.
  @Test func aSecureAnswerIsAMarkerTheReplayRefuses() throws {
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let record = dir + "/run.script"
    let run = Self.runs[3]
    _ = try Stepflow.run(
      ["run", run.wizard, "--commands", run.commands, "--record", record],
      currentDirectory: WizardCommandTests.repository)
    let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
    #expect(lines.contains("secret password"))
    #expect(lines.contains("set email=ann@example.com"))
    let mode = try FileManager.default.attributesOfItem(atPath: record)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let replay = try Stepflow.run(
      ["run", run.wizard, "--script", record], currentDirectory: WizardCommandTests.repository)
    #expect(replay.status == 65)
    let number = (lines.firstIndex(of: "secret password") ?? 0) + 1
    #expect(
      replay.stderr
        == "stepflow: script line \(number): the secure answer of \"password\" was not recorded:"
        + " replace this line with set password=VALUE (or remove it and give the answer with"
        + " --answers -)\n")
  }

  /// A record that cannot be written: said at once, the run goes on, its result is printed,
  /// and it ends with 74.
  @Test func aRecordThatCannotBeWrittenEndsWith74KeepingTheAnswers() throws {
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try Stepflow.run([
      "rate", "--commands", "rate 2; enter", "--record", dir + "/no/such/folder.script",
    ])
    #expect(r.status == 74)
    #expect(r.stdout == "2\n")
    #expect(r.stderr.hasPrefix("stepflow: cannot write the record "))
    #expect(r.stderr.hasSuffix("; the run goes on, its answers are printed, and it ends with 74\n"))
    #expect(r.stderr.split(separator: "\n").count == 1)
  }

  /// A person's run in plain mode, recorded, replays to the same result.
  @Test func aPersonsPlainRunReplays() throws {
    let dir = try WizardCommandTests.folder(["signup.json": PlainConversationTests.wizard])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (pty, _) = try PlainConversationTests.start(["--record", dir + "/run.script"], in: dir)
    #expect(pty.waitForText("Next: Account (Enter):"))
    pty.send("\r")
    #expect(pty.waitForText("Name (required"))
    pty.send("Ann\r")
    #expect(pty.waitForText("Password (required"))
    pty.send("correct horse\r")
    #expect(pty.waitForText("Plan [free]:"))
    pty.send("3\r\ry\r")
    #expect(pty.waitForText("Finish (Enter):"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    var script = try String(contentsOfFile: dir + "/run.script", encoding: .utf8)
    #expect(!script.contains("correct horse"))
    script = script.replacingOccurrences(
      of: "secret password\n", with: "set password=correct horse\n")
    try script.write(toFile: dir + "/run.script", atomically: true, encoding: .utf8)
    let replay = try Stepflow.run(["run", dir + "/signup.json", "--script", dir + "/run.script"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == InlineTests.stdout(pty))
  }
}
