import StepFlowCore

/// A part of a step's screen drawn by the program: a ``ScreenBlock/custom(_:)`` block among
/// the built-in ones (text, hero, status, items, summary, rating), laid out with them below the
/// strip and above the step's fields.
///
/// It draws at a moment of time from what it is given (``StepScreenContext``: the answers so
/// far, the theme, the glyphs and the colour depth, the rating), so it animates with the
/// flow's clock and shows in printed frames and goldens exactly as on the terminal. It keeps
/// no state of its own: what it shows comes from the answers, so the flow's state stays a
/// small value. The built-in blocks are views of this kind too. A view that also takes keys
/// and answers fields of its step is a ``FocusableScreenView``.
///
/// A view that changes by itself (a spinner, a clock, a countdown) says when it next does with
/// ``nextFrame(after:)``: the run draws a frame at that time while its step is on the screen,
/// and none between. A view that does not (the default) changes only with the answers, and a
/// step showing it costs nothing while nobody types.
///
/// ```swift
/// struct Receipt: StepScreenView {
///   func height(width: Int) -> Int { 2 }
///   func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
///     let name = context.answers["name"]?.dataText ?? "guest"   // the text as typed
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

  /// The next time after `now` at which the drawing changes by itself (a spinner's next
  /// frame, the next second of a clock), in the time of ``StepScreenContext/now``; `nil` when
  /// it changes only with the answers. Default: `nil`.
  ///
  /// The run draws a frame at that time while the view's step is on the screen, then asks
  /// again; a frame every 100 ms from the start of the run is
  /// `.milliseconds(100) * (Int(now / .milliseconds(100)) + 1)`.
  func nextFrame(after now: Duration) -> Duration?

  /// The next frame after `now` of a view that counts from when its step came on the screen
  /// (``StepScreenContext/shownAt``): a countdown's next second is
  /// `shownAt + .seconds(Int((now - shownAt) / .seconds(1)) + 1)`. Default:
  /// ``nextFrame(after:)``; a view implements the one it needs.
  func nextFrame(after now: Duration, shownAt: Duration) -> Duration?
}

extension StepScreenView {
  /// Nothing in plain text.
  public func plainLines(context: StepScreenContext) -> [String] { [] }

  /// Still: the view changes only with the answers.
  public func nextFrame(after now: Duration) -> Duration? { nil }

  /// The frames of ``nextFrame(after:)``, whenever the step came on the screen.
  public func nextFrame(after now: Duration, shownAt: Duration) -> Duration? {
    nextFrame(after: now)
  }
}

/// A step screen that takes the focus and keys, and answers fields of its step.
///
/// The fields it answers are declared in the step's `fields` like any other (``answeredFields``
/// names them): their rules check what it answers, and the answers go into the result, the
/// conditions and templates of later steps, `--state` files and summaries like typed ones. The
/// form leaves those fields out: the view draws them (``StepScreenContext/problems`` holds
/// their messages) and takes the keys while it has the focus, which it has first when the step
/// is shown (Tab moves on to the fields and buttons). A key it ignores does what it does where
/// nothing is focused (Enter: next step, `q`: quit, ←/→: the steps…); Ctrl-C always
/// interrupts. In plain mode and scripts, nothing is drawn: the fields are asked, and `set`
/// fills them, by their labels and ids — so give them labels that say what the screen asks.
///
/// ```swift
/// struct Cups: FocusableScreenView {
///   var answeredFields: [String] { ["cups"] }
///   func height(width: Int) -> Int { 1 }
///   func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
///     let cups = context.answers["cups"].flatMap { if case .number(let n) = $0 { n } else { nil } }
///     canvas.draw("Cups: \(cups ?? 0)  (+/-)", x: area.x + 2, y: area.y, style: .plain)
///   }
///   func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome {
///     guard case .number(let n)? = context.answers["cups"] ?? .number(0) else { return .ignored }
///     switch key {
///     case .character("+"): return .handled(answers: ["cups": .number(n + 1)])
///     case .character("-"): return .handled(answers: ["cups": .number(max(0, n - 1))])
///     default: return .ignored
///     }
///   }
/// }
/// // StepDefinition(id: "order", title: "Order", blocks: [.custom(Cups())],
/// //   fields: [.number("cups", "Cups", rules: NumberRules(min: 0, max: 9))])
/// ```
public protocol FocusableScreenView: StepScreenView {
  /// The ids of the step's fields this view answers (each declared in the step's `fields`).
  var answeredFields: [String] { get }

  /// Takes a key while the view has the focus: ``ScreenKeyOutcome/handled(answers:state:)``
  /// with the new answers (and the view's own state), or ``ScreenKeyOutcome/ignored`` to
  /// leave the key to the flow.
  func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome

