import Foundation
import Glibc
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowCore
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

/// `stepflow gauge -- CMD` and `--shell`: the command's own status, its output passed through
/// without a terminal, a spinner or its real progress on one, and no process left behind.
@Suite(.serialized) struct GaugeCommandTests {
  static let folder: String = (try? TestFolder.make("gauge")) ?? TestFolder.root

  /// Whether a process is alive (a zombie counts as gone).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
  }

  /// The processes alive in a process group (zombies left out), from /proc, once the group
  /// has had up to 2 s to empty: a process sent SIGKILL is gone only when the kernel has run it
  /// to its end, which on a busy machine takes a moment after stepflow has exited.
  static func liveMembers(ofGroup group: pid_t) -> [pid_t] {
    func members() -> [pid_t] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap(pid_t.init).filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && fields[2] == String(group) && fields[0] != "Z"
      }
    }
    let end = Date().addingTimeInterval(2)
    var left = members()
    while !left.isEmpty, Date() < end {
      usleep(10_000)
      left = members()
    }
    return left
  }

  /// The pid a command wrote to a file, waiting up to 5 s for it.
  static func pid(in file: String) -> pid_t? {
    let end = Date().addingTimeInterval(5)
    while Date() < end {
      if let text = try? String(contentsOfFile: file, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(10_000)
    }
    return nil
  }

  @Test func withoutATerminalTheOutputPassesThroughAndTheStatusIsTheCommands() throws {
    let result = try Stepflow.run(["gauge", "--", "sh", "-c", "echo out; echo err >&2; exit 3"])
    #expect(result.stdout == "out\n")
    #expect(result.stderr == "err\n")
    #expect(result.status == 3)
    let shell = try Stepflow.run(["gauge", "--label", "--shell", "printf 'a\\033[31mb\\n'"])
    #expect(shell.stdout == "a\u{1B}[31mb\n", "passed through byte for byte, nothing added")
    #expect(shell.status == 0)
  }

  @Test func aSignalThatKillsTheCommandGives128PlusN() throws {
    #expect(try Stepflow.run(["gauge", "--shell", "kill -USR1 $$"]).status == 138)
    #expect(try Stepflow.run(["gauge", "--", "sh", "-c", "kill -KILL $$"]).status == 137)
  }

  @Test func aCommandThatCannotRunSaysWhy() throws {
    let missing = try Stepflow.run(["gauge", "--", "stepflow-no-such-command"])
    #expect(missing.status == 127)
    #expect(missing.stderr == "stepflow: gauge: stepflow-no-such-command: command not found\n")
    let file = Self.folder + "/not-executable"
    try "echo hi\n".write(toFile: file, atomically: true, encoding: .utf8)
    let denied = try Stepflow.run(["gauge", "--", file])
    #expect(denied.status == 126)
    #expect(denied.stderr.contains("permission denied"))
  }

  @Test func aTimeoutStopsTheCommand() throws {
    let start = Date()
    let result = try Stepflow.run(["gauge", "--timeout", "0.3", "--", "sleep", "30"])
    #expect(result.status == 124)
    #expect(result.stderr == "stepflow: gauge: the command ran longer than 0.3 seconds; stopped\n")
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test func optionsAboutACommandNeedOne() throws {
    let percent = try Stepflow.run(["gauge", "--percent"])
    #expect(percent.status == 64)
    #expect(percent.stderr.hasPrefix("stepflow: option --percent is about a command"))
    let both = try Stepflow.run(["gauge", "--shell", "true", "--", "true"])
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("stepflow: give either -- CMD ARGS... or --shell SCRIPT"))
    let bare = try Stepflow.run(["gauge", "make"])
    #expect(bare.status == 64)
    #expect(bare.stderr.contains("give a command after --: stepflow gauge -- make"))
    let pattern = try Stepflow.run(["gauge", "--pattern", "(\\d+", "--", "true"])
    #expect(pattern.status == 64)
    #expect(pattern.stderr.contains("is not a valid regular expression"))
  }

  @Test func aSignalToStepflowStopsTheCommandFirst() throws {
    let pidFile = Self.folder + "/term.pid"
    unlink(pidFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Stepflow.binaryPath)
    process.arguments = ["gauge", "--shell", "echo $$ > '\(pidFile)'; exec sleep 30"]
    process.environment = Stepflow.environment()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let child = try #require(Self.pid(in: pidFile))
    #expect(Self.isAlive(child))
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143)
    #expect(!Self.isAlive(child), "the command was stopped before stepflow ended")
  }

  // MARK: On a terminal

  static func start(_ arguments: [String]) throws -> (PseudoTerminal, TerminalSettings) {
    let pty = try PseudoTerminal(width: 60, height: 16)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: arguments, environment: InteractiveTests.environment,
      stdout: .terminal)
    return (pty, before)
  }

  @Test func onATerminalASpinnerTheLastLineAndTheTimeThenTheCommandsStatus() throws {
    let (pty, before) = try Self.start([
      "gauge", "--show-error", "--", "sh", "-c",
      "echo compiling; printf 'bad \\033[31mred\\377\\n'; sleep 0.5; echo 'it failed' >&2; exit 4",
    ])
    #expect(pty.waitForText("sh -c 'echo compiling"), "the command is the title")
    #expect(pty.waitForText("bad \\x1B[31mred\u{FFFD}"), "its output shown inert")
    #expect(pty.model.contains(" s "), "the time it has run")
    #expect(pty.waitForExit() == .exited(4))
    InteractiveTests.expectGivenBack(pty, before)
    let text = String(decoding: pty.output, as: UTF8.self)
    let after = text.components(separatedBy: "\u{1B}[?1049l").last ?? ""
    #expect(after.contains("compiling"), "--show-error printed the output after the screen")
    #expect(after.contains("it failed"))
  }

  @Test func percentagesFromTheCommandFillTheBar() throws {
    let (pty, before) = try Self.start([
      "gauge", "--percent", "--title", "Build", "--", "sh", "-c", "echo 40; sleep 30",
    ])
    #expect(pty.waitForText("40%"))
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func ctrlCWhileTheCommandRunsLeavesNoProcessAndTheTerminalAsItWas() throws {
    let pidFile = Self.folder + "/ctrl-c.pid"
    unlink(pidFile)
    let (pty, before) = try Self.start([
      "gauge", "--pattern", "(\\d+)%", "--",
      "sh", "-c", "echo $$ > '\(pidFile)'; (sleep 30; echo late) & echo 'at 25%'; wait",
    ])
    #expect(pty.waitForText("25%"))
    let child = try #require(Self.pid(in: pidFile))
    #expect(Self.isAlive(child))
    pty.send([0x03])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(!Self.isAlive(child), "the command is gone")
    #expect(Self.liveMembers(ofGroup: child) == [], "its background job is gone too")
  }
}
