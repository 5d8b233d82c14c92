import StepFlow
import StepFlowText

// The control sequences the model understands: cursor moves, erasing, modes, SGR.
extension TerminalModel {
  mutating func moveTo(x: Int, y: Int) {
    cursorX = max(0, min(width - 1, x))
    cursorY = max(0, min(height - 1, y))
    pendingWrap = false
  }

  mutating func lineFeed() {
    if cursorY < height - 1 {
      cursorY += 1
    } else {
      if savedMain == nil { scrollback.append(Self.text(of: Array(grid[0..<width]))) }
      grid.removeFirst(width)
      grid.append(contentsOf: Array(repeating: Cell(), count: width))
    }
    pendingWrap = false
  }

  func parameters() -> [Int]? {
    var body = sequence
    if body.first == UInt8(ascii: "?") { body.removeFirst() }
    guard body.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x3B }) else { return nil }
    if body.isEmpty { return [] }
    return body.split(separator: 0x3B, omittingEmptySubsequences: false).map { digits in
      digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
  }

  mutating func csi(final: UInt8) {
    let isPrivate = sequence.first == UInt8(ascii: "?")
    guard let p = parameters() else {
      errors.append("unsupported CSI \(Self.describe(sequence + [final]))")
      return
    }
    let first = p.first ?? 0
    let n = max(1, first)
    switch (isPrivate, final) {
    case (false, UInt8(ascii: "H")), (false, UInt8(ascii: "f")):
      moveTo(x: (p.count > 1 ? max(1, p[1]) : 1) - 1, y: n - 1)
    case (false, UInt8(ascii: "A")): moveTo(x: cursorX, y: cursorY - n)
    case (false, UInt8(ascii: "B")): moveTo(x: cursorX, y: cursorY + n)
    case (false, UInt8(ascii: "C")): moveTo(x: cursorX + n, y: cursorY)
    case (false, UInt8(ascii: "D")): moveTo(x: cursorX - n, y: cursorY)
    case (false, UInt8(ascii: "G")): moveTo(x: n - 1, y: cursorY)
    case (false, UInt8(ascii: "d")): moveTo(x: cursorX, y: n - 1)
    case (false, UInt8(ascii: "J")):
      let here = cursorY * width + cursorX
      switch first {
      case 0: erase(here..<grid.count)
      case 1: erase(0..<(here + 1))
      case 2, 3: erase(0..<grid.count)
      default: errors.append("unsupported ED \(first)")
      }
    case (false, UInt8(ascii: "K")):
      let row = cursorY * width
      switch first {
      case 0: erase((row + cursorX)..<(row + width))
      case 1: erase(row..<(row + cursorX + 1))
      case 2: erase(row..<(row + width))
      default: errors.append("unsupported EL \(first)")
      }
    case (false, UInt8(ascii: "P")): deleteCharacters(n)
    case (false, UInt8(ascii: "@")): insertCharacters(n)
    case (false, UInt8(ascii: "m")):
      selectGraphicRendition(p.isEmpty ? [0] : p)
    case (true, UInt8(ascii: "h")), (true, UInt8(ascii: "l")):
      for mode in p { setMode(mode, on: final == UInt8(ascii: "h")) }
    case (false, UInt8(ascii: "h")), (false, UInt8(ascii: "l")):
      for mode in p {
        if mode == 4 {
          insertMode = final == UInt8(ascii: "h")
        } else {
          errors.append("unsupported mode \(mode)")
        }
      }
    case (false, UInt8(ascii: "r")):
      let top = max(1, first)
      let bottom = p.count > 1 && p[1] > 0 ? p[1] : height
      scrollRegion = top == 1 && bottom >= height ? nil : top...bottom
      moveTo(x: 0, y: 0)
    default:
      errors.append("unsupported CSI \(Self.describe(sequence + [final]))")
    }
  }

  /// DCH: the `n` cells at the cursor go, the rest of the row moves left.
  ///
  /// `n` blanks in the current background come in at the right edge. Half a wide grapheme
  /// left alone (its other half deleted) shows as a blank.
  mutating func deleteCharacters(_ n: Int) {
    let (row, x) = (cursorY * width, cursorX)
    let count = min(n, width - x)
    // The cursor splits a wide grapheme: its left half loses the right one.
    if x > 0, grid[row + x].isContinuation { grid[row + x - 1] = erasedCell }
    var line = Array(grid[(row + x)..<(row + width)])
    line.removeFirst(count)
    line += Array(repeating: erasedCell, count: count)
    if line.first?.isContinuation == true { line[0] = erasedCell }
    grid.replaceSubrange((row + x)..<(row + width), with: line)
    pendingWrap = false
  }

  /// ICH: `n` blanks in the current background are inserted at the cursor.
  ///
  /// The cells from the cursor on move right, and those pushed past the right edge go. Half a wide grapheme left
  /// alone shows as a blank.
  mutating func insertCharacters(_ n: Int) {
    let (row, x) = (cursorY * width, cursorX)
    let count = min(n, width - x)
    var line = Array(grid[(row + x)..<(row + width)])
    if line.first?.isContinuation == true {
      // The cursor splits a wide grapheme: both halves become blanks.
      line[0] = erasedCell
      if x > 0 { grid[row + x - 1] = erasedCell }
    }
    let kept = line.count - count
    let pushed = kept < line.count && line[kept].isContinuation
    line = Array(repeating: erasedCell, count: count) + line.prefix(kept)
    if pushed, let last = line.indices.last { line[last] = erasedCell }
    grid.replaceSubrange((row + x)..<(row + width), with: line)
    pendingWrap = false
  }

  /// A blank as erasing leaves it: the current background, nothing else.
  var erasedCell: Cell { Cell(style: Style(background: style.background)) }

  mutating func erase(_ range: Range<Int>) {
    for i in range { grid[i] = Cell(style: Style(background: style.background)) }
  }

  mutating func setMode(_ mode: Int, on: Bool) {
    switch mode {
    case 1: applicationCursorKeys = on
    case 6: originMode = on
    case 1000, 1002, 1003, 1005, 1006, 1015:
      if on { mouseModes.insert(mode) } else { mouseModes.remove(mode) }
    case 7: autowrap = on
    case 25: cursorVisible = on
    case 2004: bracketedPaste = on
    case 2026:
      if on && !synchronizedOutput { synchronizedFrames += 1 }
      synchronizedOutput = on
    case 1049:
      if on, savedMain == nil {
        savedMain = (grid, cursorX, cursorY)
        grid = Array(repeating: Cell(), count: width * height)
        alternateScreen = true
      } else if !on, let main = savedMain {
        grid = main.grid
        moveTo(x: main.x, y: main.y)
        savedMain = nil
        alternateScreen = false
      }
    default: errors.append("unsupported private mode \(mode)")
    }
  }

  mutating func selectGraphicRendition(_ p: [Int]) {
    var i = 0
    while i < p.count {
      let code = p[i]
      i += 1
      switch code {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4: style.attributes.insert(.underline)
      case 7: style.attributes.insert(.reverse)
      case 9: style.attributes.insert(.strikethrough)
      case 22: style.attributes.subtract([.bold, .dim])
      case 23: style.attributes.remove(.italic)
      case 24: style.attributes.remove(.underline)
      case 25, 28: break
      case 27: style.attributes.remove(.reverse)
      case 29: style.attributes.remove(.strikethrough)
      case 30...37: style.foreground = .ansi(UInt8(code - 30))
      case 39: style.foreground = .default
      case 40...47: style.background = .ansi(UInt8(code - 40))
      case 49: style.background = .default
      case 90...97: style.foreground = .ansi(UInt8(code - 82))
      case 100...107: style.background = .ansi(UInt8(code - 92))
      case 38, 48:
        guard let (color, used) = extendedColor(p, from: i) else {
          errors.append("malformed SGR \(p)")
          return
        }
        if code == 38 { style.foreground = color } else { style.background = color }
        i += used
      default:
        errors.append("unsupported SGR \(code)")
      }
    }
  }

  /// `5;n` or `2;r;g;b` after 38/48.
  func extendedColor(_ p: [Int], from i: Int) -> (Color, Int)? {
    func byte(_ k: Int) -> UInt8? { k < p.count && p[k] <= 255 ? UInt8(p[k]) : nil }
    if i < p.count, p[i] == 5, let n = byte(i + 1) { return (.indexed(n), 2) }
    if i < p.count, p[i] == 2, let r = byte(i + 1), let g = byte(i + 2), let b = byte(i + 3) {
      return (.rgb(r, g, b), 4)
    }
    return nil
  }

  static func describe(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
  }

  static func describe(_ bytes: [UInt8]) -> String {
    bytes.map { describe($0) }.joined()
  }
}
