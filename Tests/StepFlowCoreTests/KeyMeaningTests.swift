import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// A key means one thing: `press KEY` on the pure update does what the key does on the
/// screen — the y/n question and the help overlay are part of the state.
@Suite struct KeyMeaningTests {
  static let name = try? FieldSpec(id: "name", label: "Name", kind: .text())

  /// Two steps with Back/Next; the first asks a name.
  static func form() -> UpdateScenario {
    UpdateScenario(.steps(2, fields: [1: [name].compactMap { $0 }]))
  }

  @Test func quitAsksFirstOnceSomethingIsAnswered() {
    var flow = Self.form()
    flow.send("set name=Ann", expect: .changed)
    flow.send("press esc", expect: .changed)  // leave the field: q is a key again
    flow.send("press q", expect: .changed)
    #expect(flow.state.pendingConfirmation == .quit)
    flow.expect(current: 1, reached: 1, status: .running)
    flow.send("press x", expect: .refused)
    #expect(flow.state.pendingConfirmation == .quit, "other keys leave the question")
    flow.send("press n", expect: .changed)
    #expect(flow.state.pendingConfirmation == nil)
    flow.send("press q", expect: .changed)
    flow.send("press y", expect: .cancelled)
    flow.expect(current: 1, reached: 1, status: .cancelled)
  }

  @Test func quitWithNothingAnsweredIsImmediate() {
    var flow = UpdateScenario(.steps(3))
    flow.send("press q", expect: .cancelled)
    #expect(flow.state.pendingConfirmation == nil)
  }

  @Test func resetAsksFirstAndYesStartsOver() {
    var flow = Self.form()
    flow.send("set name=Ann", expect: .changed)
    flow.send("next", expect: .moved)
    flow.send("press r", expect: .changed)
    #expect(flow.state.pendingConfirmation == .reset)
    flow.expect(current: 2, reached: 2)
    flow.send("press y", expect: .moved)
    flow.expect(current: 1, reached: 1)
    #expect(flow.state.answers["name"] == nil)
    #expect(flow.state.pendingConfirmation == nil)
  }

  /// A script command is an answer of its own: it drops the question and runs.
  @Test func aCommandDropsTheQuestion() {
    var flow = Self.form()
    flow.send("set name=Ann", expect: .changed)
    flow.send("press esc", expect: .changed)
    flow.send("press q", expect: .changed)
    flow.send("next", expect: .moved)
    #expect(flow.state.pendingConfirmation == nil)
    flow.expect(current: 2, reached: 2)
  }

  @Test func anyKeyClosesTheHelpAndDoesNothingElse() {
    var flow = UpdateScenario(.steps(3))
    flow.send("press ?", expect: .changed)
    #expect(flow.state.showsHelp)
    flow.send("press l", expect: .changed)
    #expect(!flow.state.showsHelp)
    flow.expect(current: 1, reached: 1)
    flow.send("press l", expect: .moved)
    flow.expect(current: 2, reached: 2)
  }

  /// What Enter will do comes from the decision that does it: on the last step that is shown
  /// (the next one's condition does not hold), Enter finishes.
  @Test func enterFinishesOnTheLastShownStep() {
    let flow = FlowDefinition(
      id: "c", title: "C",
      steps: [
        StepDefinition(id: "a", title: "A", fields: [Self.name].compactMap { $0 }),
        StepDefinition(
          id: "b", title: "B", when: Condition(field: "name", test: .equals("Bob"))),
      ],
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var run = UpdateScenario(flow)
    run.send("set name=Ann", expect: .changed)
    let submit = FlowMachine.enterEffect(of: .submit, run.state, flow)
    #expect(submit == .finish, "the name is the only field, and step B is not shown")
    run.send("press enter", expect: .finished)

    var bob = UpdateScenario(flow)
    bob.send("set name=Bob", expect: .changed)
    #expect(FlowMachine.enterEffect(of: .submit, bob.state, flow) == .nextStep)
    bob.send("press enter", expect: .moved)
    bob.expect(current: 2, reached: 2)
  }
}
