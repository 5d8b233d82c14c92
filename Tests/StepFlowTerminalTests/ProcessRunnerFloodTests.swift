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
