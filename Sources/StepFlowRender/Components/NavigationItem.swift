import StepFlowCore
import StepFlowText

/// What a navigation bar shows for one screen: its title, back title, prompt, large title and
/// tint (the model of one entry of a ``NavigationBar``'s stack).
///
/// ```swift
/// let payment = NavigationItem(title: "Payment", prompt: "Step 2 of 4", tint: .orange)
/// ```
package struct NavigationItem: Hashable, Sendable {
  /// The title, centred on the bar line.
  package var title: String
  /// What the back button says while this item is on top; `nil` uses the title of the item below
  /// it.
  ///
  /// An empty string shows the mark alone. Not shown when this item is the only one.
  package var backTitle: String?
  /// A line of smaller text above the bar line, centred; `nil` or empty for none.
  package var prompt: String?
  /// A bold line of its own under the bar line, left-aligned; `nil` or empty for none.
  package var largeTitle: String?
  /// The colour of the back button; blended from one item's tint to the next on push and pop.
  package var tint: Color

  /// An item with a title and optional parts.
  package init(
    title: String, backTitle: String? = nil, prompt: String? = nil, largeTitle: String? = nil,
    tint: Color = .blue
  ) {
    self.title = title
    self.backTitle = backTitle
    self.prompt = prompt
    self.largeTitle = largeTitle
    self.tint = tint
  }
}

/// The rows a navigation bar can take, top to bottom.
package enum NavigationBarRow: Int, CaseIterable, Comparable, Sendable {
  case prompt
  case bar
  case largeTitle
  case separator

  package static func < (a: NavigationBarRow, b: NavigationBarRow) -> Bool {
    a.rawValue < b.rawValue
  }
}

/// What the bar shows for the top of one stack: the top item with its back title resolved.
package struct NavigationBarFace: Hashable, Sendable {
  package var title: String
  /// The back button's text; `nil` when the stack has one item (no back button).
  package var backTitle: String?
  package var prompt: String?
  package var largeTitle: String?
  package var tint: Color

  /// The face of a stack, `nil` for an empty stack.
  package init?(items: [NavigationItem]) {
    guard let top = items.last else { return nil }
    // Sanitized before measuring: an escaped control character is wider than the raw one.
    title = Sanitizer.sanitize(top.title)
    if items.count > 1 {
      let below = items[items.count - 2]
      backTitle = Sanitizer.sanitize(top.backTitle ?? below.title)
    }
    prompt = top.prompt.flatMap { $0.isEmpty ? nil : Sanitizer.sanitize($0) }
    largeTitle = top.largeTitle.flatMap { $0.isEmpty ? nil : Sanitizer.sanitize($0) }
    tint = top.tint
  }

  /// The rows this face takes, top to bottom.
  package var rows: [NavigationBarRow] {
    NavigationBarRow.allCases.filter(has)
  }

  /// How many rows this face takes (``rows``' count, with no array made: asked at every frame
  /// of a transition).
  package var rowCount: Int { 2 + (prompt == nil ? 0 : 1) + (largeTitle == nil ? 0 : 1) }

  /// Whether two faces take the same rows (both `nil` counts as the same).
  package static func sameRows(_ a: NavigationBarFace?, _ b: NavigationBarFace?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return (a.prompt == nil) == (b.prompt == nil) && (a.largeTitle == nil) == (b.largeTitle == nil)
  }

  package func has(_ row: NavigationBarRow) -> Bool {
    switch row {
    case .prompt: return prompt != nil
    case .largeTitle: return largeTitle != nil
    case .bar, .separator: return true
    }
  }

  /// Draws one row of the face on the first row of `rect` (blank cells are left as they are),
  /// in the columns `visible` only (all of the canvas when `nil`): a face sliding past the
  /// bar's edge is cut there, a wide grapheme cut in two shown as a blank.
  /// - Returns: the columns the row's text covers (its cells drawn, blanks between them
  ///   included), to fade them.
  @discardableResult
  package func draw(
    _ row: NavigationBarRow, into canvas: inout Canvas, rect: Rect, tint: Color, theme: Theme,
    glyphs: Glyphs, visible: ColumnSpan? = nil
  ) -> ColumnSpan {
    let width = rect.width
    let (x0, y) = (rect.x, rect.y)
    let text = theme.text
    let margin = NavigationBarLine.margin
    let visible = visible ?? ColumnSpan(0, canvas.width)
    var covered = ColumnSpan.none
    func drawText(_ line: String, x: Int, style: Style, limit: Int? = nil) {
      let columns = canvas.draw(line, x: x, y: y, style: style, limit: limit, within: visible)
      covered.cover(x, x + columns, within: canvas.width)
    }
    switch row {
    case .prompt:
      let line = TextLayout.truncate(
        prompt ?? "", toWidth: width - 2 * margin, ellipsis: glyphs.ellipsis)
      let x = x0 + TextLayout.centeredOffset(DisplayWidth.of(line), in: width)
      drawText(line, x: x, style: text.foreground(theme.inactive), limit: width)
    case .bar:
      let layout = NavigationBarLine(
        title: title, backTitle: backTitle, width: width, glyphs: glyphs)
      if let back = layout.backLabel {
        drawText(back, x: x0 + layout.backX, style: text.foreground(tint))
      }
      drawText(layout.title, x: x0 + layout.titleX, style: text.bold)
    case .largeTitle:
      let line = TextLayout.truncate(
        largeTitle ?? "", toWidth: width - 2 * margin, ellipsis: glyphs.ellipsis)
      drawText(line, x: x0 + margin, style: text.bold)
    case .separator:
      // One cell made once and laid along the row (the row is drawn with every frame, 400
      // cells at 400 columns).
      covered = ColumnSpan(max(x0, visible.lower), min(x0 + width, visible.upper))
      guard !covered.isEmpty else { return .none }
      let line = Rect(x: covered.lower, y: y, width: covered.upper - covered.lower, height: 1)
      canvas.fill(line, symbol: glyphs.horizontal, style: text.foreground(theme.inactive))
    }
    return ColumnSpan(max(covered.lower, visible.lower), min(covered.upper, visible.upper))
  }
}

