/// Draws a running flow: header, step strip, the step's screen, messages and key hints.
struct FlowView {
  let program: FlowProgram
  let now: Duration
  let glyphs: Glyphs

  init(program: FlowProgram, now: Duration) {
    self.program = program
    self.now = now
    glyphs = Glyphs.for(program.options.glyphs)
  }

  private var flow: FlowDefinition { program.flow }
  private var state: FlowState { program.state }

  /// The theme at this moment: during a transition, between the old step's and the new one's.
  private var theme: Theme {
    let target = flow.theme(forStep: state.progression.current)
    guard let t = program.transition else { return target }
    return flow.theme(forStep: t.from.progression.current).blended(
      with: target, by: t.timing.fraction(at: now))
  }

  func render(width: Int, height: Int) -> Canvas {
    let theme = theme
    var canvas = Canvas(width: width, height: height, style: theme.text)
    let bounds = canvas.bounds
    let bar = program.navigationBar
    bar.render(into: &canvas, area: bounds, at: now, theme: theme, glyphs: glyphs)
    var rest = bar.contentArea(in: bounds, at: now).dropTop(1)
    var strip = StepStrip(
      flow: flow, progression: state.progression, position: program.options.position,
      theme: theme, glyphs: glyphs)
    if flow.hasConditions {
      let (flow, answers) = (flow, state.answers)
      strip.isSkipped = { !FlowMachine.isShown($0, flow, answers) }
    }
    strip.render(into: &canvas, area: rest.top(strip.height))
    rest = rest.dropTop(strip.height + 1)
    let footer = renderFooter(into: &canvas, area: rest, theme: theme)
    let body = rest.dropBottom(footer)
    renderBody(into: &canvas, area: body, theme: theme)
    if program.showsHelp { renderHelp(into: &canvas, theme: theme) }
    if glyphs.style == .ascii { canvas.foldToASCII() }
    return canvas
  }

  // MARK: Body

