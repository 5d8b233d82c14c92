import StepFlowCore
import StepFlowText

/// A grid of cells that views render into; the terminal layer turns it into bytes.
///
/// Text drawn onto a canvas is sanitized and measured grapheme by grapheme, so wide characters
/// take two cells and no control character is ever stored.
public struct Canvas: Equatable, Sendable {
  /// The width in cells.
  public let width: Int
  /// The height in rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Per row, the columns written since the canvas was made or cleared (a superset of those
  /// that are not blanks): a slide moves only these, the frame writer compares only those.
  package private(set) var written: [ColumnSpan]
  /// Which frame this is, when a view numbers its frames (``Canvas/nextFrameID()``); 0 if not.
  package var frameID: UInt64 = 0
  /// The cells that can differ from the frame ``FrameDamage/base``; `nil`: any cell can.
  package var damage: FrameDamage?

  /// Two canvases are equal when their cells are (what was written and how the frame is
  /// numbered are not what it shows).
  public static func == (a: Canvas, b: Canvas) -> Bool {
    a.width == b.width && a.height == b.height && a.cells == b.cells
  }

  /// A canvas of blank cells in `style`.
  public init(width: Int, height: Int, style: Style = .plain) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height
    let blank = Cell(grapheme: .space, style: style)
    cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      Self.fill(UnsafeMutableBufferPointer(rebasing: buffer[..<count]), with: blank)
      initialized = count
    }
    written = Array(repeating: .none, count: self.height)
  }

  /// The whole canvas as a rectangle.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y` (both inside the canvas).
  public subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Whether a scalar is always a grapheme of its own and takes at least one cell: printable
  /// ASCII, Latin-1 and Latin extensions, Greek, Cyrillic, punctuation, arrows, box drawing,
  /// block elements, shapes and symbols, CJK, Hangul syllables, fullwidth forms.
  @inline(__always)
  package static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    switch v {
    case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027,
      0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF, 0x3001...0x3029, 0x3030...0x3098,
      0x309B...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFFEF:
      return true
    default:
      return false
    }
  }

  /// Puts one grapheme of the given width (1 or 2) at a position, keeping wide graphemes whole:
  /// a wide grapheme that is partly overwritten is replaced by a blank.
  ///
  /// - Returns: whether the grapheme was placed (it is not when it would cross the right edge).
  @discardableResult
  public mutating func put(_ symbol: String, width: Int, x: Int, y: Int, style: Style) -> Bool {
    put(symbol == " " ? .space : Grapheme(symbol), width: width, x: x, y: y, style: style)
  }

  /// Puts one grapheme of the given width (1 or 2) at a position (see the `String` form).
  @discardableResult
  @inline(__always)
  public mutating func put(_ grapheme: Grapheme, width: Int, x: Int, y: Int, style: Style) -> Bool {
    guard y >= 0, y < height, x >= 0, x + width <= self.width, width > 0 else { return false }
    let i = y * self.width + x
    clearWideOverlap(at: i, x: x)
    if width == 2 { clearWideOverlap(at: i + 1, x: x + 1) }
    cells[i] = Cell(grapheme: grapheme, style: style)
    if width == 2 { cells[i + 1] = Cell(grapheme: .empty, style: style) }
    // A wide grapheme overlapped on either side lost its other half too.
    written[y].cover(x - 1, x + width + 1, within: self.width)
    return true
  }

  /// Before cell `i` is overwritten: blank the other half of a wide grapheme it belongs to.
  @inline(__always)
  private mutating func clearWideOverlap(at i: Int, x: Int) {
    if cells[i].isContinuation, x > 0 {
      cells[i - 1].grapheme = .space
    }
    if x + 1 < width, cells[i + 1].isContinuation {
      cells[i + 1].grapheme = .space
    }
  }

  /// Draws one line of text; it stops at the right edge of the canvas or after `limit` columns.
  ///
  /// The text is sanitized first, tabs become spaces, and zero-width graphemes are skipped.
  /// A wide grapheme that does not fit entirely ends the text with a blank.
  /// - Returns: the number of columns drawn.
  @discardableResult
  public mutating func draw(
    _ text: String, x: Int, y: Int, style: Style, limit: Int? = nil
  ) -> Int {
    draw(text, x: x, y: y, style: style, limit: limit, within: ColumnSpan(0, width))
  }

  /// Draws one line of text as ``draw(_:x:y:style:limit:)`` does, in the columns `visible`
  /// only: what falls outside them is not drawn, and a wide grapheme cut by either end shows
  /// as a blank in its style (as ``blit(_:from:toX:y:clip:)`` leaves one it cuts).
  /// - Returns: the number of columns from `x` to where the text stopped.
  @discardableResult
  package mutating func draw(
    _ text: String, x: Int, y: Int, style: Style, limit: Int?, within visible: ColumnSpan
  ) -> Int {
    guard y >= 0, y < height else { return 0 }
    let start = max(0, visible.lower)
    let end = min(width, visible.upper, limit.map { x + max(0, $0) } ?? width)
    var column = x
    let safe = Sanitizer.sanitize(text)
    // ASCII fast path: one byte, one cell.
    if safe.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      for byte in safe.utf8 {
        if column >= end { break }
        if column >= start {
          put(Grapheme(asciiByte: byte), width: 1, x: column, y: y, style: style)
        }
        column += 1
      }
      return max(0, column - x)
    }
    // Fast path: when every scalar is one that always stands alone as a grapheme (box drawing,
    // shapes, Latin, CJK…), graphemes are scalars and no grapheme breaking is needed.
    if safe.unicodeScalars.allSatisfy(Canvas.isStandalone) {
      for scalar in safe.unicodeScalars {
        let w = DisplayWidth.of(scalar)
        if column + w > end {
          if column < end, column >= start { put(" ", width: 1, x: column, y: y, style: style) }
          column = end
          break
        }
        if column >= start {
          put(Grapheme(scalar: scalar), width: w, x: column, y: y, style: style)
        } else if column + w > start {
          put(" ", width: 1, x: start, y: y, style: style)
        }
        column += w
      }
      return max(0, column - x)
    }
    for character in safe {
      if character == "\t" {
        let stop = min(end, column + 4 - ((column - x) % 4))
        while column < stop {
          if column >= start { put(" ", width: 1, x: column, y: y, style: style) }
          column += 1
        }
        continue
      }
      let w = DisplayWidth.of(character)
      if w == 0 { continue }
      if column + w > end {
        if column < end, column >= start { put(" ", width: 1, x: column, y: y, style: style) }
        column = end
        break
      }
      if column >= start {
        put(String(character), width: w, x: column, y: y, style: style)
      } else if column + w > start {
        // The left half is cut off: the visible half becomes a blank.
        put(" ", width: 1, x: start, y: y, style: style)
      }
      column += w
    }
    return max(0, column - x)
  }

  /// Fills a rectangle with one symbol in one style.
  public mutating func fill(_ rect: Rect, symbol: String = " ", style: Style) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    let cell = Cell(grapheme: symbol == " " ? .space : Grapheme(symbol), style: style)
    for y in r.y..<r.maxY {
      // Only the edges can cut a wide grapheme in two; inside, cells are simply replaced.
      clearWideOverlap(at: y * width + r.x, x: r.x)
      clearWideOverlap(at: y * width + r.maxX - 1, x: r.maxX - 1)
      let row = y * width
      cells.withUnsafeMutableBufferPointer { buffer in
        Self.fill(
          UnsafeMutableBufferPointer(rebasing: buffer[(row + r.x)..<(row + r.maxX)]), with: cell)
      }
      written[y].cover(r.x - 1, r.maxX + 1, within: width)
    }
  }

  /// Makes every cell of a rectangle a blank in `style`, as ``fill(_:symbol:style:)`` does,
  /// writing only the cells that may not be one already: those written since the canvas was
  /// made or cleared, when it was cleared to that blank.
  ///
  /// A form fills its area before drawing its fields, and on a screen of 400×110 that area is
  /// most of the screen: filled, its rows count as written, and every later pass over what a
  /// frame drew (a slide keeping its screen's rows, the frame writer's comparison, the next
  /// clear) goes over them.
  package mutating func blank(_ rect: Rect, style: Style) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    let cell = Cell(grapheme: .space, style: style)
    guard let unwritten = unwrittenCell, sameBytes(unwritten, cell) || unwritten == cell else {
      return fill(r, style: style)
    }
    for y in r.y..<r.maxY {
      let lower = max(r.x, written[y].lower)
      let upper = min(r.maxX, written[y].upper)
      if lower < upper { fill(Rect(x: lower, y: y, width: upper - lower, height: 1), style: style) }
    }
  }

  /// Changes the style of every cell in a rectangle, keeping the symbols.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX {
        change(&cells[y * width + x].style)
      }
      written[y].cover(r.x, r.maxX, within: width)
    }
  }

  /// Changes the style of one cell (if it is on the canvas), keeping its symbol.
  public mutating func restyleCell(x: Int, y: Int, _ change: (inout Style) -> Void) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    change(&cells[y * width + x].style)
    written[y].cover(x, x + 1, within: width)
  }

  /// Where the cells are in memory: two canvases with the same address share them (a change
  /// to either copies them first).
  package var storageAddress: UnsafeRawPointer? {
    cells.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  /// Gives `body` the cells to change in place, row by row (`y * width + x`); it must keep
  /// wide graphemes whole (a lead followed by its continuation), and say which columns of each
  /// row it wrote (``markWritten(row:from:to:)``).
  @inline(__always)
  package mutating func withUnsafeMutableCells<R>(
    _ body: (UnsafeMutableBufferPointer<Cell>) throws -> R
  ) rethrows -> R {
    try cells.withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Makes every cell a blank in `style`, keeping the canvas's memory (a canvas drawn again and
  /// again, frame after frame, is not made anew each time).
  package mutating func clear(style: Style = .plain) {
    let blank = Cell(grapheme: .space, style: style)
    if let unwritten = unwrittenCell, unwritten == blank {
      // The cells not written since the last clear are this blank already: only the written
      // ones are made blank (a frame's cost follows what it drew, not the area).
      let (width, written) = (width, written)
      cells.withUnsafeMutableBufferPointer { buffer in
        for (y, span) in written.enumerated() where !span.isEmpty {
          let row = y * width
          Self.fill(
            UnsafeMutableBufferPointer(rebasing: buffer[(row + span.lower)..<(row + span.upper)]),
            with: blank)
        }
      }
    } else {
      cells.withUnsafeMutableBufferPointer { Self.fill($0, with: blank) }
    }
    for y in written.indices { written[y] = .none }
    frameID = 0
    damage = nil
  }

  /// A cell no write reached since the canvas was made or cleared.
  ///
  /// That is the blank it was made or cleared with, which every cell outside ``written`` is;
  /// `nil` when every cell may have been written.
  package var unwrittenCell: Cell? {
    guard width > 0 else { return nil }
    for (y, span) in written.enumerated() {
      if span.isEmpty || span.lower > 0 { return cells[y * width] }
      if span.upper < width { return cells[y * width + width - 1] }
    }
    return nil
  }

  /// Makes every cell of `buffer` (initialized or not) `cell`.
  ///
  /// One cell is written, then the written part doubled by memory copies up to a run of
  /// ``fillRun`` cells, and that run copied along the rest. Cells are plain data, so that is
  /// allowed over cells already there, and several times faster than storing each cell
  /// (storing them made a still frame at 400×120 30 % slower than a fresh canvas). The run
  /// stays in the first-level cache: doubling on to the end read half of a large canvas back
  /// from memory for the last copy.
  private static func fill(_ buffer: UnsafeMutableBufferPointer<Cell>, with cell: Cell) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return }
    base.initialize(to: cell)
    var done = 1
    let run = min(buffer.count, fillRun)
    while done < run {
      let chunk = min(done, run - done)
      (base + done).initialize(from: base, count: chunk)
      done += chunk
    }
    while done < buffer.count {
      let chunk = min(run, buffer.count - done)
      (base + done).initialize(from: base, count: chunk)
      done += chunk
    }
  }

  /// The cells a fill copies at a time once it has them (6 KB).
  static let fillRun = 256

  /// Says that in the rows from `top` down, one a span of `spans`, no cell outside its span
  /// (and the cell beside each end) holds anything but `blank`, when the canvas was made or
  /// cleared with that blank: ``written`` then holds only those spans there.
  ///
  /// For a view that draws frame after frame over the same canvas (a slide's): what it ever
  /// wrote grows with every frame, what it shows does not, and the next clear and the frame
  /// writer's comparison go over what is written. Debug builds check the promise.
  package mutating func narrowWritten(fromRow top: Int, to spans: [ColumnSpan], blank: Cell) {
    guard let unwritten = unwrittenCell, sameBytes(unwritten, blank) || unwritten == blank
    else { return }
    let (width, height) = (width, height)
    // One pass over both buffers (this runs at every frame of a slide, a row of the body a
    // span).
    written.withUnsafeMutableBufferPointer { written in
      spans.withUnsafeBufferPointer { spans in
        for i in spans.indices {
          let y = top + i
          // Rows nothing was written in (most of a screen's) have nothing to narrow.
          guard y >= 0, y < height, written[y].lower < written[y].upper else { continue }
          // A wide grapheme's other half beside a span's end counts as written (as a write
          // marks it).
          var kept = ColumnSpan.none
          kept.cover(spans[i].lower - 1, spans[i].upper + 1, within: width)
          let narrowed = ColumnSpan(
            max(written[y].lower, kept.lower), min(written[y].upper, kept.upper))
          written[y] = narrowed.isEmpty ? .none : narrowed
        }
      }
    }
    assert(
      (0..<spans.count).allSatisfy { i in
        let y = top + i
        guard y >= 0, y < height else { return true }
        let kept = written[y]
        return (0..<width).allSatisfy { x in
          (x >= kept.lower && x < kept.upper) || cells[y * width + x] == blank
        }
      }, "rows from \(top) hold only blanks outside what is kept written")
  }

  /// Records that columns `from..<to` of `row` were written (through
  /// ``withUnsafeMutableCells(_:)``).
  @inline(__always)
  package mutating func markWritten(row: Int, from: Int, to: Int) {
    written[row].cover(from, to, within: width)
  }
}

extension Canvas {
  /// Replaces every non-ASCII grapheme with `?` (a wide one with `??`), so that a canvas drawn
  /// for the `ascii` glyph style writes ASCII to the last byte whatever text it was given.
  public mutating func foldToASCII() { foldToASCII(in: bounds) }

  /// Folds the graphemes of `rect` to ASCII (see ``foldToASCII()``): a frame that redraws a
  /// part of itself folds that part.
  package mutating func foldToASCII(in rect: Rect) {
    let question = Grapheme(asciiByte: UInt8(ascii: "?"))
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for i in (y * width + r.x)..<(y * width + r.maxX) {
        if cells[i].grapheme.isASCII || cells[i].isContinuation { continue }
        // A sign with a one-character ASCII form takes it; anything else becomes "?".
        let wide = i + 1 < cells.count && cells[i + 1].isContinuation
        if !wide, let character = cells[i].symbol.first,
          let form = Symbols.asciiForms[character], form.utf8.count == 1,
          let byte = form.utf8.first
        {
          cells[i].grapheme = Grapheme(asciiByte: byte)
          continue
        }
        cells[i].grapheme = question
        if wide { cells[i + 1].grapheme = question }
      }
    }
  }
}
