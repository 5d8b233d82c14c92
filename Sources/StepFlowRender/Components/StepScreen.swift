import StepFlowCore
import StepFlowText

/// A step's screen below the strip: its blocks (text, a large icon, a status box, a cart, a
/// summary, the rating text), laid out top to bottom and centred in the area.
package struct StepScreen {
  package var blocks: [ScreenBlock]
  package var icon: Icon?
  package var theme: Theme
  package var glyphs: Glyphs
  /// The rating, for a `.rating` block.
  package var rating: Int
  /// Lines for a `.summary` block (`Name: Ann`).
  package var summary: [String]
  /// The progress of the step's stage, drawn with the hero (a ring instead of the picture; a
  /// bar and a label under it).
  package var stage: StageDrawing?
  /// What a custom block draws from: the time of the frame, the answers, the colour depth.
  package var now: Duration = .zero
  /// When the step came on the screen.
  package var shownAt: Duration = .zero
  package var answers: [String: FieldValue] = [:]
  package var colorDepth: ColorDepth = .truecolor
  /// The step's screen that takes keys: whether it has the focus, what it keeps between keys,
  /// and the messages of the fields it answers.
  package var screenFocused = false
  package var screenState: [String: FieldValue] = [:]
  package var screenProblems: [String: String] = [:]

  /// The context a custom block (``StepScreenView``) is given.
  package var customContext: StepScreenContext {
    StepScreenContext(
      now: now, answers: answers, theme: theme, glyphs: glyphs, colorDepth: colorDepth,
      rating: rating, focused: screenFocused, state: screenState, problems: screenProblems,
      shownAt: shownAt)
  }

  package init(
    blocks: [ScreenBlock], icon: Icon?, theme: Theme, glyphs: Glyphs, rating: Int = 0,
    summary: [String] = []
  ) {
    self.blocks = blocks
    self.icon = icon
    self.theme = theme
    self.glyphs = glyphs
    self.rating = rating
    self.summary = summary
  }

  /// The text margin on each side, and the widest a paragraph gets.
  package static let margin = 2
  package static let readableWidth = 72

  /// The view that draws a block: the built-in blocks' own views, or the program's.
  package func view(for block: ScreenBlock) -> (any StepScreenView)? {
    Self.view(for: block, icon: icon, stage: stage, summary: summary)
  }

  /// The view that draws a block, given what the built-in ones draw from beside the context.
  package static func view(
    for block: ScreenBlock, icon: Icon?, stage: StageDrawing?, summary: [String]
  ) -> (any StepScreenView)? {
    switch block {
    case .text(let text): return TextBlockView(text: text)
    case .hero: return HeroBlockView(icon: icon, stage: stage)
    case .status(let caption, let text): return StatusBlockView(caption: caption, text: text)
    case .items(let items, let currency): return ItemsBlockView(items: items, currency: currency)
    case .summary: return SummaryBlockView(lines: summary)
    case .rating(let question, let answer):
      return RatingBlockView(question: question, answer: answer)
    case .custom: return block.customView
    }
  }

  /// The rows a block needs at a width; `nil` for a block that takes what is left (the hero).
  package func height(of block: ScreenBlock, width: Int) -> Int? {
    guard let view = view(for: block) else { return 0 }
    if view is any FlexibleScreenView { return nil }
    return max(0, view.height(width: width))
  }

  /// The rows a block that takes what the others leave (the hero, a ``FlexibleScreenView``)
  /// takes out of `available`; `nil` for the other blocks.
  package func flexibleHeight(of block: ScreenBlock, available: Int) -> Int? {
    (view(for: block) as? any FlexibleScreenView)?.preferredHeight(available: available)
  }

  package func render(into canvas: inout Canvas, area: Rect) {
    render(layout(in: area), into: &canvas)
  }

  /// Draws the blocks where `layout` placed them.
  package func render(_ layout: Layout, into canvas: inout Canvas) {
    let context = customContext
    for (block, rect) in layout.placed {
      render(block, into: &canvas, area: rect, context: context)
    }
  }

  /// Where the blocks go in an area, worked out once a frame: drawing them, their clicks and
  /// the hero's room all read it (the blocks' heights, a program's view's among them, are
  /// asked once).
  package struct Layout {
    /// Each block shown, top to bottom, with its rows (a block without room is left out).
    package var placed: [(block: ScreenBlock, area: Rect)] = []
    /// Whether the hero picture (and a stage drawn with it) gets room: at least three rows
    /// once the other blocks have theirs.
    package var showsHero = false
  }

  /// Where each block shown in `area` is drawn, top to bottom (a block without room is left
  /// out), and whether the hero has room.
  package func layout(in area: Rect) -> Layout {
    guard !area.isEmpty, !blocks.isEmpty else { return Layout() }
    var placed: [(block: ScreenBlock, area: Rect)] = []
    let fixed = blocks.map { height(of: $0, width: area.width) }
    let gaps = blocks.count - 1
    let fixedTotal = fixed.reduce(0) { $0 + ($1 ?? 0) } + gaps
    let flexibleCount = fixed.filter { $0 == nil }.count
    let spare = max(0, area.height - fixedTotal)
    // A picture smaller than three rows says nothing: then it gives its room to the text.
    let share = flexibleCount > 0 ? spare / flexibleCount : 0
    let showsFlexible = flexibleCount > 0 && share >= 3
    let rowsOf = zip(blocks, fixed).map { block, h in
      h ?? (showsFlexible ? flexibleHeight(of: block, available: share) ?? 0 : 0)
    }
    let flexibleTotal = zip(fixed, rowsOf).reduce(0) { $0 + ($1.0 == nil ? $1.1 : 0) }
    let total = min(
      area.height, fixedTotal + (showsFlexible ? flexibleTotal : -flexibleCount))
    var y = area.y + max(0, area.height - total) / 2
    for ((block, h), rows) in zip(zip(blocks, fixed), rowsOf) {
      if h == nil && !showsFlexible { continue }
      let rect = Rect(x: area.x, y: y, width: area.width, height: min(rows, area.maxY - y))
      if rect.height > 0 { placed.append((block, rect)) }
      y += rows + 1
      if y >= area.maxY { break }
    }
    return Layout(placed: placed, showsHero: showsFlexible && blocks.contains(.hero))
  }

  /// Draws a block through its view: a built-in one straight into the canvas, the program's
  /// on a canvas of its own rows, so that it never draws over the blocks and fields around it
  /// however it draws.
  private func render(
    _ block: ScreenBlock, into canvas: inout Canvas, area: Rect, context: StepScreenContext
  ) {
    guard let view = view(for: block) else { return }
    guard case .custom = block else {
      view.render(into: &canvas, area: area, context: context)
      return
    }
    var own = Canvas(width: area.width, height: area.height, style: context.baseStyle)
    view.render(into: &own, area: own.bounds, context: context)
    canvas.blit(own, toX: area.x, y: area.y)
  }

  /// The rating question until something is rated, then the answer with `{n}` and `{s}`.
  package static func ratingText(question: String, answer: String, rating: Int) -> String {
    guard rating > 0 else { return question }
    return answer.replacing("{n}", with: "\(rating)").replacing("{s}", with: rating == 1 ? "" : "s")
  }

  /// Draws one line centred in `area` at row `y`, cut to the width with an ellipsis.
  package static func drawCentered(
    _ text: String, into canvas: inout Canvas, area: Rect, y: Int, style: Style, glyphs: Glyphs
  ) {
    // Measured as drawn: a control character takes the columns of its escape (`\x1B`).
    let line = TextLayout.truncate(
      Sanitizer.sanitize(text), toWidth: area.width, ellipsis: glyphs.ellipsis)
    let x = area.x + TextLayout.centeredOffset(DisplayWidth.of(line), in: area.width)
    canvas.draw(line, x: x, y: y, style: style)
  }
}

