import StepFlowCore
import StepFlowRender

/// Inline frames: the rows from the cursor down, with relative moves only.
extension FrameWriter {
  /// An inline frame: the rows made or given back as the height asks, then the changes.
  mutating func inlineFrame(_ canvas: Canvas) -> [UInt8] {
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
  mutating func resizedRows(_ previous: Canvas, to height: Int, into body: inout ByteBuffer)
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
  static func extent(of y: Int, in canvas: Canvas) -> Int {
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
  mutating func moveInline(toX x: Int, y: Int, into out: inout ByteBuffer) {
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
  static func appendVertical(_ n: Int, into out: inout ByteBuffer) {
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
}
