/// One cell of the grid: a grapheme and its style.
///
/// A wide grapheme sits in its first cell; the cell to its right holds the empty grapheme (a
/// continuation) and the same style. A cell is plain data (no references), so canvases are
/// cheap to make, copy and compare.
public struct Cell: Hashable, Sendable {
  /// What the cell shows (empty: the right half of a wide grapheme).
  public var grapheme: Grapheme
  /// How it looks.
  public var style: Style

  /// A cell showing `symbol` (one grapheme) in `style`.
  public init(symbol: String = " ", style: Style = .plain) {
    grapheme = symbol == " " ? .space : Grapheme(symbol)
    self.style = style
  }

  /// A cell showing `grapheme` in `style`.
  public init(grapheme: Grapheme, style: Style) {
    self.grapheme = grapheme
    self.style = style
  }

  /// The grapheme as text (`""` for a continuation).
  public var symbol: String {
    get { grapheme.string }
    set { grapheme = Grapheme(newValue) }
  }

  /// Whether this cell is the right half of a wide grapheme.
  @inlinable public var isContinuation: Bool { grapheme.isEmpty }
}

/// Whether two values of plain data are the same bytes: then they are equal.
///
/// For ``Cell`` and ``Style`` (no references). Equal values may differ in bytes their case does
/// not use (a colour's padding), so `false` means "compare another way". Eight bytes at a time
/// (a cell is compared at every column a frame looks at).
@inlinable @inline(__always)
package func sameBytes<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { a in
    withUnsafeBytes(of: b) { b in
      guard let a = a.baseAddress, let b = b.baseAddress else { return true }
      return identicalBytes(a, b, count: MemoryLayout<T>.size)
    }
  }
}

/// Whether two cells where they lie have the same bytes.
///
/// Three words each, the last overlapping the one before it (a cell's 21 bytes; comparing its
/// last five byte by byte cost more than the rest). Every comparison of cells by their bytes
/// asks this.
@inlinable @inline(__always)
package func identicalCells(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
  let size = MemoryLayout<Cell>.size
  guard size >= 16, size <= 24 else { return identicalBytes(a, b, count: size) }
  let (x, y) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
  let first = x.loadUnaligned(as: UInt64.self) ^ y.loadUnaligned(as: UInt64.self)
  let second =
    x.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    ^ y.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
  let last =
    x.loadUnaligned(fromByteOffset: size - 8, as: UInt64.self)
    ^ y.loadUnaligned(fromByteOffset: size - 8, as: UInt64.self)
  return first | second | last == 0
}

/// Whether `count` bytes at `a` and `b` are the same, eight at a time: what ``sameBytes(_:_:)``
/// asks of values (styles; cells compare through ``identicalCells(_:_:)``), with no copy of
/// either.
///
/// Inlinable: the frame writer asks it in its innermost loops, in another module, where a call
/// costs more than the comparison.
@inlinable @inline(__always)
package func identicalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
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
