import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

/// The README's library example, as it is written there.
@Suite struct LibraryExampleTests {
  enum Signup: CaseIterable { case account, profile, confirm }

  @Test func oneEnumIsAFlow() throws {
    var steps = StepProgress<Signup>()
    #expect(steps.reached == [.account] && steps.current == .account)
    steps.next()
    #expect(steps.reached == [.account, .profile] && steps.current == .profile)
    steps.back()
    #expect(steps.reached == [.account] && steps.current == .account)

    let flow = FlowDefinition(Signup.self, id: "signup", title: "Sign up")
    #expect(flow.steps.map(\.id) == ["account", "profile", "confirm"])
    #expect(flow.steps.map(\.title) == ["Account", "Profile", "Confirm"])
    // The same command line as `stepflow run`, for this flow.
    #expect(
      StepFlowCLI.run(flow, arguments: ["--commands", "next; next; finish", "--output", "none"])
        == ExitCode.finished)
    #expect(
      StepFlowCLI.run(flow, arguments: ["--commands", "next", "--output", "none"])
        == ExitCode.notFinished)
    #expect(StepFlowCLI.run(flow, arguments: ["--bogus"]) == ExitCode.usage)
  }
}
