/// The rules of a number field: its range, its step and how many decimals it has.
///
/// With `decimals == 0` the answer is a whole number (``FieldValue/number(_:)``); with more, an
/// exact ``DecimalValue`` at that many places (``FieldValue/decimal(_:)``), never a `Double`.
public struct NumberRules: Hashable, Sendable {
  /// The least value allowed.
  public var min: DecimalValue?
  /// The greatest value allowed.
  public var max: DecimalValue?
  /// How much ↑/↓ change the value (PgUp/PgDn: ten steps); 1 unless given.
  public var step: DecimalValue
  /// Digits after the decimal point, 0…``maxDecimals``.
  public var decimals: Int

  /// The most decimals a number field may have.
  public static let maxDecimals = 9

  /// Rules with exact bounds and step, and `decimals` digits after the point.
  public init(
    min: DecimalValue? = nil, max: DecimalValue? = nil, step: DecimalValue = DecimalValue(1),
    decimals: Int = 0
  ) {
    self.min = min
    self.max = max
    self.step = step
    self.decimals = decimals
  }

  /// Whole numbers from `min` to `max`.
  public init(min: Int?, max: Int?, step: Int = 1) {
    self.init(
      min: min.map(DecimalValue.init), max: max.map(DecimalValue.init), step: DecimalValue(step))
  }
}

/// What a path field accepts.
public struct PathRules: Hashable, Sendable {
  /// Which kind of thing the path must name (when it exists).
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A regular file.
    case file
    /// A directory.
    case directory
    /// A regular file or a directory.
    case any
  }

  /// What the path must name.
  public var kind: Kind
  /// Whether the path must exist (else only what exists is checked).
  public var mustExist: Bool
  /// The endings a file's name must have (`[".json", ".json5"]`), compared ignoring case;
  /// empty for any.
  public var extensions: [String]

  /// Rules for a path of `kind`, existing when `mustExist`, ending in one of `extensions`.
  public init(kind: Kind = .any, mustExist: Bool = false, extensions: [String] = []) {
    self.kind = kind
    self.mustExist = mustExist
    self.extensions = extensions
  }
}

/// What a date field accepts.
public struct DateRules: Hashable, Sendable {
  /// A bound of a date field's range: a day, or the day the run happens (from the injected
  /// clock, ``FieldContext/today``).
  public enum Bound: Hashable, Sendable {
    /// A given day.
    case date(CalendarDate)
    /// The day of the run.
    case today

    /// The day it stands for.
    public func resolved(today: CalendarDate) -> CalendarDate {
      switch self {
      case .date(let date): return date
      case .today: return today
      }
    }
  }

  /// Whether the field asks for a time of day too (`YYYY-MM-DD HH:MM`).
  public var time: Bool
  /// The first day allowed.
  public var min: Bound?
  /// The last day allowed.
  public var max: Bound?

  /// Rules for a date (with a time when `time`) from `min` to `max`.
  public init(time: Bool = false, min: Bound? = nil, max: Bound? = nil) {
    self.time = time
    self.min = min
    self.max = max
  }
}
