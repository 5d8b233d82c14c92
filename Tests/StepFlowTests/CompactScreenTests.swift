import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

/// Short screens: every step of every built-in flow and wizard file at 40×12 in the compact
/// layout, a form that scrolls to its focused field, and the smallest screen a flow takes.
@Suite struct CompactScreenTests {
  static let wizards = [
    "onboarding", "release", "survey", "new-project", "delivery", "purchase", "rating",
  ]

  /// A program showing step `index` with every step before it reached.
  static func program(at index: Int, of flow: FlowDefinition) -> FlowProgram {
    var state = FlowState(flow: flow)
    state.progression = Progression(
      count: flow.steps.count, startsEmpty: flow.startsEmpty, reachedCount: index + 1,
      current: index)
    state.openEditor(flow: flow)
    return FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode), state: state)
  }

  /// Every step of every wizard file at 40×12: the bar's title, the strip, the step's first
  /// controls, the buttons (in flows with buttons) and the footer, each on the screen.
  @Test func everyStepOfEveryWizardAt40x12() throws {
    var text = ""
    for name in Self.wizards {
      let flow = try WizardParityTests.load(name)
      for index in flow.steps.indices where flow.navigation != .rating || index == 0 {
        let program = Self.program(at: index, of: flow)
        let lines = program.view(width: 40, height: 12, at: .zero).plainLines()
        text += "== \(name) step \(index + 1): \(flow.steps[index].id)\n"
        text += lines.joined(separator: "\n") + "\n"
        let step = flow.steps[index]
        #expect(
          lines[0].contains(String(step.title.prefix(6))) || flow.navigation == .rating,
          "\(name) \(step.id): the title on the first row")
        let running = FlowMachine.taskPhase(ofStep: index, program.state, flow) == .running
        if flow.navigation == .buttons, !running {
          #expect(
            ["[ Next ]", "[ Finish ]", "[ Run ]"].contains { lines[10].contains($0) },
            "\(name) \(step.id): the buttons above the footer: \(lines)")
        } else if running {
          #expect(lines[11].contains("x stop"), "\(name) \(step.id): a running task's keys")
        }
        #expect(!lines[11].trimmingPrefix(" ").isEmpty, "\(name) \(step.id): the footer")
        if let field = program.state.editor?.form.fields.first {
          #expect(
            lines.contains { $0.contains(String(field.spec.label.prefix(12))) },
            "\(name) \(step.id): the first field is shown")
        }
      }
    }
    expectGolden(text, named: "screens-wizards-40x12")
  }

  /// A form taller than the screen scrolls so the focused field shows, and says there is more
  /// above (▲) and below (▼); the buttons stay.
  @Test func aFormScrollsToItsFocusedField() throws {
    let flow = try WizardParityTests.load("onboarding")
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode))
    program.apply(.next, at: .zero)
    var text = ""
    for (i, value) in ["Ann", "ann@example.com", "ann", "12345678"].enumerated() {
      let lines = program.view(width: 40, height: 12, at: .zero).plainLines()
      text += "== field \(i + 1)\n" + lines.joined(separator: "\n") + "\n"
      #expect(lines[10].contains("[ Next ]"))
      let label = program.state.editor.flatMap { editor -> String? in
        guard case .field(let f) = editor.focus else { return nil }
        return editor.form.fields[f].spec.label
      }
      let focused = try #require(label)
      #expect(lines.contains { $0.contains("│ " + focused) }, "the focused field shows: \(lines)")
      if i > 1 { #expect(lines[4].hasSuffix("▲"), "more above: \(lines)") }
      if i < 3 { #expect(lines.contains { $0.hasSuffix("▼") }, "more below: \(lines)") }
      program.apply(.type(value), at: .zero)
      program.apply(.enter, at: .zero)
    }
    expectGolden(text, named: "screens-scrolled-form-40x12")
  }

  /// Below 30×11 a flow shows the too-small screen; at 30×11 every step still has its bar,
  /// strip, buttons and footer.
  @Test func theSmallestScreen() throws {
    for name in Self.wizards {
      let flow = try WizardParityTests.load(name)
      #expect(FlowProgram(flow: flow, options: FlowOptions()).minimumSize == (30, 11))
      for index in flow.steps.indices where flow.navigation != .rating {
        let lines = Self.program(at: index, of: flow).view(width: 30, height: 11, at: .zero)
          .plainLines()
        let program = Self.program(at: index, of: flow)
        if flow.navigation == .buttons,
          FlowMachine.taskPhase(ofStep: index, program.state, flow) != .running
        {
          #expect(
            ["[ Next ]", "[ Finish ]", "[ Run ]"].contains { lines[9].contains($0) }, "\(lines)")
        }
        #expect(!lines[10].trimmingPrefix(" ").isEmpty)
      }
    }
  }
}

@Suite struct FlowQuitHintTests {
  /// A flow says `q` quits, except while a text field has the focus (`q` is typed there).
  @Test func aFlowSaysHowToQuit() throws {
    var program = FlowProgram(flow: OrderState.flow, options: FlowOptions())
    #expect(program.quitHint == "q or Ctrl-C to quit")
    #expect(program.minimumSize == (30, 11))
    program.apply(.next, at: .zero)
    program.apply(try Command.parse("tab 2"), at: .zero)
    program.apply(.enter, at: .zero)
    #expect(
      program.quitHint == "Ctrl-C to quit", "\(String(describing: program.state.editor?.focus))")
  }
}
