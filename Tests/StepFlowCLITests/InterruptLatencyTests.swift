import Foundation
import Glibc
import StepFlowTestSupport
import Testing

@testable import StepFlowTerminal

/// Ctrl-C is answered at once whatever the input: a step of hundreds of fields with patterns,
/// a burst of typing without bracketed paste, a gauge fed endless message lines, a terminal of
/// 10000×10000 cells.
///
/// Each case sends Ctrl-C in the middle of the work and measures how long
/// the program takes to end; the bound (2 s) is generous so that a loaded machine does not
/// make it flake — the figures of a release build are in the issue's note (tens of
/// milliseconds; `scripts/interrupt-latency.py` measures them).
@Suite(.serialized) struct InterruptLatencyTests {
  static let bound = Duration.seconds(2)

  /// Sends Ctrl-C and waits for the end: how it ended and how long it took.
  static func interrupt(_ pty: PseudoTerminal) -> (PseudoTerminal.ExitStatus, Duration) {
    let start = Platform.monotonicNow()
    pty.send([3])
    let status = pty.waitForExit(timeout: .seconds(20))
    return (status, Platform.monotonicNow() - start)
  }

  /// The resident memory of a process, in KiB (from `/proc/PID/status`).
  static func residentKiB(_ pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }

  /// Steps whose patterns take the whole budget, every answer at or past the longest its share
  /// allows: each Enter checks them all (before, the budget was per check: 600 fields with
  /// `(.?){999}` made each Next take 3.4 s, and 30 Enters queued up held Ctrl-C for minutes).
  @Test(arguments: [
    // 800 fields of 5 instructions, answers at their share, failing at the last character.
    (800, "[a-z]*1", 2_000_000 / (800 * 5)),
    // Two patterns of 1,999 instructions, answers of 1,999 characters (a check a field's own
    // budget allowed before).
    (2, "(.?){999}", 1999),
  ])
  func ctrlCOnAStepOfFieldsWithPatternsAtTheirLongest(count: Int, pattern: String, length: Int)
    throws
  {
    let fields = (0..<count).map {
      "{ id: \"f\($0)\", label: \"F\($0)\", pattern: \"\(pattern)\" }"
    }
    let wizard =
      "{ id: \"many\", title: \"Many\", steps: [{ id: \"a\", title: \"A\", fields: [\(fields.joined(separator: ", "))] }, { id: \"b\", title: \"B\" }] }"
    let answers =
      "{"
      + (0..<count).map { "\"f\($0)\": \"\(String(repeating: "a", count: length))\"" }
      .joined(separator: ", ") + "}"
    let dir = try WizardCommandTests.folder(["many.json": wizard, "answers.json": answers])
    let valid = try Stepflow.run(["validate", dir + "/many.json"])
    #expect(valid.status == 0, "\(valid.stderr)")
    let (pty, before) = try InteractiveTests.start([
      "run", dir + "/many.json", "--answers", dir + "/answers.json",
    ])
    #expect(pty.waitForText("F0", timeout: .seconds(20)))
    pty.send(String(repeating: "\r", count: 30))
    #expect(pty.waitForText("must", timeout: .seconds(20)), "Next was refused")
    pty.send(String(repeating: "\r", count: 30))
    let (status, took) = Self.interrupt(pty)
    #expect(status == .exited(130))
    #expect(took < Self.bound, "Ctrl-C took \(took)")
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func theIssuesWizardOfSixHundredCostlyPatternsIsRefusedAtOnce() throws {
    let fields = (0..<600).map {
      "{ id: \"f\($0)\", label: \"F\", pattern: \"(.?){999}\", default: \"\(String(repeating: "x", count: 50))\" }"
    }
    let wizard =
      "{ id: \"many\", title: \"Many\", steps: [{ id: \"a\", title: \"A\", fields: [\(fields.joined(separator: ", "))] }] }"
    let dir = try WizardCommandTests.folder(["many.json": wizard])
    let start = Platform.monotonicNow()
    let run = try Stepflow.run(["validate", dir + "/many.json"])
    #expect(Platform.monotonicNow() - start < .seconds(20), "the defaults are not matched")
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "field \"f2\": the wizard's patterns come to more than 4000 instructions"),
      "\(run.stderr)")
  }

  @Test func ctrlCInTheMiddleOfATypedBurstAndTheBurstKeepsEveryCharacter() throws {
    let dir = try WizardCommandTests.folder([
      "name.json": """
      { id: "name", title: "Name", steps: [{ id: "a", title: "A", fields: [{ id: "name", label: "Name" }] }] }
      """
    ])
    // Typed without bracketed paste, 40,000 characters arrive as 40,000 keys (before: 51 s).
    let (pty, before) = try InteractiveTests.start(["run", dir + "/name.json"])
    #expect(pty.waitForText("Name"))
    pty.send(String(repeating: "abcd", count: 10_000))
    let (status, took) = Self.interrupt(pty)
    #expect(status == .exited(130))
    #expect(took < Self.bound, "Ctrl-C took \(took)")
    InteractiveTests.expectGivenBack(pty, before)

    let (whole, _) = try InteractiveTests.start(["run", dir + "/name.json"])
    #expect(whole.waitForText("Name"))
    whole.send(String(repeating: "abcd", count: 10_000) + "\r")
    #expect(whole.waitForExit(timeout: .seconds(60)) == .exited(0))
    let result = InteractiveTests.stdout(whole)
    #expect(result.contains("\"name\":\"" + String(repeating: "abcd", count: 10_000) + "\""))
  }

  /// Runs `stepflow gauge` on a pty with stdin fed by a shell pipeline.
  static func gauge(feeding producer: String) throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      "/bin/sh", arguments: ["-c", "\(producer) | '\(Stepflow.binaryPath)' gauge --bar --label"],
      environment: InteractiveTests.environment)
    return (pty, before)
  }

  /// The `stepflow` process the shell on the pty started.
  static func gaugeProcess(of pty: PseudoTerminal) -> pid_t? {
    guard let shell = pty.childPID else { return nil }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      let command = (try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8)) ?? ""
      if fields.count > 1, pid_t(fields[1]) == shell, command.contains("gauge") { return pid }
    }
    return nil
  }

  @Test(arguments: [
    // An unclosed XXX block of endless message lines (before: memory without limit).
    "{ echo XXX; echo 40; yes 'a message line'; }",
    // Closed blocks of 40,000 message lines, one after the other (before: 15 s each).
    "while :; do echo XXX; echo 50; seq 1 40000; echo XXX; done",
    // One-character lines, endless (before: 200 KB of them held Ctrl-C up for 4.3 s).
    "{ echo XXX; yes a; }",
  ])
  func ctrlCWhileTheGaugeReadsEndlessMessageLines(producer: String) throws {
    let (pty, before) = try Self.gauge(feeding: producer)
    #expect(pty.waitFor(timeout: .seconds(10)) { $0.model.alternateScreen }, "\(producer)")
    // Let it read for a while, then look at its memory.
    pty.waitFor(timeout: .seconds(1)) { _ in false }
    let pid = Self.gaugeProcess(of: pty)
    #expect(pid != nil)
    let first = pid.flatMap(Self.residentKiB) ?? 0
    pty.waitFor(timeout: .seconds(1)) { _ in false }
    let second = pid.flatMap(Self.residentKiB) ?? 0
    #expect(second < 200_000, "\(producer): \(second) KiB")
    #expect(second < first + 20_000, "\(producer): memory grew from \(first) to \(second) KiB")
    let (status, took) = Self.interrupt(pty)
    #expect(status == .exited(130), "\(producer)")
    #expect(took < Self.bound, "\(producer): Ctrl-C took \(took)")
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test(arguments: [(10000, 10000), (65535, 65535), (2000, 30), (40, 65535)])
  func aTerminalLargerThanTheMostStepflowDrawsSaysSoAndCtrlCEndsIt(width: Int, height: Int)
    throws
  {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    // The model stays small; the program is told the size by the window-size ioctl.
    var size = winsize(
      ws_row: UInt16(clamping: height), ws_col: UInt16(clamping: width), ws_xpixel: 0,
      ws_ypixel: 0)
    _ = ioctl(pty.masterFD, UInt(TIOCSWINSZ), &size)
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", "purchase"],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("terminal too large", timeout: .seconds(10)), "\(width)×\(height)")
    #expect(pty.model.contains("at most 1000×1000, have \(width)×\(height)"))
    #expect(pty.model.contains("q or Ctrl-C to quit"))
    if let pid = pty.childPID {
      let resident = Self.residentKiB(pid) ?? 0
      #expect(resident < 200_000, "\(width)×\(height): \(resident) KiB")
    }
    // Keys other than quitting do nothing to a step nobody can see.
    pty.send("n")
    let (status, took) = Self.interrupt(pty)
    #expect(status == .exited(130), "\(width)×\(height)")
    #expect(took < Self.bound, "\(width)×\(height): Ctrl-C took \(took)")
    InteractiveTests.expectGivenBack(pty, before)
  }
}
