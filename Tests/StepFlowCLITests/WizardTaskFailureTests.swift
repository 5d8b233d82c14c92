import Foundation
import Glibc
import StepFlowTestSupport
import Testing

/// The issue's list of bad commands, as a wizard's author and user meet them through the built
/// binary: a command that is not found or not executable (the step says which and why; 127 and
/// 126 in the result), one that never ends (`timeout`: failed, "timed out after N s"), one that
/// ignores SIGTERM (killed after the grace period, nothing left), one that prints 100 MB (the
/// run ends, the capture keeps at most 64 KiB), and escape sequences and invalid UTF-8 in its
/// output (shown inert, on the screen and in the answer).
@Suite(.serialized) struct WizardTaskFailureTests {
  static let wizard = """
    { id: "bad", title: "Bad", steps: [
      { id: "missing", title: "Missing", run: { command: ["no-such-tool-xyz", "--flag"], optional: true } },
      { id: "noexec", title: "Noexec", run: { command: ["./noexec.sh"], optional: true } },
      { id: "slow", title: "Slow", run: { command: ["sleep", "30"], timeout: 300, optional: true } },
      { id: "stubborn", title: "Stubborn", run: {
          shell: "echo $$ > stubborn.pid; trap '' TERM; sleep 30", timeout: 300, optional: true } },
      { id: "end", title: "End" },
    ] }
    """

  static func tasks(_ result: Stepflow.Result) throws -> [String: [String: Any]] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try #require(json["tasks"] as? [String: [String: Any]])
  }

  @Test func eachFailureSaysWhichCommandAndWhyWithItsStatus() throws {
    let folder = try WizardCommandTests.folder([
      "bad.json": Self.wizard, "noexec.sh": "#!/bin/sh\necho hi\n",
    ])
    let result = try Stepflow.run(
      [
        "run", folder + "/bad.json", "--commands",
        "enter; skip; enter; skip; enter; skip; enter; skip; finish",
      ], currentDirectory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let tasks = try Self.tasks(result)
    let expected: [(String, Int, String)] = [
      ("missing", 127, "no-such-tool-xyz: command not found"),
      ("noexec", 126, "./noexec.sh: permission denied (not executable)"),
      ("slow", 124, "timed out after 0.3 s"),
      ("stubborn", 124, "timed out after 0.3 s"),
    ]
    for (id, code, reason) in expected {
      #expect(tasks[id]?["status"] as? String == "skipped", "\(id)")
      #expect(tasks[id]?["exitCode"] as? Int == code, "\(id)")
      #expect(tasks[id]?["reason"] as? String == reason, "\(id)")
    }
    // The one that ignored SIGTERM was killed after the grace period, with all its group.
    let stubborn = try #require(GaugeCommandTests.pid(in: folder + "/stubborn.pid"))
    #expect(!GaugeCommandTests.isAlive(stubborn))
    #expect(GaugeCommandTests.liveMembers(ofGroup: stubborn) == [])
  }

  /// The step names the argv and why, on the screen and in plain mode.
  @Test func theStepSaysWhichCommandCouldNotStart() throws {
    let folder = try WizardCommandTests.folder([
      "bad.json": Self.wizard, "noexec.sh": "#!/bin/sh\necho hi\n",
    ])
    let frames = try Stepflow.run(
      [
        "run", folder + "/bad.json", "--frames", "--width", "100", "--height", "18",
        "--glyphs", "unicode", "--commands", "enter; press ?; press ?",
      ], currentDirectory: folder)
    let last = frames.lines.drop { !$0.hasPrefix("--- frame 3") }
    let failed = "✗ Missing could not start: no-such-tool-xyz: command not found"
    #expect(last.contains { $0.contains(failed) }, "\(frames.stdout)")
    #expect(last.contains { $0.contains("[ Retry ]") && $0.contains("[ Skip ]") })
    let plain = try Stepflow.run(
      ["run", folder + "/bad.json", "--output", "none", "--script", "-"],
      input: "skip\nenter\n", currentDirectory: folder)
    #expect(plain.stderr.contains("Noexec runs: ./noexec.sh"), "\(plain.stderr)")
    #expect(
      plain.stderr.contains(
        "Noexec could not start: ./noexec.sh: permission denied (not executable) (exit status 126)"
      ), "\(plain.stderr)")
  }

  @Test func aHundredMegabytesOfOutputEndTheTaskWithABoundedCapture() throws {
    let folder = try WizardCommandTests.folder([
      "huge.json": """
      { id: "huge", title: "Huge", steps: [
        { id: "flood", title: "Flood", run: { shell: "yes | head -c 100M", capture: "out", start: "arrival" } },
        { id: "end", title: "End" },
      ] }
      """
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try Stepflow.run(["run", folder + "/huge.json", "--commands", "next; finish"])
    #expect(result.status == 0, "\(result.stderr)")
    let tasks = try Self.tasks(result)
    #expect(tasks["flood"]?["status"] as? String == "succeeded")
    #expect(tasks["flood"]?["captureTruncated"] as? Bool == true, "\(tasks)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let out = try #require((json["answers"] as? [String: Any])?["out"] as? String)
    #expect(out.utf8.count <= 64 * 1024, "the capture keeps at most 64 KiB")
    #expect(out.hasPrefix("y\ny\n") && out.hasSuffix("y"))
  }

  @Test func aCaptureOfALongOutputIsItsEndCutOnACharacter() throws {
    // 40,000 "é" (80,000 bytes) and a newline: the last 64 KiB start inside a character.
    let folder = try WizardCommandTests.folder([
      "long.json": #"""
      { id: "long", title: "Long", steps: [
        { id: "count", title: "Count", run: { shell: "seq 1 30000", capture: "numbers", start: "arrival" } },
        { id: "accents", title: "Accents", run: {
            shell: "yes é | head -n 40000 | tr -d '\\n'; echo", capture: "accents", start: "arrival" } },
        { id: "end", title: "End" },
      ] }
      """#
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try Stepflow.run([
      "run", folder + "/long.json", "--commands", "next; next; finish",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let answers = try #require(json["answers"] as? [String: Any])
    let numbers = try #require(answers["numbers"] as? String)
    #expect(numbers.hasSuffix("\n29999\n30000"), "the capture is the end of the output")
    #expect(!numbers.hasPrefix("1\n2\n3\n"))
    #expect(numbers.utf8.count <= 64 * 1024 && numbers.utf8.count > 60 * 1024)
    let accents = try #require(answers["accents"] as? String)
    #expect(accents == String(repeating: "é", count: 32767), "cut on a character, then trimmed")
    let tasks = try Self.tasks(result)
    #expect(tasks["count"]?["status"] as? String == "succeeded")
    #expect(tasks["count"]?["captureTruncated"] as? Bool == true)
  }

  @Test func escapeSequencesAndInvalidUTF8AreShownInert() throws {
    let folder = try WizardCommandTests.folder([
      "noisy.json": #"""
      { id: "noisy", title: "Noisy", steps: [
        { id: "say", title: "Say", run: {
            shell: "printf 'red \\033[31mX\\033[0m bad \\377\\376 end\\n'; printf '\\033]0;pwned\\007\\n'; sleep 5",
            start: "arrival" } },
        { id: "end", title: "End" },
      ] }
      """#
    ])
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", folder + "/noisy.json"],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("red \\x1B[31mX\\x1B[0m bad"), "\(pty.model.usedLines)")
    #expect(pty.model.contains("bad \u{FFFD}\u{FFFD} end"), "invalid UTF-8 as �")
    #expect(pty.model.contains("\\x1B]0;pwned\\x07"), "a title sequence as text")
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
  }
}
