import StepFlowCore
import StepFlowText

/// The row of steps across the top of a flow, drawn into cells.
///
/// Reached steps are drawn in the accent colour and pending ones in the inactive grey; the
/// current step is bold and marked by a pointer under it. Without colour the three stay apart:
/// reached dots and bars are filled (`●` `━`) where pending ones are hollow or thin (`○` `─`),
/// on-top extra content appears only over reached steps, and the pointer marks the current one.
///
/// When the strip is wider than its area it first packs its cells tighter, then shows a window
/// of steps around the current one with `‹` / `›` at the cut edges. Only the visible steps are
/// visited: drawing costs the same for 4 steps and 10,000.
public struct StepStrip {
  /// The flow whose steps are drawn.
  public let flow: FlowDefinition
  /// Which steps are reached and which is current.
  public let progression: Progression
  /// Where each step's extra content goes.
  public let position: ExtraContentPosition
  /// The colours.
  public let theme: Theme
  /// The characters the shapes and marks are drawn with.
  public let glyphs: Glyphs
  /// Whether a step is skipped (its condition does not hold): drawn as pending even when the
  /// flow has passed it.
  public var isSkipped: (Int) -> Bool = { _ in false }
  /// The colours the screen shows (what ``StepCell/colorDepth`` tells the cells).
  public var colorDepth: ColorDepth
  /// What each step's cell and extra content are drawn with.
  private let content: any StepCellView
  private let extra: any StepCellView

  /// The strip of a flow where `progression` stands.
  /// - Parameters:
  ///   - flow: The flow whose steps are drawn.
  ///   - progression: Which steps are reached and which is current.
  ///   - position: where the extra content goes; `nil` for the flow's own choice.
  ///   - theme: The colours.
  ///   - glyphs: The characters the shapes and marks are drawn with.
  ///   - colorDepth: the colours the screen shows (`.none` without colour), for custom cells.
  public init(
    flow: FlowDefinition, progression: Progression, position: ExtraContentPosition? = nil,
    theme: Theme, glyphs: Glyphs, colorDepth: ColorDepth = .truecolor
  ) {
    self.flow = flow
    self.progression = progression
    self.position = position ?? flow.strip.position
    self.theme = theme
    self.glyphs = glyphs
    self.colorDepth = colorDepth
    content = flow.strip.contentView
    extra = flow.strip.extraView
  }

  /// A strip of any steps, without a flow: their icons (`nil` for none), how the strip looks,
  /// and how far they are reached.
  ///
  /// ```swift
  /// let strip = StepStrip(
  ///   icons: [.symbol("cart"), .symbol("creditcard.fill"), .text("📦")],
  ///   style: StripStyle(position: .above, shape: .bar),
  ///   progression: Progression(count: 3, startsEmpty: false, reachedCount: 2, current: 1))
  /// var canvas = Canvas(width: 40, height: strip.height)
  /// strip.render(into: &canvas, area: canvas.bounds)
  /// ```
  public init(
    icons: [Icon?], style: StripStyle, progression: Progression, theme: Theme = Theme(),
    glyphs: Glyphs = .unicode
  ) {
    let steps = icons.indices.map { i in
      StepDefinition(id: "\(i + 1)", title: "Step \(i + 1)", icon: icons[i])
    }
    self.init(
      flow: FlowDefinition(
        id: "steps", title: "Steps", steps: steps, strip: style, navigation: .buttons),
      progression: progression, theme: theme, glyphs: glyphs)
  }

  /// The strip of a ``FlowSteps`` enum with the first `reached` steps reached and `current`
  /// shown, in the enum's own style and colours.
  public init<Step: FlowSteps>(
    _ steps: Step.Type, reached: Int, current: Step?, glyphs: Glyphs = .unicode
  ) {
    let flow = FlowDefinition(Step.self)
    self.init(
      flow: flow,
      progression: Progression(
        count: flow.steps.count, startsEmpty: flow.startsEmpty, reachedCount: reached,
        current: current.map(\.index)),
      theme: Step.theme, glyphs: glyphs)
  }

