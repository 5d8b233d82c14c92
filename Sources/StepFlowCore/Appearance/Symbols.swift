import StepFlowText

/// SF Symbol names (as a Swift flow names its icons) mapped to terminal glyphs in each ``GlyphStyle``:
/// an emoji, a narrow Unicode character, and ASCII.
///
/// The emoji are all of default emoji presentation (East Asian Wide, no variation selector):
/// terminals disagree on the width of `✉️`-style text symbols made emoji by U+FE0F, and one
/// cell of disagreement shifts the rest of a line.
package enum Symbols {
  /// (name, emoji, unicode, ascii), sorted by name: looked up by binary search, so that the
  /// first frame does not first build a dictionary of every symbol to draw a few of them.
  private static let table: [(name: String, emoji: String, unicode: String, ascii: String)] = [
    ("bell", "🔔", "♪", "!"),
    ("bicycle", "🚲", "➜", ">"),
    ("bubble.left", "💬", "☏", "\""),
    ("calendar", "📅", "▦", "#"),
    ("cart", "🛒", "¤", "$"),
    ("cart.fill", "🛒", "¤", "$"),
    ("checklist", "📋", "☑", "v"),
    ("checkmark", "✅", "✓", "v"),
    ("checkmark.circle", "✅", "✓", "v"),
    ("checkmark.circle.fill", "✅", "✓", "v"),
    ("circle", "⚪", "○", "o"),
    ("circle.fill", "⚫", "●", "o"),
    ("clock", "🕒", "◷", "o"),
    ("cloud", "⛅", "☁", "~"),
    ("creditcard", "💳", "▭", "="),
    ("creditcard.fill", "💳", "▭", "="),
    ("doc", "📄", "≡", "="),
    ("doc.text", "📄", "≡", "="),
    ("envelope", "📧", "✉", "@"),
    ("envelope.fill", "📨", "✉", "@"),
    ("exclamationmark.triangle", "🚧", "⚠", "!"),
    ("flag", "🚩", "⚑", "F"),
    ("flag.fill", "🚩", "⚑", "F"),
    ("gear", "🔧", "⚙", "*"),
    ("gearshape", "🔧", "⚙", "*"),
    ("globe", "🌐", "◍", "O"),
    ("hammer", "🔨", "⚒", "T"),
    ("hand.thumbsup", "👍", "☝", "+"),
    ("heart", "🤍", "♡", "<3"),
    ("heart.fill", "💖", "♥", "<3"),
    ("house", "🏠", "⌂", "H"),
    ("house.fill", "🏠", "⌂", "H"),
    ("info.circle", "💡", "ℹ", "i"),
    ("key", "🔑", "⚷", "k"),
    ("leaf", "🍃", "❦", "%"),
    ("list.bullet", "📋", "≡", "="),
    ("lock", "🔒", "⚿", "L"),
    ("lock.fill", "🔒", "⚿", "L"),
    ("mappin", "📍", "⌖", "@"),
    ("mappin.and.ellipse", "📍", "⌖", "@"),
    ("paperplane", "🚀", "➶", "^"),
    ("paperplane.fill", "🚀", "➶", "^"),
    ("person", "👤", "☺", "P"),
    ("person.crop.circle", "👤", "☺", "P"),
    ("person.fill", "👤", "☺", "P"),
    ("questionmark.circle", "❓", "?", "?"),
    ("rocket", "🚀", "➶", "^"),
    ("shield", "🔰", "⛉", "D"),
    ("shippingbox", "📦", "▣", "#"),
    ("shippingbox.fill", "📦", "▣", "#"),
    ("sparkles", "✨", "✧", "*"),
    ("star", "☆", "☆", "."),
    ("star.fill", "★", "★", "*"),
    ("tag", "🔖", "⌗", "#"),
    ("takeoutbag.and.cup.and.straw", "🥡", "♨", "&"),
    ("terminal", "💻", "▣", ">_"),
    ("tray", "📥", "⊔", "U"),
    ("wrench", "🔧", "⚒", "T"),
    ("xmark", "❌", "✗", "x"),
    ("xmark.circle", "❌", "✗", "x"),
  ]

  /// The glyphs of a symbol name, if stepflow knows it.
  private static func entry(_ name: String) -> (emoji: String, unicode: String, ascii: String)? {
    var low = 0
    var high = table.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let candidate = table[mid]
      if candidate.name == name { return (candidate.emoji, candidate.unicode, candidate.ascii) }
      if candidate.name.utf8.lexicographicallyPrecedes(name.utf8) {
        low = mid + 1
      } else {
        high = mid - 1
      }
    }
    return nil
  }

  /// Whether `name` is a symbol stepflow can draw.
  package static func isKnown(_ name: String) -> Bool { entry(name) != nil }

  /// The known symbol names, sorted (for documentation and suggestions).
  package static var names: [String] { table.map(\.name) }

  /// The glyph for an icon: a symbol's glyph in the style, or literal text (made ASCII-safe
  /// in the `ascii` style by replacing other characters with `?`).
  package static func glyph(for icon: Icon, style: GlyphStyle) -> String {
    switch icon {
    case .symbol(let name):
      guard let entry = entry(name) else { return asciiSafe(name, style: style) }
      switch style {
      case .emoji: return entry.emoji
      case .unicode: return entry.unicode
      case .ascii: return entry.ascii
      }
    case .text(let text):
      return asciiSafe(Sanitizer.sanitize(text), style: style)
    }
  }

  /// Text for the `ascii` style: the interface's own signs become their ASCII forms (`—` `-`,
  /// `×` `x`, `…` `...`, `→` `->`), every other non-ASCII grapheme `?`.
  package static func asciiSafe(_ text: String, style: GlyphStyle) -> String {
    guard style == .ascii, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var out = ""
    for character in text {
      if character.isASCII {
        out.append(character)
      } else {
        out += asciiForms[character] ?? "?"
      }
    }
    return out
  }

  /// ASCII forms of the signs stepflow itself writes.
  package static let asciiForms: [Character: String] = [
    "—": "-", "–": "-", "×": "x", "…": "...", "·": "|", "→": "->", "←": "<-", "‹": "<",
    "›": ">", "✓": "v", "✗": "x", "★": "*", "☆": ".", "▲": "^", "▶": ">", "•": "*", "●": "o",
    "○": ".", "━": "=", "─": "-", "│": "|", "“": "\"", "”": "\"", "‘": "'", "’": "'", "↑": "^",
    "↓": "v",
  ]
}

extension Symbols {
  /// The cells an icon takes in a style (0 for none).
  public static func width(of icon: Icon?, style: GlyphStyle) -> Int {
    guard let icon else { return 0 }
    return DisplayWidth.of(glyph(for: icon, style: style))
  }
}
