import Testing

@testable import StepFlowCore

/// The editors of steps left earlier: kept near the current step, made again from the answers
/// farther away, so that a long walk holds a bounded number of them.
@Suite struct ParkedEditorTests {
  @Test func aLongWalkKeepsTheNearestEditorsAndEveryAnswer() throws {
    let steps = try (0..<80).map { i in
      StepDefinition(
        id: "s\(i)", title: "Step \(i)",
        fields: [try FieldSpec(id: "f\(i)", label: "Field \(i)", kind: .text())])
    }
    let flow = FlowDefinition(
      id: "long", title: "Long", steps: steps,
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
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
}
