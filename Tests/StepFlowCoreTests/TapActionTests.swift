import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// A flow decides what a tap on a step does, and key N and `tap N` both ask it.
@Suite struct TapActionTests {
  private func flow(_ action: TapAction, fields: [Int: [FieldSpec]] = [:]) -> FlowDefinition {
    let plain = FlowDefinition.steps(4, fields: fields)
    return FlowDefinition(
      id: plain.id, title: plain.title, steps: plain.steps, strip: plain.strip,
      navigation: plain.navigation, tapAction: action)
  }

  @Test func theStandardActionRevisitsReachedStepsAndRefusesOthers() {
    var scenario = UpdateScenario(.steps(4))
    scenario.send("next", expect: .moved)
    scenario.send("next", expect: .moved)
    scenario.send("tap 1", expect: .moved)
    scenario.expect(current: 1, reached: 3)
    scenario.send("tap 3", expect: .moved)
    let outcome = scenario.send("tap 4", expect: .refused)
    #expect(outcome == .refused("step 4 (Step 4) is not reached yet"))
    #expect(
      scenario.send("tap 9", expect: .refused)
        == .refused("there is no step 9: steps go from 1 to 4"))
  }

  @Test func theActionIsToldTheTappedIndexFromZeroAndWhereTheFlowStands() {
    let seen = Recorder()
    var scenario = UpdateScenario(
      flow(
        TapAction { index, context in
          seen.record("\(index) of \(context.stepCount), reached \(context.reachedCount)")
          return context.standardResponse
        }))
    scenario.send("next", expect: .moved)
    scenario.send("tap 1", expect: .moved)
    #expect(seen.lines == ["0 of 4, reached 2"])
  }

  @Test func nothingLeavesTheFlowAsItIsAndSaysNothing() {
    var scenario = UpdateScenario(flow(TapAction { _, _ in .nothing }))
    scenario.send("next", expect: .moved)
    scenario.send("tap 1", expect: .changed)
    scenario.expect(current: 2, reached: 2)
    // A key N asks the same action.
    scenario.send("press 1", expect: .changed)
    scenario.expect(current: 2, reached: 2)
  }

  @Test func refuseShowsTheFlowsOwnMessage() {
    var scenario = UpdateScenario(flow(TapAction { _, _ in .refuse("the order is on its way") }))
    #expect(scenario.send("tap 1", expect: .refused) == .refused("the order is on its way"))
  }

  @Test func moveGoesForwardPastWhatIsReachedAnsweringEveryStepOnTheWay() throws {
    let name = try FieldSpec(id: "name", label: "Name", kind: .text(), required: true)
    var scenario = UpdateScenario(flow(TapAction { _, _ in .move }, fields: [2: [name]]))
    // Step 2 asks a name: the tap stops there, and the flow stays where it was.
    scenario.send("tap 3", expect: .refused)
    scenario.expect(current: 1, reached: 1)
    #expect(scenario.state.answers["name"] == nil)
    scenario.send("set name=Ann", expect: .changed)
    scenario.send("tap 4", expect: .moved)
    scenario.expect(current: 4, reached: 4)
  }

  @Test func aRefusedMoveOnTheWayLeavesTheFlowWhereItWas() throws {
    let name = try FieldSpec(id: "name", label: "Name", kind: .text(), required: true)
    var scenario = UpdateScenario(flow(TapAction { _, _ in .move }, fields: [3: [name]]))
    // Step 2 is passed, step 3 refuses: the flow stays on step 1, nothing reached.
    let outcome = scenario.send("tap 4", expect: .refused)
    #expect(outcome == .refused("Name is required"))
    scenario.expect(current: 1, reached: 1)
  }

  @Test func rateInAFlowOfStepsReachesExactlyN() {
    var scenario = UpdateScenario(flow(TapAction { index, _ in .rate(index + 1) }))
    scenario.send("tap 3", expect: .moved)
    scenario.expect(current: 3, reached: 3)
    scenario.send("tap 2", expect: .moved)
    scenario.expect(current: 2, reached: 2)
  }

  @Test func aRatingTapsToRateThroughTheStandardAction() {
    var scenario = UpdateScenario(.stars(5))
    scenario.send("tap 4", expect: .moved)
    #expect(scenario.state.rating == 4)
    scenario.send("press 2", expect: .moved)
    #expect(scenario.state.rating == 2)
  }

  @Test func actionsAreEqualOnlyToThemselves() {
    let a = TapAction { _, _ in .nothing }
    let b = TapAction { _, _ in .nothing }
    #expect(a == a && a != b && TapAction.standard == TapAction.standard)
  }
}
