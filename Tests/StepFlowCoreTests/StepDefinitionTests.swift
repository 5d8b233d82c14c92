import Testing

@testable import StepFlowCore

/// A step keeps what few steps have in a shared box: every property still reads and writes as
/// a plain value, and copies never see each other's changes.
@Suite struct StepDefinitionTests {
  @Test func everyPropertyReadsBackWhatWasGiven() throws {
    let field = try FieldSpec(id: "name", label: "Name", kind: .text())
    let tab = TabDefinition(id: "card", title: "Card")
    let stage = ProgressStage(indicators: ["bar"], duration: .seconds(2), label: "Cooking")
    let step = StepDefinition(
      id: "s", title: "S", icon: .symbol("star"), accent: .ansi(2), background: .ansi(4),
      foreground: .ansi(7), prompt: "Prompt", largeTitle: "Large", blocks: [.hero, .summary],
      fields: [field], tabs: [tab], tabsField: "method",
      when: .test(field: "name", .equals("x")), progress: stage)
    #expect(step.icon == .symbol("star"))
    #expect(step.accent == .ansi(2) && step.background == .ansi(4) && step.foreground == .ansi(7))
    #expect(step.prompt == "Prompt" && step.largeTitle == "Large")
    #expect(step.blocks == [.hero, .summary])
    #expect(step.fields == [field] && step.tabs == [tab] && step.tabsField == "method")
    #expect(step.when == .test(field: "name", .equals("x")))
    #expect(step.progress == stage)
    #expect(step.task == nil && step.check == nil)
    #expect(step.allFields == [field])
  }

  @Test func settersChangeOnlyTheCopyTheyAreCalledOn() {
    let original = StepDefinition(id: "s", title: "S", prompt: "Before")
    var changed = original
    changed.prompt = "After"
    changed.blocks = [.text("Hello")]
    changed.accent = .ansi(1)
    #expect(original.prompt == "Before" && original.blocks.isEmpty && original.accent == nil)
    #expect(changed.prompt == "After" && changed.blocks == [.text("Hello")])
    #expect(changed.accent == .ansi(1))
    #expect(changed != original)
    // Taking it all back gives a step equal to one that never had it.
    changed.prompt = "Before"
    changed.blocks = []
    changed.accent = nil
    #expect(changed == original)
    var bare = original
    bare.prompt = nil
    #expect(bare == StepDefinition(id: "s", title: "S"))
  }

  @Test func stepsDifferingInABoxedPropertyAreNotEqual() {
    let a = StepDefinition(id: "s", title: "S", tabsField: "one")
    let b = StepDefinition(id: "s", title: "S", tabsField: "two")
    #expect(a != b)
    #expect(a == StepDefinition(id: "s", title: "S", tabsField: "one"))
    #expect(StepDefinition(id: "s", title: "S") != a)
  }
}
