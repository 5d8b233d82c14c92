/// Searching text for an ASCII word, byte by byte: for what runs before the first frame (the
/// locale, `TERM`), where the standard library's text search would first load its machinery.
package enum ASCIISearch {
  /// Whether `text` contains `word`, ASCII letters compared without case.
  package static func contains(_ text: String, _ word: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(word.utf8)
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) {
      var i = 0
      while i < needle.count, folded(haystack[start + i]) == folded(needle[i]) { i += 1 }
      if i == needle.count { return true }
    }
    return false
  }

  @inline(__always)
  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}
