/// Moving by lines in a multi-line text (``TextInput/keepsNewlines``): lines are the text's own,
/// between newlines; the column is counted in graphemes.
extension TextInput {
  /// The index of the first grapheme of the line the cursor is on.
  package var lineStart: Int {
    var i = cursor
    while i > 0, graphemes[i - 1] != "\n" { i -= 1 }
    return i
  }

  /// The index just after the last grapheme of the cursor's line (its newline or the end).
  package var lineEnd: Int {
    var i = cursor
    while i < graphemes.count, graphemes[i] != "\n" { i += 1 }
    return i
  }

  /// The line the cursor is on, from 0, and how many lines the text has.
  package var lineNumber: (line: Int, of: Int) {
    var line = 0
    var total = 1
    for (i, g) in graphemes.enumerated() where g == "\n" {
      if i < cursor { line += 1 }
      total += 1
    }
    return (line, total)
  }

  /// Moves the cursor to the same column of the previous line (or that line's end).
  /// - Returns: whether there was a line above.
  @discardableResult
  package mutating func moveUp() -> Bool {
    let start = lineStart
    guard start > 0 else { return false }
    let column = cursor - start
    var previousStart = start - 1
    while previousStart > 0, graphemes[previousStart - 1] != "\n" { previousStart -= 1 }
    moveCursor(to: min(previousStart + column, start - 1))
    return true
  }

  /// Moves the cursor to the same column of the next line (or that line's end).
  /// - Returns: whether there was a line below.
  @discardableResult
  package mutating func moveDown() -> Bool {
    let end = lineEnd
    guard end < graphemes.count else { return false }
    let column = cursor - lineStart
    let nextStart = end + 1
    var nextEnd = nextStart
    while nextEnd < graphemes.count, graphemes[nextEnd] != "\n" { nextEnd += 1 }
    moveCursor(to: min(nextStart + column, nextEnd))
    return true
  }

  /// Moves the cursor to the start of its line (Home in a multi-line text).
  package mutating func moveToLineStart() { moveCursor(to: lineStart) }

  /// Moves the cursor to the end of its line (End in a multi-line text).
  package mutating func moveToLineEnd() { moveCursor(to: lineEnd) }

  /// Moves `lines` lines up (negative) or down, as far as the text goes (PgUp, PgDn).
  package mutating func moveLines(_ lines: Int) {
    for _ in 0..<abs(lines) {
      if !(lines < 0 ? moveUp() : moveDown()) { break }
    }
  }

  /// How many more graphemes typing may add before ``maxLength`` (`nil`: no limit).
  package var room: Int? { maxLength.map { max(0, $0 - graphemes.count) } }
}
