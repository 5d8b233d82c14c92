import StepFlowCore
import StepFlowText

/// Which columns of a text input's content a row of a given width shows.
///
/// The content is the text plus, when the input is focused and the cursor is at the end, one
/// cell for the cursor. It scrolls in steps of half the width, so the text stays put while
/// the cursor moves inside the visible part and jumps half a row when the cursor leaves it;
/// `‹` and `›` mark the cut edges and each take one column.
package struct TextWindow: Hashable, Sendable {
  /// The content column shown in the row's first column.
  package var offset: Int
  /// Whether content is hidden on the left (the first column shows `‹`).
  package var leftCut: Bool
  /// Whether content is hidden on the right (the last column shows `›`).
  package var rightCut: Bool

  /// The window for graphemes of the given cell widths, a cursor before grapheme `cursor` (`nil`
  /// when unfocused: the start is shown), in `width` columns.
  ///
  /// The cursor, when given, is always inside the window and never under a mark.
  package static func fitting(widths: [Int], cursor: Int?, width: Int) -> TextWindow {
    let textWidth = widths.reduce(0, +)
    guard let cursor else {
      return TextWindow(offset: 0, leftCut: false, rightCut: textWidth > width)
    }
    let column = widths[..<cursor].reduce(0, +)
    let cursorWidth = cursor < widths.count ? widths[cursor] : 1
    let contentEnd = max(textWidth, column + cursorWidth)
    if contentEnd <= width { return TextWindow(offset: 0, leftCut: false, rightCut: false) }
    if width < 4 {
      // No room for marks: keep the cursor at the right edge.
      return TextWindow(
        offset: max(0, column + cursorWidth - width), leftCut: false, rightCut: false)
    }
    let step = max(1, width / 2)
    var offset = 0
    while column + cursorWidth > offset + width - (contentEnd > offset + width ? 1 : 0) {
      offset += step
    }
    if offset > 0, column < offset + 1 {
      // A narrow row where a half-width step overshoots: put the cursor just after `‹`.
      offset = column - 1
    }
    return TextWindow(offset: offset, leftCut: offset > 0, rightCut: contentEnd > offset + width)
  }
}

extension Glyphs {
  /// The character secure text is shown with: `•`, or `*` in ASCII.
  package var secureMask: String { style == .ascii ? "*" : "\u{2022}" }
}

extension TextInput {
  /// Draws the input on the first row of `area`: the text (or `placeholder` in the inactive
  /// colour when empty), scrolled so that the cursor is visible, the cursor as a reverse-video
  /// cell when `focused`, and each grapheme as a mask when `secure`.
  package func render(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool,
    placeholder: String = "", secure: Bool = false
  ) {
    let row = area.top(1).intersection(canvas.bounds)
    guard !row.isEmpty else { return }
    let textStyle = theme.text
    let faint = theme.text.foreground(theme.inactive).dim
    canvas.fill(row, style: textStyle)
    if graphemes.isEmpty {
      // "e.g." tells an example from an answer, also where colours and dimming do not show.
      let example = placeholder.isEmpty ? "" : "e.g. " + placeholder
      let shown = TextLayout.truncate(example, toWidth: row.width, ellipsis: glyphs.ellipsis)
      canvas.draw(shown, x: row.x, y: row.y, style: faint, limit: row.width)
      if focused {
        let first = shown.first.map { String($0) } ?? " "
        let width = max(1, DisplayWidth.of(first))
        if !canvas.put(first, width: width, x: row.x, y: row.y, style: textStyle.reversed) {
          canvas.put(" ", width: 1, x: row.x, y: row.y, style: textStyle.reversed)
        }
      }
      return
    }
    // Only the widths are needed for the whole text (to place the window); the drawn form of
    // a grapheme is made for the few the row shows, so a long text (a burst of typing, a
    // paste) costs a cheap pass over its graphemes a frame, not a string each.
    let widths = graphemes.map { secure ? 1 : Self.width(of: $0) }
    let window = TextWindow.fitting(
      widths: widths, cursor: focused ? cursor : nil, width: row.width)
    let left = window.offset + (window.leftCut ? 1 : 0)
    let right = window.offset + row.width - (window.rightCut ? 1 : 0)
    var column = 0
    for index in 0...graphemes.count {
      guard column < right else { break }
      let isCursor = focused && index == cursor
      let width = index < graphemes.count ? widths[index] : 1
      defer { column += width }
      guard index < graphemes.count || isCursor else { break }
      guard column >= left, column + width <= right else { continue }
      let symbol =
        index == graphemes.count
        ? " " : secure ? glyphs.secureMask : Self.displayed(graphemes[index])
      let style = isCursor ? textStyle.reversed : textStyle
      let x = row.x + column - window.offset
      if DisplayWidth.of(symbol) == 0 {
        canvas.put(" ", width: 1, x: x, y: row.y, style: style)
      } else {
        canvas.draw(symbol, x: x, y: row.y, style: style, limit: width)
      }
    }
    if window.leftCut {
      canvas.put(glyphs.leftMark, width: 1, x: row.x, y: row.y, style: faint)
    }
    if window.rightCut {
      canvas.put(glyphs.rightMark, width: 1, x: row.maxX - 1, y: row.y, style: faint)
    }
  }

  /// The cells a grapheme takes as drawn (see ``displayed(_:)``), at least one; printable
  /// ASCII, most of what is typed, without building its string.
  package static func width(of grapheme: Character) -> Int {
    if let ascii = grapheme.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    return max(1, DisplayWidth.of(displayed(grapheme)))
  }

  /// A grapheme as it is drawn: one with control characters in it shows their escaped form.
  package static func displayed(_ grapheme: Character) -> String {
    let text = String(grapheme)
    return grapheme.unicodeScalars.contains(where: Sanitizer.isUnsafe)
      ? Sanitizer.sanitize(text) : text
  }
}
