/// How many terminal cells text takes.
///
/// A grapheme (a `Character`) takes 0, 1 or 2 cells: East Asian wide and fullwidth characters
/// and emoji take two, combining marks and other format characters none, and a whole cluster
/// — a ZWJ family, a flag, a letter with its accents — takes the width of its base.
package enum DisplayWidth {
  /// The cells one scalar takes on its own: 0, 1 or 2.
  ///
  /// Control characters count 0 here; the ``Sanitizer`` replaces them before anything is drawn.
  @inlinable
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    return ofBeyondASCII(v)
  }

  /// ``of(_:)-(Unicode.Scalar)`` past ASCII: the table look-ups.
  @usableFromInline
  package static func ofBeyondASCII(_ v: UInt32) -> Int {
    if v < 0xA0 { return 0 }
    if v < 0x300 { return 1 }
    if contains(WidthTables.zeroWidth, v) { return 0 }
    if v >= 0x1100 && contains(WidthTables.wide, v) { return 2 }
    return 1
  }

  /// The cells a grapheme takes: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard let second = iterator.next() else { return of(first) }
    // A cluster: its base decides, but an emoji presentation selector makes it wide.
    var width = of(first)
    var next: Unicode.Scalar? = second
    while let s = next {
      if s.value == 0xFE0F && first.properties.isEmoji { return 2 }
      if width == 0 { width = of(s) }
      next = iterator.next()
    }
    return width
  }

  /// The cells a string takes when drawn on one line.
  ///
  /// `String` and `Substring` have overloads of their own: a generic called from another
  /// target runs unspecialized, through witness tables, for every character.
  package static func of(_ text: String) -> Int { measure(text) }

  /// The cells a substring takes when drawn on one line.
  package static func of(_ text: Substring) -> Int { measure(text) }

  /// The cells any other text takes when drawn on one line.
  package static func of(_ text: some StringProtocol) -> Int { measure(text) }

  private static func measure(_ text: some StringProtocol) -> Int {
    var total = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return text.reduce(0) { $0 + of($1) } }
      total += 1
    }
    return total
  }

  /// Whether `value` is in one of the ranges, given as first and last code points in order.
  private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count / 2 - 1
    while low <= high {
      let mid = (low + high) / 2
      if value < ranges[2 * mid] {
        high = mid - 1
      } else if value > ranges[2 * mid + 1] {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }
}
