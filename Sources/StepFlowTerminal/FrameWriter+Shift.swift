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
  mutating func writeShifted(
    row y: Int, by shift: Int, old oldCells: UnsafeBufferPointer<Cell>,
    new newCells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int? {
    let k = abs(shift)
    guard k > 0, k < width, let current = currentStyle else { return nil }
    let row = y * width
    // What the terminal shows after the shift: the row moved, and blanks in the current
    // background where cells entered (`bce`, as xterm, VTE and tmux do).
    let erased = Cell(grapheme: .space, style: Style(background: current.background))
    shiftedRow.removeAll(keepingCapacity: true)
    if shift > 0 {
      for x in 0..<(width - k) { shiftedRow.append(oldCells[row + x + k]) }
      for _ in 0..<k { shiftedRow.append(erased) }
      // The right half of a wide grapheme whose left half was deleted: not known.
      if shiftedRow[0].isContinuation { shiftedRow[0] = Self.unlike(newCells[row]) }
    } else {
      for _ in 0..<k { shiftedRow.append(erased) }
      for x in 0..<(width - k) { shiftedRow.append(oldCells[row + x]) }
      // The left half of a wide grapheme whose right half went past the edge: not known.
      if oldCells[row + width - k].isContinuation, !shiftedRow[width - 1].isContinuation {
        shiftedRow[width - 1] = Self.unlike(newCells[row + width - 1])
      }
    }
    var asIs = 0
    var afterShift = 0
    shiftedRow.withUnsafeBufferPointer { shifted in
      for x in 0..<width {
        if !Self.sameCell(newCells, oldCells, row + x) { asIs += 1 }
        if newCells[row + x] != shifted[x] { afterShift += 1 }
      }
    }
    // The move to the row's start and the shift itself: about eight bytes.
    guard afterShift + 8 < asIs else { return nil }
    if cursorY != y || cursorX != 0 {
      moveCursor(toX: 0, y: y, cells: newCells, width: width, into: &out)
    }
    out.append(0x1B)
    out.append(0x5B)
    if k != 1 { out.appendNumber(k) }
    out.append(shift > 0 ? 0x50 : 0x40)
    var written = 0
    shiftedRow.withUnsafeBufferPointer { shifted in
      var free = 0
      var x = 0
      while x < width {
        if newCells[row + x] == shifted[x] {
          x += 1
          continue
        }
        var start = x
        if start > free, newCells[row + x].isContinuation || shifted[x].isContinuation {
          start -= 1
        }
        let cellWidth = writeCell(at: start, y: y, cells: newCells, width: width, into: &out)
        written += 1
        free = start + cellWidth
        x = free
      }
    }
    return written
  }

  /// A cell that is surely not `cell`: stands for one the terminal shows but the writer
  /// cannot know.
  private static func unlike(_ cell: Cell) -> Cell {
    Cell(
      grapheme: cell.grapheme == .space ? Grapheme(asciiByte: UInt8(ascii: "?")) : .space,
      style: cell.style)
  }
}