/// Amounts of money held in cents.
package enum Money {
  /// `2490` → `$24.90` (the symbol before the amount).
  package static func format(_ cents: Int, currency: String) -> String {
    format(Int128(cents), currency: currency)
  }

  /// `2490` → `$24.90`; an amount too large to add up (`nil`) is `too large`.
  package static func format(_ cents: Int128?, currency: String) -> String {
    guard let cents else { return "too large" }
    let sign = cents < 0 ? "-" : ""
    let value = cents.magnitude
    let fraction = value % 100
    return sign + currency + "\(value / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}

/// A step's stage progress as a screen draws it: the indicators of one region at a moment.
package struct StageDrawing {
  package var indicators: ProgressIndicators<Int>
  package var step: Int
  package var now: Duration
  /// Whether the stage shows a ring (which takes the hero's place).
  package var hasRing: Bool

  package init(indicators: ProgressIndicators<Int>, step: Int, now: Duration, hasRing: Bool) {
    self.indicators = indicators
    self.step = step
    self.now = now
    self.hasRing = hasRing
  }

  package var isShowing: Bool { indicators.isShowing(step) }

  /// A band for a bar and a label: centred, at most 44 columns.
  package static func band(in area: Rect) -> Rect {
    let width = min(44, max(10, area.width - 8))
    return Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
  }

  package func render(into canvas: inout Canvas, area: Rect, glyphs: Glyphs) {
    indicators.render(step, into: &canvas, area: area, at: now, glyphs: glyphs)
  }
}
