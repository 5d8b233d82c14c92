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
  /// The style these glyphs are for.
  public let style: GlyphStyle
  /// Marks a list or strip cut on the left / right: `‹` `›` or `<` `>`.
  public let leftMark: String
  /// Marks a cut on the right: `›` or `>`.
  public let rightMark: String
  /// Ends truncated text: `…` or `...`.
  public let ellipsis: String
  /// Box drawing: corners, horizontal and vertical lines.
  public let topLeft: String
  /// The top right corner of a box.
  public let topRight: String
  /// The bottom left corner of a box.
  public let bottomLeft: String
  /// The bottom right corner of a box.
  public let bottomRight: String
  /// A box's horizontal line.
  public let horizontal: String
  /// A box's vertical line.
  public let vertical: String
  /// A heavy horizontal line (the tab underline, a reached bar).
  public let heavyHorizontal: String
  /// A filled and a hollow dot.
  public let dot: String
  /// A hollow dot: a pending step.
  public let hollowDot: String
  /// A check mark and a cross.
  public let check: String
  /// A cross: a refusal or a failure.
  public let cross: String
  /// A filled and an empty star.
  public let starFilled: String
  /// An empty star: one not rated.
  public let starEmpty: String
  /// Points at the current item (under or beside it).
  public let pointerUp: String
  /// Points down at the current item.
  public let pointerDown: String
  /// Points right at the current item (a focused button).
  public let pointerRight: String
  /// A selected and an unselected radio button.
  public let radioOn: String
  /// An unselected radio button.
  public let radioOff: String
  /// Shade for backdrops: light, medium.
  public let shadeLight: String
  /// A medium shade.
  public let shadeMedium: String

  /// Narrow Unicode glyphs (also used for `emoji`).
  public static let unicode = Glyphs(
    style: .unicode, leftMark: "‹", rightMark: "›", ellipsis: "…", topLeft: "╭", topRight: "╮",
    bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│", heavyHorizontal: "━",
    dot: "●", hollowDot: "○", check: "✓", cross: "✗", starFilled: "★", starEmpty: "☆",
    pointerUp: "▲", pointerDown: "▼", pointerRight: "▶", radioOn: "◉", radioOff: "○",
    shadeLight: "░",
    shadeMedium: "▒")

  /// The same drawing characters as `unicode` (emoji are used for icons only).
  public static let emoji = Glyphs.unicode.styled(.emoji)

  /// ASCII only: every byte drawn is below 0x80.
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
