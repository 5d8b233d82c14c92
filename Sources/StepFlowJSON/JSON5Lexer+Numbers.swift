import StepFlowText

/// Numbers: JSON's decimal form plus JSON5's hexadecimal, leading or trailing decimal point,
/// explicit `+`, `Infinity` and `NaN`.
extension JSON5Lexer {
  private static func isDigit(_ b: UInt8) -> Bool {
    b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
  }

  /// A number, or an invalid token for a sign or point with no digits (`-`, `.`, `+x`).
  ///
  /// Malformed numbers that still have a clear value (`007`, `1e`, `0x`, `12px`) become a
  /// number token with a problem noted, so that one typo does not derail the rest of the file.
  package mutating func lexNumber() -> JSON5Token {
    let start = index
    var i = start
    if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: "I") || bytes[i] == UInt8(ascii: "N") {
      var end = i
      while end < bytes.count, JSON5Lexer.isASCIIIdentifierPart(bytes[end]) { end += 1 }
      let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
      if word == "Infinity" || word == "NaN" { return finishNumber(from: start, to: end) }
      return invalid(from: start, to: end)
    }
    if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "0"), bytes[i + 1] | 0x20 == UInt8(ascii: "x")
    {
      var end = i + 2
      while end < bytes.count, JSONNumber.hexDigit(bytes[end]) != nil { end += 1 }
      if end == i + 2 {
        problem("0x must be followed by hexadecimal digits (0-9, a-f)", at: start)
      }
      return finishNumber(from: start, to: end)
    }
    let intStart = i
    while i < bytes.count, JSON5Lexer.isDigit(bytes[i]) { i += 1 }
    let intCount = i - intStart
    var fracCount = 0
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let fracStart = i
      while i < bytes.count, JSON5Lexer.isDigit(bytes[i]) { i += 1 }
      fracCount = i - fracStart
    }
    if intCount == 0, fracCount == 0 { return invalid(from: start, to: i) }
    if intCount > 1, bytes[intStart] == UInt8(ascii: "0") {
      problem(
        "a number cannot start with 0 followed by more digits (found \(literalText(start, i)))",
        at: start)
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
      let e = i
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let digits = i
      while i < bytes.count, JSON5Lexer.isDigit(bytes[i]) { i += 1 }
      if i == digits {
        problem(
          "the number \(literalText(start, i)) has no digits in its exponent after \"e\"", at: e)
      }
    }
    return finishNumber(from: start, to: i)
  }

  /// The number token for `start..<end`, noting letters or digits glued to its end (`12px`).
  private mutating func finishNumber(from start: Int, to end: Int) -> JSON5Token {
    var junkEnd = end
    while junkEnd < bytes.count,
      JSON5Lexer.isASCIIIdentifierPart(bytes[junkEnd]) || bytes[junkEnd] == UInt8(ascii: ".")
    {
      junkEnd += 1
    }
    let literalBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
    let literal = String(decoding: literalBytes, as: UTF8.self)
    if junkEnd > end {
      let junk = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[end..<junkEnd]), as: UTF8.self)
      problem(
        "unexpected \(quoted(junk)) right after the number \(literalText(start, end))", at: end)
    }
    index = junkEnd
    number = JSONNumber(literal: literal, value: JSONNumber.value(ofLiteral: literalBytes))
    return JSON5Token(kind: .number, start: start, end: junkEnd)
  }

  private mutating func invalid(from start: Int, to end: Int) -> JSON5Token {
    index = end
    return makeToken(.invalid, start, end, text: literalText(start, end))
  }

  /// The text of `start..<end`, quoted and shortened for a message.
  private func literalText(_ start: Int, _ end: Int) -> String {
    let shortEnd = min(end, start + 40)
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<shortEnd]), as: UTF8.self)
    return quoted(shortEnd < end ? text + "…" : text)
  }
}
