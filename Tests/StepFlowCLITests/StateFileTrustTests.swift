import Foundation
import StepFlowTestSupport
import Testing

/// What a `--state` file says is checked, not trusted: answers against today's rules, the
/// wizard's rules in the fingerprint, the shape of every member; an empty file is a start, the
/// temporary files of a killed run are cleaned up, and long file names work.
@Suite struct StateFileTrustTests {
  /// A wizard with a rule of each kind, over three steps (the last one asks nothing).
  static let wizard = """
    { id: "rules", title: "Rules", steps: [
      { id: "who", title: "Who", fields: [
        { id: "name", label: "Name", required: true, max: 5 },
        { id: "code", label: "Code", pattern: "[0-9]{4}" },
        { id: "mail", label: "Mail", check: "email" },
      ] },
      { id: "more", title: "More", fields: [
        { id: "stars", label: "Stars", type: "rating", min: 2 },
        { id: "agree", label: "Agree", type: "confirm", required: true },
      ] },
      { id: "done", title: "Done", body: "Thanks" },
    ] }
    """

  static let finishing =
    "set name=Ann; set code=0150; set mail=a@b.co; next; set stars=4; set agree=yes; next; finish"

  /// A folder with the wizard in it and a state file of a finished run of it.
  static func finishedRun(wizard: String = wizard) throws -> (
    dir: String, wizard: String, state: String
  ) {
    let dir = try StateFileSafetyTests.folder()
    let file = dir + "/rules.json"
    try wizard.write(toFile: file, atomically: false, encoding: .utf8)
    let state = dir + "/run.state"
    let run = try Stepflow.run(["run", file, "--state", state, "--commands", finishing])
    #expect(run.status == 0, "\(run.stderr)")
    return (dir, file, state)
  }

