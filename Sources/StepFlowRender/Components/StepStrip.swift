import StepFlowCore
import StepFlowText

/// The row of steps across the top of a flow (seed 003's MultiStepsView), drawn into cells.
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
  public let flow: FlowDefinition
  public let progression: Progression
  public let position: ExtraContentPosition
  public let theme: Theme
  public let glyphs: Glyphs
  /// Whether a step is skipped (its condition does not hold): drawn as pending even when the
  /// flow has passed it.
  public var isSkipped: (Int) -> Bool = { _ in false }
  /// The width of the extra content of every step, measured once.
  private let extraWidth: Int

  public init(
    flow: FlowDefinition, progression: Progression, position: ExtraContentPosition? = nil,
    theme: Theme, glyphs: Glyphs
  ) {
    self.flow = flow
    self.progression = progression
    self.position = position ?? flow.strip.position
    self.theme = theme
    self.glyphs = glyphs
    if let width = flow.strip.extraWidth {
      extraWidth = width
    } else if let shared = flow.strip.sharedExtra {
      extraWidth = Symbols.width(of: shared, style: glyphs.style)
    } else {
      extraWidth = flow.widestIcon[glyphs.style] ?? 0
    }
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

  /// The rows the strip takes: extra content rows (above only), the content row, the pointer row.
  public var height: Int {
    position == .above ? (flow.strip.extraHeight ?? 1) + 2 : 2
  }

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

  private func contentWidth(_ density: Density) -> Int {
    switch flow.strip.shape {
    case .dots(let n): return density == .roomy ? max(1, 2 * n - 1) : max(1, n)
    case .bar: return density == .roomy ? 6 : 3
    case .symbol(let name):
      return max(
        Symbols.width(of: .symbol(name), style: glyphs.style),
        Symbols.width(of: .symbol(name + ".fill"), style: glyphs.style))
    }
  }

  private func naturalCellWidth(_ density: Density) -> Int {
    let content = contentWidth(density)
    let extra = extraWidth
    switch position {
    case .inline: return extra > 0 ? content + 1 + extra : content
    case .above, .ontop: return max(content, extra)
    }
  }

  private func gap(_ density: Density) -> Int {
    if case .symbol = flow.strip.shape { return density == .roomy ? 1 : 0 }
    return density == .roomy ? 3 : 1
  }

  /// Picks the roomiest packing that fits, or a window around the current step.
  package func layout(width: Int) -> Layout {
    let count = flow.steps.count
    for density in Density.allCases {
      var cell = naturalCellWidth(density)
      let g = gap(density)
      if flow.strip.shape == .bar {
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
    let extraRows = position == .above ? (flow.strip.extraHeight ?? 1) : 0
    let contentY = area.y + extraRows
    let pointerY = contentY + 1
    let base = Style(foreground: theme.foreground, background: theme.background)
    let markStyle = base.foreground(theme.inactive)
    if layout.cutLeft {
      canvas.draw(glyphs.leftMark, x: area.x, y: contentY, style: markStyle)
    }
    if layout.cutRight {
      let w = DisplayWidth.of(glyphs.rightMark)
      canvas.draw(glyphs.rightMark, x: area.maxX - w, y: contentY, style: markStyle)
    }
    for index in layout.first..<layout.end {
      let x = area.x + layout.originX + (index - layout.first) * (layout.cellWidth + layout.gap)
      let reached = progression.isReached(index) && !isSkipped(index)
      let isCurrent = progression.current == index
      var style = base.foreground(reached ? theme.accent : theme.inactive)
      if isCurrent { style = style.bold }
      drawCell(
        index, into: &canvas, x: x, contentY: contentY, area: area, layout: layout,
        reached: reached, style: style)
      if isCurrent && area.contains(x: x, y: pointerY) {
        let w = DisplayWidth.of(glyphs.pointerUp)
        canvas.draw(
          glyphs.pointerUp, x: x + (layout.cellWidth - w) / 2, y: pointerY,
          style: base.foreground(theme.accent))
      }
    }
  }

  private func drawCell(
    _ index: Int, into canvas: inout Canvas, x: Int, contentY: Int, area: Rect, layout: Layout,
    reached: Bool, style: Style
  ) {
    let extraIcon = flow.strip.sharedExtra ?? flow.steps[index].icon
    let extra = extraIcon.map { Symbols.glyph(for: $0, style: glyphs.style) } ?? ""
    let extraW = DisplayWidth.of(extra)
    switch position {
    case .inline:
      let contentW = layout.cellWidth - (extraWidth > 0 ? extraWidth + 1 : 0)
      drawContent(
        into: &canvas, x: x, y: contentY, width: contentW, layout: layout,
        reached: reached, style: style)
      if !extra.isEmpty {
        canvas.draw(extra, x: x + contentW + 1, y: contentY, style: style, limit: extraWidth)
      }
    case .above:
      drawContent(
        into: &canvas, x: x, y: contentY, width: layout.cellWidth, layout: layout,
        reached: reached, style: style)
      if !extra.isEmpty {
        let rows = flow.strip.extraHeight ?? 1
        canvas.draw(
          extra, x: x + max(0, (layout.cellWidth - extraW) / 2), y: area.y + (rows - 1) / 2,
          style: style, limit: layout.cellWidth)
      }
    case .ontop:
      drawContent(
        into: &canvas, x: x, y: contentY, width: layout.cellWidth, layout: layout,
        reached: reached, style: style)
      if reached && !extra.isEmpty {
        canvas.draw(
          extra, x: x + max(0, (layout.cellWidth - extraW) / 2), y: contentY,
          style: style.foreground(theme.accent), limit: layout.cellWidth)
      }
    }
  }

  private func drawContent(
    into canvas: inout Canvas, x: Int, y: Int, width: Int, layout: Layout, reached: Bool,
    style: Style
  ) {
    switch flow.strip.shape {
    case .dots(let n):
      let dot = reached ? glyphs.dot : glyphs.hollowDot
      let separator = layout.density == .roomy ? " " : ""
      let text = Array(repeating: dot, count: max(1, n)).joined(separator: separator)
      canvas.draw(text, x: x, y: y, style: style, limit: width)
    case .bar:
      let line = reached ? glyphs.heavyHorizontal : glyphs.horizontal
      canvas.draw(String(repeating: line, count: max(1, width)), x: x, y: y, style: style)
    case .symbol(let name):
      let filled = Symbols.isKnown(name + ".fill") && reached && position != .ontop
      let glyph = Symbols.glyph(for: .symbol(filled ? name + ".fill" : name), style: glyphs.style)
      let w = DisplayWidth.of(glyph)
      canvas.draw(glyph, x: x + max(0, (width - w) / 2), y: y, style: style, limit: width)
    }
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
