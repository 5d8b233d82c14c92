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
  /// The characters, in one object the copies share: a set is two dozen strings, and a frame
  /// passes one from view to view.
  private let storage: Storage

  /// The style these glyphs are for.
  public var style: GlyphStyle { storage.style }
  /// Marks a list or strip cut on the left / right: `‹` `›` or `<` `>`.
  public var leftMark: String { storage.leftMark }
  /// Marks a cut on the right: `›` or `>`.
  public var rightMark: String { storage.rightMark }
  /// Ends truncated text: `…` or `...`.
  public var ellipsis: String { storage.ellipsis }
  /// Box drawing: corners, horizontal and vertical lines.
  public var topLeft: String { storage.topLeft }
  /// The top right corner of a box.
  public var topRight: String { storage.topRight }
  /// The bottom left corner of a box.
  public var bottomLeft: String { storage.bottomLeft }
  /// The bottom right corner of a box.
  public var bottomRight: String { storage.bottomRight }
  /// A box's horizontal line.
  public var horizontal: String { storage.horizontal }
  /// A box's vertical line.
  public var vertical: String { storage.vertical }
  /// A heavy horizontal line (the tab underline, a reached bar).
  public var heavyHorizontal: String { storage.heavyHorizontal }
  /// A filled and a hollow dot.
  public var dot: String { storage.dot }
  /// A hollow dot: a pending step.
  public var hollowDot: String { storage.hollowDot }
  /// A check mark and a cross.
  public var check: String { storage.check }
  /// A cross: a refusal or a failure.
  public var cross: String { storage.cross }
  /// A filled and an empty star.
  public var starFilled: String { storage.starFilled }
  /// An empty star: one not rated.
  public var starEmpty: String { storage.starEmpty }
  /// Points at the current item (under or beside it).
  public var pointerUp: String { storage.pointerUp }
  /// Points down at the current item.
  public var pointerDown: String { storage.pointerDown }
  /// Points right at the current item (a focused button).
  public var pointerRight: String { storage.pointerRight }
  /// A selected and an unselected radio button.
  public var radioOn: String { storage.radioOn }
  /// An unselected radio button.
  public var radioOff: String { storage.radioOff }
  /// Shade for backdrops: light, medium.
  public var shadeLight: String { storage.shadeLight }
  /// A medium shade.
  public var shadeMedium: String { storage.shadeMedium }

  private init(
    style: GlyphStyle,
    leftMark: String,
    rightMark: String,
    ellipsis: String,
    topLeft: String,
    topRight: String,
    bottomLeft: String,
    bottomRight: String,
    horizontal: String,
    vertical: String,
    heavyHorizontal: String,
    dot: String,
    hollowDot: String,
    check: String,
    cross: String,
    starFilled: String,
    starEmpty: String,
    pointerUp: String,
    pointerDown: String,
    pointerRight: String,
    radioOn: String,
    radioOff: String,
    shadeLight: String,
    shadeMedium: String
  ) {
    storage = Storage(
      style: style, leftMark: leftMark, rightMark: rightMark, ellipsis: ellipsis, topLeft: topLeft,
      topRight: topRight, bottomLeft: bottomLeft, bottomRight: bottomRight, horizontal: horizontal,
      vertical: vertical, heavyHorizontal: heavyHorizontal, dot: dot, hollowDot: hollowDot,
      check: check, cross: cross, starFilled: starFilled, starEmpty: starEmpty,
      pointerUp: pointerUp, pointerDown: pointerDown, pointerRight: pointerRight, radioOn: radioOn,
      radioOff: radioOff, shadeLight: shadeLight, shadeMedium: shadeMedium)
  }

  /// The characters of a set.
  private final class Storage: Sendable {
    let style: GlyphStyle
    let leftMark: String
    let rightMark: String
    let ellipsis: String
    let topLeft: String
    let topRight: String
    let bottomLeft: String
    let bottomRight: String
    let horizontal: String
    let vertical: String
    let heavyHorizontal: String
    let dot: String
    let hollowDot: String
    let check: String
    let cross: String
    let starFilled: String
    let starEmpty: String
    let pointerUp: String
    let pointerDown: String
    let pointerRight: String
    let radioOn: String
    let radioOff: String
    let shadeLight: String
    let shadeMedium: String

    init(
      style: GlyphStyle,
      leftMark: String,
      rightMark: String,
      ellipsis: String,
      topLeft: String,
      topRight: String,
      bottomLeft: String,
      bottomRight: String,
      horizontal: String,
      vertical: String,
      heavyHorizontal: String,
      dot: String,
      hollowDot: String,
      check: String,
      cross: String,
      starFilled: String,
      starEmpty: String,
      pointerUp: String,
      pointerDown: String,
      pointerRight: String,
      radioOn: String,
      radioOff: String,
      shadeLight: String,
      shadeMedium: String
    ) {
      self.style = style
      self.leftMark = leftMark
      self.rightMark = rightMark
      self.ellipsis = ellipsis
      self.topLeft = topLeft
      self.topRight = topRight
      self.bottomLeft = bottomLeft
      self.bottomRight = bottomRight
      self.horizontal = horizontal
      self.vertical = vertical
      self.heavyHorizontal = heavyHorizontal
      self.dot = dot
      self.hollowDot = hollowDot
      self.check = check
      self.cross = cross
      self.starFilled = starFilled
      self.starEmpty = starEmpty
      self.pointerUp = pointerUp
      self.pointerDown = pointerDown
      self.pointerRight = pointerRight
      self.radioOn = radioOn
      self.radioOff = radioOff
      self.shadeLight = shadeLight
      self.shadeMedium = shadeMedium
    }
  }

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
