/// Strings, numbers and names: the tokens of a JSON5 document that carry text.
extension JSON5Lexer {
  private static let backslash = UInt8(ascii: "\\")

  // MARK: Strings

  /// A string in double or single quotes, with every JSON5 escape decoded.
  ///
  /// Plain text (no escapes) is decoded straight from the file's bytes; only strings with
  /// escapes or errors are copied through the scratch buffer.
  package mutating func lexString() -> JSON5Token {
    let start = index
    let quote = bytes[start]
    var i = start + 1
    while i < bytes.count {
      let b = bytes[i]
      if b >= 0x20, b < 0x80 {
        if b == quote || b == JSON5Lexer.backslash { break }
        i += 1
      } else if b >= 0x80, let (_, length) = decodeScalar(at: i) {
        i += length
      } else {
        break
      }
    }
    if i < bytes.count, bytes[i] == quote {
      index = i + 1
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)
      return makeToken(.string, start, index, text: text)
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]))
    index = i
    continueString(from: start, quote: quote)
    let text = String(decoding: scratch, as: UTF8.self)
    return makeToken(.string, start, index, text: text)
  }

  /// The slow path of a string: escapes, control characters, invalid UTF-8, a missing end.
  private mutating func continueString(from start: Int, quote: UInt8) {
    while true {
      let runStart = index
      while index < bytes.count {
        let b = bytes[index]
        guard b >= 0x20, b < 0x80, b != quote, b != JSON5Lexer.backslash else { break }
        index += 1
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      guard index < bytes.count else {
        problem(
          "unexpected end of file, expected a closing \(closingQuote(quote)) for the string that"
            + " starts here", at: start)
        disrupted = true
        return
      }
      let b = bytes[index]
      switch b {
      case quote:
        index += 1
        return
      case JSON5Lexer.backslash:
        lexEscape()
      case 0x0A, 0x0D:
        problem(
          "expected a closing \(closingQuote(quote)) before the end of the line"
            + " (write a line break inside a string as \\n)", at: index)
        disrupted = true
        return
      case 0x09:
        scratch.append(b)
        index += 1
      case 0x00..<0x20:
        let name = JSON5Lexer.codePoint(UInt32(b))
        let escape = "\\u00" + String(name.suffix(2)).lowercased()
        problem(
          b == 0
            ? "a NUL byte inside a string (write \(escape) if you mean it)"
            : "the control character \(name) inside a string (write it as \(escape))",
          at: index)
        index += 1
      default:
        if let (_, length) = decodeScalar(at: index) {
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
          index += length
        } else {
          problem(JSON5Lexer.invalidUTF8(b), at: index)
          scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
          index += 1
        }
      }
    }
  }

  /// `quote (")` or `quote (')`.
  private func closingQuote(_ quote: UInt8) -> String {
    quote == UInt8(ascii: "'") ? "quote (')" : "quote (\")"
  }

  /// Decodes the escape at `index` (a backslash) into the scratch buffer.
  private mutating func lexEscape() {
    let slash = index
    index += 1
    guard index < bytes.count else { return }
    let e = bytes[index]
    index += 1
    switch e {
    case UInt8(ascii: "\""), UInt8(ascii: "'"), JSON5Lexer.backslash, UInt8(ascii: "/"):
      scratch.append(e)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "v"): scratch.append(0x0B)
    case UInt8(ascii: "0"):
      if index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        problem("\\0 cannot be followed by a digit (write \\u0000 before the digit)", at: slash)
      }
      scratch.append(0)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      problem("\\\(UnicodeScalar(e)) is not a valid escape (digits cannot be escaped)", at: slash)
    case UInt8(ascii: "x"):
      guard let high = hexValue(at: index, digits: 2) else {
        problem("\\x must be followed by two hexadecimal digits", at: slash)
        return
      }
      index += 2
      appendScalar(UInt32(high))
    case UInt8(ascii: "u"):
      lexUnicodeEscape(slash: slash)
    case 0x0A:
      break
    case 0x0D:
      if index < bytes.count, bytes[index] == 0x0A { index += 1 }
    case 0xE2
    where index + 1 < bytes.count && bytes[index] == 0x80
      && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
      index += 2
    case 0x21...0x7E:
      let c = String(UnicodeScalar(e))
      problem(
        "unknown escape \\\(c) in a string (to write a backslash, double it: \\\\\(c))", at: slash)
    default:
      index -= 1
      problem(
        "a backslash in a string must be followed by an escape such as \\n, \\t, \\\" or \\u00e9"
          + " (to write a backslash, double it: \\\\)", at: slash)
    }
  }

  private mutating func lexUnicodeEscape(slash: Int) {
    guard let unit = hexValue(at: index, digits: 4) else {
      problem("\\u must be followed by four hexadecimal digits", at: slash)
      return
    }
    index += 4
    switch unit {
    case 0xD800...0xDBFF:
      if index + 1 < bytes.count, bytes[index] == JSON5Lexer.backslash,
        bytes[index + 1] == UInt8(ascii: "u"), let low = hexValue(at: index + 2, digits: 4),
        (0xDC00...0xDFFF).contains(low)
      {
        index += 6
        appendScalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
      } else {
        problem(
          "\\u\(hex4(unit)) is the first half of a surrogate pair, but no second half"
            + " (\\uDC00 to \\uDFFF) follows it", at: slash)
        appendScalar(0xFFFD)
      }
    case 0xDC00...0xDFFF:
      problem(
        "\\u\(hex4(unit)) is the second half of a surrogate pair, without the first half before it",
        at: slash)
      appendScalar(0xFFFD)
    default:
      appendScalar(unit)
    }
  }

  private func hex4(_ unit: UInt32) -> String { String(JSON5Lexer.codePoint(unit).dropFirst(2)) }

  private func hexValue(at offset: Int, digits: Int) -> UInt32? {
    guard offset + digits <= bytes.count else { return nil }
    var value: UInt32 = 0
    for i in offset..<(offset + digits) {
      guard let digit = JSONNumber.hexDigit(bytes[i]) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func appendScalar(_ value: UInt32) {
    let v = Unicode.Scalar(value)?.value ?? 0xFFFD
    switch v {
    case ..<0x80:
      scratch.append(UInt8(v))
    case ..<0x800:
      scratch.append(contentsOf: [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)])
    case ..<0x10000:
      scratch.append(contentsOf: [
        UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F),
      ])
    default:
      scratch.append(contentsOf: [
        UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F),
        UInt8(0x80 | v & 0x3F),
      ])
    }
  }

  // MARK: Names

  /// An unquoted name (`title`, `$id`, `café`, `\u0061bc`): a key, or `true`, `false`, `null`,
  /// `Infinity`, `NaN` as a value.
  package mutating func lexWord() -> JSON5Token {
    let start = index
    var escaped = false
    scratch.removeAll(keepingCapacity: true)
    while index < bytes.count {
      let b = bytes[index]
      if JSON5Lexer.isASCIIIdentifierPart(b) {
        scratch.append(b)
        index += 1
      } else if b == JSON5Lexer.backslash {
        let slash = index
        escaped = true
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
          let unit = hexValue(at: index + 2, digits: 4), let scalar = Unicode.Scalar(unit),
          JSON5Lexer.isIdentifierPart(scalar) || scalar == "$"
        else {
          problem("a backslash in a name must start a \\u escape of a letter or digit", at: slash)
          index += 1
          continue
        }
        index += 6
        appendScalar(unit)
      } else if b >= 0x80, let (scalar, length) = decodeScalar(at: index),
        JSON5Lexer.isIdentifierPart(scalar)
      {
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
        index += length
      } else {
        break
      }
    }
    let text =
      escaped
      ? String(decoding: scratch, as: UTF8.self)
      : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return makeToken(.word, start, index, text: text)
  }
}
