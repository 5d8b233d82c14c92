import StepFlowCore
import StepFlowText

/// How a field is drawn: a two-column gutter, then its rows from top to bottom.
///
/// ```
/// │ E-mail *  we send the receipt here      label row: label, ` *` when required, help
/// │ ann@example█                            input rows: 1; a list's rows (at most 8) and
///                                            its description row; a multi-line text's lines;
///                                            a path's row of candidates after Tab
/// │ ✗ E-mail: must look like name@example…  message rows: the message, wrapped; 1 blank
///                                            row when there is none
/// ```
/// The gutter shows `│` in the accent colour beside a focused field. The blank message row
/// separates the field from the next one, so a message appears without moving anything
/// (unless it needs more than one row). Only the rows on screen are drawn: a list of 10,000
/// options costs what its eight visible rows cost.
extension Field {
  /// The columns the gutter takes on the left.
  package static let gutterWidth = 2

  /// The rows the input takes: a list's visible rows (and one for the highlighted option's
  /// description when any option has one), a multi-line text's lines, a path's input and,
  /// after Tab found several, its candidates; else one.
  package var inputRows: Int {
    switch spec.kind {
    case .choice(let options, .list), .multichoice(let options):
      let describes =
        spec.search?.describes
        ?? options.contains { $0.description != nil || $0.disabledReason != nil }
      return FieldSpec.listRows(options.count) + (describes ? 1 : 0)
    case .text(_, _, let lines): return lines
    case .path: return candidates.isEmpty ? 1 : 2
    default: return 1
    }
  }

  /// The row of the input that should stay on screen when the form scrolls: a list's
  /// highlighted row, a multi-line text's cursor row.
  package var focusRow: Int {
    if spec.kind.isList { return max(0, list.row - list.top) }
    if case .text(_, _, let lines) = spec.kind, lines > 1 {
      return min(lines - 1, input.lineNumber.line)
    }
    return 0
  }

  /// The rows the field takes in `width` columns when `message` is shown under it (`nil`:
  /// one blank row is kept for it).
  package func rows(width: Int, message: FieldError?) -> Int {
    1 + inputRows + messageLines(message, width: width).count
  }

  /// The message wrapped to the columns after the gutter and `✗ `; one empty line for none.
  package func messageLines(_ message: FieldError?, width: Int, glyphs: Glyphs = .unicode)
    -> [String]
  {
    guard let message else { return [""] }
    let lines = TextLayout.wrap(message.message(for: glyphs), width: width - Self.gutterWidth - 2)
    return lines.isEmpty ? [""] : lines
  }

  /// Draws the field in `area` (rows beyond its height are left out).
  /// - Parameters:
  ///   - canvas: The canvas drawn into.
  ///   - area: Where the field goes.
  ///   - theme: The colours.
  ///   - glyphs: The characters.
  ///   - focused: whether the field has the keyboard: the gutter bar, the accent label, the
  ///     text cursor and the choice highlight show only then.
  ///   - message: the validation message to show under the field (``Form`` passes it once the
  ///     field is touched).
  package func render(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool,
    message: FieldError? = nil
  ) {
    let box = area.intersection(canvas.bounds)
    guard !box.isEmpty else { return }
    canvas.blank(box, style: theme.text)
    let content = area.inset(left: Self.gutterWidth)
    let accent = theme.text.foreground(theme.accent)
    let lines = messageLines(message, width: area.width, glyphs: glyphs)
    let barRows = 1 + inputRows + (message == nil ? 0 : lines.count)
    if focused {
      for row in 0..<min(barRows, area.height) {
        canvas.put(glyphs.vertical, width: 1, x: area.x, y: area.y + row, style: accent)
      }
    }
    renderLabel(into: &canvas, content: content, theme: theme, glyphs: glyphs, focused: focused)
    // The input rows.
    let input = Rect(x: content.x, y: content.y + 1, width: content.width, height: inputRows)
      .intersection(box)
    if !input.isEmpty {
      switch spec.kind {
      case .text(let placeholder, let secure, let lines):
        if lines > 1 {
          renderLines(
            into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused,
            placeholder: placeholder)
        } else {
          self.input.render(
            into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused,
            placeholder: placeholder, secure: secure)
        }
      case .number(let rules):
        renderNumber(
          into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused, rules: rules)
      case .path:
        renderPath(into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused)
      case .date:
        renderDate(into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused)
      case .choice(_, .list), .multichoice:
        renderList(into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused)
      case .choice(_, .tabs):
        renderTabs(into: &canvas, area: input, theme: theme, glyphs: glyphs, focused: focused)
      case .confirm:
        renderConfirm(into: &canvas, area: input, theme: theme, focused: focused)
      case .rating(let stars):
        renderRating(into: &canvas, area: input, theme: theme, glyphs: glyphs, stars: stars)
      }
    }
    // The message rows.
    guard message != nil else { return }
    let error = theme.text.foreground(theme.error)
    for (i, line) in lines.enumerated() {
      let y = content.y + 1 + inputRows + i
      guard y < box.maxY else { break }
      if i == 0 { canvas.draw(glyphs.cross, x: content.x, y: y, style: error, limit: 1) }
      canvas.draw(line, x: content.x + 2, y: y, style: error, limit: content.width - 2)
    }
  }

