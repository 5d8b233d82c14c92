import StepFlowJSON

/// A key press (or a paste) decoded from terminal input.
public enum Key: Hashable, Sendable {
  /// A printable character (UTF-8 decoded), including space.
  case character(Character)
  /// A character typed with Alt (ESC followed by the character).
  case alt(Character)
  /// Ctrl with a letter, given in lower case (`ctrl("c")`); Ctrl-I, Ctrl-M and Ctrl-H arrive
  /// as `.tab`, `.enter` and `.backspace`.
  case ctrl(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown, insert, delete
  case enter, tab, backTab, backspace, escape
  /// F1…F12.
  case function(Int)
  /// Text pasted in one piece (bracketed paste), newlines included.
  case paste(String)
}
