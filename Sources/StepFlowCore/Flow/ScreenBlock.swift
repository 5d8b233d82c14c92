/// One part of a step's screen, drawn top to bottom below the strip.
public enum ScreenBlock: Equatable, Sendable {
  /// Paragraphs of text, wrapped to the width.
  case text(String)
  /// The step's icon, drawn large (the delivery status screen).
  case hero
  /// A caption and a status in a box: `YOUR ORDER STATUS:` / `Preparing Order`.
  case status(caption: String, text: String)
  /// A table of items with quantities, prices and a total.
  case items([LineItem], currency: String)
  /// The answers given on the earlier steps.
  case summary
  /// The rating question until something is rated, then the answer: `{n}` is the rating and
  /// `{s}` an "s" unless the rating is 1 (`{n} star{s}`).
  case rating(question: String, answer: String)
  /// A block the program draws itself: made by `ScreenBlock.custom(_:)` from a
  /// `StepScreenView` (in `StepFlowRender`); the core only keeps it.
  case custom(CustomView)
}

extension ScreenBlock {
  /// The view of a custom block that takes keys (``CustomView/keys``), if this is one.
  package var focusableView: CustomView? {
    guard case .custom(let view) = self, view.takesFocus else { return nil }
    return view
  }

  /// The question of a rating block when none is given.
  public static let defaultRatingQuestion = "How much would you rate this?"
}
