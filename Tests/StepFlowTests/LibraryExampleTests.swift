import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCommandLine
@testable import StepFlowTerminal

/// The README's library example, as it is written there.
@Suite struct LibraryExampleTests {
  enum Signup: FlowSteps {
    case account, profile, confirm

    static let email = try? FieldSpec(
      id: "email", label: "E-mail", kind: .text(placeholder: "ann@example.com"), required: true,
      check: .email)

    var fields: [FieldSpec] { self == .account ? [Self.email].compactMap { $0 } : [] }
  }

  @Test func oneEnumIsAFlow() throws {
    var signup = MultiSteps<Signup>()
    #expect(signup.reached == [.account] && signup.current == .account)
    signup.send(.set(field: "email", value: "ann@example.com"))
    #expect(signup.send(.next) == .moved(from: .account, to: .profile))
    #expect(signup.reached == [.account, .profile] && signup.current == .profile)
    signup.send(.back)
    #expect(signup.reached == [.account] && signup.current == .account)
    #expect(signup.answers == ["email": .text("ann@example.com")])

    let flow = signup.definition
    #expect(flow.id == "signup")
    #expect(flow.steps.map(\.id) == ["account", "profile", "confirm"])
    #expect(flow.steps.map(\.title) == ["Account", "Profile", "Confirm"])
    #expect(signup.view(width: 80, height: 24).plainLines().contains { $0.contains("E-mail") })
  }

  @Test func theRunReturnsATypedResultWithTheWholeCommandLine() {
    let done = MultiSteps<Signup>.runFromCommandLine([
      "--commands", "set email=ann@example.com; next; next; finish", "--output", "none",
    ])
    #expect(done.exitCode == ExitCode.finished && done.isFinished)
    #expect(done.current == .confirm && done.reached == [.account, .profile, .confirm])
    #expect(done.answers == ["email": .text("ann@example.com")])

    let refused = MultiSteps<Signup>.runFromCommandLine(["--commands", "next", "--output", "none"])
    #expect(refused.exitCode == ExitCode.notFinished && !refused.isFinished)
    #expect(refused.current == .account, "the e-mail is not valid yet: next is refused")

    let bad = MultiSteps<Signup>.runFromCommandLine(["--bogus"])
    #expect(bad.exitCode == ExitCode.usage && bad.current == nil)
  }
}

/// The typed run and its typed result, in the process.
@Suite struct TypedRunTests {
  enum Signup: FlowSteps {
    case account, profile, confirm

    static let email = try? FieldSpec(
      id: "email", label: "E-mail", kind: .text(placeholder: "ann@example.com"), required: true,
      check: .email)
    static let news = try? FieldSpec(id: "news", label: "Newsletter", kind: .confirm)

    var fields: [FieldSpec] {
      switch self {
      case .account: return [Self.email].compactMap { $0 }
      case .profile: return [Self.news].compactMap { $0 }
      case .confirm: return []
      }
    }
  }

  @Test func aScriptRunReturnsTypedAnswersAndItsMessages() {
    let result = MultiSteps<Signup>.run(
      options: RunOptions(
        mode: .script("next; set email=ann@example.com; next; set news=yes; next; finish")))
    #expect(result.status == .finished && result.exitCode == 0)
    #expect(result.answers.text("email") == "ann@example.com")
    #expect(result.answers.bool("news") == true)
    #expect(result.answers.number("email") == nil, "an answer of another type is nil")
    #expect(result.messages == ["command 1: next: E-mail is required"])
  }

  @Test func theStatusSaysWhyARunEnded() {
    #expect(
      MultiSteps<Signup>.run(options: RunOptions(mode: .script("next"))).status == .notFinished)
    #expect(MultiSteps<Signup>.run(options: RunOptions(mode: .script("quit"))).status == .cancelled)
    let failed = MultiSteps<Signup>.run(options: RunOptions(mode: .script("fly")))
    #expect(failed.status == .failed && failed.exitCode == 65)
    #expect(failed.messages == ["command 1: unknown command \"fly\""])
  }

  @Test func answersGivenAsValuesStartTheRun() {
    let result = MultiSteps<Signup>.run(
      options: RunOptions(mode: .script("next; next; finish"), answers: ["email": .text("a@b.co")]))
    #expect(result.isFinished && result.answers.text("email") == "a@b.co")
    let unknown = MultiSteps<Signup>.run(
      options: RunOptions(mode: .script("next"), answers: ["emial": .text("a@b.co")]))
    #expect(unknown.status == .failed && unknown.current == nil)
    #expect(
      unknown.messages == [
        "no field \"emial\" in \"signup\" for the answer given (did you mean \"email\"?)"
      ])
  }

  @Test func aRefusalIsAValueNamingTheFields() {
    var signup = MultiSteps<Signup>()
    guard case .refused(let refusal) = signup.send(.next) else {
      Issue.record("next with no e-mail must be refused")
      return
    }
    #expect(refusal.message == "E-mail is required")
    #expect(refusal.fields.map(\.fieldID) == ["email"])
    #expect(refusal.fields.map(\.message) == ["E-mail is required"])
    signup.send(.set(field: "email", value: "ann@example.com"))
    #expect(signup.send(.next) == .moved(from: .account, to: .profile))
    #expect(signup.answers.text("email") == "ann@example.com")
  }
}
