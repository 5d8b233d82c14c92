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
  private var previous: Canvas?
  /// Inline: whether the rows are made (the first frame, and the first after ``restart()``).
  private var inlineStarted = false
  /// The cursor as the terminal has it after the last frame; `-1` when unknown.
  private var cursorX = -1
  private var cursorY = -1
  /// The SGR state the terminal is in; `nil` when unknown.
  private var currentStyle: Style?
  /// Scratch space for one SGR sequence, kept to avoid allocating for every style change.
  private var styleBytes: [UInt8] = []
  /// Cells written by the last frame (for tests and benchmarks).
  package private(set) var lastCellsWritten = 0

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
    lastCellsWritten = writeChanges(from: base, to: canvas, into: &body)
    previous = canvas
    guard isFull || body.count >= Self.synchronizedThreshold else { return body.array() }
    return body.array(prefix: Self.beginSynchronized, suffix: Self.endSynchronized)
  }

  // MARK: Inline

  /// An inline frame: the rows made or given back as the height asks, then the changes.
  private mutating func inlineFrame(_ canvas: Canvas) -> [UInt8] {
    var body = ByteBuffer(capacity: 256)
    let height = max(1, canvas.height)
    let base: Canvas
    var isFull = false
    if !inlineStarted {
      // Make the rows: from the start of the cursor's line, a line feed for each row after the
      // first (the terminal scrolls when they are not there), then back up to the first.
      body.append(0x0D)
      body.append(contentsOf: Self.resetStyle)
      for _ in 1..<height { body.append(0x0A) }
      Self.appendVertical(-(height - 1), into: &body)
      body.append(contentsOf: Self.eraseFromFirstRow)
      inlineStarted = true
      cursorX = 0
      cursorY = 0
      currentStyle = .plain
      base = Canvas(width: canvas.width, height: canvas.height)
      isFull = true
    } else if let previous, previous.width == canvas.width {
      if previous.height == canvas.height, Self.shareStorage(previous, canvas) {
        lastCellsWritten = 0
        return []
      }
      base = resizedRows(previous, to: canvas.height, into: &body)
    } else {
      // Everything again, from the first row: its rows are there already; a taller canvas
      // makes the others.
      let made = previous?.height ?? 1
      moveInline(toX: 0, y: 0, into: &body)
      body.append(contentsOf: Self.resetStyle)
      if height > made {
        Self.appendVertical(made - 1, into: &body)
        for _ in made..<height { body.append(0x0A) }
        Self.appendVertical(-(height - 1), into: &body)
      }
      body.append(contentsOf: Self.eraseFromFirstRow)
      cursorX = 0
      cursorY = 0
      currentStyle = .plain
      base = Canvas(width: canvas.width, height: canvas.height)
      isFull = true
    }
    lastCellsWritten = writeChanges(from: base, to: canvas, into: &body)
    previous = canvas
    // The cursor waits at the start of the first row: wherever the terminal re-wraps the rows
    // (a narrower window), that is where they begin.
    moveInline(toX: 0, y: 0, into: &body)
    guard isFull || body.count >= Self.synchronizedThreshold else { return body.array() }
    return body.array(prefix: Self.beginSynchronized, suffix: Self.endSynchronized)
  }

  /// Makes the terminal's rows match a canvas of `height` rows: line feeds below the last row
  /// for more (erased, as they may hold anything), the rows after `height` erased for fewer.
  /// - Returns: `previous` as the terminal now shows it, `height` rows high.
  private mutating func resizedRows(_ previous: Canvas, to height: Int, into body: inout ByteBuffer)
    -> Canvas
  {
    guard height != previous.height else { return previous }
    var base = Canvas(width: previous.width, height: height)
    base.blit(previous, toX: 0, y: 0)
    if height > previous.height {
      moveInline(toX: 0, y: previous.height - 1, into: &body)
      body.append(contentsOf: Self.resetStyle)
      let added = height - previous.height
      for _ in 0..<added { body.append(0x0A) }
      Self.appendVertical(-(added - 1), into: &body)
      cursorX = 0
      cursorY = previous.height
    } else {
      moveInline(toX: 0, y: height, into: &body)
      body.append(contentsOf: Self.resetStyle)
    }
    body.append(contentsOf: Self.eraseBelow)
    currentStyle = .plain
    return base
  }

  /// Inline, after the terminal changed its width to `width`: the bytes that bring the cursor back
  /// to the first row and erase from there down, so that the next frame (a full repaint) leaves
  /// nothing of the old one.
  ///
  /// A terminal that re-wraps lines when it gets narrower (most do: VTE, kitty, iTerm2, tmux,
  /// Windows Terminal) has put each old row whose text is wider than `width` on several rows; they
  /// are counted.
  package mutating func resized(toWidth width: Int) -> [UInt8] {
    guard placement == .inline, inlineStarted, let previous, cursorY >= 0 else {
      invalidate()
      return []
    }
    var up = cursorY
    if width < previous.width, width > 0 {
      up = 0
      for y in 0..<cursorY { up += max(1, (Self.extent(of: y, in: previous) + width - 1) / width) }
      let column = cursorX >= 0 ? cursorX : max(0, Self.extent(of: cursorY, in: previous) - 1)
      up += min(column, max(0, Self.extent(of: cursorY, in: previous) - 1)) / width
    }
    var body = ByteBuffer(capacity: 32)
    body.append(0x0D)
    Self.appendVertical(-up, into: &body)
    body.append(contentsOf: Self.resetStyle)
    body.append(contentsOf: Self.eraseFromFirstRow)
    self.previous = nil
    cursorX = 0
    cursorY = 0
    currentStyle = .plain
    return body.array()
  }

  /// Inline, at the end.
  ///
  /// the bytes that erase the rows and leave `record` (one row, or none) in their place, the cursor
  /// at the start of the line below it — or, without a record, at the start of the first row, as if
  /// nothing had been drawn.
  package mutating func leave(record: Canvas?) -> [UInt8] {
    guard placement == .inline, inlineStarted else { return [] }
    var body = ByteBuffer(capacity: 128)
    moveInline(toX: 0, y: 0, into: &body)
    body.append(contentsOf: Self.resetStyle)
    body.append(contentsOf: Self.eraseFromFirstRow)
    currentStyle = .plain
    cursorX = 0
    cursorY = 0
    if let record, record.height > 0 {
      var line = Canvas(width: record.width, height: 1)
      line.blit(record, toX: 0, y: 0)
      _ = writeChanges(from: Canvas(width: record.width, height: 1), to: line, into: &body)
      body.append(contentsOf: Self.resetStyle)
      body.append(0x0D)
      body.append(0x0A)
    }
    previous = nil
    inlineStarted = false
    cursorX = -1
    cursorY = -1
    currentStyle = nil
    return body.array()
  }

  /// Inline: the bytes that take the cursor from where it is to the start of the line below the
  /// rows (what the terminal's restore sends on a way out that draws nothing more: a signal, a
  /// crash), so the shell's prompt comes under the last frame.
  package var tailBytes: [UInt8] {
    guard placement == .inline, inlineStarted, let previous, cursorY >= 0 else { return [] }
    var body = ByteBuffer(capacity: 16)
    body.append(0x0D)
    Self.appendVertical(previous.height - 1 - cursorY, into: &body)
    body.append(0x0A)
    return body.array()
  }

  /// The columns of a row up to its last cell that is not a blank in the default style: what a
  /// terminal holds as the row's text.
  private static func extent(of y: Int, in canvas: Canvas) -> Int {
    var x = canvas.width
    while x > 0 {
      let cell = canvas[x - 1, y]
      if !(cell.grapheme == .space && cell.style == .plain) { break }
      x -= 1
    }
    return x
  }

  /// Moves the cursor to (`x`, `y`) of the rows with relative moves only: `CR LF` to the start
  /// of the next row (never at the screen's bottom: the rows below are there), `CUU`/`CUD` in
  /// the same column, else `CR` when the column is lost or is the first, then `CUU`/`CUD` and
  /// `CUF`/`CUB`.
  private mutating func moveInline(toX x: Int, y: Int, into out: inout ByteBuffer) {
    let fromY = max(0, cursorY)
    defer {
      cursorX = x
      cursorY = y
    }
    if fromY == y && cursorX == x { return }
    if x == 0 && y == fromY + 1 {
      out.append(0x0D)
      out.append(0x0A)
      return
    }
    var fromX = cursorX
    if fromX < 0 || (x == 0 && fromX != 0) {
      out.append(0x0D)
      fromX = 0
    }
    if y > fromY && y - fromY <= 3 {
      // A line feed is one row down in the same column (no output processing in raw mode),
      // and never scrolls here: the rows below are there.
      for _ in fromY..<y { out.append(0x0A) }
    } else {
      Self.appendVertical(y - fromY, into: &out)
    }
    let dx = x - fromX
    guard dx != 0 else { return }
    out.append(0x1B)
    out.append(0x5B)
    if abs(dx) != 1 { out.appendNumber(abs(dx)) }
    out.append(dx > 0 ? 0x43 : 0x44)
  }

  /// `CUD n` (`n` > 0) or `CUU -n` (`n` < 0); nothing for 0.
  private static func appendVertical(_ n: Int, into out: inout ByteBuffer) {
    guard n != 0 else { return }
    out.append(0x1B)
    out.append(0x5B)
    if abs(n) != 1 { out.appendNumber(abs(n)) }
    out.append(n > 0 ? 0x42 : 0x41)
  }

  package static let resetStyle: [UInt8] = Array("\u{1B}[0m".utf8)
  package static let eraseBelow: [UInt8] = Array("\u{1B}[J".utf8)
  /// Erases the cursor's row and everything below it, the cursor staying: the row by `EL 2`, the
  /// rest by `ED` from the row below (saved and restored around it, `DECSC`/`DECRC`).
  ///
  /// `ED` from the screen's top-left corner itself would make tmux (`scroll-on-clear`) push the
  /// whole screen into the scrollback, leaving the old frame there.
  package static let eraseFromFirstRow: [UInt8] = Array(
    "\u{1B}[2K\u{1B}7\u{1B}[B\u{1B}[J\u{1B}8".utf8)

  /// Whether two canvases' cells are one and the same array storage.
  private static func shareStorage(_ a: Canvas, _ b: Canvas) -> Bool {
    a.cells.withUnsafeBufferPointer { pa in
      b.cells.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress }
    }
  }

  /// Writes every cell of `new` that differs from `old` (both of the same size).
  /// - Returns: the number of cells written.
  private mutating func writeChanges(from old: Canvas, to new: Canvas, into out: inout ByteBuffer)
    -> Int
  {
    let width = new.width
    var written = 0
    new.cells.withUnsafeBufferPointer { newCells in
      old.cells.withUnsafeBufferPointer { oldCells in
        for y in 0..<new.height {
          let row = y * width
          // Cells before `free` in this row were written by this frame.
          var free = 0
          var x = 0
          while x < width {
            if Self.sameCell(newCells, oldCells, row + x) {
              x += 1
              continue
            }
            var start = x
            // Half of a wide grapheme changed: write the grapheme from its lead.
            if start > free, newCells[row + x].isContinuation || oldCells[row + x].isContinuation {
              start -= 1
            }
            let cellWidth = writeCell(at: start, y: y, cells: newCells, width: width, into: &out)
            written += 1
            free = start + cellWidth
            x = free
          }
        }
      }
    }
    return written
  }

  /// Whether two cells are equal, answered from their bytes when they are identical (the usual
  /// case: cells are plain data) and by comparing grapheme and style otherwise.
  ///
  /// `Style`'s synthesized `==` switches over two colour enums and costs about 9 ns a cell; the
  /// byte comparison costs about 2 ns, which keeps diffing a 200×60 screen far below 100 µs.
  @inline(__always)
  private static func sameCell(
    _ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, _ i: Int
  ) -> Bool {
    guard let pa = a.baseAddress, let pb = b.baseAddress else { return a[i] == b[i] }
    let identical = identicalBytes(
      UnsafeRawPointer(pa + i), UnsafeRawPointer(pb + i), count: MemoryLayout<Cell>.size)
    if identical { return true }
    // Different bytes: a different grapheme, or the same style with other padding bytes.
    return a[i].grapheme == b[i].grapheme && sameStyle(a[i].style, b[i].style)
  }

  /// Whether the terminal's style is `style`, from the bytes first (as in ``sameCell``).
  @inline(__always)
  private static func sameStyle(_ current: Style?, _ style: Style) -> Bool {
    guard let current else { return false }
    let identical = withUnsafeBytes(of: current) { a in
      withUnsafeBytes(of: style) { b in
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return false }
        return identicalBytes(pa, pb, count: MemoryLayout<Style>.size)
      }
    }
    return identical || current == style
  }

  /// Whether `count` bytes at `a` and `b` are the same, eight at a time.
  @inline(__always)
  private static func identicalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int)
    -> Bool
  {
    // Branch-free: OR together the XOR of every word.
    var difference: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= count {
      difference |=
        a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    while offset < count {
      difference |= UInt64(
        a.load(fromByteOffset: offset, as: UInt8.self)
          ^ b.load(fromByteOffset: offset, as: UInt8.self))
      offset &+= 1
    }
    return difference == 0
  }

  /// Moves to (`x`, `y`) if needed, sets the style and writes one grapheme.
  /// - Returns: the number of cells the grapheme covers (1 or 2).
  private mutating func writeCell(
    at x: Int, y: Int, cells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) -> Int {
    let row = y * width
    let cell = cells[row + x]
    let isWide = x + 1 < width && cells[row + x + 1].isContinuation && !cell.isContinuation
    if cursorY != y || cursorX != x {
      moveCursor(toX: x, y: y, cells: cells, width: width, into: &out)
    }
    if !Self.sameStyle(currentStyle, cell.style) {
      styleBytes.removeAll(keepingCapacity: true)
      ANSI.appendStyleChange(from: currentStyle, to: cell.style, depth: depth, into: &styleBytes)
      out.append(contentsOf: styleBytes)
      currentStyle = cell.style
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

  /// Appends the shortest way to bring the cursor to (`x`, `y`).
  private mutating func moveCursor(
    toX x: Int, y: Int, cells: UnsafeBufferPointer<Cell>, width: Int, into out: inout ByteBuffer
  ) {
    if placement == .inline, cursorY != y || cursorX < 0 || x == 0 {
      // Inline, another row or a lost column: relative moves only (the same row with a known
      // column takes the cheapest of the moves below, none of them absolute).
      moveInline(toX: x, y: y, into: &out)
      return
    }
    defer {
      cursorX = x
      cursorY = y
    }
    // Absolute: CSI row ; col H, where a 1 (row or column) can be left out.
    var bestCost = 3 + (y == 0 ? 0 : Self.digits(y + 1)) + (x == 0 ? 0 : 1 + Self.digits(x + 1))
    var best = Move.absolute
    if placement == .inline {
      // No absolute move inline: the relative one is the one to beat.
      best = .relative(x - cursorX, forward: 0x43, backward: 0x44)
      bestCost = 3 + (abs(x - cursorX) == 1 ? 0 : Self.digits(abs(x - cursorX)))
    }
    if cursorY == y && cursorX >= 0 {
      let dx = x - cursorX
      if x == 0 {
        best = .carriageReturn
        bestCost = 1
      } else if dx > 0 {
        let cost = 3 + (dx == 1 ? 0 : Self.digits(dx))
        if cost < bestCost {
          best = .relative(dx, forward: 0x43, backward: 0x44)
          bestCost = cost
        }
        if dx <= Self.maximumRewrittenGap, let gapCost = rewriteCost(cells, y * width, dx),
          gapCost < bestCost
        {
          best = .rewrite
          bestCost = gapCost
        }
      } else {
        let cost = 3 + (dx == -1 ? 0 : Self.digits(-dx))
        if cost < bestCost {
          best = .relative(dx, forward: 0x43, backward: 0x44)
          bestCost = cost
        }
      }
    } else if cursorY >= 0 && cursorX >= 0 {
      let dy = y - cursorY
      if x == cursorX {
        let cost = 3 + (abs(dy) == 1 ? 0 : Self.digits(abs(dy)))
        if cost < bestCost {
          best = .relative(dy, forward: 0x42, backward: 0x41)
          bestCost = cost
        }
      } else if x == 0 && dy == 1 && 2 < bestCost {
        best = .nextLine
      }
    }
    switch best {
    case .absolute:
      out.append(0x1B)
      out.append(0x5B)
      if y != 0 { out.appendNumber(y + 1) }
      if x != 0 {
        out.append(0x3B)
        out.appendNumber(x + 1)
      }
      out.append(0x48)
    case .carriageReturn:
      out.append(0x0D)
    case .nextLine:
      out.append(0x0D)
      out.append(0x0A)
    case .relative(let delta, let forward, let backward):
      out.append(0x1B)
      out.append(0x5B)
      if abs(delta) != 1 { out.appendNumber(abs(delta)) }
      out.append(delta > 0 ? forward : backward)
    case .rewrite:
      for i in (y * width + cursorX)..<(y * width + x) {
        cells[i].grapheme.forEachUTF8Byte { out.append($0) }
      }
    }
  }

  private enum Move {
    case absolute, carriageReturn, nextLine, rewrite
    case relative(Int, forward: UInt8, backward: UInt8)
  }

  /// The bytes needed to rewrite the `count` unchanged cells from the cursor on, or `nil` when
  /// they cannot simply be rewritten (another style, or part of a wide grapheme).
  private func rewriteCost(_ cells: UnsafeBufferPointer<Cell>, _ row: Int, _ count: Int) -> Int? {
    guard let currentStyle else { return nil }
    var cost = 0
    for i in (row + cursorX)..<(row + cursorX + count) {
      let cell = cells[i]
      if cell.isContinuation || cells[i + 1].isContinuation
        || !Self.sameStyle(currentStyle, cell.style)
      {
        return nil
      }
      cost += cell.grapheme.utf8Count
    }
    return cost
  }

  private static func digits(_ n: Int) -> Int {
    n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5
  }
}
