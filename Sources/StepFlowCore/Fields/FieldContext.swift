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
