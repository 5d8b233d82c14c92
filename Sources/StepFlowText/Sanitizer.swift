/// Makes text from outside (files, answers, command lines) safe to draw.
///
/// Control characters — C0 except tab, DEL, C1 — and the bidirectional overrides never reach
/// the terminal raw: they are shown escaped as `\xNN` (or `\u{NNNN}`), so an escape sequence
/// in a wizard title shows up as text instead of moving the cursor or changing colours.
package enum Sanitizer {
  /// Whether a scalar must be escaped before it is drawn.
  @inline(__always)
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x20 { return v != 0x09 }
    if v < 0x7F { return false }
    if v <= 0x9F { return true }
    return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
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

  /// How an unsafe scalar is shown: `\x1B` for C0, DEL and C1, `\u{202E}` above that.
  package static func escaped(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    if scalar.value <= 0xFF {
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
    return "\\u{" + hex + "}"
  }
}
