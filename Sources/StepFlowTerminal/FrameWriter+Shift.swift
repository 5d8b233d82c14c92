import Glibc
import StepFlowCore
import StepFlowRender

/// Rows that moved sideways: a slide moves every cell of its rows at each frame, and shifting
/// the row in the terminal (`DCH`, `CSI n P`; `ICH`, `CSI n @`) and writing the columns that
/// enter costs fewer bytes than writing every cell that moved.
extension FrameWriter {
  /// Writes the changes of row `y` as a shift of the row from column 0 by `by` columns (to the
  /// left when positive) and the cells that then still differ — when that is fewer cells to
  /// write than the changes of the row as it stands.
  /// - Returns: the number of cells written, or `nil` when the row was not shifted (nothing
  ///   was written).
  ///
  /// `span` holds every column where the row's content is, before and after (a slide's
  /// damage): outside it and the columns that enter, the row is blank before and after the
  /// shift, so only those are looked at.
  mutating func writeShifted(
    row y: Int, by shift: Int, span: ColumnSpan, old oldCells: UnsafeBufferPointer<Cell>,
    new newCells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int? {
    let k = abs(shift)
    guard k > 0, k < width, let current = currentStyle else { return nil }
    let row = y * width
    // What the terminal shows after the shift: the row moved, and blanks in the current
    // background where cells entered (`bce`, as xterm, VTE and tmux do).
    let erased = Cell(grapheme: .space, style: Style(background: current.background))
    // The columns to look at: the content's and those that enter (a cell either side too,
    // for the halves of wide graphemes) — two ranges, not the columns between them, which are
    // blank before and after the shift: a frame's cost follows the content, not the width.
    let entering = shift > 0 ? ColumnSpan(width - k, width) : ColumnSpan(0, k)
    let content = ColumnSpan(max(0, span.lower - 1), min(width, span.upper + 1))
    let (first, second) = Self.ranges(content, entering)
    let looks = [first, second]
    // The row as the shift leaves it, in those columns only (no other is read).
    if shiftedRow.count != width { shiftedRow = Array(repeating: erased, count: width) }
    shiftedRow.withUnsafeMutableBufferPointer { shifted in
      guard let into = shifted.baseAddress, let was = oldCells.baseAddress else { return }
      for look in looks where !look.isEmpty {
        // The columns whose cell comes from the row (one copy), and those that entered.
        let lower = min(look.upper, max(look.lower, -shift))
        let upper = max(lower, min(look.upper, width - shift))
        for x in look.lower..<lower { shifted[x] = erased }
        (into + lower).update(from: was + row + lower + shift, count: upper - lower)
        for x in upper..<look.upper { shifted[x] = erased }
      }
    }
    if shift > 0, first.lower == 0, shiftedRow[0].isContinuation {
      // The right half of a wide grapheme whose left half was deleted: not known.
      shiftedRow[0] = Self.unlike(newCells[row])
    }
    if shift < 0, (second.isEmpty ? first : second).upper == width,
      oldCells[row + width - k].isContinuation, !shiftedRow[width - 1].isContinuation
    {
      // The left half of a wide grapheme whose right half went past the edge: not known.
      shiftedRow[width - 1] = Self.unlike(newCells[row + width - 1])
    }
    var afterShift = 0
    shiftedRow.withUnsafeBufferPointer { shifted in
      guard let n = newCells.baseAddress, let w = shifted.baseAddress else { return }
      for look in looks where !look.isEmpty {
        afterShift += Self.differences(n + row, w, look.lower, look.upper)
      }
    }
    // The move to the row's start and the shift itself: about eight bytes. The cells that
    // differ as the row stands are counted only as far as that decides it (a row that moved
    // differs almost everywhere).
    var asIs = 0
    counting: for look in looks where !look.isEmpty {
      for x in look.lower..<look.upper where !Self.sameCell(newCells, oldCells, row + x) {
        asIs += 1
        if afterShift + 8 < asIs { break counting }
      }
    }
    guard afterShift + 8 < asIs else { return nil }
    if cursorY != y || cursorX != 0 {
      moveCursor(toX: 0, y: y, cells: newCells, width: width, into: &out)
    }
    out.append(0x1B)
    out.append(0x5B)
    if k != 1 { out.appendNumber(k) }
    out.append(shift > 0 ? 0x50 : 0x40)
    return shiftedRow.withUnsafeBufferPointer { shifted in
      guard let was = shifted.baseAddress else { return 0 }
      var written = 0
      for look in looks where !look.isEmpty {
        written += writeRow(
          y, look.lower, look.upper, new: newCells, was: was, width: width, into: &out)
      }
      return written
    }
  }

  /// How many cells of columns `lower..<upper` differ between two rows (``same``).
  static func differences(
    _ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, _ lower: Int, _ upper: Int
  ) -> Int {
    var count = 0
    var x = firstDifference(a, b, from: lower, to: upper)
    while x < upper {
      count += 1
      x = firstDifference(a, b, from: x + 1, to: upper)
    }
    return count
  }

  /// `a` and `b` as one range when they touch or overlap (the second then empty), else both,
  /// the left one first.
  static func ranges(_ a: ColumnSpan, _ b: ColumnSpan) -> (ColumnSpan, ColumnSpan) {
    if a.isEmpty { return (b, .none) }
    if b.isEmpty { return (a, .none) }
    if a.upper < b.lower { return (a, b) }
    if b.upper < a.lower { return (b, a) }
    return (a.union(b), .none)
  }

  /// Whether two cells are equal, from their bytes first (as ``sameCell``).
  ///
  /// Cells whose bytes differ are compared grapheme first and then style by its bytes
  /// (``sameStyle``): the synthesized `Cell ==` compares the colours case by case, and two
  /// cells of one style can differ in bytes a colour's case does not use — comparing them that
  /// way made the diff of two different screens about a fifth slower.
  @inline(__always)
  static func same(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    if identicalBytes(UnsafeRawPointer(a), UnsafeRawPointer(b), count: MemoryLayout<Cell>.size) {
      return true
    }
    return a.pointee.grapheme == b.pointee.grapheme && sameStyle(a.pointee.style, b.pointee.style)
  }

  /// A cell that is surely not `cell`: stands for one the terminal shows but the writer
  /// cannot know.
  private static func unlike(_ cell: Cell) -> Cell {
    Cell(
      grapheme: cell.grapheme == .space ? Grapheme(asciiByte: UInt8(ascii: "?")) : .space,
      style: cell.style)
  }
}
