import Foundation
import StepFlowTestSupport
import Testing

/// Issue 9, items 1 and 2: no pattern can stall validation, no input can exhaust memory.
@Suite struct HardeningInputTests {
  /// Runs `stepflow` with stdin read from a file (a device such as `/dev/zero` too).
  static func run(_ arguments: [String], stdinPath: String) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Stepflow.binaryPath)
    process.arguments = arguments
    process.environment = Stepflow.environment()
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    nonisolated(unsafe) var out = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      out = stdout.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  static let tooLarge = "larger than 4 MiB, the most stepflow reads from a file"

  @Test func endlessFilesAreRefusedWithAMessage() throws {
    let cases: [([String], String)] = [
      (["validate", "/dev/zero"], "stepflow: cannot read /dev/zero: "),
      (["run", "/dev/zero"], "stepflow: cannot read /dev/zero: "),
      (["run", "delivery", "--answers", "/dev/zero"], "stepflow: cannot read answers /dev/zero: "),
      (["run", "delivery", "--script", "/dev/zero"], "stepflow: cannot read script /dev/zero: "),
    ]
    for (arguments, prefix) in cases {
      let r = try Stepflow.run(arguments)
      #expect(r.status == 65, "\(arguments): \(r.stderr)")
      #expect(r.stderr == prefix + Self.tooLarge + "\n", "\(arguments)")
      #expect(r.stdout.isEmpty)
    }
  }

  @Test func endlessCommandsOnStdinAreRefusedAtTheFirstLine() throws {
    let r = try Self.run(["run", "delivery"], stdinPath: "/dev/zero")
    #expect(r.status == 65)
    #expect(
      r.stderr.hasSuffix(
        "stepflow: script line 1 is longer than 64 KiB, the most a command line may be\n"))
    #expect(!r.stderr.contains("Fatal error"))
    // The result of what ran (nothing) is still printed.
    #expect(r.stdout.hasPrefix(#"{"wizard":"delivery","finished":false"#))
  }

  @Test func aWizardFileMayHaveFourMiBAndNotOneByteMore() throws {
    let wizard = #"{ id: "big", title: "Big", steps: [{ id: "a", title: "A" }] }"#
    let padding = (4 << 20) - wizard.utf8.count
    let dir = try WizardCommandTests.folder([
      "fits.json": wizard + String(repeating: " ", count: padding),
      "over.json": wizard + String(repeating: " ", count: padding + 1),
    ])
    let fits = try Stepflow.run(["validate", dir + "/fits.json"])
    #expect(fits.status == 0, "\(fits.stderr)")
    let over = try Stepflow.run(["validate", dir + "/over.json"])
    #expect(over.status == 65)
    #expect(over.stderr == "stepflow: cannot read \(dir)/over.json: " + Self.tooLarge + "\n")
    let answers = try Stepflow.run(["run", dir + "/fits.json", "--answers", dir + "/over.json"])
    #expect(answers.status == 65)
    let missing = try Stepflow.run(["validate", dir + "/none.json", dir + "/over.json"])
    #expect(missing.status == 66, "a missing file still outranks a refused one")
  }

  @Test func aHugeGaugeLineIsIgnoredAndTheLinesAfterItWork() throws {
    let input = "10\n" + String(repeating: "5", count: 1 << 20) + "\n40\nXXX\n70\nAlmost\nXXX\n"
    let r = try Stepflow.run(["gauge", "--label"], input: input)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.lines == ["10%", "40%", "Almost: 70%"])
    #expect(r.stderr == "stepflow: gauge: ignored a line longer than 64 KiB\n")
  }

  /// `gauge </dev/zero` reads an endless line: it keeps reading (the input never ends) with
  /// its memory bounded. (It is ended with SIGKILL: a child of the test runner inherits a signal
  /// mask that blocks SIGINT and SIGTERM.)
  @Test func gaugeOnAnEndlessLineKeepsItsMemoryBounded() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Stepflow.binaryPath)
    process.arguments = ["gauge"]
    process.environment = Stepflow.environment()
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
    process.standardOutput = FileHandle.nullDevice
    let stderr = Pipe()
    process.standardError = stderr
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func field(_ file: String, _ name: String) -> Int? {
      let text =
        (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/\(file)", encoding: .utf8))
        ?? ""
      for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        return Int(
          line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            ?? "")
      }
      return nil
    }
    // Wait (polling the process, up to a minute) until it has read 64 MiB of zeros.
    var read = 0
    for _ in 0..<600 where process.isRunning {
      read = field("io", "rchar") ?? 0
      if read >= 64 << 20 { break }
      usleep(100_000)
    }
    #expect(read >= 64 << 20, "read only \(read) bytes")
    let resident = try #require(field("status", "VmRSS"))  // in kB
    #expect(resident < 48 * 1024, "\(resident) kB resident after reading \(read) bytes")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(err == "stepflow: gauge: ignored a line longer than 64 KiB\n")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
  }

  @Test func validateWithABacktrackingPatternAndADefaultReturns() throws {
    let slowWizard = """
      { id: "slow", title: "Slow", steps: [{ id: "a", title: "A", fields: [
        { id: "f", label: "F", pattern: "(.*a){20}", default: "\(String(repeating: "a", count: 30))!" },
        { id: "g", label: "G", pattern: "(a|a)*b", default: "\(String(repeating: "a", count: 5000))b" },
        { id: "h", label: "H", pattern: "(x?x?)*y", default: "\(String(repeating: "x", count: 5000))" },
        { id: "i", label: "I", pattern: "^(a?){30}a{30}$", default: "\(String(repeating: "a", count: 30))" },
      ] }] }
      """
    let dir = try WizardCommandTests.folder([
      "slow.json": slowWizard, "wizards/slow.json": slowWizard,
      "unsupported.json": """
      { id: "u", title: "U", steps: [{ id: "a", title: "A", fields: [
        { id: "f", label: "F", pattern: "(a)\\\\1" },
        { id: "g", label: "G", pattern: "(a{1000}){1000}" },
      ] }] }
      """,
    ])
    let slow = try Stepflow.run(["validate", dir + "/slow.json"])
    #expect(slow.status == 65)
    let lines = slow.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        dir
          + "/slow.json:2:48: field \"f\": the default breaks the field's rules: F: must match (.*a){20}",
        dir
          + "/slow.json:4:47: field \"h\": the default breaks the field's rules: H: must match (x?x?)*y",
      ])
    let listed = try Stepflow.run(["list"], currentDirectory: dir)
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("slow"), "\(listed.stdout)")
    let unsupported = try Stepflow.run(["validate", dir + "/unsupported.json"])
    #expect(unsupported.status == 65)
    #expect(
      unsupported.stderr.split(separator: "\n").map(String.init) == [
        dir + "/unsupported.json:2:26: field \"f\": pattern \"(a)\\1\" is outside the supported"
          + " regular expressions: \\1: backreferences are not supported (docs/wizard-format.md"
          + " lists what is)",
        dir + "/unsupported.json:3:26: field \"g\": pattern \"(a{1000}){1000}\" is too large: its"
          + " repetitions expand it to 1000001 instructions; at most 2000 are allowed (write fewer"
          + " or smaller counts)",
      ])
  }
}
