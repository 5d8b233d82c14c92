/// Writes ``JSONValue``s as JSON text (RFC 8259): compact for results on stdout, pretty for
/// state files.
///
/// Object members are written in their order. Strings escape `"`, `\` and control characters
/// (`\n`, `\t`, `\u001b` …) and pass everything else through as UTF-8. Integers are written as
/// integers and other numbers in the shortest form that reads back as the same double; numbers
/// JSON cannot express (infinity, NaN) are written as `null`. What the writer produces, the
/// parser reads back as an equal value.
package enum JSONWriter {
  /// One line without spaces: `{"wizard":"delivery","finished":false}`.
  package static func compact(_ value: JSONValue) -> String {
    String(decoding: encode(value, pretty: false), as: UTF8.self)
  }

  /// Indented by two spaces, one member or element per line, `"key": value`; no final newline.
  package static func pretty(_ value: JSONValue) -> String {
    String(decoding: encode(value, pretty: true), as: UTF8.self)
  }

  /// The UTF-8 bytes of the JSON text.
  package static func encode(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    append(value, to: &bytes, indent: pretty ? 0 : nil)
    return bytes
  }

  /// Appends `value`; `indent` is the current depth when pretty, `nil` when compact.
  private static func append(_ value: JSONValue, to bytes: inout [UInt8], indent: Int?) {
    switch value {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    case .number(let number): bytes.append(contentsOf: number.jsonText.utf8)
    case .string(let string): appendString(string, to: &bytes)
    case .array(let elements):
      appendContainer(
        open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &bytes,
        indent: indent
      ) { i, bytes, inner in
        append(elements[i], to: &bytes, indent: inner)
      }
    case .object(let members):
      appendContainer(
        open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &bytes,
        indent: indent
      ) { i, bytes, inner in
        appendString(members[i].key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if inner != nil { bytes.append(UInt8(ascii: " ")) }
        append(members[i].value, to: &bytes, indent: inner)
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

  /// Appends `string` in double quotes, escaped per RFC 8259.
  ///
  /// - Parameter escapingAllControls: Also escape DEL and the C1 controls (U+0080–U+009F), for
  ///   text that will be shown on a terminal.
  package static func appendString(
    _ string: String, to bytes: inout [UInt8], escapingAllControls: Bool = false
  ) {
    bytes.append(UInt8(ascii: "\""))
    var utf8 = string.utf8.makeIterator()
    var c1Lead = false
    while let b = utf8.next() {
      if c1Lead {
        c1Lead = false
        if b < 0xA0 {
          appendUnicodeEscape(b, to: &bytes)
          continue
        }
        bytes.append(0xC2)
      }
      switch b {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x00..<0x20: appendUnicodeEscape(b, to: &bytes)
      case 0x7F where escapingAllControls: appendUnicodeEscape(b, to: &bytes)
      case 0xC2 where escapingAllControls: c1Lead = true
      default: bytes.append(b)
      }
    }
    if c1Lead { bytes.append(0xC2) }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// `\u00XX` in lower-case hexadecimal.
  private static func appendUnicodeEscape(_ b: UInt8, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [
      UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
    ])
    bytes.append(hexDigits[Int(b >> 4)])
    bytes.append(hexDigits[Int(b & 15)])
  }
}
