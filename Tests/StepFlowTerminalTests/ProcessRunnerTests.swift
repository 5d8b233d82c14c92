import Foundation
import Glibc
import StepFlowCore
import Testing

@testable import StepFlowTerminal

/// The one process runner, on real processes: output in order and bounded, exit codes and
/// signals, commands that cannot start, timeouts, SIGTERM ignored, background jobs that keep
/// the pipe open, and no child left behind on any way out.
@Suite(.serialized) struct ProcessRunnerTests {
  /// What a run gave: every byte of each stream, and how it ended.
  struct Run {
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var end: TaskEnd?
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// Runs one launch to its end on the runner's own poll loop (at most `limit`).
  func run(
    _ launch: TaskLaunch, runner: ProcessRunner = ProcessRunner(grace: .milliseconds(300)),
    limit: Duration = .seconds(10)
  ) -> Run {
    var result = Run()
    let id = runner.start(launch)
    let end = Platform.monotonicNow() + limit
    while result.end == nil, Platform.monotonicNow() < end {
      for event in runner.wait(until: end).events {
        switch event {
        case .output(let who, .stdout, let bytes) where who == id:
          result.stdout += bytes
        case .output(let who, .stderr, let bytes) where who == id: result.stderr += bytes
        case .ended(let who, let taskEnd) where who == id: result.end = taskEnd
        default: break
        }
      }
    }
    return result
  }

  func sh(_ script: String, timeout: Duration? = nil, input: String? = nil, capture: Int = 0)
    -> TaskLaunch
  {
    TaskLaunch(
      arguments: ["/bin/sh", "-c", script], timeout: timeout, input: input, captureLimit: capture)
  }

  /// Whether a process is alive (a zombie waiting to be reaped counts as gone).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
  }

