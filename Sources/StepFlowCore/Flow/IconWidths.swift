/// A width in cells for each glyph style: the widest icon of a flow's steps.
package struct IconWidths: Hashable, Sendable {
  package var emoji = 0
  package var unicode = 0
  package var ascii = 0

  package init() {}

  package subscript(style: GlyphStyle) -> Int {
    get {
      switch style {
      case .emoji: return emoji
      case .unicode: return unicode
      case .ascii: return ascii
      }
    }
    set {
      switch style {
      case .emoji: emoji = newValue
      case .unicode: unicode = newValue
      case .ascii: ascii = newValue
      }
    }
  }
}
