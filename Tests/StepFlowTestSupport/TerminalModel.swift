import StepFlow
import StepFlowText

/// An in-memory terminal for tests: applies the bytes a program writes to a grid of cells, the
/// way a VT-compatible terminal (xterm) would, so a test can read the screen.
///
/// It understands printable UTF-8 (graphemes measured with ``DisplayWidth``: a wide grapheme
/// takes a lead and a continuation cell, and overwriting either half of a wide grapheme blanks
/// the other half), `CR`, `LF`, `BS`, `HT`, `BEL`, `CAN`, cursor movement (`CUP`, `CUU`, `CUD`,
/// `CUF`, `CUB`, `CHA`, `VPA`, `DECSC`/`DECRC`), erasing (`ED`, `EL`), shifting a row (`DCH`,
/// `ICH`: the blanks that enter take the current background, as with `bce`), SGR (every code ``ANSI`` and
/// ``FrameWriter`` emit) and the private modes `?7` (autowrap), `?25` (cursor), `?1049`
/// (alternate screen), `?1000` and `?1006` (mouse reporting, SGR form), `?2004` (bracketed
/// paste) and `?2026` (synchronized output).
/// Anything else is recorded in ``errors``, so a test can fail on unexpected bytes.
///
/// ```swift
/// var model = TerminalModel(width: 80, height: 24)
/// var writer = FrameWriter(depth: .truecolor)
/// model.apply(writer.frame(canvas))
/// #expect(model.differences(from: canvas).isEmpty)
/// #expect(model.errors.isEmpty)
/// ```
public struct TerminalModel: Sendable {
  /// The screen's width in columns.
  public internal(set) var width: Int
  /// The screen's height in rows.
  public internal(set) var height: Int
  /// The cursor, 0-based.
  public internal(set) var cursorX = 0
  /// The cursor's row, 0-based.
  public internal(set) var cursorY = 0
  /// The SGR state new text is drawn in.
  public internal(set) var style = Style.plain
  /// Whether the cursor is shown (`?25h`).
  public internal(set) var cursorVisible = true
  /// Whether the alternate screen is on (`?1049h`).
  public internal(set) var alternateScreen = false
  /// Whether writing past the last column wraps (`?7h`).
  public internal(set) var autowrap = true
  /// Whether bracketed paste is on (`?2004h`).
  public internal(set) var bracketedPaste = false
  /// Whether synchronized output (`?2026h`) is on, and how often it was switched on.
  public internal(set) var synchronizedOutput = false
  /// How often synchronized output was switched on.
  public internal(set) var synchronizedFrames = 0
  /// Modes a full-screen program (an editor) may switch on and leave on: mouse reports (any
  /// of 1000, 1002, 1003, 1005, 1006, 1015), application cursor keys (`?1h`), the application
  /// keypad (`ESC =`), origin mode (`?6h`), insert mode (`4h`), a scroll region (`CSI t;b r`)
  /// and the DEC graphics character set (`ESC ( 0`).
  public internal(set) var mouseModes: Set<Int> = []
  /// Whether the terminal reports mouse presses (`?1000`).
  public var mouseReporting: Bool { mouseModes.contains(1000) }
  /// Whether mouse reports use the SGR form (`?1006`).
  public var sgrMouse: Bool { mouseModes.contains(1006) }
  /// Whether application cursor keys (`?1h`) are on.
  public internal(set) var applicationCursorKeys = false
  /// Whether the application keypad (`ESC =`) is on.
  public internal(set) var applicationKeypad = false
  /// Whether origin mode (`?6h`) is on.
  public internal(set) var originMode = false
  /// Whether insert mode (`4h`) is on.
  public internal(set) var insertMode = false
  /// The scroll region (`CSI t;b r`), rows counted from 1; `nil` for the whole screen.
  public internal(set) var scrollRegion: ClosedRange<Int>? = nil
  /// Whether the DEC graphics character set (`ESC ( 0`) is selected.
  public internal(set) var graphicsCharset = false
  /// What the model did not understand, in order.
  public internal(set) var errors: [String] = []
  /// The rows that scrolled off the top of the main screen, oldest first, as text (trailing
  /// blanks trimmed): the terminal's scrollback.
  public internal(set) var scrollback: [String] = []
  /// Whether a narrower window re-wraps each row's text onto several rows, the cursor staying
  /// with its cell (VTE, kitty, iTerm2, tmux do); `false`: rows are cut (xterm).
  public var reflows = false

