import Synchronization
import Testing

@testable import StepFlow
@testable import StepFlowCore

/// Work a Swift program gives a step: an async closure with a progress reporter, run through
/// the same effects and events as a command.
///
/// Driven here in process, by hand: the flow asks for the work (an effect), a fake runner runs the
/// closure and hands back what it reported, and the screen is drawn at manual times — no terminal,
/// no process, no sleeping.
@Suite struct StepWorkTests {
  enum Upload: FlowSteps {
    case pick, upload, done

    static let file = try? FieldSpec(id: "file", label: "File", kind: .text(), required: true)
    static let uploading = StepWork { work in
      let file = work.answers["file"]?.dataText ?? "?"
      work.message("Uploading \(file)")
      work.progress(0.5)
      work.log("sent part 1 of 2")
      try Task.checkCancellation()
      return ["url": .text("https://example.com/\(file)")]
    }

    var fields: [FieldSpec] { self == .pick ? [Self.file].compactMap { $0 } : [] }
    var work: StepWork? { self == .upload ? Self.uploading : nil }
  }

  enum Failing: FlowSteps {
    case start, broken

    struct Refused: Error, CustomStringConvertible {
      var description: String { "the server said no" }
    }
    static let breaking = StepWork { _ in throw Refused() }
    var work: StepWork? { self == .broken ? Self.breaking : nil }
  }

  /// Runs closure work in process, as the real runner does minus the threads: what the
  /// closure reports comes back as events, then its end.
  struct FakeRunner {
    final class Reports: Sendable {
      let list = Mutex<[TaskReport]>([])
    }

    func run(_ effects: [TaskEffect]) async -> [TaskEvent] {
      var events: [TaskEvent] = []
      for case .run(let id, .closure(let work, let answers)) in effects {
        let reports = Reports()
        let context = StepWorkContext(answers: answers) { report in
          reports.list.withLock { $0.append(report) }
        }
        let outcome: TaskOutcome
        var returned: [String: FieldValue] = [:]
        do {
          returned = try await work.body(context)
          outcome = .returned
        } catch {
          outcome = .threw(String(describing: error))
        }
        events += reports.list.withLock { $0 }.map { .report(id, $0) }
        events.append(
          .ended(id, TaskEnd(outcome: outcome, duration: .seconds(2), answers: returned)))
      }
      return events
    }
  }

  @Test func theWorkRunsWithItsProgressAndItsAnswersJoinTheFlows() async throws {
    var flow = MultiSteps<Upload>()
    flow.send(.set(field: "file", value: "a.txt"))
    flow.send(.next)
    #expect(flow.current == .upload)
    #expect(flow.workStatus == .notRun)
    #expect(flow.takeEffects() == [], "it waits for Enter")
    #expect(
      flow.view(width: 60, height: 20).plainLines().contains {
        $0.contains("Upload: Enter runs it")
      })
    if case .refused = flow.send(.next) {} else { Issue.record("Next went past work not done") }
    flow.send(.enter)
    let effects = flow.takeEffects()
    guard case .run(let id, .closure(_, let answers))? = effects.first else {
      Issue.record("no work asked for: \(effects)")
      return
    }
    #expect(answers["file"] == .text("a.txt"), "the work is given the answers so far")
    #expect(flow.workStatus == .running)
    let events = await FakeRunner().run(effects)
    for event in events.dropLast() { flow.deliver(event, at: .seconds(1)) }
    let running = flow.view(width: 60, height: 20, at: .seconds(1)).plainLines()
    #expect(running.contains { $0.contains("Upload · Uploading a.txt · 1.0 s") }, "\(running)")
    #expect(running.contains { $0.contains("50%") })
    #expect(running.contains { $0.contains("sent part 1 of 2") })
    flow.deliver(try #require(events.last), at: .seconds(2))
    #expect(flow.workStatus == .succeeded)
    #expect(flow.answers.text("url") == "https://example.com/a.txt")
    #expect(flow.send(.next) == .moved(from: .upload, to: .done))
    #expect(flow.send(.finish) == .finished)
    #expect(id.subject == .step(1))
  }

  @Test func workThatThrowsShowsRetryBackQuitAndRetryAsksAgain() async throws {
    var flow = MultiSteps<Failing>()
    flow.send(.next)
    flow.send(.enter)
    let first = flow.takeEffects()
    for event in await FakeRunner().run(first) { flow.deliver(event, at: .seconds(1)) }
    #expect(flow.workStatus == .failed("failed: the server said no"))
    let screen = flow.view(width: 60, height: 16, at: .seconds(1)).plainLines()
    #expect(screen.contains { $0.contains("Broken failed: the server said no") })
    #expect(
      screen.contains {
        $0.contains("[ Retry ]") && $0.contains("[ Back ]") && $0.contains("[ Quit ]")
      })
    #expect(!screen.contains { $0.contains("[ Skip ]") }, "the work is required")
    flow.send(.retry)
    let second = flow.takeEffects()
    #expect(second.count == 1 && second.first?.id != first.first?.id, "a new run")
  }

  @Test func quittingCancelsTheWork() throws {
    var flow = MultiSteps<Upload>()
    flow.send(.set(field: "file", value: "a.txt"))
    flow.send(.next)
    flow.send(.enter)
    let id = try #require(flow.takeEffects().first?.id)
    flow.send(.quit)
    #expect(flow.takeEffects() == [.cancel(id)])
    #expect(flow.isCancelled)
  }

  @Test func aScriptedRunRunsTheWorkAndWaitsForIt() {
    let result = MultiSteps<Upload>.run(
      options: RunOptions(mode: .script("set file=a.txt; next; enter; next; finish")))
    #expect(result.status == .finished, "\(result.messages)")
    #expect(result.answers.text("url") == "https://example.com/a.txt")
  }

  @Test func aScriptedRunStopsAtWorkThatThrows() {
    let result = MultiSteps<Failing>.run(options: RunOptions(mode: .script("next; enter; finish")))
    #expect(result.status == .notFinished)
    #expect(result.exitCode == 1)
    #expect(result.current == .broken)
    #expect(
      result.messages.contains { $0.contains("Broken did not succeed") }, "\(result.messages)")
  }
}
