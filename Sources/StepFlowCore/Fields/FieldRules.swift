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

/// What a path names, as ``FileProbe`` finds it without opening it.
public enum FileKind: Hashable, Sendable {
  /// A regular file.
  case regularFile
  /// A directory.
  case directory
  /// A named pipe (FIFO): opening one could block for ever, so it never is.
  case fifo
  /// A character or block device.
  case device
  /// A Unix-domain socket.
  case socket
  /// A symbolic link that leads nowhere, or anything else.
  case other

  /// The kind in words, for messages: `a named pipe (FIFO)`.
  public var described: String {
    switch self {
    case .regularFile: return "a file"
    case .directory: return "a folder"
    case .fifo: return "a named pipe (FIFO)"
    case .device: return "a device"
    case .socket: return "a socket"
    case .other: return "neither a file nor a folder"
    }
  }
}

/// The file system as fields see it: what a path is, and what a folder holds.
///
/// It never opens a file (a FIFO or a device stays untouched); the runner gives the real one, tests
/// a fake.
public protocol FileProbe: AnyObject, Sendable {
  /// What `path` names (links followed), or `nil` when nothing is there.
  func kind(of path: String) -> FileKind?
  /// The names in a folder (without `.` and `..`), or `nil` when it cannot be read.
  func entries(of directory: String) -> [String]?
}

/// A file system with nothing in it: what fields see when nothing outside may be consulted
/// (`stepflow validate`, a library flow given no context).
public final class NoFiles: FileProbe {
  /// The empty file system.
  public init() {}
  /// Nothing: no path names anything.
  public func kind(of path: String) -> FileKind? { nil }
  /// Nothing: no folder can be read.
  public func entries(of directory: String) -> [String]? { nil }
}

/// What fields need from outside the pure core, given to it by the runner (tests give fakes):
/// the day it is (for `"today"` bounds and a date field's ↑ from nothing), the file system (for
/// path fields: existence, kinds and Tab completion) and the environment (for
/// `default: { env: "USER" }`).
public struct FieldContext: Equatable, Sendable {
  /// The day of the run, from the runner's clock.
  public var today: CalendarDate
  /// The file system path fields consult.
  public var files: any FileProbe
  /// The environment defaults are read from.
  public var environment: [String: String]

  /// A context of the given day, file system and environment.
  public init(today: CalendarDate, files: any FileProbe, environment: [String: String]) {
    self.today = today
    self.files = files
    self.environment = environment
  }

  /// A context that consults nothing: 2000-01-01, no files, no environment.
  ///
  /// For checks that must not depend on the machine (`stepflow validate`) and for library flows
  /// given none.
  public static let detached = FieldContext(
    today: CalendarDate(checkedYear: 2000, month: 1, day: 1), files: NoFiles(),
    environment: [:])

  /// Whether the two see the same day, the same file system (identity) and environment.
  public static func == (a: FieldContext, b: FieldContext) -> Bool {
    a.today == b.today && a.files === b.files && a.environment == b.environment
  }
}
