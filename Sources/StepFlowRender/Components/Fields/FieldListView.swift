import StepFlowCore
import StepFlowText

extension Glyphs {
  /// A selected and an unselected box of a multichoice: `▣` `□`, or `[x]` `[ ]` in ASCII.
  package var checkboxOn: String { style == .ascii ? "[x]" : "\u{25A3}" }
  package var checkboxOff: String { style == .ascii ? "[ ]" : "\u{25A1}" }
}

/// Drawing a list (a choice drawn as a list, a multichoice): only its visible rows, the
/// highlighted one pointed at, the letters a filter matched in the accent colour, disabled
/// options grey with their reason, and `▲`/`▼` at the right edge when more is above or below.
extension Field {
  func renderList(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool
  ) {
    let accent = theme.text.foreground(theme.accent)
    let faint = theme.text.foreground(theme.inactive)
    let total = options.count
    let shown = list.count(of: total)
    let rows = FieldSpec.listRows(total)
    let multiple: Bool
    if case .multichoice = spec.kind { multiple = true } else { multiple = false }
    let chosen = Set(selectedIDs)
    let selected = selectedIndex
    let filter = OptionSearch.fold(list.filter)
    // No options yet (a command lists them): the line under the form says what it does.
    if shown == 0, total > 0 || !list.filter.isEmpty {
      canvas.draw(
        TextLayout.truncate(
          "no match for \"\(list.filter)\" (Backspace edits the filter, Esc clears it)",
          toWidth: area.width - 2, ellipsis: glyphs.ellipsis),
        x: area.x + 2, y: area.y, style: faint, limit: area.width - 2)
    }
    for r in 0..<min(rows, area.height) {
      let row = list.top + r
      guard row < shown else { break }
      let index = list.option(atRow: row)
      let option = options[index]
      let y = area.y + r
      let isHighlighted = focused && row == list.row
      let isChosen = multiple ? chosen.contains(option.id) : index == selected
      var style = theme.text
      if isChosen { style = style.foreground(theme.accent) }
      if option.isDisabled { style = faint }
      if isHighlighted {
        style = style.bold
        canvas.draw(glyphs.pointerRight, x: area.x, y: y, style: accent, limit: min(1, area.width))
      }
      let mark =
        multiple
        ? (isChosen ? glyphs.checkboxOn : glyphs.checkboxOff)
        : (isChosen ? glyphs.radioOn : glyphs.radioOff)
      var x = area.x + 2
      let limit = area.maxX - (r == 0 || r == rows - 1 ? 2 : 0)
      x += canvas.draw(mark + " ", x: x, y: y, style: style, limit: max(0, limit - x))
      x += drawTitle(
        option.title, matched: spec.search?.matchedPositions(of: index, filter) ?? [],
        into: &canvas, x: x, y: y, style: style,
        highlight: style.foreground(theme.accent).bold
          .underlined, limit: limit)
      if let reason = option.disabledReason, x + 3 < limit {
        canvas.draw(
          "  (" + reason + ")", x: x, y: y, style: faint, limit: limit - x)
      }
    }
    // More above or below.
    if list.top > 0 {
      canvas.draw(glyphs.pointerUp, x: area.maxX - 1, y: area.y, style: faint, limit: 1)
    }
    if list.top + rows < shown {
      canvas.draw(
        glyphs.pointerDown, x: area.maxX - 1, y: area.y + min(rows, area.height) - 1,
        style: faint, limit: 1)
    }
    // The highlighted option's description (or why it cannot be picked).
    guard inputRows > rows, area.height > rows, focused, shown > 0 else { return }
    let option = options[highlighted]
    let text = option.disabledReason.map { "cannot be chosen: " + $0 } ?? option.description ?? ""
    canvas.draw(
      TextLayout.truncate(text, toWidth: area.width - 2, ellipsis: glyphs.ellipsis),
      x: area.x + 2, y: area.y + rows, style: faint, limit: area.width - 2)
  }

  /// Draws a title with the characters at `matched` (positions in its lower-cased scalars)
  /// in the `highlight` style; returns the columns drawn.
  private func drawTitle(
    _ title: String, matched: [Int], into canvas: inout Canvas, x: Int, y: Int, style: Style,
    highlight: Style, limit: Int
  ) -> Int {
    guard !matched.isEmpty else {
      return canvas.draw(title, x: x, y: y, style: style, limit: max(0, limit - x))
    }
    let marks = Set(matched)
    var column = x
    var position = 0
    for character in title {
      let span = character.lowercased().unicodeScalars.count
      let isMatch = (position..<(position + span)).contains { marks.contains($0) }
      position += span
      guard column < limit else { break }
      column += canvas.draw(
        String(character), x: column, y: y, style: isMatch ? highlight : style,
        limit: limit - column)
    }
    return column - x
  }
}
