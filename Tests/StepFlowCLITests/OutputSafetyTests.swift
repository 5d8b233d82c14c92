import Foundation
import StepFlowTestSupport
import Testing

/// What stepflow writes cannot be turned against the reader (control and bidi characters in
/// the JSON, forged lines from file names), and what it cannot write is not lost in silence.
@Suite struct OutputSafetyTests {
  static let repository: String = {
    let file = #filePath
    return String(file[..<(file.range(of: "/Tests/")?.lowerBound ?? file.endIndex)])
  }()

  static let finishDelivery = ["run", "delivery", "--commands", "next; next; next; finish"]

  /// Runs `/bin/sh -c SCRIPT` with the binary as `$0`: for redirections Process cannot make.
  static func shell(_ script: String, _ arguments: [String]) throws -> (
    status: Int32, reason: Process.TerminationReason, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, Stepflow.binaryPath] + arguments
    process.environment = Stepflow.environment()
    let errors = Pipe()
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, text)
  }

  @Test func controlAndBidiCharactersAreEscapedInTheResult() throws {
    let wizard = Self.repository + "/wizards/onboarding.json"
    let classes: [(String, String)] = [
      ("\u{7F}", "\\u007f"), ("\u{85}", "\\u0085"), ("\u{9B}", "\\u009b"),
      ("\u{202E}", "\\u202e"), ("\u{202A}", "\\u202a"), ("\u{2066}", "\\u2066"),
      ("\u{2069}", "\\u2069"), ("\u{200F}", "\\u200f"), ("\u{61C}", "\\u061c"),
    ]
    for (raw, escaped) in classes {
      let r = try Stepflow.run([
        "run", wizard, "--commands", "next; set full_name=A\(raw)Z",
      ])
      #expect(r.status == 1, "\(r.stderr)")
      #expect(r.stdout.contains("\"full_name\":\"A\(escaped)Z\""), "\(r.stdout)")
      #expect(!r.stdout.contains(raw), "no raw \(escaped) on stdout")
      // Still valid JSON with the same value.
      let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      let answers = object?["answers"] as? [String: Any]
      #expect(answers?["full_name"] as? String == "A\(raw)Z")
    }
  }

  @Test func hostileFileNamesCannotForgeLinesInValidate() throws {
    let dir = try TestFolder.make("names")
    let good = dir + "/ok\nforged.json: ok (9 steps)\u{1B}[2J\u{202E}.json"
    try #"{ id: "x", title: "X", steps: [{ id: "a", title: "A" }] }"#.write(
      toFile: good, atomically: false, encoding: .utf8)
    let bad = dir + "/bad\nforged.json:1:1: all is fine\u{1B}]0;title\u{7}.json"
    try #"{ id: 1 }"#.write(toFile: bad, atomically: false, encoding: .utf8)
    let missing = dir + "/gone\nforged: ok"
    for path in [good, bad, missing] {
      let r = try Stepflow.run(["validate", path])
      let all = r.stdout + r.stderr
      #expect(!all.contains("\u{1B}") && !all.contains("\u{7}") && !all.contains("\u{202E}"))
      // Every line names the file with its newline escaped: nothing starts with "forged".
      let lines = all.split(separator: "\n")
      #expect(!lines.isEmpty)
      #expect(
        lines.allSatisfy {
          ($0.hasPrefix(dir + "/") || $0.hasPrefix("stepflow: cannot read \(dir)/"))
            && $0.contains("\\x0Aforged")
        }, "\(all)")
    }
    #expect(try Stepflow.run(["validate", good]).stdout.hasSuffix(": ok (1 step)\n"))
  }

  @Test func aFullOrClosedStdoutIsAnErrorWith74() throws {
    let full = try Self.shell(#"exec "$0" "$@" >/dev/full"#, Self.finishDelivery)
    #expect(full.status == 74)
    #expect(full.stderr == "stepflow: cannot write to standard output: No space left on device\n")
    let closed = try Self.shell(#"exec "$0" "$@" >&-"#, Self.finishDelivery)
    #expect(closed.status == 74)
    #expect(closed.stderr == "stepflow: cannot write to standard output: Bad file descriptor\n")
    let list = try Self.shell(#"exec "$0" "$@" >&-"#, ["list"])
    #expect(list.status == 74)
    // With stdout closed, a state file opened later does not become stdout.
    let dir = try TestFolder.make("closed")
    let state = try Self.shell(
      #"exec "$0" "$@" >&-"#, Self.finishDelivery + ["--state", dir + "/run.state"])
    #expect(state.status == 74)
    let saved = try String(contentsOfFile: dir + "/run.state", encoding: .utf8)
    #expect(saved.hasPrefix("{\n  \"stepflow\": \"saved state\""), "\(saved)")
  }

  /// Review of issue 9: `gauge` (plain lines) ended with 1 and said nothing when its stdout
  /// was full or closed; like every other command it says why and exits 74.
  @Test func gaugeWithAFullOrClosedStdoutSaysSoAndExits74() throws {
    let full = try Self.shell(#"echo 50 | "$0" "$@" >/dev/full"#, ["gauge", "--label"])
    #expect(full.status == 74)
    #expect(full.stderr == "stepflow: cannot write to standard output: No space left on device\n")
    let closed = try Self.shell(#"echo 50 | "$0" "$@" >&-"#, ["gauge", "--label"])
    #expect(closed.status == 74)
    #expect(closed.stderr == "stepflow: cannot write to standard output: Bad file descriptor\n")
  }

  /// Runs the binary (through `/bin/sh -c SCRIPT`) with stdout a pipe whose reader is gone.
  static func intoAPipeWithoutReader(_ script: String, _ arguments: [String]) throws -> (
    status: Int32, reason: Process.TerminationReason, stderr: String
  ) {
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    close(fds[0])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, Stepflow.binaryPath] + arguments
    process.environment = Stepflow.environment()
    let errors = Pipe()
    process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, text)
  }

  @Test func aReaderThatLeftEndsTheRunQuietlyOrWith74() throws {
    // SIGPIPE with its default action: the process ends by it, with no message and no crash
    // report (as `cat` does; a shell reports 141).
    let quiet = try Self.intoAPipeWithoutReader(#"exec "$0" "$@""#, ["list"])
    if quiet.reason == .uncaughtSignal {
      #expect(quiet.status == SIGPIPE)
      #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    } else {
      // This test's process ignores SIGPIPE and its children inherit that: as below.
      #expect(quiet.status == 74)
    }
    // SIGPIPE ignored by the parent: the write fails with EPIPE, a message and 74.
    let ignored = try Self.intoAPipeWithoutReader(#"trap '' PIPE; exec "$0" "$@""#, ["list"])
    #expect(ignored.reason == .exit && ignored.status == 74)
    #expect(ignored.stderr == "stepflow: cannot write to standard output: Broken pipe\n")
  }
}
