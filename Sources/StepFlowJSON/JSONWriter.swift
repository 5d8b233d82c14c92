/// Writes ``JSONValue``s as JSON text (RFC 8259): compact for results on stdout, pretty for
/// state files.
///
/// Object members are written in their order. Strings escape `"`, `\`, control characters
/// (`\n`, `\t`, `\u001b`, DEL, C1) and bidirectional overrides (`\u202e` …) and pass everything
/// else through as UTF-8 — or, when asked for ASCII (`--glyphs ascii`), as `\u` escapes
/// (UTF-16, a surrogate pair above U+FFFF), which read back as the same text. Integers are
/// written as
/// integers and other numbers in the shortest form that reads back as the same double; numbers
/// JSON cannot express (infinity, NaN) are written as `null`. What the writer produces, the
/// parser reads back as an equal value.
package enum JSONWriter {
  /// One line without spaces: `{"wizard":"delivery","finished":false}`.
  /// - Parameter ascii: every character outside ASCII as a `\u` escape (`"Zo\u00eb"`).
  package static func compact(_ value: JSONValue, ascii: Bool = false) -> String {
    String(decoding: encode(value, pretty: false, ascii: ascii), as: UTF8.self)
  }

  /// Indented by two spaces, one member or element per line, `"key": value`; no final newline.
  package static func pretty(_ value: JSONValue) -> String {
    String(decoding: encode(value, pretty: true), as: UTF8.self)
  }

  /// The UTF-8 bytes of the JSON text (only ASCII bytes with `ascii`).
  package static func encode(_ value: JSONValue, pretty: Bool = false, ascii: Bool = false)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    append(value, to: &bytes, indent: pretty ? 0 : nil, ascii: ascii)
    return bytes
  }

  /// Appends `value`; `indent` is the current depth when pretty, `nil` when compact.
  private static func append(
    _ value: JSONValue, to bytes: inout [UInt8], indent: Int?, ascii: Bool
  ) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    case .number(let number): bytes.append(contentsOf: number.jsonText.utf8)
    case .string(let string): appendString(string, to: &bytes, ascii: ascii)
    case .array(let elements):
      appendContainer(
        open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &bytes,
        indent: indent
      ) { i, bytes, inner in
        append(elements[i], to: &bytes, indent: inner, ascii: ascii)
      }
    case .object(let members):
      appendContainer(
        open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &bytes,
        indent: indent
      ) { i, bytes, inner in
        appendString(members[i].key, to: &bytes, ascii: ascii)
        bytes.append(UInt8(ascii: ":"))
        if inner != nil { bytes.append(UInt8(ascii: " ")) }
        append(members[i].value, to: &bytes, indent: inner, ascii: ascii)
      }
    }
  }

  private static func appendContainer(
    open: UInt8, close: UInt8, count: Int, to bytes: inout [UInt8], indent: Int?,
    element: (Int, inout [UInt8], Int?) -> Void
  ) {
    bytes.append(open)
    guard count > 0 else {
      bytes.append(close)
      return
    }
    let inner = indent.map { $0 + 1 }
    for i in 0..<count {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      if let inner { newline(to: &bytes, depth: inner) }
      element(i, &bytes, inner)
    }
    if let indent { newline(to: &bytes, depth: indent) }
    bytes.append(close)
  }

  private static func newline(to bytes: inout [UInt8], depth: Int) {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  /// Appends `string` in double quotes, escaped per RFC 8259 — and more: DEL, the C1 controls
  /// (U+0080–U+009F) and the bidirectional formatting characters (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069) are written as `\u` escapes too, so that JSON shown on a
  /// terminal or in an editor cannot run control sequences or reorder what is displayed. The
  /// value read back is the same.
  package static func appendString(_ string: String, to bytes: inout [UInt8], ascii: Bool = false) {
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
  /// surrogate pair, above U+FFFF); ASCII is escaped as ``appendString(_:to:ascii:)`` escapes it.
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
