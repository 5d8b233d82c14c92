import Synchronization

/// One grapheme's UTF-8 bytes, stored inline in 12 bytes so that a ``Cell`` is plain data:
/// copying, comparing and clearing canvases needs no reference counting.
///
/// Up to 11 bytes are kept in place (every letter, CJK character, most emoji); a longer cluster
/// (a ZWJ family, a flag with tags) is interned once in a process-wide table and stored as its
/// index, so equal graphemes are always equal values.
public struct Grapheme: Hashable, Sendable {
  /// Bytes 0–7.
  @usableFromInline var low: UInt64
  /// Bytes 8–10, and in the top byte the length (0–11), or 0xFF for an interned cluster.
  ///
  /// Twelve bytes in all make a ``Cell`` 24 bytes apart in a canvas, not 32: a canvas of
  /// 400×120 is then 1.15 MB, and everything that copies, clears or compares cells moves a
  /// quarter fewer bytes. Clusters of 12 to 15 bytes (a rainbow flag, some conjuncts) are
  /// interned instead.
  @usableFromInline var high: UInt32

  @usableFromInline static let internedMark: UInt32 = 0xFF

  /// Where the length is in ``high``.
  @usableFromInline static let lengthShift: UInt32 = 24

  /// The most bytes kept in place.
  @usableFromInline static let inlineCapacity = 11

  /// The empty grapheme: the right half of a wide character.
  public static let empty = Grapheme(low: 0, high: 0)
  /// A blank.
  public static let space = Grapheme(asciiByte: 0x20)

  private init(low: UInt64, high: UInt32) {
    self.low = low
    self.high = high
  }

  /// A grapheme of one ASCII byte.
  @inline(__always)
  public init(asciiByte: UInt8) {
    low = UInt64(asciiByte)
    high = 1 << Self.lengthShift
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
    high = UInt32(truncatingIfNeeded: count) << Self.lengthShift
  }

  /// A grapheme from its text (which should be one extended grapheme cluster, or empty).
  public init(_ text: String) {
    var text = text
    let stored: (UInt64, UInt32)? = text.withUTF8 { bytes in
      guard bytes.count <= Self.inlineCapacity else { return nil }
      var low: UInt64 = 0
      var high = UInt32(bytes.count) << Self.lengthShift
      for (i, byte) in bytes.enumerated() {
        if i < 8 {
          low |= UInt64(byte) << (8 * UInt64(i))
        } else {
          high |= UInt32(byte) << (8 * UInt32(i - 8))
        }
      }
      return (low, high)
    }
    if let stored {
      low = stored.0
      high = stored.1
    } else {
      low = UInt64(GraphemeTable.shared.index(of: text))
      high = Self.internedMark << Self.lengthShift
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

  /// Whether the grapheme is a cluster kept in ``GraphemeTable`` (more than 11 bytes).
  @inlinable var isInterned: Bool { high >> Self.lengthShift == Self.internedMark }

  /// The interned cluster's text.
  @usableFromInline var internedText: String { GraphemeTable.shared.text(at: Int(low)) }

  /// Whether this is a single space.
  @inline(__always) public var isSpace: Bool { self == .space }

  /// Whether every byte is ASCII.
  public var isASCII: Bool {
    guard !isInterned else { return false }
    return low & 0x8080_8080_8080_8080 == 0 && high & 0x0080_8080 == 0
  }

  /// The number of UTF-8 bytes.
  @inlinable public var utf8Count: Int {
    isInterned ? internedText.utf8.count : Int(high >> Self.lengthShift)
  }

  /// Calls `body` with each UTF-8 byte in order.
  ///
  /// Inlinable (the frame writer calls it for every cell it writes, in another module): the
  /// bytes a grapheme holds itself are then appended with no call at all.
  @inlinable
  public func forEachUTF8Byte(_ body: (UInt8) -> Void) {
    // Most cells hold one byte: a letter or a blank.
    if high == 1 << Self.lengthShift { return body(UInt8(truncatingIfNeeded: low)) }
    if isInterned {
      for byte in internedText.utf8 { body(byte) }
      return
    }
    let length = UInt64(high >> Self.lengthShift)
    var i: UInt64 = 0
    while i < length {
      body(UInt8(truncatingIfNeeded: (i < 8 ? low : UInt64(high)) >> (8 * (i & 7))))
      i += 1
    }
  }

  /// Appends the grapheme's UTF-8 bytes.
  @inline(__always)
  public func appendUTF8(to out: inout [UInt8]) {
    forEachUTF8Byte { out.append($0) }
  }

  /// The grapheme as a string.
  public var string: String {
    if isInterned { return internedText }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.inlineCapacity)
    appendUTF8(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The process-wide table of graphemes too long to store inline.
package final class GraphemeTable: Sendable {
  package static let shared = GraphemeTable()

  private struct Storage {
    var texts: [String] = []
    var indices: [Bytes: Int] = [:]
  }

  /// A text as a key by its UTF-8 bytes.
  ///
  /// Not as a `String`: two canonically equivalent strings are equal `String`s, and one would
  /// then be written with the other's bytes (a grapheme stored inline is its bytes too). No
  /// copy of the bytes is made to look one up.
  private struct Bytes: Hashable {
    var text: String

    static func == (a: Bytes, b: Bytes) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
      let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
        hasher.combine(bytes: UnsafeRawBufferPointer($0))
      }
      if hashed == nil {
        for byte in text.utf8 { hasher.combine(byte) }
      }
    }
  }

  private let storage = Mutex(Storage())

  package func index(of text: String) -> Int {
    storage.withLock { s in
      if let i = s.indices[Bytes(text: text)] { return i }
      s.texts.append(text)
      s.indices[Bytes(text: text)] = s.texts.count - 1
      return s.texts.count - 1
    }
  }

  package func text(at index: Int) -> String {
    storage.withLock { $0.texts[index] }
  }
}
