import StepFlowText

/// Which characters the interface may use.
public enum GlyphStyle: String, CaseIterable, Sendable {
  /// Emoji icons (two cells wide) and Unicode drawing characters.
  case emoji
  /// Narrow Unicode only: `✓ ★ ☆ ●`, box drawing, braille.
  case unicode
  /// Every byte of output is ASCII.
  case ascii

  /// `ascii` when the locale is not UTF-8 (`LC_ALL`, then `LC_CTYPE`, then `LANG`), else `emoji`.
  public static func detect(environment: [String: String]) -> GlyphStyle {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        let utf8 = ASCIISearch.contains(value, "utf-8") || ASCIISearch.contains(value, "utf8")
        return utf8 ? .emoji : .ascii
      }
    }
    return .ascii
  }
}

/// The characters components draw with, for one ``GlyphStyle``.
///
/// Components never hard-code a non-ASCII character; they take it from here so that `ascii`
/// output is ASCII to the last byte.
public struct Glyphs: Sendable {
  public let style: GlyphStyle
  /// Marks a list or strip cut on the left / right: `‹` `›` or `<` `>`.
  public let leftMark: String
  public let rightMark: String
  /// Ends truncated text: `…` or `...`.
  public let ellipsis: String
  /// Box drawing: corners, horizontal and vertical lines.
  public let topLeft: String
  public let topRight: String
  public let bottomLeft: String
  public let bottomRight: String
  public let horizontal: String
  public let vertical: String
  /// A heavy horizontal line (the tab underline, a reached bar).
  public let heavyHorizontal: String
  /// A filled and a hollow dot.
  public let dot: String
  public let hollowDot: String
  /// A check mark and a cross.
  public let check: String
  public let cross: String
  /// A filled and an empty star.
  public let starFilled: String
  public let starEmpty: String
  /// Points at the current item (under or beside it).
  public let pointerUp: String
  public let pointerDown: String
  public let pointerRight: String
  /// A selected and an unselected radio button.
  public let radioOn: String
  public let radioOff: String
  /// Shade for backdrops: light, medium.
  public let shadeLight: String
  public let shadeMedium: String

  public static let unicode = Glyphs(
    style: .unicode, leftMark: "‹", rightMark: "›", ellipsis: "…", topLeft: "╭", topRight: "╮",
    bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│", heavyHorizontal: "━",
    dot: "●", hollowDot: "○", check: "✓", cross: "✗", starFilled: "★", starEmpty: "☆",
    pointerUp: "▲", pointerDown: "▼", pointerRight: "▶", radioOn: "◉", radioOff: "○",
    shadeLight: "░",
    shadeMedium: "▒")

  /// The same drawing characters as `unicode` (emoji are used for icons only).
  public static let emoji = Glyphs.unicode.styled(.emoji)

  public static let ascii = Glyphs(
    style: .ascii, leftMark: "<", rightMark: ">", ellipsis: "...", topLeft: "+", topRight: "+",
    bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|", heavyHorizontal: "=",
    dot: "o", hollowDot: ".", check: "v", cross: "x", starFilled: "*", starEmpty: ".",
    pointerUp: "^", pointerDown: "v", pointerRight: ">", radioOn: "(*)", radioOff: "( )",
    shadeLight: ".",
    shadeMedium: ":")

  /// A copy that reports another style.
  private func styled(_ style: GlyphStyle) -> Glyphs {
    Glyphs(
      style: style, leftMark: leftMark, rightMark: rightMark, ellipsis: ellipsis, topLeft: topLeft,
      topRight: topRight, bottomLeft: bottomLeft, bottomRight: bottomRight,
      horizontal: horizontal, vertical: vertical, heavyHorizontal: heavyHorizontal, dot: dot,
      hollowDot: hollowDot, check: check, cross: cross, starFilled: starFilled,
      starEmpty: starEmpty, pointerUp: pointerUp, pointerDown: pointerDown,
      pointerRight: pointerRight, radioOn: radioOn,
      radioOff: radioOff, shadeLight: shadeLight, shadeMedium: shadeMedium)
  }

  /// The glyphs for a style.
  public static func `for`(_ style: GlyphStyle) -> Glyphs {
    switch style {
    case .emoji: return .emoji
    case .unicode: return .unicode
    case .ascii: return .ascii
    }
  }
}

/// The colours a screen is drawn with; a step may override the accent and background.
public struct Theme: Equatable, Sendable {
  /// Reached steps, the selected tab's underline, focused controls.
  public var accent: Color
  /// Pending steps, hints, the examples shown in empty fields.
  public var inactive: Color
  /// Text.
  public var foreground: Color
  /// The screen's background (`.default`: the terminal's own).
  public var background: Color
  /// Validation messages.
  public var error: Color

  public init(
    accent: Color = .blue, inactive: Color = .gray, foreground: Color = .default,
    background: Color = .default, error: Color = .red
  ) {
    self.accent = accent
    self.inactive = inactive
    self.foreground = foreground
    self.background = background
    self.error = error
  }

  /// A theme between `self` (0) and `other` (1), for colour transitions.
  public func blended(with other: Theme, by fraction: Double) -> Theme {
    Theme(
      accent: accent.blended(with: other.accent, by: fraction),
      inactive: inactive.blended(with: other.inactive, by: fraction),
      foreground: foreground.blended(with: other.foreground, by: fraction),
      background: background.blended(with: other.background, by: fraction),
      error: error.blended(with: other.error, by: fraction))
  }
}
