import StepFlowCore
import StepFlowRender

extension FlowProgram {
  /// What plain mode's conversation says on arriving at a step: where the flow stands and the
  /// step's texts (its summary and its own screens' words too) — not its fields, which it asks
  /// one at a time.
  package func conversationIntro() -> [String] {
    var lines = [
      StepStrip.describe(flow: flow, progression: state.progression, answers: state.answers)
    ]
    guard let current = state.progression.current else { return lines + blockWords(of: nil) }
    let step = flow.resolvedStep(current, answers: state.answers)
    lines += [step.prompt, step.largeTitle].compactMap { $0 }
    return lines + blockWords(of: step)
  }

  /// The context a step's own screens are given when they are told in words (no colour, no
  /// clock).
  package var wordsContext: StepScreenContext {
    StepScreenContext(
      now: .zero, answers: state.answers, theme: flow.theme, glyphs: Glyphs.for(options.glyphs),
      colorDepth: .none, rating: state.rating)
  }

  /// What a step shows in words — its blocks, then the flow's own, then the summary where either
  /// has one; without a step (the flow has ended), the flow's blocks.
  package func blockWords(of step: StepDefinition?) -> [String] {
    let flowBlocks = flow.resolvedBlocks(answers: state.answers)
    var lines = StepView.blockLines(
      (step?.blocks ?? []) + flowBlocks, rating: state.rating, context: wordsContext)
    if let step, step.blocks.contains(.summary) || flow.blocks.contains(.summary) {
      let glyphs = Glyphs.for(options.glyphs)
      lines += StepView(flow: flow, state: state, theme: flow.theme, glyphs: glyphs).summaryLines()
    }
    return lines
  }
}
