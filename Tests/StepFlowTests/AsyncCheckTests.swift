import StepFlowTestSupport
import Synchronization
import Testing

@testable import StepFlow
@testable import StepFlowCore
@testable import StepFlowTerminal

/// A program's asynchronous checks: a field's (`validatingAsync`) and a step's.
///
/// They (`StepCheck(async:)` for a step) run as `.check` tasks whose work is a closure, with a spinner
/// and the time while they run, once per value, and refuse Next the way the built-in rules do.
///
/// Driven in process, by hand: the flow asks for the check (an effect), the test runs the
/// closure and hands its end back, and the screen is drawn at manual times.
@Suite struct AsyncCheckTests {
  /// Every value the lookup was asked about, in order.
  static let asked = Mutex<[String]>([])

  enum Signup: FlowSteps {
    case account, booking, done

    static let username = FieldSpec.text("username", "Username", required: true)
      .validatingAsync { value in
        guard case .text(let name) = value else { return nil }
        AsyncCheckTests.asked.withLock { $0.append(name) }
        return ["admin", "root"].contains(name) ? "is taken — try another" : nil
      }
    static let day = FieldSpec.text("day", "Day", required: true)
    static let seats = FieldSpec.number("seats", "Seats", rules: NumberRules(min: 1, max: 9))
    static let freeDays = StepCheck(async: { answers in
      guard case .text(let day)? = answers["day"] else { return [:] }
      return day == "sunday" ? ["day": "is fully booked", "seats": "none left"] : [:]
    })

    var fields: [FieldSpec] {
      switch self {
      case .account: [Self.username]
      case .booking: [Self.day, Self.seats]
      case .done: []
      }
    }
    var check: StepCheck? { self == .booking ? Self.freeDays : nil }
  }

  /// Runs the closure checks the effects ask for and gives back their ends.
  static func run(_ effects: [TaskEffect]) async -> [TaskEvent] {
    var events: [TaskEvent] = []
    for case .run(let id, .closure(let work, let answers)) in effects {
      let context = StepWorkContext(answers: answers) { _ in }
      let returned = (try? await work.body(context)) ?? [:]
      events.append(
        .ended(id, TaskEnd(outcome: .returned, duration: .seconds(1), answers: returned)))
    }
    return events
  }

  static func lines(_ flow: MultiSteps<Signup>, at now: Duration) -> [String] {
    flow.view(width: 60, height: 20, at: now).plainLines()
  }

  @Test func aPendingCheckSpinsWithTheTimeThenItsRefusalShowsUnderTheField() async throws {
    var flow = MultiSteps<Signup>()
    flow.send(.set(field: "username", value: "admin"))
    #expect(flow.send(.next) == .changed, "Next waits for the check")
    let effects = flow.takeEffects()
    guard case .run(let id, .closure)? = effects.first, effects.count == 1 else {
      Issue.record("no closure check asked for: \(effects)")
      return
    }
    #expect(id.subject == .check(field: "username"))
    let first = Self.lines(flow, at: .zero)
    let later = Self.lines(flow, at: .milliseconds(300))
    #expect(first.contains { $0.contains("⠋ Username: checking… 0.0 s") }, "\(first)")
    #expect(
      later.contains { $0.contains("⠸ Username: checking… 0.3 s") },
      "\(later.filter { $0.contains("checking") })")
    let hints = later.last { $0.contains("x stop") } ?? ""
    #expect(!hints.contains("output"), "a check has no output pane: \(hints)")
    // While it runs, Next waits and keys cannot change the value being checked.
    if case .refused(let refusal) = flow.send(.next) {
      #expect(refusal.message == "a value is being checked; wait for it")
    } else {
      Issue.record("a second Next did not wait")
    }
    flow.send(.press(.character("x")))
    #expect(flow.takeEffects() == [.cancel(id)], "x stops the check")
    #expect(flow.current == .account, "Next is not taken")
    #expect(!Self.lines(flow, at: .seconds(1)).contains { $0.contains("checking") })

