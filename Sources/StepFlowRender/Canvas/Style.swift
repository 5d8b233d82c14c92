import StepFlowCore

/// Text attributes a cell can carry besides its colours.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attributes as bits.
  public let rawValue: UInt8
  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (SGR 1).
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim (SGR 2).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic (SGR 3).
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underlined (SGR 4).
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped (SGR 7).
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  /// Struck through (SGR 9).
  public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// How a cell looks: foreground, background and attributes.
///
/// Styling comes only from this type — never from escape codes inside strings.
public struct Style: Hashable, Sendable {
  /// The text colour.
  public var foreground: Color
  /// The cell's background.
  public var background: Color
  /// Bold, dim, underline and the rest.
  public var attributes: TextAttributes

  /// A style; by default the terminal's own colours, no attribute.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// A copy with another foreground colour.
  public func foreground(_ color: Color) -> Style {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// A copy with another background colour.
  public func background(_ color: Color) -> Style {
    var copy = self
    copy.background = color
    return copy
  }

  /// A copy with the given attributes added.
  public func adding(_ attributes: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }

  /// A bold copy.
  public var bold: Style { adding(.bold) }
  /// A dim copy.
  public var dim: Style { adding(.dim) }
  /// An underlined copy.
  public var underlined: Style { adding(.underline) }
  /// A copy with foreground and background swapped.
  public var reversed: Style { adding(.reverse) }
}
