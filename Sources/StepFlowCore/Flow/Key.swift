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
  /// A click, a release or a turn of the wheel (only while mouse reporting is on).
  case mouse(MouseEvent)
}

extension Key {
  /// The key as help writes it: `←`, `Enter`, `Shift-Tab`, `Ctrl-C`, `Space`, `q`.
  /// - Parameter ascii: Arrows as `<-`, `->`, `^`, `v`.
  /// - Returns: The key's name.
  public func label(ascii: Bool = false) -> String {
    switch self {
    case .character(" "): return "Space"
    case .character(let c): return String(c)
    case .alt(let c): return "Alt-\(c)"
    case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
    case .up: return ascii ? "^" : "↑"
    case .down: return ascii ? "v" : "↓"
    case .left: return ascii ? "<-" : "←"
    case .right: return ascii ? "->" : "→"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PageUp"
    case .pageDown: return "PageDown"
    case .insert: return "Insert"
    case .delete: return "Delete"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .backspace: return "Backspace"
    case .escape: return "Esc"
    case .function(let n): return "F\(n)"
    case .paste: return "paste"
    case .mouse: return "mouse"
    }
  }

  /// Arrows in a label written in ASCII.
  static func asciiArrows(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "←": out += "<-"
      case "→": out += "->"
      case "↑": out += "^"
      case "↓": out += "v"
      default: out.append(c)
      }
    }
    return out
  }

  /// The names `press` takes, beside a single character (`press a`, `press ?`).
  static let names: [String: Key] = [
    "enter": .enter, "return": .enter, "tab": .tab, "shift-tab": .backTab, "backtab": .backTab,
    "esc": .escape, "escape": .escape, "space": .character(" "), "backspace": .backspace,
    "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right, "home": .home,
    "end": .end, "pageup": .pageUp, "pagedown": .pageDown,
  ]

  /// The key as `press` names it: `shift-tab`, `space`, `ctrl-a`, `q`.
  public var scriptName: String {
    switch self {
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .character(" "): return "space"
    case .character(let c): return String(c)
    case .ctrl(let c): return "ctrl-\(c)"
    default: return label().lowercased()
    }
  }

  /// A key by its name in a script: `tab`, `shift-tab`, `enter`, `esc`, `down`, `space`,
  /// `ctrl-a`, `f1`, or one character (`a`, `q`, `?`, `3`).
  public init?(name: String) {
    if name.count == 1, let c = name.first {
      self = .character(c)
      return
    }
    let lower = name.lowercased()
    if let key = Key.names[lower] {
      self = key
    } else if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last, c.isLetter {
      // As the terminal sends them: Ctrl-I is Tab, Ctrl-M Enter, Ctrl-H Backspace.
      self = c == "i" ? .tab : c == "m" ? .enter : c == "h" ? .backspace : .ctrl(c)
    } else if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) {
      self = .function(n)
    } else {
      return nil
    }
  }
}