  var grid: [Cell]
  /// The main screen and its cursor while the alternate screen is shown.
  var savedMain: (grid: [Cell], x: Int, y: Int)?
  /// The cursor and style `ESC 7` saved, for `ESC 8`.
  var savedCursor: (x: Int, y: Int, style: Style)?
  /// The cursor wrote the last column; the next grapheme wraps (when autowrap is on).
  var pendingWrap = false

  enum State: Sendable { case ground, escape, csi, charset }
  var state = State.ground
  var sequence: [UInt8] = []
  var text: [UInt8] = []

  /// A blank screen.
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    grid = Array(repeating: Cell(), count: self.width * self.height)
  }

  // MARK: Reading the screen

  /// The cell at a position (a continuation cell has the symbol `""`).
  public func cell(x: Int, y: Int) -> Cell { grid[y * width + x] }

  /// The screen as a canvas.
  public var canvas: Canvas {
    var canvas = Canvas(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let cell = grid[y * width + x]
        if cell.isContinuation { continue }
        let wide = x + 1 < width && grid[y * width + x + 1].isContinuation
        canvas.put(cell.symbol, width: wide ? 2 : 1, x: x, y: y, style: cell.style)
      }
    }
    return canvas
  }

  /// The screen as plain text, one string a row, trailing blanks trimmed.
  public var lines: [String] {
    (0..<height).map { y in
      var line = ""
      for x in 0..<width { line += grid[y * width + x].symbol }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// Whether some row of the screen contains `text`.
  public func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

  /// Where `text` first shows on the screen, at or below `row`: the column (in cells, wide
  /// graphemes counting two) and the row of its first grapheme — where a click on it goes.
  public func position(of text: String, from row: Int = 0) -> (column: Int, row: Int)? {
    positions(of: text).first { $0.row >= row }
  }

  /// Every place `text` shows on the screen, row by row, left to right.
  public func positions(of text: String) -> [(column: Int, row: Int)] {
    let wanted = text.map(String.init)
    guard !wanted.isEmpty else { return [] }
    var found: [(column: Int, row: Int)] = []
    for y in 0..<height {
      // The row's graphemes with the column each starts at.
      let cells = (0..<width).compactMap { x -> (String, Int)? in
        let cell = grid[y * width + x]
        return cell.isContinuation ? nil : (cell.symbol, x)
      }
      guard cells.count >= wanted.count else { continue }
      for start in 0...(cells.count - wanted.count)
      where (0..<wanted.count).allSatisfy({ cells[start + $0].0 == wanted[$0] }) {
        found.append((cells[start].1, y))
      }
    }
    return found
  }

  /// The scrollback and then the screen, as text: everything the terminal still shows or
  /// keeps.
  public var history: [String] { scrollback + lines }

  /// The screen's rows from the first to the last that is not blank (what a shell session on
  /// the main screen shows so far).
  public var usedLines: [String] {
    var rows = lines
    while rows.last == "" { rows.removeLast() }
    return rows
  }

  /// How the screen differs from `canvas`, cell by cell (at most `limit` descriptions); empty when
  /// they are equal.
  ///
  /// The style of a continuation cell is not compared: a terminal draws a wide grapheme in one
  /// style.
  public func differences(from canvas: Canvas, limit: Int = 10) -> [String] {
    guard canvas.width == width, canvas.height == height else {
      return ["size: screen \(width)x\(height), canvas \(canvas.width)x\(canvas.height)"]
    }
    var result: [String] = []
    for y in 0..<height {
      for x in 0..<width {
        let have = grid[y * width + x]
        let want = canvas[x, y]
        let same =
          have.symbol == want.symbol && (want.isContinuation || have.style == want.style)
        if !same {
          result.append("(\(x),\(y)): screen \(have), canvas \(want)")
          if result.count >= limit { return result }
        }
      }
    }
    return result
  }

  // MARK: Changing the screen

  /// Applies bytes written to the terminal.
  ///
  /// A UTF-8 sequence cut at the end waits for the rest.
  public mutating func apply(_ bytes: some Collection<UInt8>) {
    for byte in bytes {
      switch state {
      case .ground:
        if byte >= 0x20 && byte != 0x7F {
          text.append(byte)
        } else {
          flushText()
          control(byte)
        }
      case .escape:
        if byte == 0x5B {
          state = .csi
          sequence.removeAll()
        } else if byte == UInt8(ascii: "(") {
          state = .charset
        } else {
          state = .ground
          if byte == 0x18 || byte == 0x1A { continue }
          if byte == 0x37 {  // DECSC
            savedCursor = (cursorX, cursorY, style)
            continue
          }
          if byte == 0x38 {  // DECRC
            if let saved = savedCursor {
              moveTo(x: saved.x, y: saved.y)
              style = saved.style
            } else {
              moveTo(x: 0, y: 0)
            }
            continue
          }
          if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") {
            applicationKeypad = byte == UInt8(ascii: "=")
            continue
          }
          errors.append("unsupported sequence ESC \(Self.describe(byte))")
        }
      case .charset:
        state = .ground
        graphicsCharset = byte == UInt8(ascii: "0")
      case .csi:
        if byte >= 0x40 && byte <= 0x7E {
          state = .ground
          csi(final: byte)
        } else if byte >= 0x20 && byte <= 0x3F {
          sequence.append(byte)
        } else if byte == 0x18 || byte == 0x1A {
          state = .ground  // CAN and SUB cancel a sequence.
        } else {
          errors.append("byte \(Self.describe(byte)) inside CSI \(Self.describe(sequence))")
          state = .ground
          control(byte)
        }
      }
    }
    flushText(keepingIncomplete: true)
  }

  /// Applies text (its UTF-8 bytes).
  public mutating func apply(_ text: String) { apply(Array(text.utf8)) }

  /// Changes the size as a terminal window would: rows and columns are cut or added blank (with
  /// ``reflows``, a narrower main screen re-wraps its rows first).
  public mutating func resize(width newWidth: Int, height newHeight: Int) {
    if reflows, savedMain == nil, newWidth < width, newWidth > 0 {
      rewrap(toWidth: newWidth)
    }
    func resized(_ cells: [Cell]) -> [Cell] {
      var result = Array(repeating: Cell(), count: max(1, newWidth) * max(1, newHeight))
      for y in 0..<min(height, newHeight) {
        for x in 0..<min(width, newWidth) {
          result[y * newWidth + x] = cells[y * width + x]
        }
      }
      return result
    }
    grid = resized(grid)
    if let main = savedMain { savedMain = (resized(main.grid), main.x, main.y) }
    width = max(1, newWidth)
    height = max(1, newHeight)
    cursorX = min(cursorX, width - 1)
    cursorY = min(cursorY, height - 1)
    pendingWrap = false
  }

  /// Re-wraps every row onto rows of `newWidth` (its text up to its last cell that is not a
  /// plain blank; an empty row stays one row), the cursor following its cell; rows that no
  /// longer fit go from the top into the scrollback.
  private mutating func rewrap(toWidth newWidth: Int) {
    var rows: [[Cell]] = []
    var newCursor = (x: 0, y: 0)
    for y in 0..<height {
      let row = Array(grid[(y * width)..<((y + 1) * width)])
      var length = width
      while length > 0, row[length - 1].symbol == " ", row[length - 1].style == .plain {
        length -= 1
      }
      if y == cursorY { length = max(length, cursorX + 1) }
      let pieces = max(1, (length + newWidth - 1) / newWidth)
      if y == cursorY {
        newCursor = (cursorX % newWidth, rows.count + min(pieces - 1, cursorX / newWidth))
      }
      for piece in 0..<pieces {
        var cells = Array(repeating: Cell(), count: width)
        for x in 0..<newWidth where piece * newWidth + x < min(length, width) {
          cells[x] = row[piece * newWidth + x]
        }
        rows.append(cells)
      }
    }
    // Blank rows at the bottom go first; then the top rows scroll away.
    while rows.count > height, rows.count - 1 > newCursor.y,
      rows.last?.allSatisfy({ $0.symbol == " " && $0.style == .plain }) == true
    {
      rows.removeLast()
    }
    while rows.count > height {
      scrollback.append(Self.text(of: rows.removeFirst()))
      newCursor.y -= 1
    }
    while rows.count < height { rows.append(Array(repeating: Cell(), count: width)) }
    grid = rows.flatMap { $0 }
    cursorX = newCursor.x
    cursorY = max(0, newCursor.y)
  }

  static func text(of row: [Cell]) -> String {
    var line = row.map(\.symbol).joined()
    while line.last == " " { line.removeLast() }
    return line
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x1B: state = .escape
    case 0x0D: moveTo(x: 0, y: cursorY)
    case 0x0A: lineFeed()
    case 0x08: moveTo(x: cursorX - 1, y: cursorY)
    case 0x09: moveTo(x: min(width - 1, (cursorX / 8 + 1) * 8), y: cursorY)
    case 0x07, 0x18, 0x1A: break  // BEL; CAN and SUB outside a sequence.
    default: errors.append("unsupported control byte \(Self.describe(byte))")
    }
  }

  private mutating func flushText(keepingIncomplete: Bool = false) {
    guard !text.isEmpty else { return }
    var end = text.count
    if keepingIncomplete {
      // Keep back a UTF-8 sequence whose last bytes have not arrived yet.
      var lead = text.count - 1
      while lead > 0, lead > text.count - 4, text[lead] & 0xC0 == 0x80 { lead -= 1 }
      let first = text[lead]
      let needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
      if text.count - lead < needed { end = lead }
    }
    let string = String(decoding: text[0..<end], as: UTF8.self)
    text.removeFirst(end)
    for character in string { printGrapheme(character) }
  }

  private mutating func printGrapheme(_ character: Character) {
    let symbol = String(character)
    let w = DisplayWidth.of(character)
    if w == 0 {
      // Joins the grapheme before the cursor, as terminals do with combining marks.
      let x = pendingWrap ? cursorX : cursorX - 1
      if x >= 0 {
        var at = cursorY * width + x
        if grid[at].isContinuation, x > 0 { at -= 1 }
        grid[at].symbol += symbol
      }
      return
    }
    if pendingWrap && autowrap {
      cursorX = 0
      lineFeed()
    }
    pendingWrap = false
    if cursorX + w > width {
      guard autowrap else {
        errors.append("wide grapheme \(symbol) does not fit at column \(cursorX + 1)")
        return
      }
      cursorX = 0
      lineFeed()
    }
    let row = cursorY * width
    let x = cursorX
    if grid[row + x].isContinuation, x > 0 { grid[row + x - 1].symbol = " " }
    let last = x + w - 1
    if last + 1 < width, grid[row + last + 1].isContinuation { grid[row + last + 1].symbol = " " }
    grid[row + x] = Cell(symbol: symbol, style: style)
    if w == 2 { grid[row + x + 1] = Cell(symbol: "", style: style) }
    if x + w >= width {
      cursorX = width - 1
      pendingWrap = true
    } else {
      cursorX = x + w
    }
  }
}