  /// The fields of /proc/PID/stat after the command name (state, ppid, pgrp, session, …).
  static func statFields(_ pid: pid_t) -> [String] {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return [] }
    return stat[stat.index(after: close)...].split(separator: " ").map(String.init)
  }

  @Test func outputComesInOrderPerStreamAndTheEndCarriesTheStatus() {
    let result = run(sh("echo one; echo two >&2; echo three; exit 3", capture: 1024))
    #expect(result.stdoutText == "one\nthree\n")
    #expect(result.stderrText == "two\n")
    #expect(result.end?.outcome == .exited(3))
    #expect(result.end?.outcome.exitStatus == 3)
    #expect(String(decoding: result.end?.captured ?? [], as: UTF8.self) == "one\nthree\n")
    #expect(result.end?.capturedTruncated == false)
  }

  @Test func aCaptureKeepsTheFirstOrTheLastBytesAsTheLaunchSays() {
    var launch = sh("seq 1 30000", capture: 100)
    let first = run(launch)
    let start = String(decoding: first.end?.captured ?? [], as: UTF8.self)
    #expect(start.hasPrefix("1\n2\n3\n"))
    #expect(first.end?.captured.count == 100 && first.end?.capturedTruncated == true)
    launch.capturePart = .end
    let last = run(launch)
    let end = String(decoding: last.end?.captured ?? [], as: UTF8.self)
    #expect(end.hasSuffix("29999\n30000\n"))
    #expect(last.end?.captured.count == 100 && last.end?.capturedTruncated == true)
    #expect(last.stdout.count == 168_894, "every byte still comes as output")
  }

  @Test func aSignalThatKillsTheCommandIsReportedAs128PlusN() {
    let result = run(sh("kill -KILL $$"))
    #expect(result.end?.outcome == .signaled(SIGKILL))
    #expect(result.end?.outcome.exitStatus == 137)
  }

  @Test func aCommandThatCannotStartSaysWhyWithTheShellsStatus() throws {
    let missing = run(TaskLaunch(arguments: ["stepflow-no-such-command-x"]))
    guard case .notStarted(127, let reason)? = missing.end?.outcome else {
      Issue.record("not found: \(String(describing: missing.end))")
      return
    }
    #expect(reason.contains("command not found"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stepflow-runner-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("plain.txt").path
    try "echo hi\n".write(toFile: file, atomically: true, encoding: .utf8)
    let notExecutable = run(TaskLaunch(arguments: [file]))
    guard case .notStarted(126, let why)? = notExecutable.end?.outcome else {
      Issue.record("not executable: \(String(describing: notExecutable.end))")
      return
    }
    #expect(why.contains("permission denied"))
    let noFolder = run(TaskLaunch(arguments: ["true"], directory: folder.path + "/nowhere"))
    guard case .notStarted(126, let folderWhy)? = noFolder.end?.outcome else {
      Issue.record("missing folder: \(String(describing: noFolder.end))")
      return
    }
    #expect(folderWhy.contains("working directory"))
    let inFolder = run(TaskLaunch(arguments: ["pwd"], directory: folder.path))
    #expect(inFolder.stdoutText == folder.path + "\n")
  }

  @Test func theEnvironmentIsStepflowsPlusTheLaunchsAndArgumentsAreNeverReRead() {
    let runner = ProcessRunner(grace: .milliseconds(300), environment: ["PATH": "/usr/bin:/bin"])
    let hostile = "$(touch pwned); `id` ; rm -rf x\nnext"
    let result = run(
      TaskLaunch(
        arguments: [
          "/bin/sh", "-c", "printf '%s|%s|%s' \"$PATH\" \"$ANSWER\" \"$1\"", "sh", hostile,
        ],
        environment: ["ANSWER": hostile]), runner: runner)
    #expect(result.stdoutText == "/usr/bin:/bin|\(hostile)|\(hostile)")
  }

  @Test func stdinIsDevNullOrTheGivenBytesAndTheTerminalIsOutOfReach() {
    #expect(run(TaskLaunch(arguments: ["cat"])).end?.outcome == .exited(0), "cat ends at once")
    #expect(run(TaskLaunch(arguments: ["cat"], input: "typed value")).stdoutText == "typed value")
    // A session of its own: no controlling terminal to open.
    let tty = run(sh("echo hello > /dev/tty"))
    #expect(tty.end?.outcome != .exited(0))
    // Every signal at its default in the child, whatever stepflow ignores.
    var old = sigaction()
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigaction(SIGPIPE, &ignore, &old)
    let ignored = run(sh("grep SigIgn /proc/$$/status"))
    sigaction(SIGPIPE, &old, nil)
    // (glibc keeps its own two real-time signals, 32 and 33, ignored in every child.)
    let mask = UInt64(ignored.stdoutText.dropFirst("SigIgn:\t".count).prefix(16), radix: 16)
    #expect(mask.map { $0 & 0x7FFF_FFFF } == 0, "no standard signal is ignored")
  }

  @Test func aChildLeadsItsOwnSessionAndProcessGroupWithNoTerminal() throws {
    let runner = ProcessRunner(grace: .milliseconds(300))
    _ = runner.start(sh("echo $$; exec sleep 30"))
    var pid: pid_t?
    let end = Platform.monotonicNow() + .seconds(5)
    var text = ""
    while pid == nil, Platform.monotonicNow() < end {
      for case .output(_, .stdout, let bytes) in runner.wait(until: end).events {
        text += String(decoding: bytes, as: UTF8.self)
        pid = pid_t(text.split(separator: "\n").first ?? "")
      }
    }
    let child = try #require(pid)
    let fields = Self.statFields(child)
    // state ppid pgrp session tty_nr
    #expect(fields.count > 5)
    #expect(fields[2] == String(child), "process group")
    #expect(fields[3] == String(child), "session")
    #expect(fields[4] == "0", "no controlling terminal")
    runner.shutdown()
    #expect(!Self.isAlive(child))
  }

  @Test func aTimeoutStopsTheCommandAndSaysSo() {
    let start = Platform.monotonicNow()
    let result = run(sh("sleep 30", timeout: .milliseconds(200)))
    #expect(result.end?.outcome == .timedOut(.milliseconds(200)))
    #expect(result.end?.outcome.exitStatus == 124)
    #expect(Platform.monotonicNow() - start < .seconds(5))
  }

  @Test func aCommandThatIgnoresSIGTERMIsKilledAfterTheGracePeriod() throws {
    let runner = ProcessRunner(grace: .milliseconds(300))
    let id = runner.start(sh("trap '' TERM; echo $$; while :; do sleep 0.05; done"))
    var pid: pid_t?
    var end: TaskEnd?
    let limit = Platform.monotonicNow() + .seconds(10)
    var stopped: Duration?
    while end == nil, Platform.monotonicNow() < limit {
      for event in runner.wait(until: limit).events {
        switch event {
        case .output(_, .stdout, let bytes):
          pid = pid ?? pid_t(String(decoding: bytes, as: UTF8.self).split(separator: "\n")[0])
          if stopped == nil {
            runner.stop(id)
            stopped = Platform.monotonicNow()
          }
        case .ended(_, let taskEnd): end = taskEnd
        default: break
        }
      }
    }
    #expect(end?.outcome == .stopped)
    let waited = Platform.monotonicNow() - (stopped ?? .zero)
    #expect(waited >= .milliseconds(250), "SIGTERM was ignored: SIGKILL came after the grace")
    runner.shutdown()
    #expect(!Self.isAlive(try #require(pid)))
  }

  @Test func aBackgroundJobHoldingThePipeDoesNotKeepTheTaskRunningOrOutliveIt() throws {
    let runner = ProcessRunner(grace: .milliseconds(300))
    let start = Platform.monotonicNow()
    let result = run(sh("sleep 30 & echo $!", capture: 100), runner: runner)
    #expect(result.end?.outcome == .exited(0))
    #expect(Platform.monotonicNow() - start < .seconds(5), "ended when the command ended")
    let orphan = try #require(pid_t(result.stdoutText.split(separator: "\n").first ?? ""))
    // After the grace period the rest of its process group is gone.
    let limit = Platform.monotonicNow() + .seconds(5)
    while Self.isAlive(orphan), Platform.monotonicNow() < limit {
      _ = runner.wait(until: Platform.monotonicNow() + .milliseconds(50))
    }
    #expect(!Self.isAlive(orphan))
    runner.shutdown()
    #expect(runner.isIdle)
  }

  @Test func shutdownStopsEveryChildAndItsGroupAtOnce() throws {
    let runner = ProcessRunner(grace: .milliseconds(500))
    _ = runner.start(sh("sleep 30 & echo $!; echo $$; wait"))
    _ = runner.start(sh("trap '' TERM; echo $$; while :; do sleep 0.05; done"))
    var pids: [pid_t] = []
    let limit = Platform.monotonicNow() + .seconds(5)
    while pids.count < 3, Platform.monotonicNow() < limit {
      for case .output(_, .stdout, let bytes) in runner.wait(until: limit).events {
        pids += String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap {
          pid_t($0)
        }
      }
    }
    #expect(pids.count == 3)
    let start = Platform.monotonicNow()
    runner.shutdown()
    #expect(Platform.monotonicNow() - start < .seconds(2))
    for pid in pids { #expect(!Self.isAlive(pid), "process \(pid)") }
    #expect(runner.isIdle)
  }

  @Test func stoppingARunningCommandEndsItAsStopped() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    let id = runner.start(sh("sleep 30"))
    runner.stop(id)
    var end: TaskEnd?
    let limit = Platform.monotonicNow() + .seconds(5)
    while end == nil, Platform.monotonicNow() < limit {
      for case .ended(_, let taskEnd) in runner.wait(until: limit).events { end = taskEnd }
    }
    #expect(end?.outcome == .stopped)
  }
}