  /// The answers a step gave, as (label, value) lines for the summary and plain text:
  /// choices by title, yes/no, card numbers masked, secure text hidden.
  static func answerLines(ofStep index: Int, flow: FlowDefinition, state: FlowState)
    -> [(String, String)]
  {
    let step = flow.steps[index]
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

  static func display(_ value: FieldValue, of spec: FieldSpec) -> String {
    switch (value, spec.kind) {
    case (.text(let text), .text(_, let secure)):
      if secure { return String(repeating: "•", count: min(8, text.count)) }
      if spec.check == .luhn {
        let digits = text.filter(\.isNumber)
        return "card ending " + String(digits.suffix(4))
      }
      return text
    case (.choice(let id), .choice(let options, _)):
      return options.first { $0.id == id }?.title ?? id
    case (.bool(let yes), _): return yes ? "yes" : "no"
    case (.number(let n), .rating(let max)): return "\(n) of \(max)"
    case (.number(let n), _): return "\(n)"
    case (.text(let text), _), (.choice(let text), _): return text
    }
  }

  private func renderBody(into canvas: inout Canvas, area: Rect, theme: Theme) {
    guard !area.isEmpty else { return }
    var view = StepView(flow: flow, state: state, theme: theme, glyphs: glyphs)
    if let current = state.progression.current, let stage = flow.steps[current].progress {
      view.stage = StageDrawing(
        indicators: program.stages.indicators, step: current, now: now,
        hasRing: stage.indicators.contains("ring"))
    }
    guard let t = program.transition, t.timing.isAnimating(at: now) else {
      view.render(
        into: &canvas, area: area, tabs: program.tabs, tabOutgoing: program.tabOutgoing, now: now)
      return
    }
    var incoming = Canvas(width: area.width, height: area.height, style: theme.text)
    view.render(
      into: &incoming, area: incoming.bounds, tabs: program.tabs, tabOutgoing: nil, now: now)
    var outgoing = Canvas(width: area.width, height: area.height, style: theme.text)
    StepView(flow: flow, state: t.from, theme: theme, glyphs: glyphs).render(
      into: &outgoing, area: outgoing.bounds,
      tabs: FlowProgram.tabBar(flow: flow, state: t.from, duration: .zero), tabOutgoing: nil,
      now: now)
    Slide.draw(
      outgoing: outgoing, incoming: incoming,
      direction: t.direction == .forward ? .fromTrailing : .fromLeading,
      fraction: t.timing.fraction(at: now), into: &canvas, area: area, fill: theme.text)
  }

  // MARK: Footer

  /// Draws the message line and the key hints at the bottom; returns the rows used.
  private func renderFooter(into canvas: inout Canvas, area: Rect, theme: Theme) -> Int {
    guard area.height >= 2 else { return 0 }
    let base = theme.text
    let hintsY = area.maxY - 1
    canvas.draw(
      fitting(hintItems(), width: area.width - 2), x: 1, y: hintsY,
      style: base.foreground(theme.inactive))
    if let question = program.pendingConfirmation?.question {
      canvas.draw(
        TextLayout.truncate(question, toWidth: area.width - 2, ellipsis: glyphs.ellipsis), x: 1,
        y: hintsY - 1, style: base.foreground(theme.accent).bold)
    } else if let message = program.message {
      let line = glyphs.cross + " " + message
      canvas.draw(
        TextLayout.truncate(line, toWidth: area.width - 2, ellipsis: glyphs.ellipsis), x: 1,
        y: hintsY - 1, style: base.foreground(theme.error).bold)
    }
    return 2
  }

  /// The key hints where the focus is, from the key table, most important first.
  private func hintItems() -> [String] {
    let context = program.focusContext
    let items = KeyBindings.hints(
      in: context, ascii: glyphs.style == .ascii, enter: enterHint(context))
    guard context == .stars else { return items }
    return items.map { $0.replacing("1-9", with: "1-\(min(9, flow.steps.count))") }
  }

  /// What Enter does where the focus is, in a word or two.
  private func enterHint(_ context: FocusContext) -> String? {
    let last = state.progression.isAtLastStep
    switch context {
    case .textField, .choiceRow, .confirm, .ratingField, .tabBar:
      guard let editor = state.editor else { return nil }
      let list = editor.focusables(flow: flow)
      if let focus = editor.focus, let i = list.firstIndex(of: focus), i + 1 < list.count,
        list[i + 1] != .back, list[i + 1] != .next
      {
        return "next field"
      }
      return last ? "finish" : "next step"
    case .buttons:
      if state.editor?.focus == .back { return "back" }
      return last ? "finish" : "next"
    case .noFocus:
      return last ? "finish" : "next"
    default:
      return nil
    }
  }

  /// As many hints as fit in the width, whole, joined by a separator.
  private func fitting(_ items: [String], width: Int) -> String {
    let separator = glyphs.style == .ascii ? " | " : " · "
    var line = ""
    for item in items {
      let candidate = line.isEmpty ? item : line + separator + item
      guard DisplayWidth.of(candidate) <= width else { break }
      line = candidate
    }
    return line
  }

  // MARK: Help

  private func renderHelp(into canvas: inout Canvas, theme: Theme) {
    let context = program.focusContext
    let rows = KeyMap.help(in: context, flow: flow, glyphs: glyphs)
    let keyWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
    let textWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
    let width = min(canvas.width - 2, keyWidth + textWidth + 6)
    let height = min(canvas.height - 2, rows.count + 4)
    let x = (canvas.width - width) / 2
    let y = (canvas.height - height) / 2
    let box = Rect(x: x, y: y, width: width, height: height)
    let style = Style(foreground: .default, background: .default)
    canvas.fill(box, style: style)
    Frame(title: "Keys: " + context.title, glyphs: glyphs).render(
      into: &canvas, area: box, style: style)
    for (i, row) in rows.enumerated() where i + 2 < height - 1 {
      canvas.draw(row.0, x: x + 2, y: y + 2 + i, style: style.bold, limit: keyWidth)
      canvas.draw(
        row.1, x: x + 4 + keyWidth, y: y + 2 + i, style: style, limit: width - keyWidth - 6)
    }
  }
}

/// A box around an area, with an optional title in its top edge.
struct Frame {
  var title: String?
  var glyphs: Glyphs

  func render(into canvas: inout Canvas, area: Rect, style: Style) {
    guard area.width >= 2, area.height >= 2 else { return }
    let inner = String(repeating: glyphs.horizontal, count: area.width - 2)
    canvas.draw(glyphs.topLeft + inner + glyphs.topRight, x: area.x, y: area.y, style: style)
    canvas.draw(
      glyphs.bottomLeft + inner + glyphs.bottomRight, x: area.x, y: area.maxY - 1, style: style)
    for y in (area.y + 1)..<(area.maxY - 1) {
      canvas.draw(glyphs.vertical, x: area.x, y: y, style: style)
      canvas.draw(glyphs.vertical, x: area.maxX - 1, y: y, style: style)
    }
    if let title, area.width > 6 {
      let text =
        " " + TextLayout.truncate(title, toWidth: area.width - 6, ellipsis: glyphs.ellipsis) + " "
      canvas.draw(text, x: area.x + 2, y: area.y, style: style.bold)
    }
  }
}
