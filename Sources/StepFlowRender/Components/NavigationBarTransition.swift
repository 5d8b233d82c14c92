import StepFlowCore
import Synchronization

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
  /// The faces' rows as drawn, kept for the frames of this transition (not part of its value).
  var drawnRows = DrawnFaceRows()

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
    // At most four rows a face: asked of the faces as they come, one array made (this runs
    // at every frame).
    let old = { (row: NavigationBarRow) in from?.has(row) == true }
    let new = { (row: NavigationBarRow) in to?.has(row) == true }
    let oldFirst = fraction < 0.5
    // Each row's rank in the order: rows both faces have, then the dominant face's, then the
    // other's; a row neither has is not shown.
    func rank(_ row: NavigationBarRow) -> Int? {
      switch (old(row), new(row)) {
      case (true, true): 0
      case (true, false): oldFirst ? 1 : 2
      case (false, true): oldFirst ? 2 : 1
      case (false, false): nil
      }
    }
    // Taken by rank, each rank in priority's order, as many as the height has room for, then
    // put in their top-to-bottom order.
    var rows: [NavigationBarRow] = []
    rows.reserveCapacity(priority.count)
    for wanted in 0..<3 {
      for row in priority where rows.count < height && rank(row) == wanted { rows.append(row) }
    }
    rows.sort()
    return rows
  }

  /// Draws the bar mid-transition into `rect` (already `height(at:)` rows high and filled).
  ///
  /// Each row of the old face slides out and fades toward the background while the same row of
  /// the new face slides in (from the right on a push) and fades in; the separator stays. The
  /// faces are drawn where they are at this moment, cut at the bar's edges and at the seam
  /// between them (as ``Slide`` cuts two screens), straight into the canvas: a frame draws the
  /// titles, not the bar's width.
  /// The separator is drawn too unless `separator` is false (it is there already: the same at
  /// every moment).
  /// - Returns: per row, the columns the titles cover (``NavigationBar/render(into:area:at:theme:glyphs:over:)``).
  @discardableResult
  package func render(
    to: NavigationBarFace?, into canvas: inout Canvas, rect: Rect, fraction: Double,
    tint: Color, theme: Theme, glyphs: Glyphs, separator: Bool = true
  ) -> [ColumnSpan] {
    let rows = visibleRows(to: to, height: rect.height, fraction: fraction)
    let width = rect.width
    let shift = Slide.offset(fraction: fraction, width: width)
    let (outgoingX, incomingX) = Slide.origins(direction, shift: shift, area: rect)
    let edges = ColumnSpan(rect.x, rect.maxX)
    let blank = Cell(grapheme: .space, style: theme.text)
    var covered = Array(repeating: ColumnSpan.none, count: rect.height)
    // One face's row where it is now, within the bar, faded by `amount`.
    func slide(_ face: NavigationBarFace?, _ row: NavigationBarRow, y: Int, x: Int, amount: Double)
      -> ColumnSpan
    {
      guard let face, face.has(row) else { return .none }
      let visible = ColumnSpan(max(x, edges.lower), min(x + width, edges.upper))
      guard !visible.isEmpty else { return .none }
      // Only the back button takes the tint; while it blends from one item's tint to the
      // other's it is another colour at every frame, and that row is drawn where it is.
      let tinted = row == .bar && face.backTitle != nil
      let drawn: ColumnSpan
      if tinted, tintBlends(to: to) {
        drawn = face.draw(
          row, into: &canvas, rect: Rect(x: x, y: y, width: width, height: 1), tint: tint,
          theme: theme, glyphs: glyphs, visible: visible)
      } else {
        // The row as the face draws it at column 0, copied to where it is now and cut to
        // what shows: the titles are laid out and measured once a transition, not a frame.
        let line = drawnRows.row(
          row, of: face, width: width, tint: tinted ? tint : .default, theme: theme,
          glyphs: glyphs)
        drawn = line.covered.shifted(by: x, within: visible.lower, visible.upper)
        guard !drawn.isEmpty else { return .none }
        // Title by title: the blanks between the back button and the title (most of a wide
        // bar) are blanks in the bar already, and do not fade.
        for run in line.runs {
          let cut = run.shifted(by: x, within: drawn.lower, drawn.upper)
          guard !cut.isEmpty else { continue }
          canvas.copyRow(0, of: line.cells, toX: x, y: y, clip: cut)
          Self.fade(&canvas, row: y, cut, by: amount, toward: theme.background, sparing: blank)
        }
        return drawn
      }
      Self.fade(&canvas, row: y, drawn, by: amount, toward: theme.background, sparing: blank)
      return drawn
    }
    for (i, row) in rows.enumerated() {
      let y = rect.y + i
      if row == .separator {
        guard separator else { continue }
        let line = Rect(x: rect.x, y: y, width: width, height: 1)
        (to ?? from)?.draw(row, into: &canvas, rect: line, tint: tint, theme: theme, glyphs: glyphs)
        continue
      }
      if shift < width { covered[i] = slide(from, row, y: y, x: outgoingX, amount: fraction) }
      if shift > 0 {
        covered[i] = covered[i].union(slide(to, row, y: y, x: incomingX, amount: 1 - fraction))
      }
    }
    return covered
  }

  /// Whether the face it starts from has the same rows as `face` (``NavigationBarFace/sameRows(_:_:)``).
  func startsWithRows(of face: NavigationBarFace?) -> Bool {
    NavigationBarFace.sameRows(from, face)
  }

  /// Whether the back button's tint changes during the transition to `to` (the bar blends
  /// ``fromTint`` into the new top item's).
  func tintBlends(to: NavigationBarFace?) -> Bool {
    fromTint != (to?.tint ?? .default)
  }

  /// Fades the cells of `row` in `columns` toward `background` by `amount`.
  ///
  /// Their foreground is blended that far toward it; where either colour cannot be mixed (the
  /// terminal's default), the text turns dim from half-way on. Cells that are `blank` (the
  /// bar's own blanks) are left as they are: a blank shows its background only, which does
  /// not fade.
  package static func fade(
    _ canvas: inout Canvas, row: Int, _ columns: ColumnSpan, by amount: Double,
    toward background: Color, sparing blank: Cell
  ) {
    guard amount > 0, !columns.isEmpty, row >= 0, row < canvas.height else { return }
    let lower = max(0, columns.lower)
    let upper = min(canvas.width, columns.upper)
    guard lower < upper else { return }
    let mixable = background.rgbComponents != nil
    // A row has few styles: each is blended once, and a cell's style is matched to the last
    // one by its bytes (the synthesized `==` compares colours case by case).
    var last: (from: Style, to: Style)?
    let start = row * canvas.width
    var blank = blank
    canvas.withUnsafeMutableCells { cells in
      guard let base = cells.baseAddress else { return }
      for i in (start + lower)..<(start + upper) {
        // Compared where it lies (a copy of each cell to compare costs as much again).
        if identicalCells(base + i, &blank) { continue }
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
    canvas.markWritten(row: row, from: lower, to: upper)
  }
}

/// The rows of a bar's faces as ``NavigationBarFace/draw(_:into:rect:tint:theme:glyphs:visible:)``
/// draws them at column 0 of a row as wide as the bar, kept while a transition runs: each of
/// its frames copies them to where they slide instead of laying out, sanitizing and measuring
/// the titles again.
///
/// A cache, not a value: every two are equal, so a transition compares and hashes as if it
/// were not there.
struct DrawnFaceRows: Hashable, Sendable {
  /// One face's row drawn: its cells, and the columns its text covers.
  ///
  /// A class: every frame of a transition takes its lines out of the store (a copy of the key
  /// and the cells costs more than the look).
  final class Line: Sendable {
    let key: Key
    let cells: Canvas
    let covered: ColumnSpan
    /// The runs of `covered` that are not the bar's blank, left to right (the back button,
    /// the title; parted where two blanks or more lie between them).
    let runs: [ColumnSpan]

    init(key: Key, cells: Canvas, covered: ColumnSpan, blank: Cell) {
      self.key = key
      self.cells = cells
      self.covered = covered
      var runs: [ColumnSpan] = []
      var blanks = 0
      for x in max(0, covered.lower)..<min(cells.width, covered.upper) {
        guard cells[x, 0] != blank else {
          blanks += 1
          continue
        }
        if let last = runs.last, blanks < 2 {
          runs[runs.count - 1] = ColumnSpan(last.lower, x + 1)
        } else {
          runs.append(ColumnSpan(x, x + 1))
        }
        blanks = 0
      }
      self.runs = runs
    }
  }

  struct Key: Equatable, Sendable {
    var face: NavigationBarFace
    var row: NavigationBarRow
    var width: Int
    var tint: Color
    var theme: Theme
    /// The glyphs a face's rows with text use (``Glyphs`` is not `Equatable`).
    var leftMark: String
    var ellipsis: String

    /// Whether this is the key of `row` of `face` drawn so: `==` with the key those would make.
    ///
    /// Without making it: a key copies the face's titles and the glyphs' strings, and every
    /// frame of a transition looks its rows up. Every field, the cheap ones first.
    func isFor(
      _ row: NavigationBarRow, of face: NavigationBarFace, width: Int, tint: Color, theme: Theme,
      glyphs: Glyphs
    ) -> Bool {
      self.row == row && self.width == width && self.tint == tint && self.face == face
        && self.theme == theme && leftMark == glyphs.leftMark && ellipsis == glyphs.ellipsis
    }
  }

  /// At most this many rows are kept (two faces of up to three rows with text, a tint or two).
  static let capacity = 8

  /// The rows kept, and how many were drawn to be kept.
  private struct Kept {
    var lines: [Line] = []
    var drawn = 0
  }

  private final class Store: Sendable {
    let kept = Mutex(Kept())
  }

  /// How many rows were drawn to be kept (each face's rows once, when the cache serves).
  package var rowsDrawn: Int { store.kept.withLock { $0.drawn } }

  private let store = Store()

  /// The row `row` of `face` drawn at column 0 of a row `width` wide, from the store or drawn
  /// now (and kept).
  func row(
    _ row: NavigationBarRow, of face: NavigationBarFace, width: Int, tint: Color, theme: Theme,
    glyphs: Glyphs
  ) -> Line {
    if let line = store.kept.withLock({ kept in
      kept.lines.first {
        $0.key.isFor(row, of: face, width: width, tint: tint, theme: theme, glyphs: glyphs)
      }
    }) {
      return line
    }
    let key = Key(
      face: face, row: row, width: width, tint: tint, theme: theme, leftMark: glyphs.leftMark,
      ellipsis: glyphs.ellipsis)
    var cells = Canvas(width: max(0, width), height: 1, style: theme.text)
    let covered = face.draw(
      row, into: &cells, rect: cells.bounds, tint: tint, theme: theme, glyphs: glyphs)
    let line = Line(
      key: key, cells: cells, covered: covered, blank: Cell(grapheme: .space, style: theme.text))
    store.kept.withLock { kept in
      if kept.lines.count >= Self.capacity { kept.lines.removeFirst() }
      kept.lines.append(line)
      kept.drawn += 1
    }
    return line
  }

  static func == (_: DrawnFaceRows, _: DrawnFaceRows) -> Bool { true }
  func hash(into _: inout Hasher) {}
}
