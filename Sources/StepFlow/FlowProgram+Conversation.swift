import StepFlowCore
import StepFlowRender

extension FlowProgram {
  /// What plain mode's conversation says on arriving at a step: where the flow stands and the
  /// step's texts (its summary too) — not its fields, which it asks one at a time.
  package func conversationIntro() -> [String] {
    let glyphs = Glyphs.for(options.glyphs)
    var lines = [
      StepStrip.describe(flow: flow, progression: state.progression, answers: state.answers)
    ]
    guard let current = state.progression.current else {
      return lines
        + StepView.blockLines(flow.resolvedBlocks(answers: state.answers), rating: state.rating)
    }
    let step = flow.resolvedStep(current, answers: state.answers)
    lines += [step.prompt, step.largeTitle].compactMap { $0 }
    lines += StepView.blockLines(
      step.blocks + flow.resolvedBlocks(answers: state.answers), rating: state.rating)
    if step.blocks.contains(.summary) || flow.blocks.contains(.summary) {
      lines += StepView(flow: flow, state: state, theme: flow.theme, glyphs: glyphs).summaryLines()
    }
    return lines
  }
}
