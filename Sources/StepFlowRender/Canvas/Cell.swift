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
  @inline(__always) public var isContinuation: Bool { grapheme.isEmpty }
}

/// Whether two values of plain data are the same bytes: then they are equal.
///
/// For ``Cell`` and ``Style`` (no references). Equal values may differ in bytes their case does
/// not use (a colour's padding), so `false` means "compare another way". Eight bytes at a time
/// (a cell is compared at every column a frame looks at). The frame writer keeps its own copy
/// (`FrameWriter.identicalBytes`): called across the module boundary this one is not inlined,
/// and a slide then ran 19 % more instructions.
@inline(__always)
package func sameBytes<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { a in
    withUnsafeBytes(of: b) { b in
      let size = MemoryLayout<T>.size
      var difference: UInt64 = 0
      var i = 0
      while i &+ 8 <= size {
        difference |=
          a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        i &+= 8
      }
      while i < size {
        difference |= UInt64(a[i] ^ b[i])
        i &+= 1
      }
      return difference == 0
    }
  }
}