  /// The label row: the label (` *` when required), then what the field is doing — a list's
  /// filter and how many match, a multichoice's count — else the help.
  private func renderLabel(
    into canvas: inout Canvas, content: Rect, theme: Theme, glyphs: Glyphs, focused: Bool
  ) {
    let accent = theme.text.foreground(theme.accent)
    let faint = theme.text.foreground(theme.inactive)
    let labelStyle = (focused ? accent : theme.text).bold
    let label = spec.label + (spec.required ? " *" : "")
    var used = canvas.draw(
      TextLayout.truncate(label, toWidth: content.width, ellipsis: glyphs.ellipsis),
      x: content.x, y: content.y, style: labelStyle, limit: content.width)
    var notes: [(String, Style)] = []
    if spec.kind.isList, !list.filter.isEmpty {
      let count = list.count(of: options.count)
      notes.append(("filter: " + list.filter, accent.bold))
      notes.append(("\(count) of \(options.count)", faint))
    } else {
      if case .multichoice = spec.kind, !selectedIDs.isEmpty {
        notes.append(("\(selectedIDs.count) selected", faint))
      }
      if let help = spec.help { notes.append((help, faint)) }
    }
    for (text, style) in notes where used + 2 < content.width {
      used += 2
      let room = content.width - used
      used += canvas.draw(
        TextLayout.truncate(text, toWidth: room, ellipsis: glyphs.ellipsis),
        x: content.x + used, y: content.y, style: style, limit: room)
    }
  }

  /// Where the options of a choice drawn as a row go in `width` columns: from the first one
  /// shown (as far left as lets the highlighted one show, room left for the marks), each
  /// option's column and width, and whether marks say more is left or right.
  package func optionRow(width: Int, glyphs: Glyphs) -> (
    items: [(index: Int, x: Int, width: Int, text: String)], cutLeft: Bool, cutRight: Bool
  ) {
    let selected = selectedIndex
    let items = options.enumerated().map { i, option in
      (i == selected ? glyphs.radioOn : glyphs.radioOff) + " " + option.title
    }
    let widths = items.map { DisplayWidth.of($0) }
    let gap = 3
    var first = 0
    while first < highlighted {
      let span = widths[first...highlighted].reduce(0, +) + gap * (highlighted - first)
      let marks = (first > 0 ? 2 : 0) + (highlighted < items.count - 1 ? 2 : 0)
      if span + marks <= width { break }
      first += 1
    }
    var x = first > 0 ? 2 : 0
    var shown: [(index: Int, x: Int, width: Int, text: String)] = []
    var cutRight = false
    for i in first..<items.count {
      let reserve = i < items.count - 1 ? 2 : 0
      if x + widths[i] + reserve > width, i > first {
        cutRight = true
        break
      }
      shown.append((i, x, min(widths[i], max(0, width - x)), items[i]))
      x += widths[i] + gap
    }
    return (shown, first > 0, cutRight)
  }