/// Where the back button and the title go on the bar line.
///
/// The title is centred on the whole width. The back button (`‹ Back title`) starts after a
/// one-column margin and keeps one blank column before the title; when they would touch, the
/// back title is shortened first (down to the mark alone), then the title.
package struct NavigationBarLine: Equatable, Sendable {
  /// Columns left blank at the left and right edges.
  package static let margin = 1

  package var backLabel: String?
  package var backX: Int
  package var title: String
  package var titleX: Int

  package init(title fullTitle: String, backTitle: String?, width: Int, glyphs: Glyphs) {
    let m = Self.margin
    backX = m
    guard let backTitle else {
      backLabel = nil
      title = TextLayout.truncate(fullTitle, toWidth: width - 2 * m, ellipsis: glyphs.ellipsis)
      titleX = TextLayout.centeredOffset(DisplayWidth.of(title), in: width)
      return
    }
    let markWidth = DisplayWidth.of(glyphs.leftMark)
    // The least the back button needs (margin, mark, a gap), kept on both sides so the title
    // stays centred.
    let reserve = m + markWidth + 1
    title = TextLayout.truncate(fullTitle, toWidth: width - 2 * reserve, ellipsis: glyphs.ellipsis)
    let titleWidth = DisplayWidth.of(title)
    titleX = TextLayout.centeredOffset(titleWidth, in: width)
    // Columns for the back title's text: up to the gap before the title (or the right margin
    // when there is no title), after the mark and a space.
    let end = titleWidth > 0 ? titleX - 1 : width - m
    let room = end - m - markWidth - 1
    let backWidth = DisplayWidth.of(backTitle)
    let ellipsisWidth = DisplayWidth.of(glyphs.ellipsis)
    if backWidth > 0, room >= min(backWidth, ellipsisWidth + 1) {
      let text = TextLayout.truncate(backTitle, toWidth: room, ellipsis: glyphs.ellipsis)
      backLabel = glyphs.leftMark + " " + text
    } else {
      backLabel = glyphs.leftMark
    }
  }
}