  /// The rows the strip takes: extra content rows (above only), the content rows, the pointer
  /// row.
  public var height: Int {
    (position == .above ? extraRows : 0) + content.height + 1
  }

  /// The rows of extra content above the cells.
  private var extraRows: Int { flow.strip.extraHeight ?? extra.height }

  /// How the cells are packed.
  package enum Density: CaseIterable {
    case roomy
    case compact
  }

  /// The measured layout of the strip in an area of a given width.
  package struct Layout: Equatable {
    package var density: Density
    package var cellWidth: Int
    package var gap: Int
    /// The visible steps.
    package var first: Int
    package var end: Int
    package var cutLeft: Bool
    package var cutRight: Bool
    package var originX: Int
  }

  private func metrics(_ density: Density) -> StripMetrics {
    StripMetrics(flow: flow, glyphs: glyphs, isCompact: density == .compact, position: position)
  }

  /// The width of every step's extra content, the same for all.
  private func extraWidth(_ density: Density) -> Int {
    flow.strip.extraWidth ?? extra.width(in: metrics(density))
  }

  private func naturalCellWidth(_ density: Density) -> Int {
    let content = content.width(in: metrics(density))
    let extra = extraWidth(density)
    switch position {
    case .inline: return extra > 0 ? content + 1 + extra : content
    case .above, .ontop: return max(content, extra)
    }
  }

  private func gap(_ density: Density) -> Int { content.gap(in: metrics(density)) }

  /// Picks the roomiest packing that fits, or a window around the current step.
  package func layout(width: Int) -> Layout {
    let count = flow.steps.count
    for density in Density.allCases {
      var cell = naturalCellWidth(density)
      let g = gap(density)
      if content.stretches {
        // Bars stretch to share the width.
        cell = max(cell, (width - g * (count - 1)) / max(1, count))
      }
      let total = cell * count + g * (count - 1)
      if total <= width {
        return Layout(
          density: density, cellWidth: cell, gap: g, first: 0, end: count, cutLeft: false,
          cutRight: false, originX: (width - total) / 2)
      }
    }
    let cell = naturalCellWidth(.compact)
    let g = gap(.compact)
    let markWidth = DisplayWidth.of(glyphs.leftMark) + 1
    let visible = max(1, min(count, (width - 2 * markWidth + g) / (cell + g)))
    let current = progression.current ?? 0
    let first = max(0, min(count - visible, current - (visible - 1) / 2))
    let end = first + visible
    let total = visible * cell + (visible - 1) * g
    let inner = width - 2 * markWidth
    return Layout(
      density: .compact, cellWidth: cell, gap: g, first: first, end: end, cutLeft: first > 0,
      cutRight: end < count, originX: markWidth + max(0, (inner - total) / 2))
  }

  /// The steps drawn at a width: all of them, or the window around the current step.
  public func visibleSteps(width: Int) -> Range<Int> {
    let l = layout(width: width)
    return l.first..<l.end
  }

