import Foundation
import StepFlowTestSupport
import Testing

/// `--state FILE` against a hostile or failing file system: planted links, modes, secrets,
/// things at the state path that are not state files, writes that fail mid-run.
@Suite struct StateFileSafetyTests {
  static let repository: String = {
    let file = #filePath
    return String(file[..<(file.range(of: "/Tests/")?.lowerBound ?? file.endIndex)])
  }()

  /// A fresh empty folder.
  static func folder() throws -> String {
    try TestFolder.make("state")
  }

  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// A run that reads its commands from a pipe, so that the test can act between them.
  final class PipedRun {
    let process = Process()
    let input = Pipe()
    let errors = Pipe()

    init(_ arguments: [String]) throws {
      process.executableURL = URL(fileURLWithPath: Stepflow.binaryPath)
      process.arguments = arguments
      process.environment = Stepflow.environment()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Ends the input and waits: the exit status and stderr.
    func finish() throws -> (status: Int32, stderr: String) {
      try input.fileHandleForWriting.close()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
  }

  /// Waits (up to 5 s) until `condition` holds.
  static func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<250 {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  @Test func aLinkPlantedAtTheOldTemporaryNameIsNotFollowed() throws {
    let dir = try Self.folder()
    let state = dir + "/run.state"
    let victim = dir + "/victim"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    let run = try PipedRun(["run", "delivery", "--state", state])
    #expect(Self.waitUntil { FileManager.default.fileExists(atPath: state) })
    // The name the temporary file used to have: STATE.tmp-PID, predictable from outside.
    let planted = state + ".tmp-\(run.process.processIdentifier)"
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
    run.send("next\nnext\n")
    let (status, stderr) = try run.finish()
    #expect(status == 1, "\(stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "target untouched")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: planted) == victim, "link kept")
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(saved.contains("\"current\": \"onItsWay\""), "the state was saved all the same")
    // No temporary file is left behind but the planted link.
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter {
      $0.contains(".tmp-")
    }
    #expect(left == [(planted as NSString).lastPathComponent])
  }

  @Test func theStateFileIsPrivateAndAStricterModeIsKept() throws {
    let dir = try Self.folder()
    let state = dir + "/run.state"
    let first = try Stepflow.run(["run", "delivery", "--state", state, "--commands", "next"])
    #expect(first.status == 1, "\(first.stderr)")
    #expect(try Self.mode(state) == 0o600)
    // A wider mode is narrowed, a stricter one kept.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: state)
    _ = try Stepflow.run(["run", "delivery", "--state", state, "--resume", "--commands", "next"])
    #expect(try Self.mode(state) == 0o600)
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: state)
    let again = try Stepflow.run([
      "run", "delivery", "--state", state, "--resume", "--commands", "next",
    ])
    #expect(again.status == 1, "\(again.stderr)")
    #expect(try Self.mode(state) == 0o400)
    #expect(
      try String(contentsOfFile: state, encoding: .utf8).contains("\"current\": \"delivered\""))
  }

  @Test func secureValuesAreNeverWrittenAndAResumedRunAsksForThemAgain() throws {
    let dir = try Self.folder()
    let state = dir + "/run.state"
    let wizard = Self.repository + "/wizards/onboarding.json"
    let secret = "hunter2-hunter2"
    let first = try Stepflow.run([
      "run", wizard, "--state", state, "--commands",
      "next; set full_name=Ann; set email=a@b.co; set username=ann; set password=\(secret); next;"
        + " set plan=free; next; finish",
    ])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(secret), "the result has it")
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(!saved.contains(secret) && !saved.contains("\"password\""))
    #expect(saved.contains("\"username\": \"ann\""), "the other answers are kept")
    // The saved run was finished, but without its password it is not: finishing again stops
    // at the empty field; typing it finishes.
    let resumed = try Stepflow.run([
      "run", wizard, "--state", state, "--resume", "--commands", "finish",
    ])
    #expect(resumed.status == 1)
    #expect(resumed.stderr.contains("Password is required"), "\(resumed.stderr)")
    let completed = try Stepflow.run([
      "run", wizard, "--state", state, "--resume", "--commands", "set password=another-one; finish",
    ])
    #expect(completed.status == 0, "\(completed.stderr)")
    #expect(completed.stdout.contains("\"password\":\"another-one\""))
    #expect(!(try String(contentsOfFile: state, encoding: .utf8).contains("another-one")))
  }

  @Test func anythingButAStateFileOfTheWizardIsRefusedAndLeftAsItIs() throws {
    let dir = try Self.folder()
    let unrelated = dir + "/notes.txt"
    try "my notes\n".write(toFile: unrelated, atomically: false, encoding: .utf8)
    let fifo = dir + "/fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    let link = dir + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: unrelated)
    let directory = dir + "/folder"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let purchase = dir + "/purchase.state"
    _ = try Stepflow.run(["run", "purchase", "--state", purchase, "--commands", "next"])
    let purchaseText = try String(contentsOfFile: purchase, encoding: .utf8)
    let cases: [(String, String)] = [
      (unrelated, "is not a stepflow state file of \"delivery\""),
      (fifo, "is a FIFO, not a regular file"),
      (link, "is a symbolic link, not a regular file"),
      (directory, "is a directory, not a regular file"),
      ("/dev/null", "is a device, not a regular file"),
      (purchase, "is not a stepflow state file of \"delivery\""),
    ]
    for (path, message) in cases {
      for resume in [false, true] {
        let r = try Stepflow.run(
          ["run", "delivery", "--state", path, "--commands", "next"] + (resume ? ["--resume"] : []))
        #expect(r.status == 65, "\(path) resume: \(resume)")
        // Resumed, a regular file is read and refused for what it holds.
        if !resume || !message.contains("state file of") {
          #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        #expect(r.stderr.contains("left as it is"))
        #expect(r.stdout.isEmpty)
      }
    }
    #expect(try String(contentsOfFile: unrelated, encoding: .utf8) == "my notes\n")
    #expect(try String(contentsOfFile: purchase, encoding: .utf8) == purchaseText)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == unrelated)
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still one")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    // An empty file (mktemp's) and a state of the same wizard are replaced.
    let empty = dir + "/empty"
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    let fresh = try Stepflow.run(["run", "delivery", "--state", empty, "--commands", "next"])
    #expect(fresh.status == 1, "\(fresh.stderr)")
    #expect(try String(contentsOfFile: empty, encoding: .utf8).contains("\"wizard\": \"delivery\""))
    let over = try Stepflow.run(["run", "delivery", "--state", empty, "--commands", "next; next"])
    #expect(over.status == 1 && over.stderr.contains("starting over and replacing it"))
  }

  @Test func aStateFileThatCannotBeWrittenEndsTheRunWith74() throws {
    let dir = try Self.folder()
    // Before the run: the folder does not exist.
    let missing = try Stepflow.run([
      "run", "delivery", "--state", dir + "/nowhere/run.state", "--commands", "next",
    ])
    #expect(missing.status == 74)
    #expect(missing.stderr.contains("cannot write the state file"), "\(missing.stderr)")
    // During the run: the folder goes away after the first save.
    let folder = dir + "/gone"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let state = folder + "/run.state"
    let run = try PipedRun(["run", "delivery", "--state", state])
    #expect(Self.waitUntil { FileManager.default.fileExists(atPath: state) })
    try FileManager.default.removeItem(atPath: folder)
    run.send("next\nnext\n")
    let (status, stderr) = try run.finish()
    #expect(status == 74)
    #expect(stderr.contains("cannot write the state file"), "\(stderr)")
    #expect(stderr.contains("the run stops"))
  }
}
