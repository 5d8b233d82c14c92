/// Text in double quotes, escaped as a JSON string is: the one escaping of quoted text, for
/// messages (``quoted(_:limit:)``) and for the JSON that stepflow writes.
package enum Quoting {
  /// Appends `string` in double quotes, escaped as RFC 8259 asks and more.
  ///
  /// DEL, the C1 controls (U+0080–U+009F) and the bidirectional formatting characters (U+061C,
  /// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are written as `\u` escapes too, so that
  /// JSON shown on a terminal or in an editor cannot run control sequences or reorder what is
  /// displayed. The value read back is the same.
  package static func appendJSONString(
    _ string: String, to bytes: inout [UInt8], ascii: Bool = false
  ) {
    if ascii, !string.utf8.allSatisfy({ $0 < 0x80 }) {
      appendASCII(string, to: &bytes)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    // One pass over the UTF-8 bytes (contiguous in a native string; made so otherwise),
    // looking ahead at the lead bytes of the escaped characters.
    var text = string
    text.makeContiguousUTF8()
    _ = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var i = 0
    let count = utf8.count
    while i < count {
      let b = utf8[i]
      switch b {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x00..<0x20, 0x7F: appendUnicodeEscape(UInt16(b), to: &bytes)
      case 0xC2, 0xD8, 0xE2:
        // Two bytes for U+0080–U+009F (C2 80–9F) and U+061C (D8 9C); three for U+200E, U+200F,
        // U+202A–U+202E (E2 80 8E, 8F, AA–AE) and U+2066–U+2069 (E2 81 A6–A9).
        let next = i + 1 < count ? utf8[i + 1] : 0
        let third = i + 2 < count ? utf8[i + 2] : 0
        var escaped: UInt16? = nil
        if b == 0xC2, (0x80...0x9F).contains(next) {
          escaped = UInt16(next)
        } else if b == 0xD8, next == 0x9C {
          escaped = 0x061C
        } else if b == 0xE2, next == 0x80,
          [0x8E, 0x8F].contains(third) || (0xAA...0xAE).contains(third)
        {
          escaped = 0x2000 + UInt16(third & 0x3F)
        } else if b == 0xE2, next == 0x81, (0xA6...0xA9).contains(third) {
          escaped = 0x2040 + UInt16(third & 0x3F)
        }
        if let escaped {
          appendUnicodeEscape(escaped, to: &bytes)
          i += escaped < 0x800 ? 2 : 3
          continue
        }
        bytes.append(b)
      default: bytes.append(b)
      }
      i += 1
    }
  }

  /// `string` in double quotes with every scalar outside ASCII as `\uXXXX` (two escapes, a
  /// surrogate pair, above U+FFFF); ASCII is escaped as ``appendJSONString(_:to:ascii:)`` escapes it.
  private static func appendASCII(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var run: [UInt8] = []
    for scalar in string.unicodeScalars {
      if scalar.isASCII {
        run.append(UInt8(scalar.value))
        continue
      }
      if !run.isEmpty {
        run.withUnsafeBufferPointer { appendEscaped($0, to: &bytes) }
        run.removeAll(keepingCapacity: true)
      }
      for unit in String(scalar).utf16 { appendUnicodeEscape(unit, to: &bytes) }
    }
    run.withUnsafeBufferPointer { appendEscaped($0, to: &bytes) }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// `\uXXXX` in lower-case hexadecimal.
  private static func appendUnicodeEscape(_ unit: UInt16, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
    for shift in [12, 8, 4, 0] { bytes.append(hexDigits[Int((unit >> UInt16(shift)) & 15)]) }
  }
}

/// Text from a file made safe and short for a message: in double quotes, escaped like a JSON
/// string (so control characters show as `\u001b` and never reach the terminal), and cut to
/// `limit` characters with `…`.
package func quoted(_ text: String, limit: Int = 40) -> String {
  var scalars = String.UnicodeScalarView()
  var count = 0
  for scalar in text.unicodeScalars {
    if count == limit {
      scalars.append("…")
      break
    }
    scalars.append(scalar)
    count += 1
  }
  var bytes: [UInt8] = []
  Quoting.appendJSONString(String(scalars), to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// `"a", "b" or "c"` — a list of words for a message.
package func quotedList(_ words: [String], conjunction: String = "or") -> String {
  let items = words.map { quoted($0) }
  guard let last = items.last else { return "" }
  if items.count == 1 { return last }
  return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
