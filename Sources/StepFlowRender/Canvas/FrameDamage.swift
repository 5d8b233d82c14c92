import Synchronization

/// Columns `lower..<upper` of one row; empty when `lower >= upper`.
package struct ColumnSpan: Hashable, Sendable {
  package var lower: Int
  package var upper: Int

  package init(_ lower: Int, _ upper: Int) {
    self.lower = lower
    self.upper = upper
  }

  /// No column.
  package static let none = ColumnSpan(Int.max, Int.min)

  /// Whether it holds no column.
  @inline(__always) package var isEmpty: Bool { lower >= upper }

  /// Grows to take in `from..<to`, cut to `0..<width`.
  @inline(__always)
  package mutating func cover(_ from: Int, _ to: Int, within width: Int) {
    let a = max(0, from)
    let b = min(width, to)
    guard a < b else { return }
    if a < lower { lower = a }
    if b > upper { upper = b }
  }

  /// The smallest span holding both.
  package func union(_ other: ColumnSpan) -> ColumnSpan {
    if isEmpty { return other }
    if other.isEmpty { return self }
    return ColumnSpan(min(lower, other.lower), max(upper, other.upper))
  }

  /// Moved `offset` columns and cut to `start..<end`.
  package func shifted(by offset: Int, within start: Int, _ end: Int) -> ColumnSpan {
    guard !isEmpty else { return .none }
    let a = max(start, lower + offset)
    let b = min(end, upper + offset)
    return a < b ? ColumnSpan(a, b) : .none
  }
}

/// Which cells of a frame can differ from an earlier frame, row by row: whoever compares the
/// two (the frame writer) need look at no other.
///
/// A view that draws a frame by changing part of the one before it knows this; the frame
/// writer uses it only when its last frame is ``base`` (else it compares every cell).
package struct FrameDamage: Sendable {
  /// The frame (``Canvas/frameID``) the spans are against.
  package var base: UInt64
  /// One span a row: the columns that may differ (empty: the row is the same).
  package var rows: [ColumnSpan]
  /// Rows whose whole content moved sideways since ``base`` (a slide's, spanning the width),
  /// and by how many columns: to the left when positive.
  ///
  /// A promise the writer takes at its word: each of these rows is the base's row moved by
  /// that many columns, but for the columns that entered at one edge and the cell at each
  /// edge (where a slide blanks the halves of wide graphemes it cuts). Debug builds check it.
  package var moved: (rows: Range<Int>, by: Int)?

  package init(base: UInt64, rows: [ColumnSpan], moved: (rows: Range<Int>, by: Int)? = nil) {
    self.base = base
    self.rows = rows
    self.moved = moved
  }
}

/// The last frame number handed out.
private let frameCounter = Atomic<UInt64>(0)

extension Canvas {
  /// A frame number no frame had before (never 0).
  package static func nextFrameID() -> UInt64 {
    frameCounter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

extension Canvas {
  /// The columns of each row that are not `blank`: the written span of the row with the blanks
  /// at its two ends cut off.
  /// - Complexity: O(the cells written).
  package func contentSpans(blank: Cell) -> [ColumnSpan] {
    contentSpans(in: bounds, blank: blank)
  }

  /// The columns of each row of `rect` that are not `blank`, counted from `rect.x`: what a
  /// screen drawn there shows (``contentSpans(blank:)`` of that part of the canvas).
  /// - Complexity: O(the cells written in `rect`).
  package func contentSpans(in rect: Rect, blank: Cell) -> [ColumnSpan] {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return Array(repeating: .none, count: max(0, rect.height)) }
    var spans = Array(repeating: ColumnSpan.none, count: rect.height)
    var blank = blank
    cells.withUnsafeBufferPointer { cells in
      guard let cells = cells.baseAddress else { return }
      for y in r.y..<r.maxY {
        let row = cells + y * width
        var span = ColumnSpan(max(r.x, written[y].lower), min(r.maxX, written[y].upper))
        while span.lower < span.upper, Self.isBlank(row + span.lower, &blank) {
          span.lower += 1
        }
        while span.upper > span.lower, Self.isBlank(row + span.upper - 1, &blank) {
          span.upper -= 1
        }
        if !span.isEmpty {
          spans[y - rect.y] = ColumnSpan(span.lower - rect.x, span.upper - rect.x)
        }
      }
    }
    return spans
  }

  /// Whether `cell` is `blank`: from their bytes first, where they lie (cells are plain data).
  @inline(__always)
  private static func isBlank(_ cell: UnsafePointer<Cell>, _ blank: UnsafePointer<Cell>) -> Bool {
    identicalCells(cell, blank) || cell.pointee == blank.pointee
  }
}