  @Test func everySavedAnswerIsCheckedAgainstTodaysRulesOnResume() throws {
    // Five edits by hand of a finished run, each breaking one rule.
    let edits: [(from: String, to: String, field: String, step: String)] = [
      ("\"name\": \"Ann\"", "\"name\": \"Annabel\"", "name", "step 1 (Who)"),
      ("\"code\": \"0150\"", "\"code\": \"01x0\"", "code", "step 1 (Who)"),
      ("\"mail\": \"a@b.co\"", "\"mail\": \"not mail\"", "mail", "step 1 (Who)"),
      ("\"stars\": 4", "\"stars\": 1", "stars", "step 2 (More)"),
      ("\"agree\": true", "\"agree\": false", "agree", "step 2 (More)"),
    ]
    for edit in edits {
      let (_, wizard, state) = try Self.finishedRun()
      let saved = try String(contentsOfFile: state, encoding: .utf8)
      #expect(saved.contains(edit.from), "\(saved)")
      try saved.replacingOccurrences(of: edit.from, with: edit.to)
        .write(toFile: state, atomically: false, encoding: .utf8)
      let resumed = try Stepflow.run(["run", wizard, "--state", state, "--resume"])
      #expect(resumed.status == 1, "\(edit.field): \(resumed.stderr)")
      #expect(
        resumed.stderr.contains("the saved answer to \"\(edit.field)\" on \(edit.step) is dropped"),
        "\(edit.field): \(resumed.stderr)")
      #expect(resumed.stdout.contains("\"finished\":false"), "\(resumed.stdout)")
      // The run goes on at the step of the answer that was dropped, not after it.
      let current = edit.step.hasPrefix("step 1") ? "who" : "more"
      #expect(resumed.stdout.contains("\"current\":\"\(current)\""), "\(resumed.stdout)")
      #expect(resumed.stderr.contains("the run goes on at \(edit.step)"), "\(resumed.stderr)")
      let answers = resumed.stdout.components(separatedBy: "\"answers\":").last ?? ""
      // A confirm field always has a value: without its answer it is no.
      let left = edit.field == "agree" ? "\"agree\":false" : "\"\(edit.field)\""
      #expect(answers.contains(left) == (edit.field == "agree"), "dropped: \(answers)")
    }
  }

  @Test func aRequiredAnswerTakenOutSendsTheRunBackToItsStep() throws {
    let (_, wizard, state) = try Self.finishedRun()
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    try saved.replacingOccurrences(of: "\"name\": \"Ann\",", with: "")
      .write(toFile: state, atomically: false, encoding: .utf8)
    let resumed = try Stepflow.run([
      "run", wizard, "--state", state, "--resume", "--commands", "finish",
    ])
    #expect(resumed.status == 1, "\(resumed.stderr)")
    #expect(
      resumed.stderr.contains("step 1 (Who) needs answering again (Name is required)")
        && resumed.stderr.contains("the run goes on at step 1 (Who)"),
      "\(resumed.stderr)")
    #expect(resumed.stdout.contains("\"current\":\"who\""), "\(resumed.stdout)")
    let fixed = try Stepflow.run([
      "run", wizard, "--state", state, "--resume", "--commands",
      "set name=Bo; next; next; finish",
    ])
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(fixed.stdout.contains("\"name\":\"Bo\""))
  }

  @Test func tighteningARuleChangesTheFingerprint() throws {
    let changes: [(String, String)] = [
      ("pattern: \"[0-9]{4}\"", "pattern: \"[0-9]{5}\""),
      ("max: 5", "max: 2"),
      ("check: \"email\"", "check: \"luhn\""),
      ("min: 2", "min: 3"),
      ("{ id: \"code\", label: \"Code\",", "{ id: \"code\", label: \"Code\", required: true,"),
    ]
    for (from, to) in changes {
      let (_, wizard, state) = try Self.finishedRun()
      let before = try String(contentsOfFile: state, encoding: .utf8)
      #expect(Self.wizard.contains(from))
      try Self.wizard.replacingOccurrences(of: from, with: to)
        .write(toFile: wizard, atomically: false, encoding: .utf8)
      let resumed = try Stepflow.run(["run", wizard, "--state", state, "--resume"])
      #expect(resumed.status == 65, "\(to): \(resumed.stderr)")
      #expect(resumed.stderr.contains("have changed since"), "\(to): \(resumed.stderr)")
      #expect(resumed.stdout.isEmpty)
      #expect(try String(contentsOfFile: state, encoding: .utf8) == before, "left as it is")
    }
    // A title is not a rule: the state still fits.
    let (_, wizard, state) = try Self.finishedRun()
    try Self.wizard.replacingOccurrences(of: "title: \"Who\"", with: "title: \"You\"")
      .write(toFile: wizard, atomically: false, encoding: .utf8)
    let retitled = try Stepflow.run(["run", wizard, "--state", state, "--resume"])
    #expect(retitled.status == 0, "\(retitled.stderr)")
  }

  @Test func anEmptyStateFileWithResumeStartsAtTheBeginning() throws {
    let dir = try StateFileSafetyTests.folder()
    for content in ["", "\n  \n"] {
      let state = dir + "/mktemp.\(content.count)"
      #expect(FileManager.default.createFile(atPath: state, contents: Data(content.utf8)))
      let run = try Stepflow.run([
        "run", "delivery", "--state", state, "--resume", "--commands", "next",
      ])
      #expect(run.status == 1, "\(run.stderr)")
      #expect(run.stderr.contains("the file is empty); starting at the beginning"), "\(run.stderr)")
      #expect(run.stdout.contains("\"current\":\"preparingOrder\""))
      let saved = try String(contentsOfFile: state, encoding: .utf8)
      #expect(saved.contains("\"current\": \"preparingOrder\""))
      let again = try Stepflow.run([
        "run", "delivery", "--state", state, "--resume", "--commands", "next",
      ])
      #expect(again.stdout.contains("\"current\":\"onItsWay\""), "\(again.stderr)")
    }
  }

  @Test func membersOfTheWrongShapeAreRefusedNotIgnored() throws {
    let cases: [(String, String, String)] = [
      ("\"answers\": {", "\"answers\": [1, 2], \"x\": {", "no \"answers\" object"),
      ("\"tabs\": {", "\"tabs\": [], \"y\": {", "no \"tabs\" object"),
      ("\"reached\": [", "\"reached\": [1, ", "\"reached\" list that does not fit"),
      ("\"current\": \"done\"", "\"current\": 3", "no \"current\" step"),
    ]
    for (from, to, message) in cases {
      let (_, wizard, state) = try Self.finishedRun()
      let saved = try String(contentsOfFile: state, encoding: .utf8)
      #expect(saved.contains(from), "\(saved)")
      let edited = saved.replacingOccurrences(of: from, with: to)
      try edited.write(toFile: state, atomically: false, encoding: .utf8)
      let resumed = try Stepflow.run(["run", wizard, "--state", state, "--resume"])
      #expect(resumed.status == 65, "\(to): \(resumed.stderr)")
      #expect(resumed.stderr.contains(message), "\(to): \(resumed.stderr)")
      #expect(try String(contentsOfFile: state, encoding: .utf8) == edited, "left as it is")
    }
  }

  @Test func temporaryFilesAKilledRunLeftAreRemovedByTheNextRunOfTheSameFile() throws {
    let dir = try StateFileSafetyTests.folder()
    let state = dir + "/run.state"
    let victim = dir + "/victim"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    let abandoned = ["run.state.tmp-0123456789abcdef", "run.state.tmp-00000000000000ff"]
    for name in abandoned {
      try "{ half a sta".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
    }
    // Not ours to remove: another file's temporary, a name that is not one, a link, a file
    // a live writer holds locked.
    let kept = [
      "other.state.tmp-0123456789abcdef", "run.state.tmp-notsixteenhexdig", "run.state.tmp-1",
      "run.state.tmp-ABCDEF0123456789",
    ]
    for name in kept { try "x".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
    let link = "run.state.tmp-fedcba9876543210"
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/" + link, withDestinationPath: victim)
    let locked = "run.state.tmp-aaaaaaaaaaaaaaaa"
    try "being written".write(toFile: dir + "/" + locked, atomically: false, encoding: .utf8)
    let lockFD = open(dir + "/" + locked, O_RDONLY)
    #expect(lockFD >= 0 && flock(lockFD, LOCK_EX) == 0)
    defer { close(lockFD) }

    let run = try Stepflow.run(["run", "delivery", "--state", state, "--commands", "next"])
    #expect(run.status == 1, "\(run.stderr)")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
    for name in abandoned { #expect(!left.contains(name), "\(name) was removed") }
    for name in kept + [link, locked] { #expect(left.contains(name), "\(name) was kept") }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
  }

  @Test func aKilledRunsTemporaryFileIsGoneAfterTheNextRun() throws {
    // A run killed with SIGKILL while it writes leaves its temporary file; the next run of the
    // same state file removes it. (Killing at the exact moment is luck; the file a write
    // leaves is made here as the writer makes it.)
    let dir = try StateFileSafetyTests.folder()
    let state = dir + "/run.state"
    let run = try StateFileSafetyTests.PipedRun(["run", "delivery", "--state", state])
    #expect(StateFileSafetyTests.waitUntil { FileManager.default.fileExists(atPath: state) })
    let orphan = state + ".tmp-" + String(format: "%016llx", UInt64(run.process.processIdentifier))
    try "{ torn".write(toFile: orphan, atomically: false, encoding: .utf8)
    kill(run.process.processIdentifier, SIGKILL)
    run.process.waitUntilExit()
    #expect(run.process.terminationReason == .uncaughtSignal)
    #expect(FileManager.default.fileExists(atPath: orphan))
    let next = try Stepflow.run([
      "run", "delivery", "--state", state, "--resume", "--commands", "next",
    ])
    #expect(next.status == 1, "\(next.stderr)")
    #expect(!FileManager.default.fileExists(atPath: orphan))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        == [])
  }

  @Test func stateFileNamesUpToTheLongestAllowedWork() throws {
    let dir = try StateFileSafetyTests.folder()
    for length in [200, 234, 235, 240, 250, 255] {
      // ASCII and a two-byte letter, so a name is cut between characters, never inside one.
      for letter in ["s", "é"] {
        let count = letter == "s" ? length : length / 2
        let name = String(repeating: letter, count: count)
        let state = dir + "/" + name
        let first = try Stepflow.run(["run", "delivery", "--state", state, "--commands", "next"])
        #expect(first.status == 1, "\(name.utf8.count) bytes: \(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: state), "\(name.utf8.count) bytes")
        let resumed = try Stepflow.run([
          "run", "delivery", "--state", state, "--resume", "--commands", "next",
        ])
        #expect(resumed.stdout.contains("\"current\":\"onItsWay\""), "\(resumed.stderr)")
        try FileManager.default.removeItem(atPath: state)
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
  }
}
