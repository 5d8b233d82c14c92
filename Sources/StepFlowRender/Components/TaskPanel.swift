import StepFlowCore
import StepFlowText

/// A step's task on its screen: a status line (what will run, the spinner and the time it has
/// run, or how it ended), its progress on the step's indicators, and the last lines of its
/// output — each line sanitized, wrapped, stderr's marked `!` in the error colour.
///
/// ```
/// ⠹ Building · Compiling stepflow · 12.4 s
///        ████████████████▋░░░░░░░░░░░░░░░
///                      42%
/// │ Compiling StepFlowCore Tasks.swift
/// ! warning: var 'x' was never mutated
/// ```
package struct TaskPanel {
  /// What the status line says.
  package enum Status: Equatable, Sendable {
    /// It has not run (or answers it uses changed since: `changed`); the command it runs.
    case ready(command: String, changed: Bool)
    case running(elapsed: Duration, message: String?)
    case succeeded(Duration)
    /// It ended without success; the sentence says how (`failed: exit status 2 after 3.1 s`).
    case failed(String)
    case skipped
  }

  package var name: String
  package var status: Status
  /// The last lines of output (more than fit is fine: the last ones are shown).
  package var lines: [TaskLog.Line]
  /// The indicators, with the regions they are drawn in: `spinnerRegion` on the status line,
  /// `progressRegion` (bar and label) under it.
  package var indicators: ProgressIndicators<Int>?
  package var spinnerRegion: Int
  package var progressRegion: Int
  /// Whether the indicators include a bar or a label (they get two rows).
  package var showsProgress: Bool
  package var now: Duration
  package var theme: Theme
  package var glyphs: Glyphs

  package init(
    name: String, status: Status, lines: [TaskLog.Line], indicators: ProgressIndicators<Int>?,
    spinnerRegion: Int, progressRegion: Int, showsProgress: Bool, now: Duration, theme: Theme,
    glyphs: Glyphs
  ) {
    self.name = name
    self.status = status
    self.lines = lines
    self.indicators = indicators
    self.spinnerRegion = spinnerRegion
    self.progressRegion = progressRegion
    self.showsProgress = showsProgress
    self.now = now
    self.theme = theme
    self.glyphs = glyphs
  }

  /// The status line in words (also plain mode's): `Building, running for 12.4 s`.
  package var statusText: String {
    switch status {
    case .ready(let command, let changed):
      if command.isEmpty {
        return changed
          ? "\(name): answers changed since it ran; Enter runs it again" : "\(name): Enter runs it"
      }
      return changed
        ? "\(name): answers it uses changed since it ran; Enter runs it again: \(command)"
        : "\(name) runs: \(command)"
    case .running(let elapsed, let message):
      let dot = glyphs.style == .ascii ? " - " : " · "
      return name + (message.map { dot + $0 } ?? "") + dot + TaskClock.text(elapsed)
    case .succeeded(let duration):
      return "\(name) succeeded in \(TaskClock.text(duration))"
    case .failed(let sentence):
      return "\(name) \(sentence)"
    case .skipped:
      return "\(name) skipped"
    }
  }

  package func render(into canvas: inout Canvas, area: Rect) {
    guard area.height > 0, area.width > 4 else { return }
    let base = theme.text
    var y = area.y
    // The status line: a mark (or the spinner's cell), then the words.
    let markStyle: Style
    let mark: String?
    switch status {
    case .ready: (mark, markStyle) = (glyphs.pointerRight, base.foreground(theme.accent))
    case .running: (mark, markStyle) = (nil, base)
    case .succeeded: (mark, markStyle) = (glyphs.check, base.foreground(theme.accent).bold)
    case .failed: (mark, markStyle) = (glyphs.cross, base.foreground(theme.error).bold)
    case .skipped: (mark, markStyle) = ("-", base.foreground(theme.inactive))
    }
    if let mark {
      canvas.draw(mark, x: area.x, y: y, style: markStyle)
    } else if let indicators {
      indicators.render(
        spinnerRegion, into: &canvas, area: Rect(x: area.x, y: y, width: 1, height: 1), at: now,
        glyphs: glyphs)
    }
    let textStyle: Style
    switch status {
    case .failed: textStyle = base.foreground(theme.error).bold
    case .succeeded: textStyle = base.bold
    default: textStyle = base
    }
    canvas.draw(
      TextLayout.truncate(statusText, toWidth: area.width - 2, ellipsis: glyphs.ellipsis),
      x: area.x + 2, y: y, style: textStyle, limit: area.width - 2)
    y += 1
    // The bar and the label, when there is room for them and a line of output.
    if showsProgress, let indicators, indicators.isShowing(progressRegion), area.maxY - y >= 3 {
      let band = Rect(x: area.x + 2, y: y, width: min(44, area.width - 2), height: 2)
      indicators.render(progressRegion, into: &canvas, area: band, at: now, glyphs: glyphs)
      y += 2
    }
    let rows = area.maxY - y
    guard rows > 0 else { return }
    let shown = Self.wrapped(lines, width: area.width - 2).suffix(rows)
    for (offset, line) in shown.enumerated() {
      let row = y + offset
      if line.stream == .stderr {
        canvas.draw("!", x: area.x, y: row, style: base.foreground(theme.error).bold)
        canvas.draw(line.text, x: area.x + 2, y: row, style: base.foreground(theme.error))
      } else {
        canvas.draw(glyphs.vertical, x: area.x, y: row, style: base.foreground(theme.inactive))
        canvas.draw(line.text, x: area.x + 2, y: row, style: base.foreground(theme.inactive))
      }
    }
  }

  /// Output lines cut to a width, each piece a row (the text is already sanitized).
  package static func wrapped(_ lines: [TaskLog.Line], width: Int) -> [(
    stream: TaskStream, text: String
  )] {
    guard width > 0 else { return [] }
    var rows: [(stream: TaskStream, text: String)] = []
    for line in lines {
      var piece = ""
      var used = 0
      for c in line.text {
        let w = DisplayWidth.of(c)
        if used + w > width {
          rows.append((line.stream, piece))
          piece = ""
          used = 0
        }
        piece.append(c)
        used += w
      }
      rows.append((line.stream, piece))
    }
    return rows
  }
}

