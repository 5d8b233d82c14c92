import StepFlowTestSupport
import Testing

@testable import StepFlowCore

@Suite struct TemplateTests {
  @Test func partsAreFieldsAndText() {
    #expect(
      Template("Hello, {{name}}!").parts == [.literal("Hello, "), .field("name"), .literal("!")])
    #expect(Template("{{ name }}").parts == [.field("name")])
    #expect(Template("no fields").parts == [.literal("no fields")])
    #expect(Template("{{a b}} and {{}} and {{").parts == [.literal("{{a b}} and {{}} and {{")])
    #expect(Template("{{{x}}}").parts == [.literal("{"), .field("x"), .literal("}")])
    #expect(Template("{{a}}{{b}}{{a}}").fieldIDs == ["a", "b"])
    #expect(!Template.hasFields("{ {x} }") && Template.hasFields("x{{"))
  }

  @Test func asReadAndAsData() throws {
    let plan = try FieldSpec(
      id: "plan", label: "Plan", kind: .choice(options: [ChoiceOption("team", "Team plan")]))
    let langs = try FieldSpec(id: "langs", label: "Langs", kind: .multichoice(options: languages))
    let news = try FieldSpec(id: "news", label: "News", kind: .confirm)
    let pin = try FieldSpec(id: "pin", label: "PIN", kind: .text(secure: true))
    let specs = [plan, langs, news, pin]
    let answers: [String: FieldValue] = [
      "plan": .choice("team"), "langs": .choices(["swift", "go"]), "news": .bool(true),
      "pin": .text("1234"),
    ]
    let template = Template("{{plan}} · {{langs}} · {{news}} · {{pin}} · {{missing}}.")
    #expect(
      template.render(answers: answers) { id in specs.first { $0.id == id } }
        == "Team plan · Swift, Go · yes · •••• · .")
    #expect(template.renderData(answers: answers) == "team · swift,go · true · 1234 · .")
  }

  @Test func aFlowFillsInWhatItShowsFromEarlierAnswers() throws {
    let name = try FieldSpec(id: "name", label: "Name", kind: .text())
    let plan = try FieldSpec(
      id: "plan", label: "Plan for {{name}}", help: "{{name}}'s plan",
      kind: .choice(options: [ChoiceOption("free", "Free for {{name}}")]))
    let flow = FlowDefinition(
      id: "t", title: "T",
      steps: [
        StepDefinition(id: "a", title: "Name", fields: [name]),
        StepDefinition(
          id: "b", title: "Plan of {{name}}", prompt: "hi {{name}}",
          blocks: [.text("Dear {{name}}")],
          fields: [plan]),
      ],
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    #expect(flow.hasTemplates)
    let step = flow.resolvedStep(1, answers: ["name": .text("Ann")])
    #expect(
      step.title == "Plan of Ann" && step.prompt == "hi Ann" && step.blocks == [.text("Dear Ann")])
    #expect(step.fields[0].label == "Plan for Ann" && step.fields[0].help == "Ann's plan")
    #expect(step.fields[0].kind.options[0].title == "Free for Ann")
    #expect(step.fields[0].id == "plan", "ids stay")
    var run = UpdateScenario(flow)
    run.send("set name=Ann", expect: .changed)
    run.send("next", expect: .moved)
    #expect(run.state.editor?.form.fields[0].spec.label == "Plan for Ann")
    run.send("set name=Bo", expect: .changed)
    #expect(
      run.state.editor?.form.fields[0].spec.label == "Plan for Bo", "an earlier answer changed")
    #expect(flow.unknownTemplateFields(Template("{{name}} {{plan}}"), onStep: 1) == ["plan"])
    #expect(flow.unknownTemplateFields(Template("{{name}}"), onStep: 0) == ["name"])
    #expect(flow.unknownTemplateFields(Template("{{name}}"), onStep: nil) == ["name"])
  }
}

@Suite struct ConditionTreeTests {
  @Test func testsCombineWithAllAnyAndNot() {
    let answers: [String: FieldValue] = [
      "plan": .choice("team"), "langs": .choices(["swift", "go"]), "port": .number(9000),
      "price": .decimal(DecimalValue(units: 950, places: 2)), "start": .text("2025-03-14"),
      "news": .bool(false),
    ]
    func holds(_ c: Condition) -> Bool { c.holds(answers: answers) }
    #expect(holds(.test(field: "langs", .contains("go"))))
    #expect(!holds(.test(field: "langs", .contains("python"))))
    #expect(!holds(.test(field: "plan", .contains("team"))), "contains is for multichoice")
    #expect(holds(.test(field: "port", .greaterThan("8999"))))
    #expect(!holds(.test(field: "port", .greaterThan("9000"))))
    #expect(holds(.test(field: "port", .lessThan("1e4"))))
    #expect(holds(.test(field: "price", .equals("9.5"))), "numbers compare as numbers")
    #expect(holds(.test(field: "price", .lessThan("10"))))
    #expect(holds(.test(field: "start", .greaterThan("2025-03-01"))))
    #expect(holds(.test(field: "start", .lessThan("2025-03-14 12:00"))))
    #expect(!holds(.test(field: "start", .greaterThan("soon"))), "no order: does not hold")
    #expect(holds(.test(field: "langs", .equals("go, swift"))), "a multichoice as a set")
    #expect(holds(.test(field: "news", .equals("no"))))
    #expect(!holds(.test(field: "missing", .greaterThan("1"))))
    #expect(holds(.test(field: "missing", .notEquals("x"))))
    let team = Condition.test(field: "plan", .oneOf(["team", "enterprise"]))
    let noCobol = Condition.not(.test(field: "langs", .contains("cobol")))
    #expect(holds(.all([team, noCobol])))
    #expect(!holds(.all([team, .not(noCobol)])))
    #expect(holds(.any([.not(team), noCobol])))
    #expect(holds(.all([])) && !holds(.any([])))
    #expect(holds(.all([.any([.not(.not(team))]), .test(field: "langs", .answered(true))])))
    #expect(
      Condition.all([team, .any([noCobol, .test(field: "plan", .equals("x"))])]).fields == [
        "plan", "langs",
      ])
    #expect(!holds(.test(field: "empty", .answered(true))))
    #expect(
      Condition.Test.answered(false).holds(for: .choices([])), "an empty multichoice is unanswered")
  }

  @Test func stepsAreShownByTheirTree() throws {
    let langs = try FieldSpec(id: "langs", label: "Langs", kind: .multichoice(options: languages))
    let port = try FieldSpec(id: "port", label: "Port", kind: .number(FieldKindsTests.port))
    let flow = FlowDefinition(
      id: "t", title: "T",
      steps: [
        StepDefinition(id: "a", title: "A", fields: [langs, port]),
        StepDefinition(
          id: "b", title: "B",
          when: .all([
            .test(field: "langs", .contains("go")), .test(field: "port", .greaterThan("8000")),
          ])),
        StepDefinition(id: "c", title: "C"),
      ],
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var run = UpdateScenario(flow)
    run.send("set langs=go", expect: .changed)
    run.send("set port=9000", expect: .changed)
    run.send("next", expect: .moved)
    run.expect(current: 2, reached: 2)
    run.send("back", expect: .moved)
    run.send("set port=2000", expect: .changed)
    run.send("next", expect: .moved)
    run.expect(current: 3, reached: 3)
  }
}
