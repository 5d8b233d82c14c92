import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowJSON
@testable import StepFlowTerminal
@testable import StepFlowWizards

@Suite struct WizardFileTests {
  /// The messages of a file, each `path:line:column: message`.
  static func problems(_ text: String, path: String = "w.json") -> [String] {
    do {
      _ = try WizardFile.load(Array(text.utf8), path: path)
      return []
    } catch {
      return error.all.map(\.description)
    }
  }

  @Test func threeMistakesGiveThreeLocatedMessages() {
    let text = """
      {
        id: "bad",
        titel: "Three mistakes",
        steps: [
          { id: "one", title: "One", fields: [{ id: "code", label: "Code", pattern: "[0-9" }] },
          { id: "two", title: 2 },
        ],
      }
      """
    expectLines(
      Self.problems(text),
      [
        "w.json:3:3: unknown key \"titel\" — did you mean \"title\"?",
        "w.json:5:70: field \"code\": pattern \"[0-9\" is not a valid regular expression: expected ']'",
        "w.json:6:25: wrong type: \"title\" must be a string, found a number",
      ])
  }

  @Test func everyKindOfProblemIsReportedWhereItIs() {
    expectLines(
      Self.problems(#"{ "id": "x", "title": "X" "steps": [] }"#),
      [
        "w.json:1:27: expected \",\" or \"}\" after the value of \"title\", found the string \"steps\""
      ])
    expectLines(
      Self.problems(#"{ id: "x", title: "X", steps: [] }"#),
      ["w.json:1:31: wrong value: \"steps\" must not be empty"])
    expectLines(
      Self.problems(
        #"{ id: "x", title: "X", steps: [{ id: "a", title: "A" }, { id: "a", title: "B" }] }"#),
      ["w.json:1:63: duplicate step id \"a\" (first at line 1)"])
    expectLines(
      Self.problems(
        """
        { id: "x", title: "X", steps: [
          { id: "a", title: "A", fields: [{ id: "f", label: "F" }] },
          { id: "b", title: "B", fields: [{ id: "f", label: "G" }] },
        ] }
        """),
      ["w.json:3:41: duplicate field id \"f\" (first at line 2): every answer needs its own id"])
    expectLines(
      Self.problems(
        """
        { id: "x", title: "X", steps: [
          { id: "a", title: "A", fields: [{ id: "plan", label: "Plan" }] },
          { id: "b", title: "B", when: { field: "plann", equals: "team" } },
          { id: "c", title: "C", when: { field: "later", equals: "x" } },
          { id: "d", title: "D", fields: [{ id: "later", label: "Later" }] },
        ] }
        """),
      [
        "w.json:3:41: \"when\" names no field \"plann\" — did you mean \"plan\"?",
        "w.json:4:41: \"when\" names the field \"later\", which is asked later, on step \"d\" (line 5); a condition can only use the answers of earlier steps",
      ])
    expectLines(
      Self.problems(
        #"{ id: "x", title: "X", navigation: "buton", steps: [{ id: "a", title: "A" }] }"#),
      [
        "w.json:1:36: wrong value: \"navigation\" must be one of \"buttons\", \"tap\" or \"rating\", found \"buton\" — did you mean \"buttons\"?"
      ])
  }

  @Test func json5IsAccepted() throws {
    let flow = try WizardFile.load(
      Array(
        """
        // a comment
        {
          id: 'small', /* unquoted keys, single quotes */
          title: "Small",
          steps: [{ id: "only", title: "Only", body: "Hi", },],
        }
        """.utf8), path: "small.json")
    #expect(flow.id == "small" && flow.steps.map(\.id) == ["only"])
    #expect(flow.steps[0].blocks == [.text("Hi")])
  }

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
          "a.json:1:3: no field \"nmae\" — did you mean \"name\"? in wizard \"purchase\"",
          "a.json:1:26: wrong value: \"city\" must be a string, found a number",
        ])
    }
  }

  @Test func savedStatesRoundTripAndRefuseOtherWizards() throws {
    let flow = OrderState.flow
    var state = FlowState(flow: flow)
    for line in ["next", "tab 2", "set paypal_email=a@b.co", "next", "set name=Ann"] {
      _ = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
    }
    let bytes = SavedState.encode(flow: flow, state: state)
    let restored = try SavedState.decode(bytes, path: "s.json", flow: flow)
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
