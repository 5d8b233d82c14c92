/// A rectangle of cells: origin and size, in columns and rows.
public struct Rect: Hashable, Sendable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The width in cells.
  public var width: Int
  /// The height in rows.
  public var height: Int

  /// A rectangle at (`x`, `y`), `width` cells by `height` rows.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The column just right of it.
  public var maxX: Int { x + width }
  /// The row just below it.
  public var maxY: Int { y + height }
  /// Whether it covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The part of `self` that is also in `other`.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    return Rect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
  }

  /// The rectangle shrunk by the given margins.
  public func inset(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// The rectangle shrunk by the same margin on every side.
  public func inset(by margin: Int) -> Rect {
    inset(left: margin, top: margin, right: margin, bottom: margin)
  }

  /// The first `rows` rows.
  public func top(_ rows: Int) -> Rect { Rect(x: x, y: y, width: width, height: min(rows, height)) }

  /// Everything below the first `rows` rows.
  public func dropTop(_ rows: Int) -> Rect { inset(top: min(rows, height)) }

  /// The last `rows` rows.
  public func bottom(_ rows: Int) -> Rect {
    let r = min(rows, height)
    return Rect(x: x, y: maxY - r, width: width, height: r)
  }

  /// Everything above the last `rows` rows.
  public func dropBottom(_ rows: Int) -> Rect { inset(bottom: min(rows, height)) }

  /// Whether the cell at (`px`, `py`) is inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }
}
