/// Bytes from the system — arguments, file names — as strings that give the same bytes back.
///
/// A file name on Linux is any bytes but `/` and NUL, not always UTF-8 (`printf '\xe9t\xe9'`
/// in Latin-1). Read as UTF-8 with repairs, such a name becomes `�t�` and can no longer be
/// opened. Here each byte that is not part of valid UTF-8 becomes one scalar of a reserved
/// range at the top of the last private-use plane (U+10FF80–U+10FFFF: byte `b` is
/// U+10FF00 + `b`), and ``bytes(_:)`` turns those back into the byte: the round trip is
/// exact for every sequence of bytes. A name that really holds one of those scalars is taken
/// as the four bytes that spell it, so it comes back as itself too.
///
/// ``Sanitizer`` shows a reserved scalar as the byte it stands for (`\xE9`), so messages say
/// `\xE9t\xE9.json`.
package enum SystemText {
  /// The scalar that stands for byte `0x80` (bytes below are ASCII and stand for themselves).
  package static let rawByteBase: UInt32 = 0x10FF00

  /// Whether a scalar stands for a byte that was not UTF-8.
  @inline(__always)
  package static func isRawByte(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= rawByteBase + 0x80
  }

  /// The string for the bytes: valid UTF-8 as it is, every other byte as its reserved scalar.
  package static func string(_ bytes: some Collection<UInt8>) -> String {
    let array = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var i = 0
    while i < array.count {
      if let (scalar, length) = decode(array, at: i), !isRawByte(scalar) {
        scalars.append(scalar)
        i += length
      } else {
        scalars.append(raw(array[i]))
        i += 1
      }
    }
    return String(scalars)
  }

  /// The bytes the string stands for: UTF-8, with each reserved scalar as its one byte.
  package static func bytes(_ text: String) -> [UInt8] {
    guard text.unicodeScalars.contains(where: isRawByte) else { return Array(text.utf8) }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if isRawByte(scalar) {
        out.append(UInt8(scalar.value - rawByteBase))
      } else {
        out.append(contentsOf: String(scalar).utf8)
      }
    }
    return out
  }

  /// The bytes for a system call: ``bytes(_:)`` ending in NUL.
  package static func cString(_ text: String) -> [CChar] {
    var out = bytes(text).map { CChar(bitPattern: $0) }
    out.append(0)
    return out
  }

  private static func raw(_ byte: UInt8) -> Unicode.Scalar {
    // In range by construction: U+10FF80…U+10FFFF are scalars.
    Unicode.Scalar(rawByteBase + UInt32(byte)) ?? "\u{FFFD}"
  }

  /// The scalar of a well-formed UTF-8 sequence at `i` (no overlong forms, no surrogates, at
  /// most U+10FFFF), with its length; `nil` when the bytes there are not one.
  private static func decode(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[i]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
    default: return nil
    }
    guard i + length <= bytes.count else { return nil }
    for k in 1..<length {
      let byte = bytes[i + k]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
