import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// A program's own checks, as Swift closures: a field's validator and a step's check refuse
/// Next the way the built-in rules do, with the message under the field.
@Suite struct ValidationClosureTests {
  private static let taken: Set = ["admin", "root"]

  private func user(required: Bool = true) throws -> FieldSpec {
    try FieldSpec(id: "user", label: "User name", kind: .text(), required: required) { value in
      guard case .text(let name) = value else { return nil }
      return Self.taken.contains(name) ? "is taken — try another" : nil
    }
  }

  private func passwords(_ check: StepCheck) throws -> FlowDefinition {
    let password = try FieldSpec(id: "password", label: "Password", kind: .text(secure: true))
    let repeated = try FieldSpec(id: "repeat", label: "Repeat", kind: .text(secure: true))
    let plain = FlowDefinition.steps(3)
    var steps = plain.steps
    steps[1].fields = [password, repeated]
    steps[1].check = check
    return FlowDefinition(
      id: plain.id, title: plain.title, steps: steps, strip: plain.strip,
      navigation: plain.navigation)
  }

  private static let samePassword = StepCheck { answers in
    answers["password"] == answers["repeat"] ? [:] : ["repeat": "must be the same password"]
  }

  @Test func aFieldsValidatorRefusesNextWithItsMessageAfterTheLabel() throws {
    var scenario = UpdateScenario(.steps(2, fields: [1: [try user()]]))
    scenario.send("set user=admin", expect: .changed)
    #expect(
      scenario.send("next", expect: .refused) == .refused("User name: is taken — try another"))
    // Under the field, as the built-in rules' messages are.
    #expect(
      scenario.state.editor?.form.visibleError(at: 0, in: nil)?.message
        == "User name: is taken — try another")
    scenario.send("set user=ann", expect: .changed)
    scenario.send("next", expect: .moved)
    scenario.expect(current: 2, reached: 2)
  }

  @Test func theBuiltInRulesComeFirstAndAnEmptyValueIsNeverGivenToTheValidator() throws {
    let calls = Recorder()
    let spec = try FieldSpec(id: "code", label: "Code", kind: .text(), max: 4) { value in
      calls.record("\(value)")
      return nil
    }
    #expect(spec.validate(nil, in: nil) == nil)
    #expect(spec.validate(.text("  "), in: nil) == nil)
    #expect(spec.validate(.text("12345"), in: nil)?.problem == .tooLong(max: 4))
    #expect(calls.lines.isEmpty, "nothing there, or a built-in refusal: not called")
    #expect(spec.validate(.text("123"), in: nil) == nil)
    #expect(calls.lines == ["text(\"123\")"])
    // A required field that is empty says so, not the validator.
    #expect(try user().validate(nil, in: nil)?.problem == .required)
  }

  @Test func aDefaultTheValidatorRefusesFailsAtDeclaration() {
    #expect(throws: FieldSpecError.self) {
      _ = try FieldSpec(id: "user", label: "User", kind: .text(), default: .text("root")) { _ in
        "is taken"
      }
    }
  }

  @Test func specsAreEqualOnlyWithTheSameValidator() throws {
    let a = try user()
    let b = try user()
    #expect(a == a)
    #expect(a != b, "two closures are two validators")
    #expect(a.validator == a.validator && a.validator != nil)
    #expect(try FieldSpec(id: "x", label: "X", kind: .text()).validator == nil)
  }

  @Test func aStepCheckRefusesNextNamingTheFieldUntilTheAnswersChange() throws {
    var scenario = UpdateScenario(try passwords(Self.samePassword))
    scenario.send("next", expect: .moved)
    scenario.send("set password=secret", expect: .changed)
    scenario.send("set repeat=secrte", expect: .changed)
    #expect(
      scenario.send("next", expect: .refused) == .refused("Repeat: must be the same password"))
    #expect(scenario.state.editor?.focus == .field(1), "the focus goes to the field it names")
    #expect(
      scenario.state.editor?.form.visibleError(at: 1, in: nil)?.message
        == "Repeat: must be the same password")
    #expect(scenario.state.editor?.form.visibleError(at: 0, in: nil) == nil)
    // Once the answers it saw change, the message is gone until the next Next.
    scenario.send("set repeat=secret", expect: .changed)
    #expect(scenario.state.editor?.form.visibleError(at: 1, in: nil) == nil)
    scenario.send("next", expect: .moved)
    scenario.expect(current: 3, reached: 3)
  }

  @Test func theStepCheckRunsOnlyOnceEveryFieldPassesItsOwnRules() throws {
    let calls = Recorder()
    let flow = FlowDefinition(
      id: "f", title: "F",
      steps: [
        StepDefinition(
          id: "a", title: "A", fields: [try user()],
          check: StepCheck { answers in
            calls.record("\(answers)")
            return [:]
          }),
        StepDefinition(id: "b", title: "B"),
      ], strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var scenario = UpdateScenario(flow)
    #expect(scenario.send("next", expect: .refused) == .refused("User name is required"))
    scenario.send("set user=root", expect: .changed)
    scenario.send("next", expect: .refused)
    #expect(calls.lines.isEmpty)
    scenario.send("set user=ann", expect: .changed)
    scenario.send("next", expect: .moved)
    #expect(calls.lines == ["[\"user\": StepFlowCore.FieldValue.text(\"ann\")]"])
  }

  @Test func aMessageForNoFieldOfTheStepStillRefusesNext() throws {
    var scenario = UpdateScenario(try passwords(StepCheck { _ in ["account": "is locked"] }))
    scenario.send("next", expect: .moved)
    #expect(scenario.send("next", expect: .refused) == .refused("account: is locked"))
  }

  @Test func walksAndStepProblemsHearBothChecks() throws {
    let flow = try passwords(Self.samePassword)
    var state = FlowState(
      flow: flow, answers: ["password": .text("a"), "repeat": .text("b")])
    _ = FlowMachine.apply(.next, to: &state, flow: flow)
    // `--no-input` walks every step as Next would: the check's refusal is there, located.
    let walked = FlowMachine.walk(state, flow: flow)
    #expect(walked.map(\.index) == [1, 2])
    #expect(walked.first?.problems.map(\.message) == ["Repeat: must be the same password"])
    #expect(
      FlowMachine.problems(ofStep: 1, state, flow).map(\.message)
        == ["Repeat: must be the same password"])
    let validator = FlowDefinition.steps(1, fields: [1: [try user()]])
    #expect(
      FlowMachine.problems(
        ofStep: 0, FlowState(flow: validator, answers: ["user": .text("admin")]), validator
      ).map(\.fieldID) == ["user"])
  }
}
