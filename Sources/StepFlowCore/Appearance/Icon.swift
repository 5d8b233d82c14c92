/// An icon: an SF Symbol name the glyph sets know (`bicycle`), or literal text (`🚲`, `A`).
public enum Icon: Hashable, Sendable {
  case symbol(String)
  case text(String)

  /// A symbol when the name is a known symbol (``Symbols``), literal text otherwise: a name
  /// the glyph sets do not know is shown as written, never dropped.
  public init(_ nameOrText: String) {
    self = Symbols.isKnown(nameOrText) ? .symbol(nameOrText) : .text(nameOrText)
  }
}
