import StepFlowCore

/// The `.rating` block: the question until something is rated, then the answer, bold and
/// centred (`{n}` is the rating, `{s}` an "s" unless it is 1).
package struct RatingBlockView: StepScreenView {
  package var question: String
  package var answer: String

  package init(question: String, answer: String) {
    self.question = question
    self.answer = answer
  }

  package func height(width: Int) -> Int { 1 }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let text = StepScreen.ratingText(question: question, answer: answer, rating: context.rating)
    StepScreen.drawCentered(
      text, into: &canvas, area: area, y: area.y, style: context.baseStyle.bold,
      glyphs: context.glyphs)
  }

  package func plainLines(context: StepScreenContext) -> [String] {
    [StepScreen.ratingText(question: question, answer: answer, rating: context.rating)]
  }
}
