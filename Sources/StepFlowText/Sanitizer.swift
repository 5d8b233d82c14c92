/// Makes text from outside (files, answers, command lines) safe to draw.
///
/// Control characters — C0 except tab, DEL, C1 — the line and paragraph separators and the
/// bidirectional formatting characters never reach the terminal raw: they are shown escaped as
/// `\xNN` (or `\u{NNNN}`), so an escape sequence in a wizard title shows up as text instead of
/// moving the cursor or changing colours, and no text reorders or breaks what is around it.
///
/// ``isUnsafe(_:)`` is the one table: the screen, `--output text`, plain mode and messages
/// escape what it names, and the JSON writer (`Quoting`) writes the same scalars as `\u`
/// escapes.
package enum Sanitizer {
  /// Whether a scalar must be escaped before it is drawn or written: C0 except tab, DEL, C1,
  /// U+061C (Arabic letter mark), U+200E/U+200F (left-to-right and right-to-left marks),
  /// U+2028/U+2029 (line and paragraph separators), U+202A–U+202E (embeddings and
  /// overrides), U+2066–U+2069 (isolates), and the scalars that stand for bytes that were not
  /// UTF-8 (``SystemText``).
  @inline(__always)
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x20 { return v != 0x09 }
    if v < 0x7F { return false }
    if v <= 0x9F { return true }
    if v < 0x061C { return false }
    return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || SystemText.isRawByte(scalar)
  }

  /// The text with every unsafe scalar replaced by its escaped form.
  ///
  /// - Complexity: O(n); text without unsafe scalars is returned as it is.
  package static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        out.append(contentsOf: escaped(scalar).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Text of several lines made safe: like ``sanitize(_:)``, but line breaks stay line breaks
  /// (for messages and plain-mode text written to a stream).
  package static func sanitizeLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { sanitize(String($0)) }.joined(separator: "\n")
  }

  /// How an unsafe scalar is shown: `\x1B` for C0, DEL and C1, `\u{202E}` above that, and a
  /// byte of a file name that is not UTF-8 as that byte (`\xE9`, ``SystemText``).
  package static func escaped(_ scalar: Unicode.Scalar) -> String {
    if SystemText.isRawByte(scalar) {
      return "\\x" + String(scalar.value - SystemText.rawByteBase, radix: 16, uppercase: true)
    }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    if scalar.value <= 0xFF {
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
    return "\\u{" + hex + "}"
  }
}
