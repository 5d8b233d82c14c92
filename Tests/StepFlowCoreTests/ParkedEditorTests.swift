import Testing

@testable import StepFlowCore

/// A flow of `count` steps with a text field each (`s0`/`f0`…).
private func longFlow(_ count: Int) throws -> FlowDefinition {
  let steps = try (0..<count).map { i in
    StepDefinition(
      id: "s\(i)", title: "Step \(i)",
      fields: [try FieldSpec(id: "f\(i)", label: "Field \(i)", kind: .text())])
  }
  return FlowDefinition(
    id: "long", title: "Long", steps: steps,
    strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
}

/// The editors of steps left earlier: kept near the current step, made again from the answers
/// farther away, so that a long walk holds a bounded number of them.
@Suite struct ParkedEditorTests {
  @Test func aLongWalkKeepsTheNearestEditorsAndEveryAnswer() throws {
    let flow = try longFlow(80)
    var state = FlowState(flow: flow)
    for i in 0..<79 {
      #expect(FlowMachine.apply(.type("x\(i)"), to: &state, flow: flow) == .changed)
      _ = FlowMachine.apply(.next, to: &state, flow: flow)
    }
    #expect(state.progression.current == 79)
    #expect(state.parkedEditors.count == FlowState.parkedLimit)
    #expect(state.parkedEditors.keys.min() == 79 - FlowState.parkedLimit)
    #expect(state.answers.count == 79, "every answer stays")
    // A step far back is made again from its answer; one near is the editor it left.
    _ = FlowMachine.apply(.tap(1), to: &state, flow: flow)
    #expect(state.progression.current == 0)
    #expect(state.editor?.focusedField?.value == .text("x0"))
    _ = FlowMachine.apply(.tap(79), to: &state, flow: flow)
    #expect(state.editor?.focusedField?.value == .text("x78"))
    #expect(state.parkedEditors.count <= FlowState.parkedLimit)
  }

  @Test func setOnAnotherStepFindsItsStepAndDropsItsParkedEditor() throws {
    let flow = try longFlow(40)
    #expect(flow.field("f27")?.step == 27)
    #expect(flow.field("f27")?.spec.label == "Field 27")
    #expect(flow.field("nope") == nil)
    var state = FlowState(flow: flow)
    for i in 0..<3 {
      _ = FlowMachine.apply(.type("x\(i)"), to: &state, flow: flow)
      _ = FlowMachine.apply(.next, to: &state, flow: flow)
    }
    #expect(state.parkedEditors[1] != nil)
    // A step left earlier and one not reached yet: both keep the answer.
    #expect(FlowMachine.apply(.set(field: "f1", value: "new"), to: &state, flow: flow) == .changed)
    #expect(
      FlowMachine.apply(.set(field: "f30", value: "later"), to: &state, flow: flow) == .changed)
    #expect(state.parkedEditors[1] == nil, "the step shows the new answer when it comes back")
    #expect(state.answers["f1"] == .text("new"))
    #expect(state.answers["f30"] == .text("later"))
    _ = FlowMachine.apply(.tap(2), to: &state, flow: flow)
    #expect(state.editor?.focusedField?.value == .text("new"))
    guard
      case .refused(let message) = FlowMachine.apply(
        .set(field: "f300", value: "x"), to: &state, flow: flow)
    else {
      Issue.record("an unknown field is refused")
      return
    }
    #expect(message.contains("f300"))
  }
}
