import StepFlowCore

/// Text attributes a cell can carry besides its colours.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// How a cell looks: foreground, background and attributes.
///
/// Styling comes only from this type — never from escape codes inside strings.
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: TextAttributes

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

  /// A copy with the given attributes removed.
  public func removing(_ attributes: TextAttributes) -> Style {
    var copy = self
    copy.attributes.subtract(attributes)
    return copy
  }

  public var bold: Style { adding(.bold) }
  public var dim: Style { adding(.dim) }
  public var underlined: Style { adding(.underline) }
  public var reversed: Style { adding(.reverse) }
}
