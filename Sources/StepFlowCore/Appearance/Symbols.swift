import StepFlowText

/// SF Symbol names (as the seeds use them) mapped to terminal glyphs in each ``GlyphStyle``:
/// an emoji, a narrow Unicode character, and ASCII.
///
/// The emoji are all of default emoji presentation (East Asian Wide, no variation selector):
/// terminals disagree on the width of `✉️`-style text symbols made emoji by U+FE0F, and one
/// cell of disagreement shifts the rest of a line.
package enum Symbols {
  /// name: (emoji, unicode, ascii)
  package static let table: [String: (emoji: String, unicode: String, ascii: String)] = [
    "checkmark.circle": ("✅", "✓", "v"),
    "checkmark.circle.fill": ("✅", "✓", "v"),
    "checkmark": ("✅", "✓", "v"),
    "takeoutbag.and.cup.and.straw": ("🥡", "♨", "&"),
    "bicycle": ("🚲", "➜", ">"),
    "house": ("🏠", "⌂", "H"),
    "house.fill": ("🏠", "⌂", "H"),
    "cart": ("🛒", "¤", "$"),
    "cart.fill": ("🛒", "¤", "$"),
    "creditcard": ("💳", "▭", "="),
    "creditcard.fill": ("💳", "▭", "="),
    "mappin.and.ellipse": ("📍", "⌖", "@"),
    "mappin": ("📍", "⌖", "@"),
    "shippingbox": ("📦", "▣", "#"),
    "shippingbox.fill": ("📦", "▣", "#"),
    "star": ("☆", "☆", "."),
    "star.fill": ("★", "★", "*"),
    "person": ("👤", "☺", "P"),
    "person.fill": ("👤", "☺", "P"),
    "person.crop.circle": ("👤", "☺", "P"),
    "envelope": ("📧", "✉", "@"),
    "envelope.fill": ("📨", "✉", "@"),
    "lock": ("🔒", "⚿", "L"),
    "lock.fill": ("🔒", "⚿", "L"),
    "key": ("🔑", "⚷", "k"),
    "gearshape": ("🔧", "⚙", "*"),
    "gear": ("🔧", "⚙", "*"),
    "paperplane": ("🚀", "➶", "^"),
    "paperplane.fill": ("🚀", "➶", "^"),
    "rocket": ("🚀", "➶", "^"),
    "tag": ("🔖", "⌗", "#"),
    "doc.text": ("📄", "≡", "="),
    "doc": ("📄", "≡", "="),
    "list.bullet": ("📋", "≡", "="),
    "checklist": ("📋", "☑", "v"),
    "flag": ("🚩", "⚑", "F"),
    "flag.fill": ("🚩", "⚑", "F"),
    "bell": ("🔔", "♪", "!"),
    "hammer": ("🔨", "⚒", "T"),
    "wrench": ("🔧", "⚒", "T"),
    "questionmark.circle": ("❓", "?", "?"),
    "info.circle": ("💡", "ℹ", "i"),
    "exclamationmark.triangle": ("🚧", "⚠", "!"),
    "xmark": ("❌", "✗", "x"),
    "xmark.circle": ("❌", "✗", "x"),
    "heart": ("🤍", "♡", "<3"),
    "heart.fill": ("💖", "♥", "<3"),
    "calendar": ("📅", "▦", "#"),
    "clock": ("🕒", "◷", "o"),
    "globe": ("🌐", "◍", "O"),
    "sparkles": ("✨", "✧", "*"),
    "terminal": ("💻", "▣", ">_"),
    "cloud": ("⛅", "☁", "~"),
    "leaf": ("🍃", "❦", "%"),
    "hand.thumbsup": ("👍", "☝", "+"),
    "bubble.left": ("💬", "☏", "\""),
    "tray": ("📥", "⊔", "U"),
    "shield": ("🔰", "⛉", "D"),
    "circle": ("⚪", "○", "o"),
    "circle.fill": ("⚫", "●", "o"),
  ]

  /// Whether `name` is a symbol stepflow can draw.
  package static func isKnown(_ name: String) -> Bool { table[name] != nil }

  /// The known symbol names, sorted (for documentation and suggestions).
  package static var names: [String] { table.keys.sorted() }

  /// The glyph for an icon: a symbol's glyph in the style, or literal text (made ASCII-safe
  /// in the `ascii` style by replacing other characters with `?`).
  package static func glyph(for icon: Icon, style: GlyphStyle) -> String {
    switch icon {
    case .symbol(let name):
      guard let entry = table[name] else { return asciiSafe(name, style: style) }
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
