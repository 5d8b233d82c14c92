import StepFlowCore

/// A push, pop or setItems of a ``NavigationBar`` in progress: what the bar looked like when it
/// began, and how it is drawn on the way to the new top item.
///
/// The height, tint and rows are interpolated from the values *at the moment of the change*,
/// so a change that interrupts another one continues from where the bar was instead of
/// jumping.
package struct NavigationBarTransition: Hashable, Sendable {
  /// The bar's face before the change (`nil`: the stack was empty).
  package var from: NavigationBarFace?
  /// The bar's height (unrounded) at the change.
  package var fromHeight: Double
  /// The back button's tint at the change.
  package var fromTint: Color
  /// `.fromTrailing` for a push, `.fromLeading` for a pop.
  package var direction: SlideDirection
  package var timing: Transition

  /// The rows shown when the bar is `height` rows high at `fraction` of the way to `to`.
  ///
  /// Rows both faces have come first (the bar line, the separator), then the rows of the face
  /// that dominates at this moment (the old one in the first half), then the other face's; the
  /// first `height` of them are shown, in their usual top-to-bottom order. At fraction 0 these
  /// are the old face's rows and at 1 the new face's.
  package func visibleRows(to: NavigationBarFace?, height: Int, fraction: Double)
    -> [NavigationBarRow]
  {
    let priority: [NavigationBarRow] = [.bar, .separator, .largeTitle, .prompt]
    // At most four rows a face: asked of the faces, not gathered in sets (at every frame).
    let old = { (row: NavigationBarRow) in from?.has(row) == true }
    let new = { (row: NavigationBarRow) in to?.has(row) == true }
    let (first, second) = fraction < 0.5 ? (old, new) : (new, old)
    let ordered =
      priority.filter { old($0) && new($0) }
      + priority.filter { first($0) && !second($0) }
      + priority.filter { second($0) && !first($0) }
    return ordered.prefix(max(0, height)).sorted()
  }

  /// Draws the bar mid-transition into `rect` (already `height(at:)` rows high and filled).
  ///
  /// Each row of the old face slides out and fades toward the background while the same row of
  /// the new face slides in (from the right on a push) and fades in; the separator stays.
  package func render(
    to: NavigationBarFace?, into canvas: inout Canvas, rect: Rect, fraction: Double,
    tint: Color, theme: Theme, glyphs: Glyphs
  ) {
    let rows = visibleRows(to: to, height: rect.height, fraction: fraction)
    let width = rect.width
    let rowRect = Rect(x: 0, y: 0, width: width, height: 1)
    for (i, row) in rows.enumerated() {
      let line = Rect(x: rect.x, y: rect.y + i, width: width, height: 1)
      if row == .separator {
        (to ?? from)?.draw(row, into: &canvas, rect: line, tint: tint, theme: theme, glyphs: glyphs)
        continue
      }
      var outgoing = Canvas(width: width, height: 1, style: theme.text)
      if let from, from.has(row) {
        from.draw(row, into: &outgoing, rect: rowRect, tint: tint, theme: theme, glyphs: glyphs)
        Self.fade(&outgoing, by: fraction, toward: theme.background)
      }
      var incoming = Canvas(width: width, height: 1, style: theme.text)
      if let to, to.has(row) {
        to.draw(row, into: &incoming, rect: rowRect, tint: tint, theme: theme, glyphs: glyphs)
        Self.fade(&incoming, by: 1 - fraction, toward: theme.background)
      }
      Slide.draw(
        outgoing: outgoing, incoming: incoming, direction: direction, fraction: fraction,
        into: &canvas, area: line, fill: theme.text)
    }
  }

  /// Blends every cell's foreground `amount` of the way toward `background`; where either
  /// colour cannot be mixed (the terminal's default), the text turns dim from half-way on.
  package static func fade(_ canvas: inout Canvas, by amount: Double, toward background: Color) {
    guard amount > 0 else { return }
    let mixable = background.rgbComponents != nil
    // A row has few styles (its blanks share one): each is blended once, and a cell's style
    // is matched to the last one by its bytes (the synthesized `==` compares colours case by
    // case, 400 cells a row at every frame).
    var last: (from: Style, to: Style)?
    let width = canvas.width
    canvas.withUnsafeMutableCells { cells in
      for i in cells.indices {
        let style = cells[i].style
        if let last, sameBytes(last.from, style) {
          cells[i].style = last.to
          continue
        }
        var faded = style
        if mixable, style.foreground.rgbComponents != nil {
          faded.foreground = style.foreground.blended(with: background, by: amount)
        } else if amount >= 0.5 {
          faded.attributes.insert(.dim)
        }
        cells[i].style = faded
        last = (style, faded)
      }
    }
    for y in 0..<canvas.height { canvas.markWritten(row: y, from: 0, to: width) }
  }
}
