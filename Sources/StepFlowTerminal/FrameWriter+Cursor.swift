import StepFlowCore
import StepFlowRender

/// Cursor moves: the shortest bytes from where the cursor is to the next changed cell.
extension FrameWriter {
  /// Appends the shortest way to bring the cursor to (`x`, `y`).
  mutating func moveCursor(
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

  enum Move {
    case absolute, carriageReturn, nextLine, rewrite
    case relative(Int, forward: UInt8, backward: UInt8)
  }

  /// The bytes needed to rewrite the `count` unchanged cells from the cursor on, or `nil` when
  /// they cannot simply be rewritten (another style, or part of a wide grapheme).
  func rewriteCost(_ cells: UnsafeBufferPointer<Cell>, _ row: Int, _ count: Int) -> Int? {
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

  static func digits(_ n: Int) -> Int {
    n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5
  }
}
