import Glibc
import StepFlowCore
import StepFlowRender

/// Turns canvases into the fewest bytes that make the terminal show them, by diffing each frame
/// against the last one it produced.
///
/// Only changed cells are written. The writer tracks the cursor and the current SGR state, so a
/// cursor move is sent only where the next changed cell is not where the cursor already is (the
/// shortest of `CUP`, `CUF`/`CUB`, `CUU`/`CUD`, `CR` and `CR LF`, or rewriting up to
/// ``maximumRewrittenGap`` unchanged cells when that is fewer bytes), and a style change only
/// where the style changes. A wide grapheme is always written whole, from its lead cell;
/// continuation cells are never written. An unchanged frame produces no bytes at all.
///
/// A frame that says what can differ from the last one (``Canvas/damage``, a slide's) is
/// compared there only; rows whose content moved sideways as a whole are shifted in the
/// terminal (`CSI n P` to the left, `CSI n @` to the right, from column 0; the blanks that
/// enter take the current background) when that leaves fewer cells to write, and then only
/// the columns that entered, and the halves of wide graphemes the shift cut, are written.
///
/// The first frame, a frame of another size and the frame after ``invalidate()`` are full
/// repaints: reset the style, erase the screen (`CSI 2J`), then write every cell that is not a
/// blank in the default style. A full repaint, and any frame of ``synchronizedThreshold`` bytes or
/// more, is wrapped in synchronized output (`CSI ?2026h` … `CSI ?2026l`) so that the terminal
/// shows it at once instead of tearing; smaller frames fit in one `write` and gain nothing from it.
///
/// The writer assumes autowrap is off (`CSI ?7l`, as ``TerminalSession`` sets it) and treats the
/// cursor as unknown after writing into the last column or writing an emoji sequence (several
/// scalars, whose width terminals disagree about), so the next write moves absolutely.
///
/// **Inline** (``Placement/inline``): the canvas is drawn in the rows from the cursor down, on
/// the main screen, and only relative moves are used (`CR`, `LF`, `CUU`/`CUD`, `CUF`/`CUB`):
/// the writer never knows where on the screen its rows are. The first frame makes room — a line
/// feed for every row but the first scrolls the terminal when the cursor is near the bottom, then
/// `CUU` goes back up — and a full repaint erases from the first row down (`CSI J`) instead of the
/// screen. A canvas of another height grows the rows (line feeds below the last) or gives the
/// rows it no longer needs back (erased), and the rest is diffed as usual; the cursor's row is
/// always known (autowrap is off: nothing wraps), only its column can be lost (an emoji, the last
/// column), and then `CR` finds it again. Between frames the cursor waits at the start of the
/// first row, so a terminal that re-wraps the rows when its window gets narrower (VTE, kitty,
/// iTerm2, tmux) keeps it where they start, and one that cuts them (xterm) too:
/// ``resized(toWidth:)`` erases from there and the next frame is drawn whole in place.
/// ``leave(record:)`` replaces the rows with one line, ``tailBytes`` goes to below them.
///
/// - Complexity: O(cells) to compare two frames, plus O(bytes written).
package struct FrameWriter: Sendable {
  /// Where the frames go on the terminal.
  package enum Placement: Sendable {
    /// The whole screen (the alternate screen of a full-screen session), moved in absolutely.
    case screen
    /// The rows from the cursor down, on the main screen, with relative moves only.
    case inline
  }

  /// Frames of at least this many bytes are wrapped in synchronized output.
  package static let synchronizedThreshold = 512
  /// At most this many unchanged cells are rewritten instead of moving the cursor over them.
  package static let maximumRewrittenGap = 6

  package static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
  package static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)
  package static let resetAndErase: [UInt8] = Array("\u{1B}[0m\u{1B}[2J".utf8)

  /// The colour depth styles are reduced to.
  package let depth: ColorDepth
  /// Where the frames go.
  package let placement: Placement
  var previous: Canvas?
  /// The number of the last frame (``Canvas/frameID``; 0 when it had none).
  var previousID: UInt64 = 0
  /// Inline: whether the rows are made (the first frame, and the first after ``restart()``).
  var inlineStarted = false
  /// The cursor as the terminal has it after the last frame; `-1` when unknown.
  var cursorX = -1
  var cursorY = -1
  /// The SGR state the terminal is in; `nil` when unknown.
  var currentStyle: Style?
  /// Scratch space for one SGR sequence, kept to avoid allocating for every style change.
  var styleBytes: [UInt8] = []
  /// The SGR sequences written lately, by the change each makes: the frames of a slide change
  /// between the same few styles again and again (``appendStyleChange(to:into:)``).
  var styleChanges: [StyleChange] = []
  /// Where the next sequence goes in ``styleChanges`` once it is full.
  var nextStyleChange = 0
  /// Scratch space for a row as a shift leaves it (``writeShifted``).
  var shiftedRow: [Cell] = []
  /// Whether rows that moved sideways may be shifted in the terminal (`DCH`/`ICH`).
  package var shiftsRows = true
  /// Cells written by the last frame (for tests and benchmarks).
  package internal(set) var lastCellsWritten = 0

  package init(depth: ColorDepth, placement: Placement = .screen) {
    self.depth = depth
    self.placement = placement
  }

  /// Forgets what the terminal shows: the next frame is a full repaint.
  ///
  /// Call it after a resize, after resuming from suspension, or whenever the screen may have been
  /// changed by someone else. (Inline, the cursor's place among the rows is kept: the repaint
  /// starts from there.)
  package mutating func invalidate() {
    previous = nil
    previousID = 0
    if placement == .screen || !inlineStarted {
      cursorX = -1
      cursorY = -1
    } else {
      cursorX = -1
    }
    currentStyle = nil
  }

  /// Inline: the rows drawn so far are given up (the terminal was used by someone else, after a
  /// suspension); the next frame makes its rows afresh from where the cursor is.
  package mutating func restart() {
    previous = nil
    previousID = 0
    inlineStarted = false
    cursorX = -1
    cursorY = -1
    currentStyle = nil
  }

  /// The rows the last inline frame took (0 before the first).
  package var rows: Int { inlineStarted ? previous?.height ?? 0 : 0 }

  /// The bytes that change the screen from the last frame to `canvas`.
  /// - Returns: nothing at all when nothing changed.
  package mutating func frame(_ canvas: Canvas) -> [UInt8] {
    if placement == .inline { return inlineFrame(canvas) }
    var body = ByteBuffer(capacity: 256)
    let base: Canvas
    let isFull: Bool
    if let previous, previous.width == canvas.width, previous.height == canvas.height {
      if Self.shareStorage(previous, canvas) {
        // The very same cells (a view that kept its canvas): nothing to compare.
        lastCellsWritten = 0
        previousID = canvas.frameID
        return []
      }
      base = previous
      isFull = false
    } else {
      // After `CSI 2J` in the default style every cell is a blank in the default style.
      body.append(contentsOf: Self.resetAndErase)
      currentStyle = .plain
      cursorX = -1
      cursorY = -1
      base = Canvas(width: canvas.width, height: canvas.height)
      isFull = true
    }
    // A frame drawn over the last one says which cells can differ: only those are compared.
    let damage = canvas.damage.flatMap {
      !isFull && previousID != 0 && $0.base == previousID && $0.rows.count == canvas.height
        ? $0 : nil
    }
    lastCellsWritten = writeChanges(
      from: base, to: canvas, rows: damage?.rows ?? (isFull ? nil : Self.written(base, canvas)),
      moved: shiftsRows ? damage?.moved : nil, into: &body)
    previous = canvas
    previousID = canvas.frameID
    guard isFull || body.count >= Self.synchronizedThreshold else { return body.array() }
    return body.array(prefix: Self.beginSynchronized, suffix: Self.endSynchronized)
  }

  /// Per row, the columns either canvas wrote since it was made or cleared: when both were
  /// cleared to the same blank, no other cell can differ (``Canvas/written``); `nil` otherwise.
  static func written(_ old: Canvas, _ new: Canvas) -> [ColumnSpan]? {
    guard let a = old.unwrittenCell, let b = new.unwrittenCell, a == b else { return nil }
    return zip(old.written, new.written).map { $0.union($1) }
  }

  /// Whether two canvases' cells are one and the same array storage.
  static func shareStorage(_ a: Canvas, _ b: Canvas) -> Bool {
    a.storageAddress == b.storageAddress
  }

  /// Writes every cell of `new` that differs from `old` (both of the same size) — of the
  /// columns `rows` gives each row when it is given (the others are the same); rows whose
  /// content `moved` sideways are shifted in the terminal when that writes fewer cells.
  /// - Returns: the number of cells written.
  mutating func writeChanges(
    from old: Canvas, to new: Canvas, rows: [ColumnSpan]? = nil,
    moved: (rows: Range<Int>, by: Int)? = nil, into out: inout ByteBuffer
  ) -> Int {
    let width = new.width
    var written = 0
    new.cells.withUnsafeBufferPointer { newCells in
      old.cells.withUnsafeBufferPointer { oldCells in
        for y in 0..<new.height {
          let span = rows?[y] ?? ColumnSpan(0, width)
          let (lower, upper) = (max(0, span.lower), min(width, span.upper))
          guard lower < upper else { continue }
          let row = y * width
          // A row whose memory is the same is the same row (most rows, most frames): one
          // memory comparison instead of one a cell.
          if let a = newCells.baseAddress, let b = oldCells.baseAddress,
            memcmp(a + row + lower, b + row + lower, (upper - lower) * MemoryLayout<Cell>.stride)
              == 0
          {
            continue
          }
          if let moved, moved.rows.contains(y),
            let count = writeShifted(
              row: y, by: moved.by, span: ColumnSpan(lower, upper), old: oldCells, new: newCells,
              width: width, into: &out)
          {
            written += count
            continue
          }
          guard let was = oldCells.baseAddress else { continue }
          written += writeRow(
            y, lower, upper, new: newCells, was: was + row, width: width, into: &out)
        }
      }
    }
    return written
  }

  /// Writes the cells of row `y` of `new`, columns `lower..<upper`, that differ from the
  /// terminal's row `was` (its cells from column 0).
  /// - Returns: the number of cells written.
  mutating func writeRow(
    _ y: Int, _ lower: Int, _ upper: Int, new newCells: UnsafeBufferPointer<Cell>,
    was: UnsafePointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int {
    let row = y * width
    guard let now = newCells.baseAddress else { return 0 }
    var written = 0
    // Cells before `free` in this row were written by this frame.
    var free = 0
    var x = lower
    while true {
      x = Self.firstDifference(now + row, was, from: x, to: upper)
      guard x < upper else { break }
      var start = x
      // Half of a wide grapheme changed: write the grapheme from its lead.
      if start > free, newCells[row + x].isContinuation || was[x].isContinuation {
        start -= 1
      }
      let cellWidth = writeCell(at: start, y: y, cells: newCells, width: width, into: &out)
      written += 1
      free = start + cellWidth
      x = free
    }
    return written
  }

  /// The first column of `x..<upper` where two rows' cells differ (``same``), or `upper`.
  ///
  /// A run of the same memory is the same cells: past a cell that is the same, it is skipped
  /// sixteen cells at a time (a row of 400 columns mostly is, where a title moved; a row that
  /// shifted is, but at its edges). A cell that differs is answered by itself, without a
  /// memory comparison: in a run of changed cells, written one after another, that is every
  /// cell. Once a run of sixteen held a difference, its cells are looked at one by one (the
  /// difference is among them): where same and changed cells mix, as in text moved over
  /// text, a comparison of sixteen is not tried again at every cell that happens to be the
  /// same.
  @inline(__always)
  static func firstDifference(
    _ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, from x: Int, to upper: Int
  ) -> Int {
    var x = x
    // Where a run of sixteen is tried next.
    var run = x
    while x < upper {
      guard same(a + x, b + x) else { return x }
      x &+= 1
      guard x >= run else { continue }
      while x &+ 16 <= upper, memcmp(a + x, b + x, 16 * MemoryLayout<Cell>.stride) == 0 {
        x &+= 16
      }
      run = x &+ 16
    }
    return upper
  }

  /// Whether the terminal's style is `style`, from the bytes first (as in ``same(_:_:)``).
  @inline(__always)
  static func sameStyle(_ current: Style?, _ style: Style) -> Bool {
    guard let current else { return false }
    return sameBytes(current, style) || current == style
  }

  /// One SGR sequence written: from which style to which, and its bytes.
  struct StyleChange {
    var from: Style?
    var to: Style
    var bytes: [UInt8]
  }

  /// How many sequences ``styleChanges`` keeps.
  static let styleChangesKept = 16

  /// Writes the SGR sequence from the current style to `style` and makes it the current one:
  /// the sequence written for the same change lately when there is one (styles compared by
  /// their bytes), else made (``ANSI/appendStyleChange(from:to:depth:into:)``) and kept.
  mutating func appendStyleChange(to style: Style, into out: inout ByteBuffer) {
    defer { currentStyle = style }
    let from = currentStyle
    for change in styleChanges where sameBytes(change.to, style) {
      let sameFrom =
        switch (change.from, from) {
        case (nil, nil): true
        case (let a?, let b?): sameBytes(a, b)
        default: false
        }
      if sameFrom { return out.append(contentsOf: change.bytes) }
    }
    styleBytes.removeAll(keepingCapacity: true)
    ANSI.appendStyleChange(from: from, to: style, depth: depth, into: &styleBytes)
    out.append(contentsOf: styleBytes)
    let change = StyleChange(from: from, to: style, bytes: styleBytes)
    if styleChanges.count < Self.styleChangesKept {
      styleChanges.append(change)
    } else {
      styleChanges[nextStyleChange] = change
      nextStyleChange = (nextStyleChange + 1) % Self.styleChangesKept
    }
  }

  /// Moves to (`x`, `y`) if needed, sets the style and writes one grapheme.
  /// - Returns: the number of cells the grapheme covers (1 or 2).
  mutating func writeCell(
    at x: Int, y: Int, cells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int {
    let row = y * width
    let cell = cells[row + x]
    let isWide = x + 1 < width && cells[row + x + 1].isContinuation && !cell.isContinuation
    if cursorY != y || cursorX != x {
      moveCursor(toX: x, y: y, cells: cells, width: width, into: &out)
    }
    if !Self.sameStyle(currentStyle, cell.style) {
      appendStyleChange(to: cell.style, into: &out)
    }
    let byteCount = cell.grapheme.utf8Count
    if byteCount == 0 {
      // A continuation without a lead (not produced by Canvas): show a blank.
      out.append(0x20)
    } else {
      cell.grapheme.forEachUTF8Byte { out.append($0) }
    }
    let cellWidth = isWide ? 2 : 1
    cursorX = x + cellWidth
    // More than 4 bytes is more than one scalar: a cluster the terminal may measure otherwise.
    if cursorX >= width || byteCount > 4 {
      // Pending wrap at the right edge, or a width the terminal may see differently. (Inline,
      // the row stays known: with autowrap off nothing wraps.)
      cursorX = -1
      if placement == .screen { cursorY = -1 }
    }
    return cellWidth
  }

}