    // Next again: a new run, and this time it ends with a refusal.
    flow.send(.next)
    let again = flow.takeEffects()
    #expect(again.count == 1 && again.first?.id != id, "a stopped check kept no verdict")
    for event in await Self.run(again) { flow.deliver(event, at: .seconds(1)) }
    #expect(flow.current == .account)
    #expect(flow.message == "Username: is taken — try another")
    let screen = Self.lines(flow, at: .seconds(1))
    #expect(screen.contains { $0.contains("Username: is taken — try another") }, "\(screen)")
    #expect(!screen.contains { $0.contains("checking") })
  }

  @Test func eachValueIsCheckedOnceAndAnAcceptedOneMovesOn() async throws {
    var flow = MultiSteps<Signup>()
    flow.send(.set(field: "username", value: "root"))
    flow.send(.next)
    for event in await Self.run(flow.takeEffects()) { flow.deliver(event, at: .seconds(1)) }
    // The refusal is kept for the value: Next refuses at once, without asking again.
    if case .refused(let refusal) = flow.send(.next) {
      #expect(refusal.message == "Username: is taken — try another")
      #expect(refusal.fields.map(\.fieldID) == ["username"], "a refusal of that field")
    } else {
      Issue.record("Next was not refused")
    }
    #expect(flow.takeEffects() == [])
    flow.send(.set(field: "username", value: "bob"))
    flow.send(.next)
    for event in await Self.run(flow.takeEffects()) { flow.deliver(event, at: .seconds(2)) }
    #expect(flow.current == .booking, "the waiting Next went on once it was accepted")
    flow.send(.back)
    #expect(flow.send(.next) == .moved(from: .account, to: .booking), "bob was accepted before")
    #expect(flow.takeEffects() == [])
    // Other tests ask about other names at the same time.
    #expect(Self.asked.withLock { $0 }.filter { ["root", "bob"].contains($0) } == ["root", "bob"])
  }

  @Test func theStepsCheckRunsAfterItsFieldsAndNamesTheFieldsItRefuses() async throws {
    var flow = MultiSteps<Signup>()
    flow.send(.set(field: "username", value: "ann"))
    flow.send(.next)
    for event in await Self.run(flow.takeEffects()) { flow.deliver(event, at: .seconds(1)) }
    flow.send(.set(field: "day", value: "sunday"))
    flow.send(.set(field: "seats", value: "2"))
    flow.send(.next)
    let effects = flow.takeEffects()
    #expect(effects.first?.id.subject == .stepCheck(1))
    #expect(
      Self.lines(flow, at: .milliseconds(500)).contains { $0.contains("Booking: checking… 0.5 s") })
    for event in await Self.run(effects) { flow.deliver(event, at: .seconds(1)) }
    #expect(flow.current == .booking)
    #expect(flow.message == "Day: is fully booked; Seats: none left")
    let screen = Self.lines(flow, at: .seconds(1))
    #expect(screen.contains { $0.contains("Day: is fully booked") }, "\(screen)")
    #expect(screen.contains { $0.contains("Seats: none left") })
    // The same answers are not checked again; other answers are.
    if case .refused = flow.send(.next) {} else { Issue.record("Next was not refused") }
    #expect(flow.takeEffects() == [])
    flow.send(.set(field: "day", value: "monday"))
    flow.send(.next)
    for event in await Self.run(flow.takeEffects()) { flow.deliver(event, at: .seconds(2)) }
    #expect(flow.current == .done)
  }

  @Test func quittingCancelsAPendingCheck() throws {
    var flow = MultiSteps<Signup>()
    flow.send(.set(field: "username", value: "ann"))
    flow.send(.next)
    let id = try #require(flow.takeEffects().first?.id)
    flow.send(.quit)
    #expect(flow.takeEffects() == [.cancel(id)])
    #expect(flow.isCancelled)
  }

  @Test func scriptsWaitForTheChecksAndTellTheirRefusals() {
    let refused = MultiSteps<Signup>.run(
      options: RunOptions(mode: .script("set username=admin; next")))
    #expect(refused.status == .notFinished)
    #expect(
      refused.messages.contains { $0.contains("Username: is taken — try another") },
      "\(refused.messages)")
    let booked = MultiSteps<Signup>.run(
      options: RunOptions(
        mode: .script("set username=ann; next; set day=sunday; set seats=1; next")))
    #expect(
      booked.messages.contains { $0.contains("Day: is fully booked; Seats: none left") },
      "\(booked.messages)")
    let done = MultiSteps<Signup>.run(
      options: RunOptions(
        mode: .script("set username=ann; next; set day=monday; set seats=1; next; finish")))
    #expect(done.status == .finished, "\(done.messages)")
    #expect(done.answers.text("username") == "ann")
  }

  /// The real executor cancels the closure's `Task` when the check is stopped.
  @Test func stoppingACheckCancelsTheClosuresTask() throws {
    var flow = MultiSteps<Slow>()
    flow.send(.set(field: "name", value: "ann"))
    flow.send(.next)
    let executor = TaskExecutor()
    defer { executor.shutdown() }
    executor.perform(flow.takeEffects())
    #expect(flow.send(.stop) == .changed)
    let stop = flow.takeEffects()
    #expect(stop.count == 1)
    executor.perform(stop)
    for _ in 0..<200 where !Slow.cancelled.withLock({ $0 }) {
      _ = executor.waitForEvents(until: Platform.monotonicNow() + .milliseconds(50))
    }
    #expect(Slow.cancelled.withLock { $0 }, "the closure saw its Task cancelled")
    #expect(flow.current == .name)
  }

  enum Slow: FlowSteps {
    case name, done
    static let cancelled = Mutex(false)
    static let slowName = FieldSpec.text("name", "Name").validatingAsync { _ in
      do {
        try await Task.sleep(for: .seconds(600))
      } catch {
        Slow.cancelled.withLock { $0 = true }
      }
      return nil
    }
    var fields: [FieldSpec] { self == .name ? [Self.slowName] : [] }
  }
}