/// A failed task's outcome buttons — Retry, Back, Skip (optional tasks), Quit — one of them
/// focused, drawn like the Back / Next buttons.
package struct TaskActionRow {
  package var actions: [TaskAction]
  package var selected: TaskAction
  package var theme: Theme
  package var glyphs: Glyphs

  package init(actions: [TaskAction], selected: TaskAction, theme: Theme, glyphs: Glyphs) {
    self.actions = actions
    self.selected = selected
    self.theme = theme
    self.glyphs = glyphs
  }

  package func render(into canvas: inout Canvas, area: Rect) {
    guard area.height > 0, !actions.isEmpty else { return }
    let labels = actions.map { "[ " + $0.title + " ]" }
    let pointer = glyphs.pointerRight + " "
    let gap = 3
    let total =
      labels.reduce(0) { $0 + DisplayWidth.of($1) } + gap * (labels.count - 1)
      + DisplayWidth.of(pointer)
    var x = area.x + max(0, (area.width - total) / 2)
    let base = theme.text
    for (action, label) in zip(actions, labels) {
      if action == selected {
        x += canvas.draw(pointer, x: x, y: area.y, style: base.foreground(theme.accent))
        x += canvas.draw(
          label, x: x, y: area.y, style: base.foreground(theme.accent).reversed.bold,
          limit: max(0, area.maxX - x))
      } else {
        x += canvas.draw(
          label, x: x, y: area.y, style: base.foreground(theme.accent), limit: max(0, area.maxX - x)
        )
      }
      x += gap
    }
  }

  /// The buttons in words for plain mode: `Buttons: Retry (focused), Back, Quit`.
  package var accessibleText: String {
    "Buttons: "
      + actions.map { $0.title + ($0 == selected ? " (focused)" : "") }.joined(separator: ", ")
  }
}
