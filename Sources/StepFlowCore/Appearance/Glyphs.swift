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
  private let box: Box

  /// The style these glyphs are for.
  public var style: GlyphStyle { box.characters.style }
  /// Marks a list or strip cut on the left / right: `‹` `›` or `<` `>`.
  public var leftMark: String { box.characters.leftMark }
  /// Marks a cut on the right: `›` or `>`.
  public var rightMark: String { box.characters.rightMark }
  /// Ends truncated text: `…` or `...`.
  public var ellipsis: String { box.characters.ellipsis }
  /// Box drawing: corners, horizontal and vertical lines.
  public var topLeft: String { box.characters.topLeft }
  /// The top right corner of a box.
  public var topRight: String { box.characters.topRight }
  /// The bottom left corner of a box.
  public var bottomLeft: String { box.characters.bottomLeft }
  /// The bottom right corner of a box.
  public var bottomRight: String { box.characters.bottomRight }
  /// A box's horizontal line.
  public var horizontal: String { box.characters.horizontal }
  /// A box's vertical line.
  public var vertical: String { box.characters.vertical }
  /// A heavy horizontal line (the tab underline, a reached bar).
  public var heavyHorizontal: String { box.characters.heavyHorizontal }
  /// A filled and a hollow dot.
  public var dot: String { box.characters.dot }
  /// A hollow dot: a pending step.
  public var hollowDot: String { box.characters.hollowDot }
  /// A check mark and a cross.
  public var check: String { box.characters.check }
  /// A cross: a refusal or a failure.
  public var cross: String { box.characters.cross }
  /// A filled and an empty star.
  public var starFilled: String { box.characters.starFilled }
  /// An empty star: one not rated.
  public var starEmpty: String { box.characters.starEmpty }
  /// Points at the current item (under or beside it).
  public var pointerUp: String { box.characters.pointerUp }
  /// Points down at the current item.
  public var pointerDown: String { box.characters.pointerDown }
  /// Points right at the current item (a focused button).
  public var pointerRight: String { box.characters.pointerRight }
  /// A selected and an unselected radio button.
  public var radioOn: String { box.characters.radioOn }
  /// An unselected radio button.
  public var radioOff: String { box.characters.radioOff }
  /// Shade for backdrops: light, medium.
  public var shadeLight: String { box.characters.shadeLight }
  /// A medium shade.
  public var shadeMedium: String { box.characters.shadeMedium }

  private init(_ characters: Characters) {
    box = Box(characters)
  }

  /// The characters of a set (made by their memberwise initializer).
  private struct Characters: Sendable {
    var style: GlyphStyle
    var leftMark: String
    var rightMark: String
    var ellipsis: String
    var topLeft: String
    var topRight: String
    var bottomLeft: String
    var bottomRight: String
    var horizontal: String
    var vertical: String
    var heavyHorizontal: String
    var dot: String
    var hollowDot: String
    var check: String
    var cross: String
    var starFilled: String
    var starEmpty: String
    var pointerUp: String
    var pointerDown: String
    var pointerRight: String
    var radioOn: String
    var radioOff: String
    var shadeLight: String
    var shadeMedium: String
  }

  /// One set's characters, shared.
  private final class Box: Sendable {
    let characters: Characters

    init(_ characters: Characters) { self.characters = characters }
  }

  /// Narrow Unicode glyphs (also used for `emoji`).
  public static let unicode = Glyphs(
    Characters(
      style: .unicode, leftMark: "‹", rightMark: "›", ellipsis: "…", topLeft: "╭", topRight: "╮",
      bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│", heavyHorizontal: "━",
      dot: "●", hollowDot: "○", check: "✓", cross: "✗", starFilled: "★", starEmpty: "☆",
      pointerUp: "▲", pointerDown: "▼", pointerRight: "▶", radioOn: "◉", radioOff: "○",
      shadeLight: "░",
      shadeMedium: "▒"))

  /// The same drawing characters as `unicode` (emoji are used for icons only).
  public static let emoji = Glyphs.unicode.styled(.emoji)

  /// ASCII only: every byte drawn is below 0x80.
  public static let ascii = Glyphs(
    Characters(
      style: .ascii, leftMark: "<", rightMark: ">", ellipsis: "...", topLeft: "+", topRight: "+",
      bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|", heavyHorizontal: "=",
      dot: "o", hollowDot: ".", check: "v", cross: "x", starFilled: "*", starEmpty: ".",
      pointerUp: "^", pointerDown: "v", pointerRight: ">", radioOn: "(*)", radioOff: "( )",
      shadeLight: ".",
      shadeMedium: ":"))

  /// A copy that reports another style.
  private func styled(_ style: GlyphStyle) -> Glyphs {
    var characters = box.characters
    characters.style = style
    return Glyphs(characters)
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
