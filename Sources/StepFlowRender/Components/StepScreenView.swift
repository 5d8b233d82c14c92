import StepFlowCore

/// A part of a step's screen drawn by the program: a ``ScreenBlock/custom(_:)`` block among
/// the built-in ones (text, hero, status, items, summary, rating), laid out with them below the
/// strip and above the step's fields.
///
/// It draws at a moment of time from what it is given (``StepScreenContext``: the answers so
/// far, the theme, the glyphs and the colour depth, the rating), so it animates with the
/// flow's clock and shows in printed frames and goldens exactly as on the terminal. It keeps
/// no state of its own: what it shows comes from the answers, so the flow's state stays a
/// small value. It does not take keys; the step's fields, Back/Next and the key table work
/// around it as usual.
///
/// ```swift
/// struct Receipt: StepScreenView {
///   func height(width: Int) -> Int { 2 }
///   func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
///     let name = context.answers["name"].map { "\($0)" } ?? "guest"
///     canvas.draw("Thank you, \(name)", x: area.x + 2, y: area.y, style: .plain.bold)
///   }
/// }
/// // StepDefinition(id: "done", title: "Done", blocks: [.custom(Receipt()), .summary])
/// ```
public protocol StepScreenView: Sendable {
  /// The rows the view needs at a width (a short screen may give it fewer: draw within
  /// `area`).
  func height(width: Int) -> Int

  /// Draws the view into `area` of `canvas`, at `context.now` (what falls outside `area` is
  /// cut off).
  func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext)

  /// What the view says as lines of text, for the plain (line by line) mode and `--output
  /// text`. Default: nothing.
  func plainLines(context: StepScreenContext) -> [String]
}

extension StepScreenView {
  /// Nothing in plain text.
  public func plainLines(context: StepScreenContext) -> [String] { [] }
}

/// What a ``StepScreenView`` draws from.
public struct StepScreenContext: Sendable {
  /// The time of the frame (since the run started).
  public var now: Duration
  /// Every answer so far, by field id.
  public var answers: [String: FieldValue]
  /// The step's colours.
  public var theme: Theme
  /// The glyph set in use.
  public var glyphs: Glyphs
  /// How many colours the terminal shows (`.none`: no colour — differ by what is drawn).
  public var colorDepth: ColorDepth
  /// The rating, in a rating flow (0 when nothing is rated).
  public var rating: Int

  /// A context; the runner makes one for every frame.
  public init(
    now: Duration, answers: [String: FieldValue], theme: Theme, glyphs: Glyphs,
    colorDepth: ColorDepth, rating: Int = 0
  ) {
    self.now = now
    self.answers = answers
    self.theme = theme
    self.glyphs = glyphs
    self.colorDepth = colorDepth
    self.rating = rating
  }
}

/// The box a ``CustomView`` keeps a step screen view in.
private final class StepScreenBox: Sendable {
  let view: any StepScreenView
  init(_ view: any StepScreenView) { self.view = view }
}

extension ScreenBlock {
  /// A block the program draws itself (``StepScreenView``).
  public static func custom(_ view: some StepScreenView) -> ScreenBlock {
    .custom(CustomView(StepScreenBox(view)))
  }

  /// The program's view of a ``custom(_:)`` block (`nil` for the built-in blocks).
  public var customView: (any StepScreenView)? {
    guard case .custom(let box) = self else { return nil }
    return (box.object as? StepScreenBox)?.view
  }
}
