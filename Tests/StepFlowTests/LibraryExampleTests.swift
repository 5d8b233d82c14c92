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
    let done = MultiSteps<Signup>.run([
      "--commands", "set email=ann@example.com; next; next; finish", "--output", "none",
    ])
    #expect(done.exitCode == ExitCode.finished && done.isFinished)
    #expect(done.current == .confirm && done.reached == [.account, .profile, .confirm])
    #expect(done.answers == ["email": .text("ann@example.com")])

    let refused = MultiSteps<Signup>.run(["--commands", "next", "--output", "none"])
    #expect(refused.exitCode == ExitCode.notFinished && !refused.isFinished)
    #expect(refused.current == .account, "the e-mail is not valid yet: next is refused")

    let bad = MultiSteps<Signup>.run(["--bogus"])
    #expect(bad.exitCode == ExitCode.usage && bad.current == nil)
  }
}
