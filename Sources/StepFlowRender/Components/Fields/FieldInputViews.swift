import StepFlowCore
import StepFlowText

/// Drawing the inputs typed into: a multi-line text (wrapped, scrolled to the cursor), a
/// number (with its range beside it), a path (with the candidates Tab found) and a date (its
/// slots, the cursor on one, the weekday beside it).
extension Field {
  /// A multi-line text: each line wrapped at the width, the rows around the cursor shown,
  /// `▲`/`▼` at the right edge when more is above or below.
  func renderLines(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool,
    placeholder: String
  ) {
    let width = max(1, area.width - 1)
    if input.isEmpty {
      // As a line of text shows it: the example, its first character under the cursor.
      input.render(
        into: &canvas, area: area.top(1), theme: theme, glyphs: glyphs, focused: focused,
        placeholder: placeholder)
      return
    }
    let layout = WrappedText(input.graphemes, width: width, cursor: focused ? input.cursor : nil)
    let top = layout.top(showing: area.height)
    for r in 0..<area.height {
      let index = top + r
      guard index < layout.rows.count else { break }
      let row = layout.rows[index]
      var x = area.x
      for g in row.range {
        let shown = TextInput.displayed(input.graphemes[g])
        let w = max(1, DisplayWidth.of(shown))
        let style = focused && g == input.cursor ? theme.text.reversed : theme.text
        if DisplayWidth.of(shown) == 0 {
          canvas.put(" ", width: 1, x: x, y: area.y + r, style: style)
        } else {
          canvas.draw(shown, x: x, y: area.y + r, style: style, limit: w)
        }
        x += w
      }
      if focused, layout.cursorRow == index, layout.cursorAtRowEnd {
        canvas.put(" ", width: 1, x: x, y: area.y + r, style: theme.text.reversed)
      }
    }
    let mark = theme.text.foreground(theme.inactive)
    if top > 0 { canvas.draw(glyphs.pointerUp, x: area.maxX - 1, y: area.y, style: mark) }
    if top + area.height < layout.rows.count {
      canvas.draw(glyphs.pointerDown, x: area.maxX - 1, y: area.maxY - 1, style: mark)
    }
  }

  /// A number: its text, and after it the range in grey (`1024 to 65535`).
  func renderNumber(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool,
    rules: NumberRules
  ) {
    let textWidth = input.graphemes.reduce(0) {
      $0 + max(1, DisplayWidth.of(TextInput.displayed($1)))
    }
    let note: String
    switch (rules.min, rules.max) {
    case (let low?, let high?): note = "\(low) to \(high)"
    case (let low?, nil): note = "at least \(low)"
    case (nil, let high?): note = "at most \(high)"
    case (nil, nil): note = ""
    }
    let noteWidth = note.isEmpty ? 0 : DisplayWidth.of(note) + 3
    let fits = textWidth + 1 + noteWidth <= area.width
    let inputArea = fits ? area.inset(right: noteWidth) : area
    input.render(into: &canvas, area: inputArea, theme: theme, glyphs: glyphs, focused: focused)
    guard fits, !note.isEmpty else { return }
    let x = area.x + (input.isEmpty ? 1 : textWidth + 1) + 2
    canvas.draw(
      note, x: x, y: area.y, style: theme.text.foreground(theme.inactive), limit: area.maxX - x)
  }

  /// A path: its text, and on the row below the candidates of the last Tab.
  func renderPath(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool
  ) {
    var placeholder = ""
    if case .path(let rules) = spec.kind {
      switch rules.kind {
      case .file:
        placeholder =
          rules.extensions.isEmpty
          ? "a file" : "a " + rules.extensions.joined(separator: " or ") + " file"
      case .directory: placeholder = "a folder"
      case .any: placeholder = "a file or folder"
      }
    }
    if input.isEmpty, !focused {
      canvas.draw(
        TextLayout.truncate(
          placeholder + " (Tab completes)", toWidth: area.width, ellipsis: glyphs.ellipsis),
        x: area.x, y: area.y, style: theme.text.foreground(theme.inactive).dim, limit: area.width)
    } else {
      input.render(into: &canvas, area: area, theme: theme, glyphs: glyphs, focused: focused)
    }
    guard !candidates.isEmpty, area.height > 1 else { return }
    let faint = theme.text.foreground(theme.inactive)
    var x = area.x
    let y = area.y + 1
    for (i, name) in candidates.enumerated() {
      let shown = Sanitizer.sanitize(name)
      let w = DisplayWidth.of(shown)
      let more = candidates.count - i
      let reserve = i < candidates.count - 1 ? DisplayWidth.of("+\(more) more") + 2 : 0
      if x + w + reserve > area.maxX, i > 0 {
        canvas.draw("+\(more) more", x: x, y: y, style: faint, limit: area.maxX - x)
        break
      }
      x += canvas.draw(shown, x: x, y: y, style: faint, limit: area.maxX - x) + 2
    }
  }

  /// A date: its slots (`2025-03-__`, the empty ones grey), the cursor on a slot when
  /// focused, the weekday after a whole date; `YYYY-MM-DD` in grey while empty.
  func renderDate(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool
  ) {
    let faint = theme.text.foreground(theme.inactive)
    let mask = date.time ? "YYYY-MM-DD HH:MM" : "YYYY-MM-DD"
    let text = Array(date.isEmpty ? mask : date.text)
    let cursorColumn = focused ? DateInput.column(ofSlot: date.cursor) : -1
    for (column, character) in text.enumerated() {
      guard column < area.width else { break }
      let isSlot = character.isNumber && !date.isEmpty
      var style = isSlot ? theme.text : faint
      if column == cursorColumn { style = theme.text.reversed }
      canvas.draw(String(character), x: area.x + column, y: area.y, style: style, limit: 1)
    }
    if cursorColumn >= text.count, cursorColumn < area.width {
      canvas.put(" ", width: 1, x: area.x + cursorColumn, y: area.y, style: theme.text.reversed)
    }
    if let value = date.value {
      let x = area.x + text.count + 2
      canvas.draw(value.date.weekdayName, x: x, y: area.y, style: faint, limit: area.maxX - x)
    }
  }
}

/// A text broken into screen rows: each of its lines wrapped at a width, and where the cursor
/// falls.
struct WrappedText {
  /// One screen row: the graphemes it shows.
  struct Row {
    var range: Range<Int>
  }

  var rows: [Row] = []
  /// The row of the cursor.
  var cursorRow = 0
  /// Whether the cursor is after the last grapheme of its row (at a line's end).
  var cursorAtRowEnd = false

  init(_ graphemes: [Character], width: Int, cursor: Int?) {
    var start = 0
    var column = 0
    var i = 0
    func endRow(at end: Int, next: Int) {
      if let cursor, cursor >= start, cursor <= end, cursor < next || end == graphemes.count {
        cursorRow = rows.count
        cursorAtRowEnd = cursor == end
      }
      rows.append(Row(range: start..<end))
      start = next
      column = 0
    }
    while i < graphemes.count {
      let g = graphemes[i]
      if g == "\n" {
        endRow(at: i, next: i + 1)
        i += 1
        continue
      }
      let w = max(1, DisplayWidth.of(TextInput.displayed(g)))
      if column + w > width, column > 0 {
        endRow(at: i, next: i)
        continue
      }
      column += w
      i += 1
    }
    endRow(at: graphemes.count, next: graphemes.count)
  }

  /// The first row to show in `height` rows: the least scrolling that shows the cursor.
  func top(showing height: Int) -> Int {
    guard rows.count > height else { return 0 }
    return min(max(0, cursorRow - height + 1), rows.count - height)
  }
}
