/// What parsing one file gives: the document when it is well-formed, and every problem found.
package struct JSONParseResult: Sendable {
  /// The document with locations; `nil` when the file has syntax errors.
  package var root: JSONNode?
  /// Syntax errors, or — when the syntax is fine — keys given twice in one object.
  ///
  /// In file order.
  package var diagnostics: [Diagnostic]
}

/// Reads JSON and JSON5 from a file's bytes into located values, reporting every problem as
/// `path:line:column: message`.
///
/// Accepts JSON plus all of JSON5: `//` and `/* */` comments, trailing commas, unquoted names
/// as keys, single-quoted strings, every JSON5 escape and escaped line breaks, hexadecimal
/// numbers, a leading or trailing decimal point, `+`, `Infinity` and `NaN`, and a byte order
/// mark. Two deliberate departures from JSON5, both to catch mistakes: an unknown escape such
/// as `\d` is an error (JSON5 would silently read it as `d`, ruining a regular expression), and
/// control characters other than tab must be escaped inside strings.
///
/// Several syntax errors are reported per file when the parser can resynchronise (at the next
/// `,`, closing bracket or key on a new line); errors that would only follow from an earlier one
/// are not reported. Hostile input (invalid UTF-8, NUL bytes, nesting beyond `maxDepth`, huge
/// numbers and strings, truncation) gives diagnostics, never a crash.
///
/// - Complexity: O(n) in the size of the input.
package enum JSON5Parser {
  /// How many arrays and objects may be nested inside each other.
  package static let defaultMaxDepth = 128

  /// Parses a file's bytes; never fails, never traps.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's name as messages should show it.
  ///   - maxDepth: How deeply arrays and objects may nest.
  /// - Returns: The value, if the file is one, and every problem found.
  package static func parse(
    _ bytes: [UInt8], path: String, maxDepth: Int = defaultMaxDepth
  ) -> JSONParseResult {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSON5ParserCore(bytes: buffer, path: path, maxDepth: max(1, maxDepth))
      return parser.parseDocument()
    }
  }

  /// Parses text (a convenience for tests and strings built in code).
  package static func parse(
    _ text: String, path: String, maxDepth: Int = defaultMaxDepth
  ) -> JSONParseResult {
    parse(Array(text.utf8), path: path, maxDepth: maxDepth)
  }

  /// The document, or every problem found — duplicate keys included — as the error.
  package static func parseDocument(
    _ bytes: [UInt8], path: String, maxDepth: Int = defaultMaxDepth
  ) throws(Diagnostics) -> JSONNode {
    let result = parse(bytes, path: path, maxDepth: maxDepth)
    guard let root = result.root, result.diagnostics.isEmpty else {
      throw Diagnostics(result.diagnostics)
    }
    return root
  }
}

/// Maps byte offsets to lines and columns, moving forward from the last place asked for so that
/// locating every token of a file costs one pass over it.
package struct SourceLocator {
  package let bytes: UnsafeBufferPointer<UInt8>
  package let start: Int
  package var offset: Int
  package var line = 1
  package var column = 1
  package var lineStart: Int

  package init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
    self.bytes = bytes
    self.start = start
    offset = start
    lineStart = start
  }

  /// The line and column of the byte at `target`.
  ///
  /// Lines end at LF, CRLF or CR; columns count Unicode scalars (continuation bytes do not count).
  package mutating func location(at target: Int) -> TextLocation {
    let target = min(max(target, start), bytes.count)
    if target < offset {
      offset = target >= lineStart ? lineStart : start
      if offset == start {
        line = 1
        lineStart = start
      }
      column = 1
    }
    // Locals rather than stored properties, so that the loop runs in registers.
    var (o, l, c, ls) = (offset, line, column, lineStart)
    while o < target {
      // Eight printable ASCII characters at a time: eight columns.
      if o + 8 <= target, let base = bytes.baseAddress,
        SWAR.isPrintableASCII(UnsafeRawPointer(base + o).loadUnaligned(as: UInt64.self))
      {
        o += 8
        c += 8
        continue
      }
      let b = bytes[o]
      if b >= 0x20 {
        if b & 0xC0 != 0x80 { c += 1 }
      } else if b == 0x0A || (b == 0x0D && (o + 1 >= bytes.count || bytes[o + 1] != 0x0A)) {
        l += 1
        c = 1
        ls = o + 1
      } else if b != 0x0D {
        c += 1
      }
      o += 1
    }
    (offset, line, column, lineStart) = (o, l, c, ls)
    return TextLocation(line: line, column: column)
  }
}

/// Tests on eight bytes at once (SIMD within a register), for the long runs of plain text
/// that make up most of a file.
package enum SWAR {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Whether any byte of `x` is zero.
  @inline(__always) package static func hasZeroByte(_ x: UInt64) -> Bool {
    (x &- ones) & ~x & highBits != 0
  }

  /// Whether every byte of `x` is printable ASCII (0x20…0x7F).
  @inline(__always) package static func isPrintableASCII(_ x: UInt64) -> Bool {
    // A byte is below 0x20 exactly when subtracting 0x20 borrows into its high bit while the
    // byte's own high bit is clear.
    x & highBits == 0 && (x &- ones &* 0x20) & ~x & highBits == 0
  }
}
