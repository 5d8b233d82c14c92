/// One token of a JSON5 document, with the byte range it covers.
struct JSON5Token {
  enum Kind: Equatable {
    case openBrace
    case closeBrace
    case openBracket
    case closeBracket
    case colon
    case comma
    case string
    case number
    case word
    case invalid
    case end
  }

  var kind: Kind
  var start: Int
  var end: Int
  /// A string's or word's decoded text; for an invalid token, how to name it in a message.
  var text: String = ""
  var number = JSONNumber(0)
  /// Whether a line break comes between the previous token and this one.
  var afterLineBreak = false
  /// Where the token starts (filled in by the parser).
  var location = TextLocation(line: 1, column: 1)

  /// Whether a value can start with this token.
  var startsValue: Bool {
    switch kind {
    case .openBrace, .openBracket, .string, .number, .word: return true
    default: return false
    }
  }
}

/// A problem inside one token or in the comments and spaces before it, at a byte offset.
struct LexProblem {
  var offset: Int
  var message: String
}

/// Splits the bytes of a JSON5 document into tokens, decoding strings, names and numbers,
/// skipping spaces and comments, and noting malformed text without ever stopping.
///
/// The lexer works on bytes and allocates only for the text it returns. Every loop moves
/// forward, so lexing a document is linear in its size.
///
/// - Complexity: O(n) over the whole document.
struct JSON5Lexer {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  /// Where the last token ended: end-of-file errors point just after it.
  var lastTokenEnd: Int
  /// The first problem in the spaces and comments before the last token.
  var triviaProblem: LexProblem?
  /// The first problem inside the last token.
  var tokenProblem: LexProblem?
  /// Whether the last token ended in a way that makes what follows unreliable (a string cut
  /// off by a line break, a comment without its end).
  var disrupted = false
  /// Reused buffer for strings that need decoding.
  var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    index = bom ? 3 : 0
    lastTokenEnd = index
  }

  /// The next token; `.end` at the end of the input, as often as asked.
  mutating func next() -> JSON5Token {
    triviaProblem = nil
    tokenProblem = nil
    disrupted = false
    let lineBreak = skipTrivia()
    guard index < bytes.count else {
      return JSON5Token(kind: .end, start: bytes.count, end: bytes.count, afterLineBreak: lineBreak)
    }
    let start = index
    let b = bytes[start]
    var token: JSON5Token
    switch b {
    case UInt8(ascii: "{"): token = single(.openBrace)
    case UInt8(ascii: "}"): token = single(.closeBrace)
    case UInt8(ascii: "["): token = single(.openBracket)
    case UInt8(ascii: "]"): token = single(.closeBracket)
    case UInt8(ascii: ":"): token = single(.colon)
    case UInt8(ascii: ","): token = single(.comma)
    case UInt8(ascii: "\""), UInt8(ascii: "'"): token = lexString()
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      token = lexNumber()
    case UInt8(ascii: "\\"): token = lexWord()
    case _ where JSON5Lexer.isASCIIIdentifierStart(b): token = lexWord()
    case 0x80...:
      if let (scalar, _) = decodeScalar(at: start), JSON5Lexer.isIdentifierStart(scalar) {
        token = lexWord()
      } else {
        token = invalidScalar()
      }
    default:
      index += 1
      token = JSON5Token(
        kind: .invalid, start: start, end: index, text: JSON5Lexer.describe(byte: b))
    }
    token.afterLineBreak = lineBreak
    lastTokenEnd = token.end
    return token
  }

  private mutating func single(_ kind: JSON5Token.Kind) -> JSON5Token {
    index += 1
    return JSON5Token(kind: kind, start: index - 1, end: index)
  }

  private mutating func invalidScalar() -> JSON5Token {
    let start = index
    guard let (scalar, length) = decodeScalar(at: start) else {
      index += 1
      return JSON5Token(
        kind: .invalid, start: start, end: index,
        text: "the byte \(JSON5Lexer.hex(bytes[start])), which is not valid UTF-8")
    }
    index += length
    var text = quoted(String(Character(scalar)))
    if [0x201C, 0x201D, 0x2018, 0x2019, 0x00AB, 0x00BB, 0x201E].contains(scalar.value) {
      text += " (a typographic quote; strings need straight quotes \" or ')"
    }
    return JSON5Token(kind: .invalid, start: start, end: index, text: text)
  }

  mutating func problem(_ message: String, at offset: Int) {
    if tokenProblem == nil { tokenProblem = LexProblem(offset: offset, message: message) }
  }

  // MARK: Spaces and comments

  /// Skips spaces, line breaks and comments; returns whether a line break was among them.
  private mutating func skipTrivia() -> Bool {
    var lineBreak = false
    while index < bytes.count {
      let b = bytes[index]
      switch b {
      case 0x20, 0x09, 0x0B, 0x0C:
        index += 1
      case 0x0A, 0x0D:
        index += 1
        lineBreak = true
      case UInt8(ascii: "/"):
        guard index + 1 < bytes.count else { return lineBreak }
        if bytes[index + 1] == UInt8(ascii: "/") {
          skipLineComment()
        } else if bytes[index + 1] == UInt8(ascii: "*") {
          if skipBlockComment() { lineBreak = true }
        } else {
          return lineBreak
        }
      case 0x80...:
        guard let (scalar, length) = decodeScalar(at: index), JSON5Lexer.isSpace(scalar) else {
          return lineBreak
        }
        if scalar.value == 0x2028 || scalar.value == 0x2029 { lineBreak = true }
        index += length
      default:
        return lineBreak
      }
    }
    return lineBreak
  }

  private mutating func skipLineComment() {
    index += 2
    while index < bytes.count {
      let b = bytes[index]
      if b == 0x0A || b == 0x0D { return }
      index += b < 0x80 ? 1 : validatedLength(inComment: index)
    }
  }

  /// Skips a `/* … */` comment; returns whether it spans a line break.
  private mutating func skipBlockComment() -> Bool {
    let start = index
    var lineBreak = false
    index += 2
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        index += 2
        return lineBreak
      }
      if b == 0x0A || b == 0x0D { lineBreak = true }
      index += b < 0x80 ? 1 : validatedLength(inComment: index)
    }
    if triviaProblem == nil {
      triviaProblem = LexProblem(
        offset: start, message: "unterminated comment: this \"/*\" has no closing \"*/\"")
    }
    disrupted = true
    return lineBreak
  }

  private mutating func validatedLength(inComment offset: Int) -> Int {
    if let (_, length) = decodeScalar(at: offset) { return length }
    if triviaProblem == nil {
      triviaProblem = LexProblem(offset: offset, message: JSON5Lexer.invalidUTF8(bytes[offset]))
    }
    return 1
  }

  // MARK: Characters

  /// The scalar encoded at `offset` and its length, or `nil` when the bytes there are not
  /// well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
  func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
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
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xA0, 0xFEFF, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  static func isASCIIIdentifierStart(_ b: UInt8) -> Bool {
    (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "$")
      || b == UInt8(ascii: "_")
  }

  static func isASCIIIdentifierPart(_ b: UInt8) -> Bool {
    isASCIIIdentifierStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
  }

  /// A letter (or `$`, `_`) that may start a JSON5 name.
  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
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
  static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIIdentifierPart(UInt8(scalar.value)) }
    if isIdentifierStart(scalar) || scalar.value == 0x200C || scalar.value == 0x200D { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }

  /// How a message names a single ASCII byte: `"@"`, `a NUL byte`, `the control character U+0007`.
  static func describe(byte b: UInt8) -> String {
    if b == 0 { return "a NUL byte" }
    if b < 0x20 || b == 0x7F { return "the control character \(codePoint(UInt32(b)))" }
    return quoted(String(UnicodeScalar(b)))
  }

  static func invalidUTF8(_ b: UInt8) -> String {
    "invalid UTF-8: the byte \(hex(b)) is not part of a valid character (save the file as UTF-8)"
  }

  static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
  }

  /// `U+001B`.
  static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
