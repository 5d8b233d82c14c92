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
    let first = from.x + (start - x)
    let count = end - start
    let width = self.width
    let sourceWidth = source.width
    source.cells.withUnsafeBufferPointer { sourceCells in
      withUnsafeMutableCells { cells in
        guard let into = cells.baseAddress, let out = sourceCells.baseAddress else { return }
        for sy in from.y..<from.maxY {
          let dy = y + sy - from.y
          guard dy >= clipRect.y, dy < clipRect.maxY else { continue }
          let row = dy * width
          // A wide grapheme of the canvas that the copy cuts in two loses its other half.
          if start > 0, cells[row + start].isContinuation {
            cells[row + start - 1].grapheme = .space
          }
          if end < width, cells[row + end].isContinuation { cells[row + end].grapheme = .space }
          let sourceRow = sy * sourceWidth
          (into + row + start).update(from: out + sourceRow + first, count: count)
          // The first cell is the right half of a grapheme whose left half is not copied.
          let lead = sourceCells[sourceRow + first]
          if lead.isContinuation {
            let style = first > from.x ? sourceCells[sourceRow + first - 1].style : lead.style
            cells[row + start] = Cell(grapheme: .space, style: style)
          }
          // The last cell is the left half of a grapheme whose right half is not copied.
          let last = first + count - 1
          if count > 1 || !lead.isContinuation, last + 1 < sourceWidth,
            sourceCells[sourceRow + last + 1].isContinuation,
            !sourceCells[sourceRow + last].isContinuation
          {
            cells[row + end - 1].grapheme = .space
            if end < clipRect.maxX {
              // Cut by the source rectangle, not by the clip: its right half is a blank too.
              if end + 1 < width, cells[row + end + 1].isContinuation {
                cells[row + end + 1].grapheme = .space
              }
              cells[row + end] = Cell(grapheme: .space, style: cells[row + end - 1].style)
            }
          }
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
    let width = self.width
    let sourceWidth = source.width
    let (clipLower, clipUpper) = (max(0, clip.lower), min(width, clip.upper))
    let start = max(x, clipLower)
    let end = min(x + sourceWidth, clipUpper)
    guard start < end, y >= 0, y < height, sourceRow >= 0, sourceRow < source.height else {
      return
    }
    let first = start - x
    let count = end - start
    source.cells.withUnsafeBufferPointer { sourceCells in
      withUnsafeMutableCells { cells in
        guard let into = cells.baseAddress, let out = sourceCells.baseAddress else { return }
        let row = y * width
        // As in `blit`: a wide grapheme of the canvas cut in two loses its other half.
        if start > 0, cells[row + start].isContinuation {
          cells[row + start - 1].grapheme = .space
        }
        if end < width, cells[row + end].isContinuation { cells[row + end].grapheme = .space }
        let from = sourceRow * sourceWidth
        (into + row + start).update(from: out + from + first, count: count)
        let lead = sourceCells[from + first]
        if lead.isContinuation {
          let style = first > 0 ? sourceCells[from + first - 1].style : lead.style
          cells[row + start] = Cell(grapheme: .space, style: style)
        }
        let last = first + count - 1
        if count > 1 || !lead.isContinuation, last + 1 < sourceWidth,
          sourceCells[from + last + 1].isContinuation, !sourceCells[from + last].isContinuation
        {
          cells[row + end - 1].grapheme = .space
          if end < clipUpper {
            if end + 1 < width, cells[row + end + 1].isContinuation {
              cells[row + end + 1].grapheme = .space
            }
            cells[row + end] = Cell(grapheme: .space, style: cells[row + end - 1].style)
          }
        }
      }
    }
    markWritten(row: y, from: start - 1, to: end + 2)
  }
}
