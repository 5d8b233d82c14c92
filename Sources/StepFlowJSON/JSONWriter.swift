import StepFlowText

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
  /// - Parameters:
  ///   - value: What to write.
  ///   - ascii: Every character outside ASCII as a `\u` escape (`"Zo\u00eb"`).
  /// - Returns: The JSON text.
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
    case .string(let string): Quoting.appendJSONString(string, to: &bytes, ascii: ascii)
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
        Quoting.appendJSONString(members[i].key, to: &bytes, ascii: ascii)
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
}