  /// Takes a mouse event on the view (a click, a release, the wheel), in the view's own
  /// coordinates (column and row 0 are its area's top left). A press gives the view the
  /// focus first. Return ``ScreenKeyOutcome/ignored`` to leave it to the flow: the wheel
  /// then moves the focus as ↑/↓ do. The default ignores every event.
  func handle(mouse: MouseEvent, context: ScreenKeyContext) -> ScreenKeyOutcome

  /// The hint line's items for the keys the view takes, while it has the focus
  /// (`[ScreenHint([.left, .right], "quantity")]`): they come first, and the key table's
  /// items for the same keys are left out. The default, none, leaves the line to the table.
  func hints(context: ScreenKeyContext) -> [ScreenHint]
}

extension FocusableScreenView {
  /// Ignores the mouse: a click gives the view the focus, the wheel moves it as ↑/↓ do.
  public func handle(mouse: MouseEvent, context: ScreenKeyContext) -> ScreenKeyOutcome {
    .ignored
  }

  /// No items of its own: the key table's hints show.
  public func hints(context: ScreenKeyContext) -> [ScreenHint] { [] }
}

/// What a ``StepScreenView`` draws from.
public struct StepScreenContext: Sendable {
  /// The time of the frame (since the run started).
  public var now: Duration
  /// When the step came on the screen, in the time of ``now``: `now - shownAt` is how long it
  /// has shown (a countdown counts from it; 0 for the step a run starts on).
  public var shownAt: Duration
  /// Every answer so far, by field id (`answers["name"]?.dataText` is a text as typed, a
  /// choice's id; ``FieldSpec/readableText(_:)`` says it as the summary does).
  public var answers: [String: FieldValue]
  /// The step's colours.
  public var theme: Theme
  /// The glyph set in use.
  public var glyphs: Glyphs
  /// How many colours the terminal shows (`.none`: no colour — differ by what is drawn).
  public var colorDepth: ColorDepth
  /// The rating, in a rating flow (0 when nothing is rated).
  public var rating: Int
  /// Whether a ``FocusableScreenView`` has the focus (draw it so that it shows).
  public var focused: Bool
  /// What a ``FocusableScreenView`` keeps between keys (``ScreenKeyContext/state``).
  public var state: [String: FieldValue]
  /// The messages of the fields a ``FocusableScreenView`` answers, by field id, once they show
  /// (after an answer that breaks a rule, or a refused Next): draw them, as the form would.
  public var problems: [String: String]

  /// A context; the runner makes one for every frame.
  public init(
    now: Duration, answers: [String: FieldValue], theme: Theme, glyphs: Glyphs,
    colorDepth: ColorDepth, rating: Int = 0, focused: Bool = false,
    state: [String: FieldValue] = [:], problems: [String: String] = [:], shownAt: Duration = .zero
  ) {
    self.now = now
    self.shownAt = shownAt
    self.answers = answers
    self.theme = theme
    self.glyphs = glyphs
    self.colorDepth = colorDepth
    self.rating = rating
    self.focused = focused
    self.state = state
    self.problems = problems
  }

  /// The step's text colours, as the built-in blocks draw text.
  public var baseStyle: Style { Style(foreground: theme.foreground, background: theme.background) }
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

  /// A block the program draws itself that takes keys and answers fields of its step
  /// (``FocusableScreenView``).
  public static func custom(_ view: some FocusableScreenView) -> ScreenBlock {
    let keys = ScreenKeys(
      fieldIDs: view.answeredFields, handle: { view.handle(key: $0, context: $1) },
      mouse: { view.handle(mouse: $0, context: $1) }, hints: { view.hints(context: $0) })
    return .custom(CustomView(StepScreenBox(view), keys: keys))
  }

  /// The program's view of a ``custom(_:)`` block (`nil` for the built-in blocks).
  package var customView: (any StepScreenView)? {
    guard case .custom(let box) = self else { return nil }
    return (box.object as? StepScreenBox)?.view
  }

  /// The soonest frame after `now` that the program's views among `blocks` ask for
  /// (``StepScreenView/nextFrame(after:)``); `nil` when none changes by itself.
  package static func nextFrame(
    of blocks: [ScreenBlock], after now: Duration, shownAt: Duration = .zero
  ) -> Duration? {
    var soonest: Duration?
    for block in blocks {
      guard let frame = block.customView?.nextFrame(after: now, shownAt: shownAt) else {
        continue
      }
      soonest = min(soonest ?? frame, frame)
    }
    return soonest
  }
}
