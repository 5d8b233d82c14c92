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
  /// damage). The row is taken at its word (``FrameDamage/moved``): it is the old row moved,
  /// but for the columns that entered and the cells at its two edges (the halves of wide
  /// graphemes a slide cuts there). Only those are compared and written after the shift, so a
  /// frame's cost follows the columns that enter, not the width or the content; debug builds
  /// check the word against every column of `span`.
  mutating func writeShifted(
    row y: Int, by shift: Int, span: ColumnSpan, old oldCells: UnsafeBufferPointer<Cell>,
    new newCells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int? {
    let k = abs(shift)
    guard k > 0, k < width, let current = currentStyle,
      let n = newCells.baseAddress, let was = oldCells.baseAddress
    else { return nil }
    let row = y * width
    // What the terminal shows after the shift: the row moved, and blanks in the current
    // background where cells entered (`bce`, as xterm, VTE and tmux do).
    let erased = Cell(grapheme: .space, style: Style(background: current.background))
    // The columns that enter (a cell more, for the halves of wide graphemes) and the cell at
    // the other edge: all that can differ once the row is shifted.
    let (first, second) =
      shift > 0
      ? Self.ranges(ColumnSpan(0, 1), ColumnSpan(width - k - 1, width))
      : Self.ranges(ColumnSpan(0, k + 1), ColumnSpan(width - 1, width))
    // One or two of them (no array: this runs for every row of every frame of a slide).
    let looks = second.isEmpty ? 1 : 2
    func look(_ i: Int) -> ColumnSpan { i == 0 ? first : second }
    assert(
      Self.movedAsPromised(
        n + row, was + row, by: shift, span: span, width: width, but: [first, second]),
      "row \(y) is the last frame's row moved by \(shift), but where columns entered")
    // The row as the shift leaves it, in those columns only (no other is read).
    if shiftedRow.count != width { shiftedRow = Array(repeating: erased, count: width) }
    shiftedRow.withUnsafeMutableBufferPointer { shifted in
      guard let into = shifted.baseAddress else { return }
      for i in 0..<looks {
        let look = look(i)
        // The columns whose cell comes from the row (one copy), and those that entered.
        let lower = min(look.upper, max(look.lower, -shift))
        let upper = max(lower, min(look.upper, width - shift))
        (into + look.lower).update(repeating: erased, count: lower - look.lower)
        (into + lower).update(from: was + row + lower + shift, count: upper - lower)
        (into + upper).update(repeating: erased, count: look.upper - upper)
      }
    }
    if shift > 0, shiftedRow[0].isContinuation {
      // The right half of a wide grapheme whose left half was deleted: not known.
      shiftedRow[0] = Self.unlike(newCells[row])
    }
    if shift < 0, oldCells[row + width - k].isContinuation,
      !shiftedRow[width - 1].isContinuation
    {
      // The left half of a wide grapheme whose right half went past the edge: not known.
      shiftedRow[width - 1] = Self.unlike(newCells[row + width - 1])
    }
    // Mostly what entered is blank, as the shift leaves it: one memory comparison a look, and
    // nothing to write there.
    var afterShift = 0
    var differs = (false, false)
    shiftedRow.withUnsafeBufferPointer { shifted in
      guard let w = shifted.baseAddress else { return }
      for i in 0..<looks {
        let look = look(i)
        let count = (look.upper - look.lower) * MemoryLayout<Cell>.stride
        guard memcmp(n + row + look.lower, w + look.lower, count) != 0 else { continue }
        let found = Self.differences(n + row, w, look.lower, look.upper)
        afterShift += found
        if i == 0 { differs.0 = found > 0 } else { differs.1 = found > 0 }
      }
    }
    // The move to the row's start and the shift itself: about eight bytes. The cells that
    // differ as the row stands are counted only as far as that decides it (a row that moved
    // differs almost everywhere).
    let asIs = Self.differences(
      n + row, was + row, max(0, span.lower), min(width, span.upper), upTo: afterShift + 9)
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
      for i in 0..<looks where i == 0 ? differs.0 : differs.1 {
        written += writeRow(
          y, look(i).lower, look(i).upper, new: newCells, was: was, width: width, into: &out)
      }
      return written
    }
  }

  /// Whether row `new` is row `old` moved `shift` columns (to the left when positive) in every
  /// column of `span` but those of `but` (the columns that entered, the edges).
  static func movedAsPromised(
    _ new: UnsafePointer<Cell>, _ old: UnsafePointer<Cell>, by shift: Int, span: ColumnSpan,
    width: Int, but looks: [ColumnSpan]
  ) -> Bool {
    for x in max(0, span.lower)..<min(width, span.upper)
    where !looks.contains(where: { x >= $0.lower && x < $0.upper }) {
      guard x + shift >= 0, x + shift < width, same(new + x, old + x + shift) else {
        return false
      }
    }
    return true
  }

  /// How many cells of columns `lower..<upper` differ between two rows (``same``).
  ///
  /// Counts no further than `limit` (the answer is then `limit`): enough to decide between two
  /// ways to write a row.
  static func differences(
    _ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, _ lower: Int, _ upper: Int,
    upTo limit: Int = .max
  ) -> Int {
    var count = 0
    var x = firstDifference(a, b, from: lower, to: upper)
    while x < upper, count < limit {
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

  /// Whether two cells are equal, answered from their bytes when they are identical (the usual
  /// case: cells are plain data).
  ///
  /// `Style`'s synthesized `==` switches over two colour enums and costs about 9 ns a cell; the
  /// byte comparison costs about 2 ns, which keeps diffing a 200×60 screen far below 100 µs.
  ///
  /// Cells whose bytes differ are compared grapheme first and then style by its bytes
  /// (``sameStyle``): the synthesized `Cell ==` compares the colours case by case, and two
  /// cells of one style can differ in bytes a colour's case does not use — comparing them that
  /// way made the diff of two different screens about a fifth slower.
  @inline(__always)
  static func same(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    if StepFlowRender.identicalCells(a, b) {
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
