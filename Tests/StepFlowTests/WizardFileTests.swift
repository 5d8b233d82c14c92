import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

@Suite struct WizardFileTests {
  @Test func everyWizardInTheRepositoryIsValid() throws {
    let root = WizardParityTests.root + "/wizards"
    let files = Platform.directoryEntries(root).filter { $0.hasSuffix(".json") }
    #expect(files.count >= 6)
    for file in files {
      #expect(throws: Never.self, "\(file)") { try WizardFile.load(path: root + "/" + file) }
    }
  }

  @Test func conditionsSkipStepsAndTheResultSaysWhatWasReached() throws {
    let flow = try WizardFile.load(path: WizardParityTests.root + "/wizards/onboarding.json")
    var state = FlowState(flow: flow)
    for line in [
      "next", "set full_name=Ann", "set email=ann@example.com", "set username=ann",
      "set password=correct horse", "next", "next",
    ] {
      _ = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
    }
    #expect(flow.steps[state.progression.current ?? 0].id == "done", "the team step is skipped")
    let json = FlowResult.json(flow: flow, state: state)
    #expect(json.contains("\"reached\":[\"welcome\",\"account\",\"plan\",\"done\"]"))
    _ = FlowMachine.apply(.previous, to: &state, flow: flow)
    #expect(flow.steps[state.progression.current ?? 0].id == "plan", "previous skips it too")
    _ = FlowMachine.apply(try Command.parse("set plan=team"), to: &state, flow: flow)
    _ = FlowMachine.apply(.next, to: &state, flow: flow)
    #expect(
      flow.steps[state.progression.current ?? 0].id == "team", "a team plan asks for the team")
  }

  @Test func answersFilesPrefillAndReportMistakes() throws {
    let flow = OrderState.flow
    let answers = try AnswersFile.load(
      Array(#"{ "name": "Ann", "payment_method": "PayPal", "paypal_email": "a@b.co" }"#.utf8),
      path: "a.json", flow: flow)
    #expect(answers["name"] == .text("Ann"))
    #expect(answers["payment_method"] == .choice("paypal"))
    var state = FlowState(flow: flow, answers: answers)
    _ = FlowMachine.apply(.next, to: &state, flow: flow)
    #expect(state.selectedTab(ofStep: 1) == 1, "the pre-filled tab is selected")
    #expect(throws: Diagnostics.self) {
      try AnswersFile.load(Array(#"{ "nmae": "Ann", "city": 3 }"#.utf8), path: "a.json", flow: flow)
    }
    do {
      _ = try AnswersFile.load(
        Array(#"{ "nmae": "Ann", "city": 3 }"#.utf8), path: "a.json", flow: flow)
    } catch {
      expectLines(
        error.all.map(\.description),
        [
          "a.json:1:3: no field \"nmae\" in wizard \"purchase\" — did you mean \"name\"?",
          "a.json:1:26: wrong value: \"city\" must be a string, found a number",
        ])
    }
  }

  @Test func savedStatesHoldEachAnswerOnceInFieldOrderAndTheTabsChosen() throws {
    let flow = OrderState.flow
    var state = FlowState(flow: flow)
    // Answers given out of order, one of a later step's fields first.
    for line in ["set paypal_email=a@b.co", "set name=Ann", "next"] {
      _ = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
    }
    func saved(_ state: FlowState) throws -> (tabs: [String], answers: [String]) {
      let bytes = SavedState.encode(
        flow: flow, state: state, layout: SavedState.Layout(flow: flow))
      #expect(bytes == SavedState.encode(flow: flow, state: state))
      let root = try #require(JSON5Parser.parse(bytes, path: "s.json").root)
      return (
        try #require(root["tabs"]?.members).map(\.key),
        try #require(root["answers"]?.members).map(\.key)
      )
    }
    // The fields in the order of their steps, then those that hold a step's tab.
    var order: [String] = []
    for id in flow.steps.flatMap(\.allFields).map(\.id) + flow.steps.compactMap(\.tabsField)
    where !order.contains(id) {
      order.append(id)
    }
    let first = try saved(state)
    #expect(first.tabs == [], "no tab chosen yet: the first is shown, nothing to write")
    #expect(first.answers == order.filter { state.answers[$0] != nil })
    #expect(first.answers.contains("paypal_email") && first.answers.contains("name"))
    #expect(Set(first.answers).count == first.answers.count)
    _ = FlowMachine.apply(try Command.parse("tab 2"), to: &state, flow: flow)
    let second = try saved(state)
    #expect(second.tabs == [flow.steps[1].id])
    let resumed = try SavedState.decode(
      SavedState.encode(flow: flow, state: state), path: "s.json", flow: flow)
    #expect(resumed.state.selectedTabs == state.selectedTabs)
    #expect(resumed.state.answers == state.answers)
  }

  @Test func savedStatesRoundTripAndRefuseOtherWizards() throws {
    let flow = OrderState.flow
    var state = FlowState(flow: flow)
    for line in ["next", "tab 2", "set paypal_email=a@b.co", "next", "set name=Ann"] {
      _ = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
    }
    let bytes = SavedState.encode(flow: flow, state: state)
    let resumed = try SavedState.decode(bytes, path: "s.json", flow: flow)
    #expect(resumed.notes == [])
    let restored = resumed.state
    #expect(restored.progression == state.progression)
    #expect(restored.answers == state.answers)
    #expect(restored.selectedTabs == state.selectedTabs)
    #expect(throws: SavedState.Refusal.self) {
      try SavedState.decode(bytes, path: "s.json", flow: FoodDeliveryState.flow)
    }
    // The same id with other steps: a changed wizard.
    let changed = FlowDefinition(
      id: "purchase", title: "Checkout", steps: Array(flow.steps.dropLast()), strip: flow.strip,
      navigation: flow.navigation)
    do {
      _ = try SavedState.decode(bytes, path: "s.json", flow: changed)
      Issue.record("a changed wizard was accepted")
    } catch {
      #expect(error.message.contains("have changed since"))
    }
    let torn = Array(bytes.prefix(bytes.count / 2))
    #expect(throws: SavedState.Refusal.self) {
      try SavedState.decode(torn, path: "s.json", flow: flow)
    }
  }
}
