import StepFlowCore
import StepFlowRender
import StepFlowText

/// Draws a running flow: header, step strip, the step's screen, messages and key hints.
package struct FlowView {
  package let program: FlowProgram
  package let now: Duration
  package let glyphs: Glyphs
  /// Where drawing records what a click can act on; `nil` to record nothing.
  package var hits: HitMap? = nil

  package init(program: FlowProgram, now: Duration) {
    self.program = program
    self.now = now
    glyphs = Glyphs.for(program.options.glyphs)
  }

  var flow: FlowDefinition { program.flow }
  var state: FlowState { program.state }

  /// The theme at this moment (``FlowProgram/theme(at:)``).
  var theme: Theme { program.theme(at: now) }

  /// Whether the screen is too short for the full layout (``FlowProgram/minimumHeight``):
  /// then the compact one — the bar's title row only, the strip on one line with its pointer,
  /// no blank rows, the buttons right under the form, one footer row (a message, else the
  /// hints) — so every step fits down to ``FlowProgram/compactMinimum``.
  package static func isCompact(program: FlowProgram, height: Int) -> Bool {
    height < program.minimumHeight
  }

  /// Where a frame's parts go: the bar, the strip, the body and the footer below it.
  struct Layout {
    var bounds: Rect
    /// Whether the compact layout is used (``isCompact(program:height:)``).
    var compact: Bool
    /// The bar as drawn (in the compact layout, without its prompt and large title).
    var bar: NavigationBar
    /// Its height at this moment (it changes while a transition runs between bars of
    /// different heights).
    var barHeight: Int
    var strip: StepStrip
    var stripArea: Rect
    /// All below the strip: the body, then the footer's rows.
    var rest: Rect
    var footerRows: Int
    var body: Rect
  }

  /// The layout of a frame `width` × `height` at this moment, its strip in `theme`.
  func layout(width: Int, height: Int, theme: Theme) -> Layout {
    let bounds = Rect(x: 0, y: 0, width: width, height: height)
    let compact = Self.isCompact(program: program, height: height)
    var bar = program.navigationBar
    if compact, bar.finalHeight > 2 {
      // Only the title and the back button: the prompt and the large title give their rows.
      bar = NavigationBar(
        items: bar.items.map {
          NavigationItem(title: $0.title, backTitle: $0.backTitle, tint: $0.tint)
        })
    }
    let belowBar = bar.contentArea(in: bounds, at: now)
    var rest = belowBar.dropTop(compact ? 0 : 1)
    // Compact: icons above the strip move beside each step, on its one row.
    var position = program.options.position ?? flow.strip.position
    if compact, position == .above { position = .inline }
    var strip = StepStrip(
      flow: flow, progression: state.progression, position: position, theme: theme,
      glyphs: glyphs, colorDepth: program.options.colorDepth)
    if flow.hasConditions {
      let (flow, answers) = (flow, state.answers)
      strip.isSkipped = { !FlowMachine.isShown($0, flow, answers) }
    }
    let stripArea = rest.top(strip.height)
    rest = rest.dropTop(strip.height + (compact ? 0 : 1))
    let footerRows = Self.footerRows(in: rest, compact: compact)
    return Layout(
      bounds: bounds, compact: compact, bar: bar, barHeight: belowBar.y - bounds.y, strip: strip,
      stripArea: stripArea, rest: rest, footerRows: footerRows,
      body: rest.dropBottom(footerRows))
  }

  package func render(width: Int, height: Int) -> Canvas {
    let theme = theme
    let layout = layout(width: width, height: height, theme: theme)
    let (bounds, compact, bar, strip) = (layout.bounds, layout.compact, layout.bar, layout.strip)
    let (stripArea, rest, footerRows, body) =
      (layout.stripArea, layout.rest, layout.footerRows, layout.body)
    hits?.add(stripArea) { [strip] column, row in
      strip.step(atColumn: column, row: row, in: stripArea).map { .step($0) }
    }
    let phase = slide(area: body, theme: theme, compact: compact)
    if !compact, let t = program.transition, hits == nil {
      switch phase {
      case .none: break
      case .kept, .toDraw:
        // The frames after this one are laid out the same while nothing changes.
        t.canvases.keepLayout(
          revision: program.revision, width: width, height: height,
          barHeight: layout.barHeight, body: body)
      }
    }
    var slide: SlideScreens?
    switch phase {
    case .kept(let kept):
      slide = kept
      if let key = program.slideFrameKey(
        kept, bounds: bounds, body: body, theme: theme, compact: compact),
        let canvas = program.redrawnSlideFrame(
          kept, key: key, bar: bar, bounds: bounds, theme: theme, at: now)
      {
        return canvas
      }
    case .none:
      if hits == nil, let finished = program.finishedSlide,
        let canvas = finalSlideFrame(
          finished, body: body, bar: bar, bounds: bounds, theme: theme, compact: compact)
      {
        return canvas
      }
    case .toDraw: break
    }
    let slides: Bool
    if case .none = phase { slides = false } else { slides = true }
    // Frames take turns in two canvases: not the last one, which the writer holds (taking it
    // would copy it whole before the clear: 1.5 MB a frame at 400×120, for a still frame too).
    var canvas = program.canvasPool.canvas(
      width: width, height: height, style: theme.text, sparingLast: true)
    if case .toDraw(let t, let view) = phase {
      // Drawn into this frame's body, blank now and again after: no screen-sized canvas.
      slide = drawScreens(of: t, view: view, into: &canvas, area: body, theme: theme)
    }
    let key = slide.flatMap {
      program.slideFrameKey($0, bounds: bounds, body: body, theme: theme, compact: compact)
    }
    let barColumns = bar.render(into: &canvas, area: bounds, at: now, theme: theme, glyphs: glyphs)
    strip.render(into: &canvas, area: stripArea)
    if footerRows > 0 { renderFooter(into: &canvas, area: rest, theme: theme, compact: compact) }
    var stageDrawn = false
    var bodyMoves = true
    var content: [ColumnSpan] = []
    if let slide {
      // The body is blank in the screens' own blank: only where their content is needs
      // drawing (a screen of 400 columns shows a form of 60).
      content = slide.content(in: body)
      Slide.redraw(
        outgoing: slide.outgoing.canvas, incoming: slide.incoming.canvas,
        direction: slide.direction, shift: slide.shift, into: &canvas, area: body,
        spans: content, fill: theme.text, outgoingRows: slide.outgoing.rows,
        incomingRows: slide.incoming.rows)
      stageDrawn = slide.incoming.stageDrawn
    } else {
      (stageDrawn, bodyMoves) = renderBody(
        into: &canvas, area: body, theme: theme, compact: compact)
    }
    if !stageDrawn, footerRows > 0, program.message == nil, state.pendingConfirmation == nil,
      FlowMachine.runningFieldTask(state) == nil,
      let line = stageLine()
    {
      // No room for the stage's indicators: the footer's first row says how far it is (the
      // message's row; in the compact layout, the hints').
      let y = body.maxY
      canvas.fill(Rect(x: 0, y: y, width: width, height: 1), style: theme.text)
      canvas.draw(
        TextLayout.truncate(line, toWidth: width - 2, ellipsis: glyphs.ellipsis), x: 1, y: y,
        style: theme.text.foreground(theme.accent).bold)
    }
    renderLogPane(into: &canvas, theme: theme)
    if state.showsLog { hits?.cover(bounds) }
    if state.showsHelp {
      renderHelp(into: &canvas, theme: theme)
      hits?.cover(bounds)
    }
    if glyphs.style == .ascii { canvas.foldToASCII() }
    program.numberFrame(&canvas, slide: slide, key: key, bar: barColumns, content: content)
    // The step standing, its screen as it stands: a slide leaving it finds the screen here.
    program.recordStanding(
      canvas, body: body, theme: theme, compact: compact,
      standing: !slides && !bodyMoves && !state.showsLog && !state.showsHelp)
    program.canvasPool.keep(canvas)
    return canvas
  }

  // MARK: Body

  /// The answers a step gave, as (label, value) lines for the summary and plain text:
  /// choices by title, yes/no, card numbers masked, secure text hidden.
  package static func answerLines(ofStep index: Int, flow: FlowDefinition, state: FlowState)
    -> [(String, String)]
  {
    let step = flow.resolvedStep(index, answers: state.answers)
    var lines: [(String, String)] = []
    var specs = step.fields
    if !step.tabs.isEmpty {
      let tab = step.tabs[min(state.selectedTab(ofStep: index), step.tabs.count - 1)]
      if step.tabsField != nil { lines.append((step.title, tab.title)) }
      specs += tab.fields
    }
    for spec in specs {
      guard let value = state.answers[spec.id] else { continue }
      lines.append((spec.label, display(value, of: spec)))
    }
    return lines
  }

  /// An answer as the summary shows it (see ``FieldSpec/readableText(_:)``); a multi-line
  /// text by its first line and how many lines it has.
  package static func display(_ value: FieldValue, of spec: FieldSpec) -> String {
    let text = spec.readableText(value)
    guard case .text(_, false, let lines) = spec.kind, lines > 1, text.contains("\n") else {
      return text
    }
    let all = text.split(separator: "\n", omittingEmptySubsequences: false)
    return String(all[0]) + " … (\(all.count) lines)"
  }

  /// The current step's stage in words, when one shows: `Cooking 45%`, `Cooking done`.
  private func stageLine() -> String? {
    guard let current = state.progression.current, program.stages.shown == current,
      let stage = flow.steps[current].progress
    else { return nil }
    let name = stage.label ?? flow.steps[current].title
    guard let running = program.stages.running, running.step == current else {
      return name + " done"
    }
    let share = animationFraction(start: running.start, duration: running.duration, now: now)
    return name + " \(Int(share * 100))%"
  }

  /// Draws the step standing (no slide); returns whether a showing stage was drawn on it, and
  /// whether anything on it moves by itself (``arrivingMoves(_:)``).
  private func renderBody(into canvas: inout Canvas, area: Rect, theme: Theme, compact: Bool)
    -> (stageDrawn: Bool, moves: Bool)
  {
    guard !area.isEmpty else { return (false, true) }
    var view = stepView(theme: theme, compact: compact)
    // Clicks land on the screen as it stands, not on one sliding in (``slide(area:theme:compact:)``).
    view.hits = hits
    let stageDrawn = view.render(
      into: &canvas, area: area, tabs: program.tabs, tabOutgoing: program.tabOutgoing, now: now)
    return (stageDrawn, arrivingMoves(view) || program.tabOutgoing != nil)
  }

  // MARK: Help

  /// The `?` overlay: the keys where the focus is, in a box.
  ///
  /// On a screen too short for every row the box takes the whole screen without its blank rows, the
  /// most useful rows (those the hint line names) come first, and the last row says how many more
  /// `stepflow help keys` lists; text too wide is cut with an ellipsis.
  private func renderHelp(into canvas: inout Canvas, theme: Theme) {
    let context = program.focusContext
    let remaps = state.keyRemaps
    var rows = KeyMap.help(in: context, flow: flow, glyphs: glyphs, remaps: remaps)
    let roomy = rows.count + 4 <= canvas.height - 2
    let padding = roomy ? 1 : 0
    let capacity = max(0, (roomy ? canvas.height - 2 : canvas.height) - 2 - 2 * padding)
    if rows.count > capacity {
      rows = KeyMap.help(
        in: context, flow: flow, glyphs: glyphs, hintedFirst: true, remaps: remaps)
      let more = rows.count - (capacity - 1)
      rows = Array(rows.prefix(max(0, capacity - 1)))
      if capacity > 0 { rows.append((glyphs.ellipsis, "\(more) more: stepflow help keys")) }
    }
    let keyWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
    let textWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
    let width = min(canvas.width - (roomy ? 2 : 0), keyWidth + textWidth + 6)
    let height = min(canvas.height - (roomy ? 2 : 0), rows.count + 2 + 2 * padding)
    let x = (canvas.width - width) / 2
    let y = (canvas.height - height) / 2
    let box = Rect(x: x, y: y, width: width, height: height)
    let style = Style(foreground: .default, background: .default)
    canvas.fill(box, style: style)
    Frame(title: "Keys: " + context.title, glyphs: glyphs).render(
      into: &canvas, area: box, style: style)
    let top = y + 1 + padding
    for (i, row) in rows.enumerated() where top + i < box.maxY - 1 {
      canvas.draw(row.0, x: x + 2, y: top + i, style: style.bold, limit: keyWidth)
      let room = width - keyWidth - 6
      guard room > 0 else { continue }
      canvas.draw(
        TextLayout.truncate(row.1, toWidth: room, ellipsis: glyphs.ellipsis), x: x + 4 + keyWidth,
        y: top + i, style: style, limit: room)
    }
  }
}
