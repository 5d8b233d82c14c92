import Foundation
import StepFlowTestSupport
import Testing

@Suite struct WizardCommandTests {
  static let repository: String = {
    let file = #filePath
    return String(file[..<(file.range(of: "/Tests/")?.lowerBound ?? file.endIndex)])
  }()

  /// A fresh folder with the given files.
  static func folder(_ files: [String: String]) throws -> String {
    let path = try TestFolder.make("wizards")
    for (name, text) in files {
      let file = path + "/" + name
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return path
  }

  static let small = """
    { id: "hello", title: "Say hello", steps: [
      { id: "name", title: "Name", fields: [{ id: "name", label: "Name", required: true }] },
      { id: "bye", title: "Bye", body: "See you" },
    ] }
    """

  @Test func validateExitsZeroForTheRepositoryWizards() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/wizards")
      .filter { $0.hasSuffix(".json") }.map { Self.repository + "/wizards/" + $0 }
    let r = try Stepflow.run(["validate"] + files)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.lines.count == files.count && r.lines.allSatisfy { $0.contains(": ok (") })
  }

  @Test func validateReportsEveryMistakeWithItsLocation() throws {
    let dir = try Self.folder([
      "bad.json": """
      {
        id: "bad",
        titel: "Three mistakes",
        steps: [
          { id: "one", title: "One", fields: [{ id: "code", label: "Code", pattern: "[0-9" }] },
          { id: "two", title: 2 },
        ],
      }
      """
    ])
    let r = try Stepflow.run(["validate", dir + "/bad.json"])
    #expect(r.status == 65)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == dir + "/bad.json:3:3: unknown key \"titel\" — did you mean \"title\"?")
    #expect(
      lines[1].hasPrefix(
        dir + "/bad.json:5:70: field \"code\": pattern \"[0-9\" is not a valid regular expression"))
    #expect(
      lines[2] == dir + "/bad.json:6:25: wrong type: \"title\" must be a string, found a number")
    let missing = try Stepflow.run(["validate", dir + "/nope.json"])
    #expect(missing.status == 66)
  }

  @Test func runFindsWizardsByNameInWizardsAndStepflowPath() throws {
    let here = try Self.folder(["wizards/hello.json": Self.small])
    let byName = try Stepflow.run(
      ["run", "hello", "--commands", "set name=Ann; next; finish"], currentDirectory: here)
    #expect(byName.status == 0, "\(byName.stderr)")
    #expect(
      byName.stdout.contains("\"wizard\":\"hello\"") && byName.stdout.contains("\"name\":\"Ann\""))

    let elsewhere = try Self.folder([
      "extra/hello2.json": Self.small.replacing("\"hello\"", with: "\"hello2\"")
    ])
    let onPath = try Stepflow.run(
      ["run", "hello2", "--commands", "next"],
      environment: Stepflow.environment(["STEPFLOW_PATH": "/nonexistent:" + elsewhere + "/extra"]),
      currentDirectory: here)
    #expect(onPath.status == 1)
    #expect(onPath.stderr.contains("Name is required"))

    let list = try Stepflow.run(
      ["list"], environment: Stepflow.environment(["STEPFLOW_PATH": elsewhere + "/extra"]),
      currentDirectory: here)
    let rows = list.lines.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(rows.contains("hello Say hello (2 steps) — wizards/hello.json (./wizards)"))
    #expect(
      rows.contains("hello2 Say hello (2 steps) — \(elsewhere)/extra/hello2.json (STEPFLOW_PATH)"))
    #expect(rows.contains("delivery Food delivery (4 steps) — built in"))

    let unknown = try Stepflow.run(["run", "helo"], currentDirectory: here)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown flow \"helo\" (did you mean \"hello\"?)"))
  }

  @Test func runRefusesMissingAndInvalidFiles() throws {
    let dir = try Self.folder(["broken.json": "{ id: \"b\", title: \"B\", steps: [] }"])
    let missing = try Stepflow.run(["run", dir + "/none.json"])
    #expect(missing.status == 66)
    let broken = try Stepflow.run(["run", dir + "/broken.json"])
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("broken.json:1:31: wrong value: \"steps\" must not be empty"))
  }

  @Test func answersPrefillTheRun() throws {
    let dir = try Self.folder(["a.json": #"{ "name": "Ann", "city": "Oslo" }"#])
    let r = try Stepflow.run([
      "run", "purchase", "--answers", dir + "/a.json", "--commands",
      "next; tab 3; next; set street=1 Main St; set postal_code=0150; next; finish",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("\"name\":\"Ann\",\"street\":\"1 Main St\",\"city\":\"Oslo\""))
    let bad = try Stepflow.run(["run", "purchase", "--answers", dir + "/nope.json"])
    #expect(bad.status == 66)
  }

  @Test func aRunKilledBetweenStepsResumesWhereItWas() throws {
    let dir = try Self.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let state = dir + "/run.state"
    // Feed two steps, then kill -9 the run while it waits for more input.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Stepflow.binaryPath)
    process.arguments = ["run", "purchase", "--state", state]
    process.environment = Stepflow.environment()
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("next\ntab 2\nset paypal_email=a@b.co\nnext\n".utf8))
    var waited = 0
    while waited < 100 {
      if let text = try? String(contentsOfFile: state, encoding: .utf8),
        text.contains("\"current\": \"shippingLocation\"")
      {
        break
      }
      usleep(20_000)
      waited += 1
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(saved.contains("\"current\": \"shippingLocation\""))
    let resumed = try Stepflow.run([
      "run", "purchase", "--state", state, "--resume", "--commands",
      "set name=Ann; set street=1 Main St; set city=Oslo; set postal_code=0150; next; finish",
    ])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("\"paypal_email\":\"a@b.co\""))
    // Another wizard's state, or a corrupt one, is refused and left as it is.
    let other = try Stepflow.run(["run", "delivery", "--state", state, "--resume"])
    #expect(other.status == 65)
    #expect(other.stderr.contains("belongs to wizard \"purchase\", not \"delivery\""))
    try "{ torn".write(toFile: state, atomically: true, encoding: .utf8)
    let corrupt = try Stepflow.run(["run", "purchase", "--state", state, "--resume"])
    #expect(corrupt.status == 65)
    #expect(try String(contentsOfFile: state, encoding: .utf8) == "{ torn", "left as it is")
  }
}
