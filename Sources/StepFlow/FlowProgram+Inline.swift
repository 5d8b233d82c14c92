import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

/// A flow drawn inline (`stepflow ask`, `stepflow run --inline`): in the rows it needs below
/// the cursor, and one line left behind when it ends.
extension FlowProgram {
  /// The smallest terminal a question is drawn in: its label and input rows, and room to type.
  ///
  /// Smaller, `ask` asks line by line instead (and says so).
  package static let questionMinimum = (width: 12, height: 2)

  package var inlineMinimumSize: (width: Int, height: Int) {
    options.layout == .question ? Self.questionMinimum : minimumSize
  }

  /// A question: its field and hints, as many rows as they take.
  ///
  /// A wizard: its whole screen in the rows the current step needs
  /// (``FlowView/inlineHeight(program:width:)``), at most the terminal's height.
  package func inlineView(width: Int, maxHeight: Int, at now: Duration) -> Canvas {
    switch options.layout {
    case .question:
      return view(width: width, height: maxHeight, at: now)
    case .wizard:
      let height = min(maxHeight, FlowView.inlineHeight(program: self, width: width))
      return view(width: width, height: height, at: now)
    }
  }

  /// The line left in the scrollback.
  ///
  /// `✔ Branch: main` for an answered question (`✔ Deploy? yes` when the label ends in `?`, `:`
  /// or `!`; a secure answer as `••••`), `✔ Checkout` for a finished wizard, `✗ Branch` /
  /// `✗ Checkout` for every other end (cancelled, interrupted, timed out).
  package func record(exitCode: Int32, width: Int) -> Canvas? {
    let glyphs = Glyphs.for(options.glyphs)
    let theme = flow.theme
    let done = exitCode == ExitCode.finished && state.status == .finished
    var text = flow.title
    var answer: String?
    if options.layout == .question, let spec = flow.steps.first?.fields.first {
      text = spec.label
      if done, let value = state.answers[spec.id] { answer = Self.recordText(value, of: spec) }
    }
    let mark: String
    if done {
      mark = glyphs.style == .ascii ? glyphs.check : "✔"
    } else {
      mark = glyphs.cross
    }
    var canvas = Canvas(width: width, height: 1)
    var x = canvas.draw(
      mark, x: 0, y: 0, style: Style(foreground: done ? theme.accent : theme.error).bold)
    x += 1
    let room = { max(0, width - x) }
    x += canvas.draw(
      TextLayout.truncate(text, toWidth: room(), ellipsis: glyphs.ellipsis), x: x, y: 0,
      style: Style.plain.bold, limit: room())
    if let answer, room() > 2 {
      // `✔ Deploy? yes`, not `✔ Deploy?: yes`: a label that ends in its own mark keeps it.
      if let last = text.last, !"?:!？：！".contains(last) {
        x += canvas.draw(":", x: x, y: 0, style: .plain.bold)
      }
      x += 1
      canvas.draw(
        TextLayout.truncate(answer, toWidth: room(), ellipsis: glyphs.ellipsis), x: x, y: 0,
        style: Style(foreground: theme.accent), limit: room())
    }
    if glyphs.style == .ascii { canvas.foldToASCII() }
    return canvas
  }

  /// An answer on the record line: as read (an option's title, yes/no, `4 of 5`), a secure
  /// text as four dots whatever its length, a multi-line text by its first line.
  package static func recordText(_ value: FieldValue, of spec: FieldSpec) -> String {
    if case .text(_, true, _) = spec.kind { return "••••" }
    return Sanitizer.sanitize(FlowView.display(value, of: spec))
  }
}

extension FlowView {
  /// The rows a wizard's current step takes drawn whole: the navigation bar, the strip, the
  /// step's blocks (a picture at its preferred height), fields and tabs, the buttons and the
  /// footer; never fewer than the full layout's least (``FlowProgram/minimumHeight``).
  package static func inlineHeight(program: FlowProgram, width: Int) -> Int {
    let flow = program.flow
    let state = program.state
    let glyphs = Glyphs.for(program.options.glyphs)
    let strip = StepStrip(
      flow: flow, progression: state.progression,
      position: program.options.position ?? flow.strip.position, theme: flow.theme,
      glyphs: glyphs)
    var rows = max(2, program.navigationBar.finalHeight) + 1 + strip.height + 1 + 2
    guard let current = state.progression.current else {
      return max(program.minimumHeight, rows + blockRows(flow.blocks, program, width))
    }
    let step = flow.resolvedStep(current, answers: state.answers)
    let blocks = step.blocks + flow.resolvedBlocks(answers: state.answers)
    var body = blockRows(blocks, program, width)
    let formWidth = min(width - 4, 72)
    if let editor = state.editor {
      if !editor.form.fields.isEmpty {
        body += editor.form.rows(width: formWidth, context: state.context)
      }
      if !step.tabs.isEmpty, let tabForm = editor.tabForm {
        let tab = step.tabs[min(editor.selectedTab, step.tabs.count - 1)]
        body += Tabs.height + 1 + blockRows(tab.blocks, program, formWidth)
        body += tabForm.rows(width: formWidth, context: state.context)
      }
    }
    if flow.navigation == .buttons { body += 2 }
    rows += body
    return max(program.minimumHeight, rows)
  }

  /// The rows blocks take with a row between them; a picture at its preferred height.
  private static func blockRows(_ blocks: [ScreenBlock], _ program: FlowProgram, _ width: Int)
    -> Int
  {
    guard !blocks.isEmpty else { return 0 }
    let screen = StepScreen(
      blocks: blocks, icon: nil, theme: program.flow.theme,
      glyphs: Glyphs.for(program.options.glyphs), rating: program.state.rating,
      summary: !blocks.contains(.summary)
        ? []
        : StepView(
          flow: program.flow, state: program.state, theme: program.flow.theme,
          glyphs: Glyphs.for(program.options.glyphs)
        ).summaryLines())
    return blocks.reduce(blocks.count - 1) { total, block in
      total
        + (screen.height(of: block, width: width)
          ?? screen.flexibleHeight(of: block, available: 9) ?? 0)
    }
  }
}
