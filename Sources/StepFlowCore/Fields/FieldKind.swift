/// What a field asks for and how it is edited.
public enum FieldKind: Hashable, Sendable {
  /// Text; `secure` shows every character as a mask; `lines` above 1 makes it multi-line
  /// (that many rows shown; Enter starts a new line, Ctrl-D accepts, Ctrl-E opens `$EDITOR`).
  case text(placeholder: String = "", secure: Bool = false, lines: Int = 1)
  /// A number: whole, or with `decimals` digits after the point; a range and a step.
  ///
  /// (Its rules, and a date's, are boxed: inline they would make every kind, and so every
  /// field of a long wizard, more than twice its size.)
  indirect case number(NumberRules)
  /// One of several options.
  case choice(options: [ChoiceOption], style: ChoiceStyle = .list)
  /// Any number of several options (``FieldSpec/min`` and ``FieldSpec/max``: how many).
  case multichoice(options: [ChoiceOption])
  /// Yes or no.
  case confirm
  /// A number of stars from 1 to `max` (at most 10).
  case rating(max: Int)
  /// A path in the file system, completed with Tab.
  case path(PathRules)
  /// A date (`YYYY-MM-DD`), with a time of day when the rules ask for one.
  indirect case date(DateRules)

  /// The kind's name as wizard files spell it: `text`, `number`, `choice`, `multichoice`,
  /// `confirm`, `rating`, `path`, `date`.
  public var name: String {
    switch self {
    case .text: return "text"
    case .number: return "number"
    case .choice: return "choice"
    case .multichoice: return "multichoice"
    case .confirm: return "confirm"
    case .rating: return "rating"
    case .path: return "path"
    case .date: return "date"
    }
  }

  /// Every kind's name, in the order the documentation lists them.
  public static let names = [
    "text", "number", "choice", "multichoice", "confirm", "rating", "path", "date",
  ]

  /// The options of a choice or multichoice field (empty for the other kinds).
  public var options: [ChoiceOption] {
    switch self {
    case .choice(let options, _), .multichoice(let options): return options
    default: return []
    }
  }

  /// Whether the field is drawn as a list of options a row (choice lists and multichoice).
  public var isList: Bool {
    switch self {
    case .choice(_, .list), .multichoice: return true
    default: return false
    }
  }

  /// Whether the field is edited as a line (or lines) of text: text, number and path.
  public var isTyped: Bool {
    switch self {
    case .text, .number, .path: return true
    default: return false
    }
  }
}
