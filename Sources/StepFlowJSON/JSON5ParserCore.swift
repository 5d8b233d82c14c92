import StepFlowText

/// The recursive-descent parser behind ``JSON5Parser``: structure, messages and recovery.
///
/// After a syntax error the parser keeps going, but reports nothing more until it has found its
/// footing again — a `,` or a closing bracket it expected, or a key followed by `:` — so that
/// one mistake gives one message, not a cascade.
package struct JSON5ParserCore {
  /// The array or object a value sits in, for messages about it.
  package struct Container {
    package var isObject: Bool
    package var location: TextLocation
    /// The key it is the value of, if any.
    package var owner: String?

    package var notClosed: String {
      let kind = isObject ? "object" : "array"
      let of = owner.map { " of \(quoted($0))" } ?? ""
      return " (the \(kind)\(of) that starts at line \(location.line), column \(location.column)"
        + " is not closed)"
    }
  }

  /// Where a value is expected, for messages about it.
  package enum Slot {
    case root
    case member(key: String)
    case item

    package var expectation: String {
      switch self {
      case .root, .item: return "a value"
      case .member(let key): return "the value of \(quoted(key))"
      }
    }
  }

  package static let maxReportedErrors = 20

  package var lexer: JSON5Lexer
  package var locator: SourceLocator
  package var token = JSON5Token(kind: .end, start: 0, end: 0)
  package let path: String
  package let maxDepth: Int
  package var diagnostics: [Diagnostic] = []
  package var reportedErrors = 0
  package var hasSyntaxErrors = false
  package var suppressing = false
  package var reachedEnd = false

  package init(bytes: UnsafeBufferPointer<UInt8>, path: String, maxDepth: Int) {
    lexer = JSON5Lexer(bytes: bytes)
    locator = SourceLocator(bytes: bytes, start: lexer.index)
    self.path = path
    self.maxDepth = maxDepth
  }

  package mutating func parseDocument() -> JSONParseResult {
    advance()
    var root: JSONNode? = nil
    if token.kind == .end, !hasSyntaxErrors {
      endOfFile(expected: "a value (the file is empty)", in: nil)
    } else {
      root = parseValue(.root, in: nil, depth: 0)
      if token.kind != .end {
        syntaxError("expected the end of the file after the top-level value, found \(found)")
      }
    }
    return JSONParseResult(root: hasSyntaxErrors ? nil : root, diagnostics: diagnostics)
  }

  // MARK: Tokens and messages

  package mutating func advance() {
    token = lexer.next()
    if let problem = lexer.triviaProblem { lexicalError(problem) }
    if let problem = lexer.tokenProblem { lexicalError(problem) }
    if lexer.disrupted { suppressing = true }
  }

  /// Where the current token starts.
  ///
  /// Worked out only for values, keys and errors (not for every comma), always moving forward
  /// through the file.
  package mutating func locate() -> TextLocation { locator.location(at: token.start) }

  /// The current token as a message names it after "found".
  package var found: String {
    switch token.kind {
    case .openBrace: return "\"{\""
    case .closeBrace: return "\"}\""
    case .openBracket: return "\"[\""
    case .closeBracket: return "\"]\""
    case .colon: return "\":\""
    case .comma: return "\",\""
    case .string: return "the string \(quoted(lexer.text, limit: 30))"
    case .number:
      return "the number \(quoted(lexer.number.literal, limit: 24).dropFirst().dropLast())"
    case .word: return quoted(lexer.text, limit: 30)
    case .invalid: return lexer.text
    case .end: return "the end of the file"
    }
  }

  private var canReport: Bool {
    !suppressing && !reachedEnd && reportedErrors < JSON5ParserCore.maxReportedErrors
  }

  /// Reports a syntax error at the current token and holds back further errors until the
  /// parser is back on track.
  package mutating func syntaxError(_ message: String) {
    hasSyntaxErrors = true
    if canReport {
      reportedErrors += 1
      diagnostics.append(Diagnostic(path: path, at: locate(), message: message))
    }
    suppressing = true
  }

  private mutating func lexicalError(_ problem: LexProblem) {
    hasSyntaxErrors = true
    guard canReport else { return }
    reportedErrors += 1
    let location = locator.location(at: problem.offset)
    diagnostics.append(Diagnostic(path: path, at: location, message: problem.message))
  }

  /// Reports the end of the input where more was needed (once per file), just after the last token.
  package mutating func endOfFile(expected: String, in container: Container?) {
    hasSyntaxErrors = true
    let report = canReport
    reachedEnd = true
    guard report else { return }
    reportedErrors += 1
    let location = locator.location(at: lexer.lastTokenEnd)
    let message = "unexpected end of file, expected \(expected)" + (container?.notClosed ?? "")
    diagnostics.append(Diagnostic(path: path, at: location, message: message))
  }

  /// The parser is back on track: report errors again.
  package mutating func resume() { suppressing = false }

  package mutating func duplicateKey(_ key: String, at location: TextLocation, first: TextLocation)
  {
    guard canReport else { return }
    reportedErrors += 1
    let column = first.line == location.line ? ", column \(first.column)" : ""
    diagnostics.append(
      Diagnostic(
        path: path, at: location,
        message: "duplicate key \(quoted(key)) (first at line \(first.line)\(column))"))
  }

  // MARK: Values

  package mutating func parseValue(_ slot: Slot, in container: Container?, depth: Int) -> JSONNode {
    let location = locate()
    switch token.kind {
    case .openBrace, .openBracket:
      guard depth < maxDepth else { return skipTooDeep(in: container) }
      let owner: String? = if case .member(let key) = slot { key } else { nil }
      return token.kind == .openBrace
        ? parseObject(owner: owner, depth: depth + 1) : parseArray(owner: owner, depth: depth + 1)
    case .string:
      defer { advance() }
      return JSONNode(.string(lexer.text), at: location)
    case .number:
      defer { advance() }
      return JSONNode(.number(lexer.number), at: location)
    case .word:
      defer { advance() }
      switch lexer.text {
      case "true": return JSONNode(.bool(true), at: location)
      case "false": return JSONNode(.bool(false), at: location)
      case "null": return JSONNode(.null, at: location)
      case "Infinity":
        return JSONNode(
          .number(JSONNumber(literal: "Infinity", value: .double(.infinity))), at: location)
      case "NaN":
        return JSONNode(.number(JSONNumber(literal: "NaN", value: .double(.nan))), at: location)
      default:
        let hint =
          Suggestions.closest(to: lexer.text, in: ["true", "false", "null"]).map {
            " — did you mean \(quoted($0))?"
          } ?? " (text must be in quotes)"
        syntaxError("expected \(slot.expectation), found \(found)\(hint)")
        return JSONNode(.null, at: location)
      }
    case .invalid:
      syntaxError("expected \(slot.expectation), found \(found)")
      advance()
      return JSONNode(.null, at: location)
    case .end:
      endOfFile(expected: slot.expectation, in: container)
      return JSONNode(.null, at: location)
    case .closeBrace, .closeBracket, .colon, .comma:
      syntaxError("expected \(slot.expectation), found \(found)")
      return JSONNode(.null, at: location)
    }
  }

  /// Reports nesting beyond the limit and skips the whole too-deep value without recursing.
  private mutating func skipTooDeep(in container: Container?) -> JSONNode {
    let location = locate()
    syntaxError("too deeply nested: more than \(maxDepth) arrays and objects inside each other")
    var depth = 0
    repeat {
      switch token.kind {
      case .openBrace, .openBracket: depth += 1
      case .closeBrace, .closeBracket: depth -= 1
      case .end:
        endOfFile(expected: "\"]\" or \"}\"", in: container)
        return JSONNode(.null, at: location)
      default: break
      }
      advance()
    } while depth > 0
    return JSONNode(.null, at: location)
  }

  /// Skips tokens up to a place where parsing can go on: a `,` or closing bracket at this
  /// level, the end, or (in an object) a key at the start of a line.
  package mutating func skipToSync(inObject: Bool) {
    var depth = 0
    while true {
      switch token.kind {
      case .end: return
      case .openBrace, .openBracket: depth += 1
      case .closeBrace, .closeBracket:
        if depth == 0 { return }
        depth -= 1
      case .comma:
        if depth == 0 { return }
      case .string, .word:
        if depth == 0, inObject, token.afterLineBreak { return }
      default: break
      }
      advance()
    }
  }

  /// Resynchronises after an error inside a container; returns whether the container is done.
  package mutating func recover(in container: Container) -> Bool {
    skipToSync(inObject: container.isObject)
    let closing: JSON5Token.Kind = container.isObject ? .closeBrace : .closeBracket
    switch token.kind {
    case .comma:
      resume()
      advance()
      return false
    case closing:
      resume()
      advance()
      return true
    case .closeBrace, .closeBracket:
      return true
    case .end:
      endOfFile(expected: closing == .closeBrace ? "\"}\"" : "\"]\"", in: container)
      return true
    default:
      return false
    }
  }
}
