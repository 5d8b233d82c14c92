import StepFlowCore
import StepFlowRender
import StepFlowText

/// Draws one step's screen for a state: its blocks, its fields, its tabs with the selected
/// tab's content, and the Back / Next buttons of a flow with buttons.
package struct StepView {
  package let flow: FlowDefinition
  package let state: FlowState
  package let theme: Theme
  package let glyphs: Glyphs
  /// The stage progress to draw, in an automatic run.
  package var stage: StageDrawing? = nil
  /// The compact layout of a short screen: no blank row above the buttons or under the tab bar.
  package var compact = false
  /// Where drawing records what a click can act on; `nil` to record nothing.
  package var hits: HitMap? = nil
  /// The step's task, when it has one: its panel under the step's content, and its outcome
  /// buttons in place of Back / Next after it failed.
  package var task: TaskDrawing? = nil
  /// The time of the frame and the colour depth, for the program's own blocks.
  package var now: Duration = .zero
  package var colorDepth: ColorDepth = .truecolor
  /// When the step came on the screen (for the program's own blocks).
  package var shownAt: Duration = .zero

  /// A step's task as the screen draws it.
  package struct TaskDrawing {
    package var panel: TaskPanel
    package var phase: TaskPhase
    /// Retry, Back, Skip, Quit, after it failed or was stopped.
    package var actions: TaskActionRow?
  }

  /// The view of another state of the flow (the screen a slide leaves, shown since
  /// `shownAt`) drawn the same way: the same theme, glyphs, time, colour depth and layout; no
  /// stage, task or click map.
  package func showing(_ other: FlowState, shownAt: Duration? = nil) -> StepView {
    var view = StepView(flow: flow, state: other, theme: theme, glyphs: glyphs)
    view.shownAt = shownAt ?? self.shownAt
    view.now = now
    view.colorDepth = colorDepth
    view.compact = compact
    return view
  }

  private var step: StepDefinition? {
    state.progression.current.map { flow.resolvedStep($0, answers: state.answers) }
  }

  /// Records where the step's own screen that takes keys is drawn, so that a click or the
  /// wheel there reaches it in its coordinates.
  private func recordScreenHits(_ layout: StepScreen.Layout) {
    guard let hits else { return }
    for (block, rect) in layout.placed where block.focusableView != nil {
      hits.add(rect) { column, row in .screen(column: column - rect.x, row: row - rect.y) }
    }
  }

  /// Lines of the summary block: the answers of the steps before the current one.
  package func summaryLines() -> [String] {
    guard let current = state.progression.current else { return [] }
    var lines: [String] = []
    for index in 0..<current {
      for (label, value) in FlowView.answerLines(ofStep: index, flow: flow, state: state) {
        lines.append(label + ": " + value)
      }
    }
    return lines
  }

  /// Blocks in words for plain mode, as each block's view says them (the hero is a picture
  /// and says nothing; a custom block says its ``StepScreenView/plainLines(context:)`` in
  /// `context`, and nothing without one).
  package static func blockLines(
    _ blocks: [ScreenBlock], rating: Int, context: StepScreenContext? = nil
  ) -> [String] {
    let given =
      context
      ?? StepScreenContext(
        now: .zero, answers: [:], theme: Theme(), glyphs: .unicode, colorDepth: .none,
        rating: rating)
    var lines: [String] = []
    for block in blocks {
      guard let view = StepScreen.view(for: block, icon: nil, stage: nil, summary: []) else {
        continue
      }
      if case .custom = block {
        guard context != nil else { continue }
        lines += view.plainLines(context: given).map(Sanitizer.sanitize)
      } else {
        lines += view.plainLines(context: given)
      }
    }
    return lines
  }

  package func screen(blocks: [ScreenBlock]) -> StepScreen {
    // The summary's lines only where it shows: they cost a line an answer of every step
    // before this one, at every frame.
    var screen = StepScreen(
      blocks: blocks, icon: step?.icon, theme: theme, glyphs: glyphs, rating: state.rating,
      summary: blocks.contains(.summary) ? summaryLines() : [])
    screen.stage = stage
    screen.now = now
    screen.shownAt = shownAt
    screen.answers = state.answers
    screen.colorDepth = colorDepth
    if let editor = state.editor, editor.screen != nil {
      screen.screenFocused = editor.focus == .screen
      screen.screenState = editor.screenState
      screen.screenProblems = editor.screenProblems(in: state.context)
    }
    return screen
  }

  /// Draws the step; returns whether a showing stage found room on the screen (else the
  /// footer says how far it is).
  @discardableResult
  package func render(
    into canvas: inout Canvas, area: Rect, tabs: Tabs?, tabOutgoing: FlowState?, now: Duration
  ) -> Bool {
    guard !area.isEmpty else { return false }
    var stageDrawn = false
    var content = area
    if let actions = task?.actions, area.height >= (compact ? 3 : 4) {
      // A failed task: its outcome's buttons where Back / Next are.
      actions.render(into: &canvas, area: area.bottom(1))
      content = area.dropBottom(compact ? 1 : 2)
    } else if flow.navigation == .buttons, let current = state.progression.current,
      area.height >= (compact ? 3 : 4)
    {
      if task?.phase != .running {
        let row = ButtonRow(
          backEnabled: state.progression.reachedCount > 1 && current > 0,
          nextTitle: nextTitle, focus: state.editor?.focus, theme: theme, glyphs: glyphs)
        let rowArea = area.bottom(1)
        row.render(into: &canvas, area: rowArea)
        hits?.add(rowArea) { column, _ in
          switch row.button(atColumn: column, in: rowArea) {
          case .back?: return .back
          case .next?: return .next
          default: return nil
          }
        }
      }
      content = area.dropBottom(compact ? 1 : 2)
    }
    if let task, content.height >= 3 {
      // The task's panel at the bottom: what will run takes a row (the step's fields keep
      // theirs); its progress and output half the room, at most a dozen rows.
      let ready: Bool
      if case .ready = task.phase { ready = true } else { ready = false }
      let rows = ready ? 1 : min(12, max(3, content.height - max(2, content.height / 2)))
      let width = min(content.width - 4, 72)
      let x = content.x + max(2, (content.width - width) / 2)
      task.panel.render(
        into: &canvas,
        area: Rect(x: x, y: content.maxY - rows, width: width, height: rows))
      content = content.dropBottom(rows + (content.height - rows > 2 ? 1 : 0))
    }
    if let stage, stage.isShowing, !(step?.blocks.contains(.hero) ?? false), content.height >= 4 {
      // A stage without a hero to show it in: a band at the bottom.
      stage.render(into: &canvas, area: StageDrawing.band(in: content.bottom(3)), glyphs: glyphs)
      content = content.dropBottom(4)
      stageDrawn = true
    }
    guard let step, let editor = state.editor, editor.hasControls else {
      let blockScreen = screen(
        blocks: (step?.blocks ?? []) + flow.resolvedBlocks(answers: state.answers))
      let layout = blockScreen.layout(in: content)
      blockScreen.render(layout, into: &canvas)
      return stageDrawn || layout.showsHero
    }
    // Blocks at the top, then the step's own fields, then the tabs.
    let blocks = step.blocks + flow.resolvedBlocks(answers: state.answers)
    let blockScreen = screen(blocks: blocks)
    let blockRows = blocks.reduce(0) {
      $0 + (blockScreen.height(of: $1, width: content.width) ?? 5) + 1
    }
    let formWidth = min(content.width - 4, 72)
    let formX = content.x + max(2, (content.width - formWidth) / 2)
    var rest = content
    if !blocks.isEmpty {
      let blockArea = rest.top(min(blockRows, rest.height / 2))
      let layout = blockScreen.layout(in: blockArea)
      blockScreen.render(layout, into: &canvas)
      recordScreenHits(layout)
      stageDrawn = stageDrawn || layout.showsHero
      rest = rest.dropTop(min(blockRows, rest.height / 2))
    }
    let formArea = Rect(x: formX, y: rest.y, width: formWidth, height: rest.height)
    let measured =
      editor.form.fields.isEmpty
      ? nil : editor.form.measure(width: formWidth, context: state.context)
    let formRows = measured?.rows ?? 0
    let onOwnField: Bool
    if case .field = editor.focus { onOwnField = true } else { onOwnField = false }
    if formRows > 0 {
      let height = tabs == nil ? formArea.height : min(formRows, formArea.height / 2)
      drawForm(
        editor.form, into: &canvas, area: formArea.top(height), focused: onOwnField,
        measured: measured, focus: { .field($0) })
      rest = rest.dropTop(height)
    }
    guard let tabs, rest.height > Tabs.height else { return stageDrawn }
    let tabArea = Rect(x: formX, y: rest.y, width: formWidth, height: rest.height)
    tabs.render(into: &canvas, area: tabArea, at: now, theme: theme, glyphs: glyphs)
    hits?.add(tabArea.top(Tabs.height)) { [glyphs] column, row in
      tabs.tab(atColumn: column, row: row, in: tabArea, at: now, glyphs: glyphs).map { .tab($0) }
    }
    let pageArea = tabArea.dropTop(Tabs.height + (compact ? 0 : 1))
    guard !pageArea.isEmpty else { return stageDrawn }
    guard tabs.isAnimating(at: now), let old = tabOutgoing, let oldEditor = old.editor else {
      drawTabPage(of: state, tab: editor.selectedTab, into: &canvas, area: pageArea)
      return stageDrawn
    }
    let incoming = tabPage(of: state, tab: editor.selectedTab, size: pageArea)
    let outgoing = showing(old).tabPage(of: old, tab: oldEditor.selectedTab, size: pageArea)
    tabs.drawContent(
      outgoing: outgoing, incoming: incoming, into: &canvas, area: pageArea, at: now,
      fill: theme.text)
    return stageDrawn
  }

  /// The forward button's title: `Run` for a task that has not run (`Run again` after the
  /// answers it uses changed), else `Next`, `Finish` on the last step.
  private var nextTitle: String {
    switch task?.phase {
    case .ready(let changed)?: return changed ? "Run again" : "Run"
    default: return state.progression.isAtLastStep ? "Finish" : "Next"
    }
  }

  /// A tab's content on a canvas of its own (for the slide between two tabs).
  package func tabPage(of state: FlowState, tab: Int, size: Rect) -> Canvas {
    var page = Canvas(width: size.width, height: size.height, style: theme.text)
    drawTabPage(of: state, tab: tab, into: &page, area: page.bounds)
    return page
  }

  /// Draws a tab's content, its blocks and its form, into an area.
  package func drawTabPage(of state: FlowState, tab: Int, into canvas: inout Canvas, area: Rect) {
    guard let editor = state.editor, let current = state.progression.current,
      flow.steps[current].tabs.indices.contains(tab)
    else { return }
    let definition = flow.resolvedStep(current, answers: state.answers).tabs[tab]
    var rest = area
    if !definition.blocks.isEmpty {
      let blockScreen = screen(blocks: definition.blocks)
      // Compact: no blank row between the blocks and the form.
      let rows =
        definition.blocks.reduce(0) {
          $0 + (blockScreen.height(of: $1, width: area.width) ?? 5) + 1
        } - (compact ? 1 : 0)
      blockScreen.render(into: &canvas, area: rest.top(rows))
      rest = rest.dropTop(rows)
    }
    if editor.tabForms.indices.contains(tab), !editor.tabForms[tab].fields.isEmpty {
      var focused = false
      if case .tabField = editor.focus, tab == editor.selectedTab { focused = true }
      // Only the page on screen takes clicks (not one drawn aside for a slide).
      let onScreen: ((Int) -> Focus)? = tab == editor.selectedTab ? { .tabField($0) } : nil
      drawForm(
        editor.tabForms[tab], into: &canvas, area: rest, focused: focused, focus: onScreen)
    }
  }

  /// Draws a form, and when it does not fit, marks at the right edge that say more is above
  /// (`▲`) or below (`▼`).
  ///
  /// `focus` is how a click on one of its fields names it (`nil`: clicks do nothing).
  package func drawForm(
    _ form: Form, into canvas: inout Canvas, area: Rect, focused: Bool,
    measured: FormMeasure? = nil, focus: ((Int) -> Focus)? = nil
  ) {
    guard !area.isEmpty else { return }
    // Measured once (every touched field checked once), drawn and scrolled with that.
    let measure =
      measured.flatMap { $0.width == area.width ? $0 : nil }
      ?? form.measure(width: area.width, context: state.context)
    form.render(
      into: &canvas, area: area, theme: theme, glyphs: glyphs, focused: focused,
      context: state.context, measured: measure)
    if let focus {
      let (context, glyphs) = (state.context, glyphs)
      hits?.add(area) { column, row in
        form.click(
          atRow: row - area.y, column: column - area.x, width: area.width, height: area.height,
          glyphs: glyphs, context: context
        ).map { .field(focus($0.index), $0.part) }
      }
    }
    let rows = measure.rows
    guard rows > area.height else { return }
    let offset = form.scrollOffset(measure, height: area.height)
    let style = theme.text.foreground(theme.inactive)
    if offset > 0 {
      canvas.draw(glyphs.pointerUp, x: area.maxX - 1, y: area.y, style: style)
    }
    // The last field's empty message row is room, not more to see.
    let last = form.fields.count - 1
    let shownRows = last >= 0 && measure.messages[last] == nil ? rows - 1 : rows
    if offset + area.height < shownRows {
      canvas.draw(glyphs.pointerDown, x: area.maxX - 1, y: area.maxY - 1, style: style)
    }
  }
}