  /// Draws the strip at the top of `area`.
  public func render(into canvas: inout Canvas, area: Rect) {
    guard area.width > 0, area.height > 0 else { return }
    let layout = layout(width: area.width)
    let contentY = area.y + (position == .above ? extraRows : 0)
    let pointerY = contentY + content.height
    let base = Style(foreground: theme.foreground, background: theme.background)
    let markStyle = base.foreground(theme.inactive)
    if layout.cutLeft {
      canvas.draw(glyphs.leftMark, x: area.x, y: contentY, style: markStyle)
    }
    if layout.cutRight {
      let w = DisplayWidth.of(glyphs.rightMark)
      canvas.draw(glyphs.rightMark, x: area.maxX - w, y: contentY, style: markStyle)
    }
    let extraW = extraWidth(layout.density)
    for index in layout.first..<layout.end {
      let x = area.x + layout.originX + (index - layout.first) * (layout.cellWidth + layout.gap)
      let reached = progression.isReached(index) && !isSkipped(index)
      let isCurrent = progression.current == index
      var style = base.foreground(reached ? theme.accent : theme.inactive)
      if isCurrent { style = style.bold }
      func cell(_ style: Style) -> StepCell {
        StepCell(
          index: index, step: flow.steps[index], isReached: reached, isCurrent: isCurrent,
          style: style, theme: theme, glyphs: glyphs, colorDepth: colorDepth, position: position,
          isCompact: layout.density == .compact)
      }
      let rows = content.height
      switch position {
      case .inline:
        let contentW = layout.cellWidth - (extraW > 0 ? extraW + 1 : 0)
        drawView(
          content, cell(style), Rect(x: x, y: contentY, width: contentW, height: rows), &canvas,
          area)
        if extraW > 0 {
          drawView(
            extra, cell(style), Rect(x: x + contentW + 1, y: contentY, width: extraW, height: rows),
            &canvas, area)
        }
      case .above:
        drawView(
          content, cell(style), Rect(x: x, y: contentY, width: layout.cellWidth, height: rows),
          &canvas, area)
        drawView(
          extra, cell(style), Rect(x: x, y: area.y, width: layout.cellWidth, height: extraRows),
          &canvas, area)
      case .ontop:
        let rect = Rect(x: x, y: contentY, width: layout.cellWidth, height: rows)
        drawView(content, cell(style), rect, &canvas, area)
        // On top only over reached steps, always in the accent colour (rating: ★ over ☆).
        if reached { drawView(extra, cell(style.foreground(theme.accent)), rect, &canvas, area) }
      }
      if isCurrent && area.contains(x: x, y: pointerY) {
        let w = DisplayWidth.of(glyphs.pointerUp)
        canvas.draw(
          glyphs.pointerUp, x: x + (layout.cellWidth - w) / 2, y: pointerY,
          style: base.foreground(theme.accent))
      }
    }
  }

  /// Draws one view of one step, clipped to the strip's area.
  private func drawView(
    _ view: any StepCellView, _ cell: StepCell, _ rect: Rect, _ canvas: inout Canvas, _ area: Rect
  ) {
    let clipped = rect.intersection(area)
    guard !clipped.isEmpty else { return }
    view.render(cell, into: &canvas, area: clipped)
  }

  /// The step whose cell (or its extra content) is at column `x`, row `y` of a strip drawn in
  /// `area`: what a click there taps.
  public func step(atColumn x: Int, row y: Int, in area: Rect) -> Int? {
    guard area.contains(x: x, y: y), y < area.y + height else { return nil }
    let layout = layout(width: area.width)
    let offset = x - area.x - layout.originX
    guard offset >= 0 else { return nil }
    let slot = offset / (layout.cellWidth + layout.gap)
    // A click in the gap between two cells taps neither.
    guard offset % (layout.cellWidth + layout.gap) < layout.cellWidth else { return nil }
    let index = layout.first + slot
    return index < layout.end ? index : nil
  }

  /// The plain-text form: `Step 2 of 4: Payment — reached: Shopping cart, Payment`.
  public static func describe(
    flow: FlowDefinition, progression: Progression, answers: [String: FieldValue] = [:]
  ) -> String {
    // Steps passed because their condition does not hold are not reached.
    let reached = (0..<progression.reachedCount).filter {
      !flow.hasConditions || FlowMachine.isShown($0, flow, answers)
    }.map { flow.resolve(flow.steps[$0].title, answers: answers) }
    if flow.navigation == .rating {
      return progression.reachedCount == 0
        ? "\(flow.title): not rated yet (1 to \(flow.steps.count))"
        : "\(flow.title): \(progression.reachedCount) of \(flow.steps.count)"
    }
    guard let current = progression.current else {
      return "No step reached yet (\(flow.steps.count) steps)"
    }
    let names =
      reached.count > 12
      ? reached.prefix(5).joined(separator: ", ") + ", … "
        + reached.suffix(5).joined(separator: ", ")
      : reached.joined(separator: ", ")
    return
      "Step \(current + 1) of \(flow.steps.count): \(flow.resolve(flow.steps[current].title, answers: answers)) — reached: \(names)"
  }
}
