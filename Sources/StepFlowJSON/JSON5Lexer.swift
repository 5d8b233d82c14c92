import StepFlowText

/// One token of a JSON5 document, with the byte range it covers.
///
/// Its text or number is in the lexer (``JSON5Lexer/text``, ``JSON5Lexer/number``) until the next
/// token, so that tokens are plain values that cost nothing to copy.
package struct JSON5Token {
  package enum Kind: Equatable {
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

  package var kind: Kind
  package var start: Int
  package var end: Int
  /// Whether a line break comes between the previous token and this one.
  package var afterLineBreak = false

  /// Whether a value can start with this token.
  package var startsValue: Bool {
    switch kind {
    case .openBrace, .openBracket, .string, .number, .word: return true
    default: return false
    }
  }
}

/// A problem inside one token or in the comments and spaces before it, at a byte offset.
package struct LexProblem {
  package var offset: Int
  package var message: String
}

/// Splits the bytes of a JSON5 document into tokens, decoding strings, names and numbers,
/// skipping spaces and comments, and noting malformed text without ever stopping.
///
/// The lexer works on bytes and allocates only for the text it returns. Every loop moves
/// forward, so lexing a document is linear in its size.
///
/// - Complexity: O(n) over the whole document.
package struct JSON5Lexer {
  package let bytes: UnsafeBufferPointer<UInt8>
  package var index: Int
  /// Where the last token ended: end-of-file errors point just after it.
  package var lastTokenEnd: Int
  /// The first problem in the spaces and comments before the last token.
  package var triviaProblem: LexProblem?
  /// The first problem inside the last token.
  package var tokenProblem: LexProblem?
  /// Whether the last token ended in a way that makes what follows unreliable (a string cut
  /// off by a line break, a comment without its end).
  package var disrupted = false
  /// Reused buffer for strings that need decoding.
  package var scratch: [UInt8] = []
  /// The last string's or word's decoded text; for an invalid token, how to name it in a message.
  package var text = ""
  /// The last number's value.
  package var number = JSONNumber(0)

  package init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    index = bom ? 3 : 0
    lastTokenEnd = index
  }

  /// The next token; `.end` at the end of the input, as often as asked.
  package mutating func next() -> JSON5Token {
    if triviaProblem != nil { triviaProblem = nil }
    if tokenProblem != nil { tokenProblem = nil }
    disrupted = false
    // Most tokens follow at most one space: only then is the general loop needed.
    var lineBreak = false
    if index < bytes.count, bytes[index] == 0x20 { index += 1 }
    if index < bytes.count,
      bytes[index] <= 0x20 || bytes[index] == UInt8(ascii: "/")
        || bytes[index] >= 0x80
    {
      lineBreak = skipTrivia()
    }
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
      token = makeToken(.invalid, start, index, text: JSON5Lexer.describe(byte: b))
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
      return makeToken(
        .invalid, start, index,
        text: "the byte \(JSON5Lexer.hex(bytes[start])), which is not valid UTF-8")
    }
    index += length
    var text = quoted(String(Character(scalar)))
    if [0x201C, 0x201D, 0x2018, 0x2019, 0x00AB, 0x00BB, 0x201E].contains(scalar.value) {
      text += " (a typographic quote; strings need straight quotes \" or ')"
    }
    return makeToken(.invalid, start, index, text: text)
  }

  /// A token whose text is kept in ``text``.
  package mutating func makeToken(_ kind: JSON5Token.Kind, _ start: Int, _ end: Int, text: String)
    -> JSON5Token
  {
    self.text = text
    return JSON5Token(kind: kind, start: start, end: end)
  }

  package mutating func problem(_ message: String, at offset: Int) {
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
        // Indentation: skip the run in a tight loop.
        var i = index + 1
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        index = i
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
}
