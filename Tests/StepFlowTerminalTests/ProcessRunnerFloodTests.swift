import Glibc
import StepFlowCore
import Testing

@testable import StepFlowTerminal

/// Huge output on real processes: a flood that passes through the kernel but for its last
/// MiB, a stream read whole for its progress, bounded chunks.
extension ProcessRunnerTests {
  @Test func aFloodOnALoggedStreamPassesUnreadButForItsLastMebibyte() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    var launch = sh("yes | head -c 30M; echo end >&2; echo last", capture: 64)
    launch.capturePart = .end
    launch.logOnly = [.stdout, .stderr]
    let id = runner.start(launch)
    var read = 0
    var skipped = 0
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var end: TaskEnd?
    let limit = Platform.monotonicNow() + .seconds(60)
    while end == nil, Platform.monotonicNow() < limit {
      // A loop busy elsewhere (drawing, keys) comes back to a full pipe.
      usleep(20_000)
      var ready = runner.pollDescriptors()
      _ = poll(&ready, nfds_t(ready.count), 0)
      for event in runner.service(ready) {
        switch event {
        case .output(let who, let stream, let bytes) where who == id:
          read += bytes.count
          if stream == .stdout { stdout += bytes } else { stderr += bytes }
        case .skipped(let who, .stdout, let count) where who == id:
          skipped += count
          stdout = []
        case .ended(let who, let taskEnd) where who == id: end = taskEnd
        default: break
        }
      }
    }
    #expect(end?.outcome == .exited(0))
    #expect(read + skipped == 30 << 20 + 4 + 5, "every byte is read or counted as passed")
    #expect(skipped > 0 && read < 15 << 20, "most of the flood was never read: \(read) read")
    #expect(Array(stdout.suffix(9)) == Array("y\ny\nlast\n".utf8))
    #expect(stdout.count >= 64 << 10, "what follows the last bytes passed is the ring's end")
    #expect(String(decoding: stderr, as: UTF8.self) == "end\n", "stderr came whole")
    #expect(end?.captured.count == 64 && end?.capturedTruncated == true)
    #expect(String(decoding: end?.captured.suffix(7) ?? [], as: UTF8.self) == "y\nlast\n")
  }

  /// Services the runner as a busy loop would (every 20 ms), handing each event of `id` to
  /// `each` until it returns false or the run ends.
  func pump(
    _ runner: ProcessRunner, _ id: ProcessRunner.ID, limit: Duration = .seconds(60),
    _ each: (ProcessRunner.Event) -> Bool
  ) {
    let end = Platform.monotonicNow() + limit
    while Platform.monotonicNow() < end {
      usleep(20_000)
      var ready = runner.pollDescriptors()
      _ = poll(&ready, nfds_t(ready.count), 0)
      for event in runner.service(ready) {
        switch event {
        case .output(let who, _, _), .skipped(let who, _, _), .ended(let who, _):
          guard who == id else { continue }
          if !each(event) { return }
          if case .ended = event { return }
        }
      }
    }
  }

  /// Whether `bytes` are `yes`'s output from the absolute offset `start` ("y" at even ones).
  static func isYes(_ bytes: [UInt8], from start: Int) -> Bool {
    bytes.indices.allSatisfy { bytes[$0] == ((start + $0) % 2 == 0 ? UInt8(ascii: "y") : 10) }
  }

  /// Hands a runner event to a task's log as the screen does.
  static func log(_ event: ProcessRunner.Event, into log: inout TaskLog) {
    switch event {
    case .output(_, let stream, let bytes): log.append(bytes, from: stream)
    case .skipped(_, let stream, let count): log.skip(count, of: stream)
    case .ended: break
    }
  }

  @Test func aFloodShowsItsEndUnlessWatchedThenItsWholeLastMebibyteAtOnce() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    var launch = sh("yes")
    launch.logOnly = [.stdout]
    let id = runner.start(launch)
    defer { runner.shutdown() }
    var log = TaskLog()
    var tails = 0
    var passed = false
    // Unwatched: once the flood is under way (bytes pass unread), each take is its end only.
    pump(runner, id) { event in
      Self.log(event, into: &log)
      switch event {
      case .skipped(_, _, let count):
        #expect(count > 0)
        passed = true
      case .output(_, _, let bytes) where passed:
        #expect(bytes.count <= RunnerChild.floodTail)
        tails += 1
      default: break
      }
      return tails < 3
    }
    #expect(tails == 3 && log.total - log.firstOffset <= RunnerChild.floodTail)
    // Watched: the whole ring comes with the next service, without waiting for a poll.
    runner.watch(id, true)
    let whole = runner.service([pollfd]())
    for event in whole { Self.log(event, into: &log) }
    #expect(log.total - log.firstOffset >= 512 << 10, "the ring's MiB, not its end")
    #expect(
      Self.isYes(log.bytes(of: .stdout), from: log.firstOffset),
      "sent again whole: the bytes as the command wrote them, in order, once")
    runner.stop(id)
    pump(runner, id) { event in
      Self.log(event, into: &log)
      return true
    }
  }

  @Test func aFloodsLogEndsExactWhateverWasWatchedOnTheWay() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    var launch = sh("yes | head -c 30M; echo last", capture: 64)
    launch.capturePart = .end
    launch.logOnly = [.stdout]
    let id = runner.start(launch)
    var log = TaskLog()
    var events = 0
    var end: TaskEnd?
    pump(runner, id) { event in
      Self.log(event, into: &log)
      events += 1
      // The pane opens and closes on the way.
      if events % 7 == 0 { runner.watch(id, events % 14 == 0) }
      if case .ended(_, let taskEnd) = event { end = taskEnd }
      return true
    }
    #expect(end?.outcome == .exited(0))
    #expect(log.total == 30 << 20 + 5, "every byte counted once: \(log.total)")
    let text = log.bytes(of: .stdout)
    #expect(text.count >= 512 << 10 && Array(text.suffix(9)) == Array("y\ny\nlast\n".utf8))
    #expect(Self.isYes(Array(text.dropLast(5)), from: log.firstOffset))
    #expect(end?.captured == Array(text.suffix(64)), "the capture is the output's end")
  }

  @Test func aPipeFoundHalfFullFloodsBeforeAnyOfItIsRead() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    var launch = sh("yes | head -c 8M")
    launch.logOnly = [.stdout]
    let id = runner.start(launch)
    // Nobody reads for a while (a loop busy drawing): the command fills its pipe, and waits.
    usleep(300_000)
    var readFirst = 0
    var flooded = false
    var total = 0
    var tail: [UInt8] = []
    var ended = false
    pump(runner, id) { event in
      switch event {
      case .output(_, _, let bytes):
        if !flooded { readFirst += bytes.count }
        total += bytes.count
        tail = Array((tail + bytes).suffix(4))
      case .skipped(_, _, let count):
        flooded = true
        total += count
      case .ended: ended = true
      }
      return true
    }
    #expect(ended && flooded)
    #expect(readFirst == 0, "the full pipe was spliced, not read: \(readFirst) bytes read first")
    #expect(total == 8 << 20, "every byte read or counted as passed")
    #expect(tail == Array("y\ny\n".utf8))
  }

  @Test func aFloodOnAStreamProgressIsReadFromIsReadWhole() {
    // percent: stdout is read for progress, so every byte of it is read.
    var launch = sh("yes 50 | head -c 8M")
    launch.logOnly = [.stderr]
    let result = run(launch)
    #expect(result.stdout.count == 8 << 20)
  }

  @Test func hugeOutputComesInBoundedChunksAndOnlyTheCaptureIsKept() {
    let runner = ProcessRunner(grace: .milliseconds(300))
    let id = runner.start(
      TaskLaunch(arguments: ["head", "-c", "100000000", "/dev/zero"], captureLimit: 65536))
    var total = 0
    var largest = 0
    var end: TaskEnd?
    let limit = Platform.monotonicNow() + .seconds(60)
    while end == nil, Platform.monotonicNow() < limit {
      for event in runner.wait(until: limit).events {
        switch event {
        case .output(let who, _, let bytes) where who == id:
          total += bytes.count
          largest = max(largest, bytes.count)
        case .ended(_, let taskEnd): end = taskEnd
        default: break
        }
      }
    }
    #expect(total == 100_000_000)
    #expect(largest <= 1 << 20)
    #expect(end?.outcome == .exited(0))
    #expect(end?.captured.count == 65536)
    #expect(end?.capturedTruncated == true)
  }
}
