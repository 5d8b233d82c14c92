extension Canvas {
  /// Copies the cells of `source` in `sourceRect` so that the rectangle's origin lands on (`x`,
  /// `y`), drawing only inside `clip`.
  ///
  /// Each row is copied as one run of memory; only its two ends are looked at, as only they
  /// can cut a wide grapheme in two. A wide grapheme cut by an edge (of the source rectangle or
  /// of the clip) becomes a blank in its style, and so does one of the canvas's own that the
  /// copy overwrites half of.
  /// - Complexity: O(rows) plus a memory copy of the cells copied.
  public mutating func blit(
    _ source: Canvas, from sourceRect: Rect? = nil, toX x: Int, y: Int, clip: Rect? = nil
  ) {
    let from = (sourceRect ?? source.bounds).intersection(source.bounds)
    let clipRect = (clip ?? bounds).intersection(bounds)
    // The destination columns the copy covers, and the source column of the first.
    let start = max(x, clipRect.x)
    let end = min(x + from.width, clipRect.maxX)
    guard start < end else { return }
    let run = Run(
      start: start, end: end, clipEnd: clipRect.maxX, first: from.x + (start - x),
      sourceStart: from.x)
    let (width, sourceWidth) = (width, source.width)
    source.cells.withUnsafeBufferPointer { sourceCells in
      withUnsafeMutableCells { cells in
        for sy in from.y..<from.maxY {
          let dy = y + sy - from.y
          guard dy >= clipRect.y, dy < clipRect.maxY else { continue }
          Self.copy(
            run, of: sourceCells, row: sy * sourceWidth, width: sourceWidth, into: cells,
            row: dy * width, width: width)
        }
      }
    }
    // The two cells beside the copy may have lost the other half of a wide grapheme.
    var dy = max(y, clipRect.y)
    while dy < min(y + from.height, clipRect.maxY) {
      markWritten(row: dy, from: start - 1, to: end + 2)
      dy += 1
    }
  }

  /// Copies row `sourceRow` of `source`, all its columns, so that its column 0 lands on
  /// column `x` of row `y`, drawing only in the columns of `clip`: what
  /// ``blit(_:from:toX:y:clip:)`` does for one whole row, without working out rectangles (a
  /// slide copies its screens' rows so at every frame).
  @inline(__always)
  mutating func copyRow(_ sourceRow: Int, of source: Canvas, toX x: Int, y: Int, clip: ColumnSpan) {
    let (width, sourceWidth) = (width, source.width)
    let clipEnd = min(width, clip.upper)
    let start = max(x, max(0, clip.lower))
    let end = min(x + sourceWidth, clipEnd)
    guard start < end, y >= 0, y < height, sourceRow >= 0, sourceRow < source.height else {
      return
    }
    let run = Run(start: start, end: end, clipEnd: clipEnd, first: start - x, sourceStart: 0)
    source.cells.withUnsafeBufferPointer { sourceCells in
      withUnsafeMutableCells { cells in
        Self.copy(
          run, of: sourceCells, row: sourceRow * sourceWidth, width: sourceWidth, into: cells,
          row: y * width, width: width)
      }
    }
    markWritten(row: y, from: start - 1, to: end + 2)
  }

  /// The columns one row's copy covers: `start..<end` of the canvas, within a clip ending at
  /// `clipEnd`, from column `first` of the source on (whose copied rectangle starts at
  /// `sourceStart`).
  private struct Run {
    var start: Int
    var end: Int
    var clipEnd: Int
    var first: Int
    var sourceStart: Int
  }

  /// Copies `run` of the source row starting at `sourceRow` in `source` into the canvas row
  /// starting at `row` in `cells`, by the rules of ``blit(_:from:toX:y:clip:)`` at its ends.
  @inline(__always)
  private static func copy(
    _ run: Run, of source: UnsafeBufferPointer<Cell>, row sourceRow: Int, width sourceWidth: Int,
    into cells: UnsafeMutableBufferPointer<Cell>, row: Int, width: Int
  ) {
    guard let into = cells.baseAddress, let out = source.baseAddress else { return }
    let (start, end, first) = (run.start, run.end, run.first)
    let count = end - start
    // A wide grapheme of the canvas that the copy cuts in two loses its other half.
    if start > 0, cells[row + start].isContinuation {
      cells[row + start - 1].grapheme = .space
    }
    if end < width, cells[row + end].isContinuation { cells[row + end].grapheme = .space }
    (into + row + start).update(from: out + sourceRow + first, count: count)
    // The first cell is the right half of a grapheme whose left half is not copied.
    let lead = source[sourceRow + first]
    if lead.isContinuation {
      let style = first > run.sourceStart ? source[sourceRow + first - 1].style : lead.style
      cells[row + start] = Cell(grapheme: .space, style: style)
    }
    // The last cell is the left half of a grapheme whose right half is not copied.
    let last = first + count - 1
    if count > 1 || !lead.isContinuation, last + 1 < sourceWidth,
      source[sourceRow + last + 1].isContinuation, !source[sourceRow + last].isContinuation
    {
      cells[row + end - 1].grapheme = .space
      if end < run.clipEnd {
        // Cut by the source rectangle, not by the clip: its right half is a blank too.
        if end + 1 < width, cells[row + end + 1].isContinuation {
          cells[row + end + 1].grapheme = .space
        }
        cells[row + end] = Cell(grapheme: .space, style: cells[row + end - 1].style)
      }
    }
  }
}
