/// Text in double quotes, escaped as a JSON string is: the one escaping of quoted text, for
/// messages (``quoted(_:limit:)``) and for the JSON that stepflow writes.
package enum Quoting {
  /// Appends `string` in double quotes, escaped as RFC 8259 asks and more.
  ///
  /// Every scalar ``Sanitizer/isUnsafe(_:)`` names (DEL, the C1 controls, the line and
  /// paragraph separators, the bidirectional formatting characters) is written as a `\u`
  /// escape too, so that JSON shown on a terminal or in an editor cannot run control sequences
  /// or reorder what is
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
        // Every unsafe scalar above DEL starts with one of these bytes: C2 for the C1
        // controls, D8 for U+061C, E2 for U+200E–U+2069. The scalar is decoded and the one
        // table asked (the string is valid UTF-8, so the bytes after the lead are there).
        let length = b == 0xE2 ? 3 : 2
        if i + length <= count {
          let value =
            length == 2
            ? UInt32(b & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
            : UInt32(b & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6
              | UInt32(utf8[i + 2] & 0x3F)
          if let scalar = Unicode.Scalar(value), Sanitizer.isUnsafe(scalar) {
            appendUnicodeEscape(UInt16(value), to: &bytes)
            i += length
            continue
          }
        }
        bytes.append(b)
      case 0xF4 where i + 3 < count && utf8[i + 1] == 0x8F && utf8[i + 2] >= 0xBE:
        // U+10FF80–U+10FFFF: a byte that was not UTF-8 (``SystemText``), as its surrogate pair.
        let value = 0x10_F000 | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
        for unit in String(Unicode.Scalar(value) ?? "\u{FFFD}").utf16 {
          appendUnicodeEscape(unit, to: &bytes)
        }
        i += 4
        continue
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