/// Closure work on the executor: what it reports wakes the loop and comes back in order; a
/// cancel ends it at once and whatever it reports later is dropped.
@Suite struct ClosureWorkTests {
  func collect(_ executor: TaskExecutor, until done: ([TaskEvent]) -> Bool) -> [TaskEvent] {
    var events: [TaskEvent] = []
    let end = Platform.monotonicNow() + .seconds(10)
    while !done(events), Platform.monotonicNow() < end {
      events += executor.waitForEvents(until: Platform.monotonicNow() + .milliseconds(200)).events
    }
    return events
  }

  @Test func reportsThenTheEndWithTheAnswers() {
    let executor = TaskExecutor()
    let id = TaskID(.step(2), run: 1)
    let work = StepWork { context in
      context.progress(0.25)
      context.message("half way")
      context.log("a line")
      return ["done": .bool(true), "from": context.answers["name"] ?? .text("?")]
    }
    executor.perform([.run(id, .closure(work, answers: ["name": .text("Ann")]))])
    let events = collect(executor) { $0.contains { if case .ended = $0 { true } else { false } } }
    #expect(
      Array(events.prefix(3)) == [
        .report(id, .fraction(0.25)), .report(id, .message("half way")),
        .report(id, .log("a line")),
      ])
    guard case .ended(id, let end)? = events.last else {
      Issue.record("\(events)")
      return
    }
    #expect(end.outcome == .returned)
    #expect(end.answers == ["done": .bool(true), "from": .text("Ann")])
  }

  @Test func aCancelEndsItAtOnce() {
    let executor = TaskExecutor()
    let id = TaskID(.step(0), run: 7)
    let work = StepWork { context in
      try await Task.sleep(for: .seconds(30))
      context.log("never")
      return [:]
    }
    executor.perform([.run(id, .closure(work, answers: [:]))])
    executor.perform([.cancel(id)])
    let events = collect(executor) { !$0.isEmpty }
    guard case .ended(id, let end)? = events.first else {
      Issue.record("\(events)")
      return
    }
    #expect(end.outcome == .stopped)
    #expect(!executor.hasRunning)
  }

  @Test func anErrorIsTheFailure() {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
    let executor = TaskExecutor()
    let id = TaskID(.step(0), run: 1)
    executor.perform([.run(id, .closure(StepWork { _ in throw Boom() }, answers: [:]))])
    let events = collect(executor) { !$0.isEmpty }
    #expect(
      events == [
        .ended(
          id,
          TaskEnd(
            outcome: .threw("boom"),
            duration: events.first.map {
              if case .ended(_, let end) = $0 { return end.duration } else { return .zero }
            } ?? .zero))
      ])
  }
}
