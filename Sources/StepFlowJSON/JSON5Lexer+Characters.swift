import StepFlowText

/// Characters: UTF-8 decoding with validation, JSON5's spaces and name characters, and how
/// messages name a byte.
extension JSON5Lexer {
  /// The scalar encoded at `offset` and its length, or `nil` when the bytes there are not
  /// well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
  package func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
    let b0 = bytes[offset]
    if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
    func continuation(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
      guard i < bytes.count, bytes[i] >= low, bytes[i] <= high else { return nil }
      return UInt32(bytes[i] & 0x3F)
    }
    var value: UInt32
    var length: Int
    switch b0 {
    case 0xC2...0xDF:
      guard let c1 = continuation(offset + 1) else { return nil }
      value = UInt32(b0 & 0x1F) << 6 | c1
      length = 2
    case 0xE0...0xEF:
      let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
      let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
      guard let c1 = continuation(offset + 1, low, high), let c2 = continuation(offset + 2) else {
        return nil
      }
      value = UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2
      length = 3
    case 0xF0...0xF4:
      let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
      let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
      guard let c1 = continuation(offset + 1, low, high), let c2 = continuation(offset + 2),
        let c3 = continuation(offset + 3)
      else { return nil }
      value = UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
      length = 4
    default:
      return nil
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// JSON5's white space beyond ASCII: no-break space, byte order mark, line and paragraph
  /// separators, and the other space separators.
  package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xA0, 0xFEFF, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  package static func isASCIIIdentifierStart(_ b: UInt8) -> Bool {
    (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "$")
      || b == UInt8(ascii: "_")
  }

  package static func isASCIIIdentifierPart(_ b: UInt8) -> Bool {
    isASCIIIdentifierStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
  }

  /// A letter (or `$`, `_`) that may start a JSON5 name.
  package static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIIdentifierStart(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .letterNumber:
      return true
    default:
      return false
    }
  }

  /// A character that may continue a JSON5 name: letters, digits, marks, connectors, ZWNJ, ZWJ.
  package static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIIdentifierPart(UInt8(scalar.value)) }
    if isIdentifierStart(scalar) || scalar.value == 0x200C || scalar.value == 0x200D { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }

  /// How a message names a single ASCII byte: `"@"`, `a NUL byte`, `the control character U+0007`.
  package static func describe(byte b: UInt8) -> String {
    if b == 0 { return "a NUL byte" }
    if b < 0x20 || b == 0x7F { return "the control character \(codePoint(UInt32(b)))" }
    return quoted(String(UnicodeScalar(b)))
  }

  package static func invalidUTF8(_ b: UInt8) -> String {
    "invalid UTF-8: the byte \(hex(b)) is not part of a valid character (save the file as UTF-8)"
  }

  package static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
  }

  /// `U+001B`.
  package static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
