import Synchronization

/// One grapheme's UTF-8 bytes, stored inline in 16 bytes so that a ``Cell`` is plain data:
/// copying, comparing and clearing canvases needs no reference counting.
///
/// Up to 15 bytes are kept in place (every letter, CJK character, most emoji); a longer cluster
/// (a ZWJ family, a flag with tags) is interned once in a process-wide table and stored as its
/// index, so equal graphemes are always equal values.
public struct Grapheme: Hashable, Sendable {
  /// Bytes 0–7.
  @usableFromInline var low: UInt64
  /// Bytes 8–14, and in the top byte the length (0–15), or 0xFF for an interned cluster.
  @usableFromInline var high: UInt64

  @usableFromInline static let internedMark: UInt64 = 0xFF

  /// The empty grapheme: the right half of a wide character.
  public static let empty = Grapheme(low: 0, high: 0)
  /// A blank.
  public static let space = Grapheme(asciiByte: 0x20)

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// A grapheme of one ASCII byte.
  @inline(__always)
  public init(asciiByte: UInt8) {
    low = UInt64(asciiByte)
    high = 1 << 56
  }

  /// A grapheme of one scalar.
  @inline(__always)
  public init(scalar: Unicode.Scalar) {
    var packed: UInt64 = 0
    var count: UInt64 = 0
    for byte in UTF8.encode(scalar).unsafelyUnwrapped {
      packed |= UInt64(byte) << (8 * count)
      count += 1
    }
    low = packed
    high = count << 56
  }

  /// A grapheme from its text (which should be one extended grapheme cluster, or empty).
  public init(_ text: String) {
    var text = text
    let stored: (UInt64, UInt64)? = text.withUTF8 { bytes in
      guard bytes.count <= 15 else { return nil }
      var low: UInt64 = 0
      var high: UInt64 = UInt64(bytes.count) << 56
      for (i, byte) in bytes.enumerated() {
        if i < 8 {
          low |= UInt64(byte) << (8 * UInt64(i))
        } else {
          high |= UInt64(byte) << (8 * UInt64(i - 8))
        }
      }
      return (low, high)
    }
    if let stored {
      low = stored.0
      high = stored.1
    } else {
      low = UInt64(GraphemeTable.shared.index(of: text))
      high = Self.internedMark << 56
    }
  }

  /// Whether this is the empty grapheme (a continuation cell).
  @inlinable public var isEmpty: Bool { high == 0 }

  /// Whether two graphemes are the same: their bytes, or one interned cluster.
  ///
  /// The table interns each text once, so this is what the synthesized `==` compares, made
  /// inlinable: the frame writer asks it of every cell that changed.
  @inlinable public static func == (a: Grapheme, b: Grapheme) -> Bool {
    a.low == b.low && a.high == b.high
  }

  /// The grapheme's UTF-8 bytes when it holds them itself (all but an interned cluster): the
  /// first eight in `low`, the rest in `high`, lowest byte first, and how many; `nil` for an
  /// interned cluster (``forEachUTF8Byte(_:)`` has its bytes).
  @inlinable public var storedBytes: (low: UInt64, high: UInt64, count: Int)? {
    let length = high >> 56
    return length == Self.internedMark ? nil : (low, high, Int(length))
  }

  /// The grapheme's byte when it is one byte (most cells: a letter or a blank), else `nil`.
  ///
  /// Inlinable, as ``isEmpty``: the frame writer asks it for every cell it writes.
  @inlinable public var singleByte: UInt8? {
    high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil
  }

  /// Whether this is a single space.
  @inline(__always) public var isSpace: Bool { self == .space }

  /// Whether every byte is ASCII.
  public var isASCII: Bool {
    guard high >> 56 != Self.internedMark else { return false }
    return low & 0x8080_8080_8080_8080 == 0 && high & 0x0080_8080_8080_8080 == 0
  }

  /// The number of UTF-8 bytes.
  public var utf8Count: Int {
    let length = high >> 56
    if length == Self.internedMark { return GraphemeTable.shared.text(at: Int(low)).utf8.count }
    return Int(length)
  }

  /// Calls `body` with each UTF-8 byte in order.
  @inline(__always)
  public func forEachUTF8Byte(_ body: (UInt8) -> Void) {
    let length = high >> 56
    if length == Self.internedMark {
      for byte in GraphemeTable.shared.text(at: Int(low)).utf8 { body(byte) }
      return
    }
    var i: UInt64 = 0
    while i < length {
      body(UInt8(truncatingIfNeeded: (i < 8 ? low : high) >> (8 * (i & 7))))
      i += 1
    }
  }

  /// Appends the grapheme's UTF-8 bytes.
  @inline(__always)
  public func appendUTF8(to out: inout [UInt8]) {
    // Most cells hold one byte: a letter or a blank.
    if high == 1 << 56 {
      out.append(UInt8(truncatingIfNeeded: low))
      return
    }
    let length = high >> 56
    if length == Self.internedMark {
      out.append(contentsOf: GraphemeTable.shared.text(at: Int(low)).utf8)
      return
    }
    var i: UInt64 = 0
    while i < length {
      let word = i < 8 ? low : high
      out.append(UInt8(truncatingIfNeeded: word >> (8 * (i & 7))))
      i += 1
    }
  }

  /// The grapheme as a string.
  public var string: String {
    if high >> 56 == Self.internedMark { return GraphemeTable.shared.text(at: Int(low)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(15)
    appendUTF8(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The process-wide table of graphemes too long to store inline.
package final class GraphemeTable: Sendable {
  package static let shared = GraphemeTable()

  private struct Storage {
    var texts: [String] = []
    /// By the texts' UTF-8 bytes, not by `String`: two strings that are canonically
    /// equivalent are equal `String`s, and one would then be written with the other's bytes
    /// (a grapheme stored inline is its bytes too).
    var indices: [[UInt8]: Int] = [:]
  }

  private let storage = Mutex(Storage())

  package func index(of text: String) -> Int {
    let bytes = Array(text.utf8)
    return storage.withLock { s in
      if let i = s.indices[bytes] { return i }
      s.texts.append(text)
      s.indices[bytes] = s.texts.count - 1
      return s.texts.count - 1
    }
  }

  package func text(at index: Int) -> String {
    storage.withLock { $0.texts[index] }
  }
}