  private func renderTabs(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool
  ) {
    let selected = selectedIndex
    let row = optionRow(width: area.width, glyphs: glyphs)
    let faint = theme.text.foreground(theme.inactive)
    if row.cutLeft { canvas.draw(glyphs.leftMark, x: area.x, y: area.y, style: faint, limit: 1) }
    for item in row.items {
      let i = item.index
      var style = i == selected ? theme.text.foreground(theme.accent).bold : theme.text
      if options[i].isDisabled { style = faint }
      if focused && i == highlighted && i != selected { style = style.reversed }
      canvas.draw(
        item.text, x: area.x + item.x, y: area.y, style: style, limit: area.maxX - area.x - item.x)
    }
    if row.cutRight {
      canvas.draw(glyphs.rightMark, x: area.maxX - 1, y: area.y, style: faint, limit: 1)
    }
  }

  /// What a click at `column` of the input row `row` (from 0) lands on, in an input `width`
  /// columns wide: an option of a list or a row, a star, yes or no; else the field itself.
  package func click(atRow row: Int, column: Int, width: Int, glyphs: Glyphs) -> FieldClick {
    switch spec.kind {
    case .choice(_, .list), .multichoice:
      let rows = FieldSpec.listRows(options.count)
      guard row < rows, list.top + row < list.count(of: options.count) else { return .focus }
      return .option(list.option(atRow: list.top + row))
    case .choice(_, .tabs):
      guard row == 0 else { return .focus }
      let hit = optionRow(width: width, glyphs: glyphs).items.first {
        column >= $0.x && column < $0.x + $0.width
      }
      return hit.map { .option($0.index) } ?? .focus
    case .confirm:
      guard row == 0 else { return .focus }
      // `[ Yes ]` (7 columns), a space, `[ No ]`.
      if column < 7 { return .yes }
      return column >= 8 && column < 14 ? .no : .focus
    case .rating(let stars):
      guard row == 0 else { return .focus }
      var rating = 0
      if case .number(let n) = value { rating = n }
      var x = 0
      for star in 1...max(1, stars) {
        let w = DisplayWidth.of(star <= rating ? glyphs.starFilled : glyphs.starEmpty)
        if column >= x && column < x + w { return .star(star) }
        x += w + 1
      }
      return .focus
    default:
      return .focus
    }
  }

  private func renderConfirm(into canvas: inout Canvas, area: Rect, theme: Theme, focused: Bool) {
    let yes = value == .bool(true)
    let chosen = (focused ? theme.text.foreground(theme.accent) : theme.text).bold
    let other = theme.text.foreground(theme.inactive)
    var x = area.x
    x += canvas.draw(
      yes ? "[ Yes ]" : "  Yes  ", x: x, y: area.y, style: yes ? chosen : other,
      limit: area.maxX - x)
    x += 1
    canvas.draw(
      yes ? "  No  " : "[ No ]", x: x, y: area.y, style: yes ? other : chosen,
      limit: area.maxX - x)
  }

  private func renderRating(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, stars: Int
  ) {
    var rating = 0
    if case .number(let n) = value { rating = n }
    let accent = theme.text.foreground(theme.accent)
    let faint = theme.text.foreground(theme.inactive)
    var x = area.x
    for star in 1...stars {
      let filled = star <= rating
      x += canvas.draw(
        filled ? glyphs.starFilled : glyphs.starEmpty, x: x, y: area.y,
        style: filled ? accent : faint, limit: area.maxX - x)
      x += star < stars ? 1 : 0
    }
    let label = rating > 0 ? "\(rating) of \(stars)" : "not rated"
    canvas.draw(
      label, x: x + 2, y: area.y, style: rating > 0 ? theme.text : faint,
      limit: area.maxX - x - 2)
  }
}
