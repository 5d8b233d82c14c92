/// A command ready to run: what the process runner at the I/O edge is handed.
///
/// Every answer is already in place — substituted into argument elements or set in the environment
/// — so the runner never reads a template or calls a shell that was not asked for.
///
/// ```swift
/// let launch = TaskLaunch(arguments: ["swift", "build"], environment: ["STEPFLOW_VERSION": "1.4.0"])
/// ```
public struct TaskLaunch: Hashable, Sendable {
  /// The program and its arguments, each one element: `["git", "tag", "--", "1.4.0"]`.
  ///
  /// A program without a `/` is looked up in `PATH`. A `shell` command is `["/bin/sh", "-c",
  /// SCRIPT]`.
  public var arguments: [String]
  /// Variables added to the environment stepflow runs in (the answers, the command's `env`).
  public var environment: [String: String]
  /// The working directory; `nil` for stepflow's own.
  public var directory: String?
  /// The longest the command may run; then it is stopped and fails as timed out.
  public var timeout: Duration?
  /// What the command reads on stdin; `nil` for `/dev/null`.
  public var input: String?
  /// How many bytes of stdout are kept for the task's result (a `capture`), at the start or the
  /// end of it (``capturePart``).
  public var captureLimit: Int
  /// Which of stdout's bytes the capture keeps when there are more than ``captureLimit``: the
  /// first (a list of options, a check's message) or the last (a task's `capture`).
  public var capturePart: CapturePart
  /// The streams whose bytes are only kept in the log, with no progress read from them: while a
  /// command floods one of them faster than it can be shown, all but the last
  /// ``TaskLog/defaultLimit`` bytes may pass unread (the log notes how many).
  ///
  /// The runner's concern: a program that runs the launch itself may read every byte.
  package var logOnly: Set<TaskStream> = []

  /// The part of stdout a capture keeps.
  public enum CapturePart: Hashable, Sendable {
    /// The first ``TaskLaunch/captureLimit`` bytes.
    case start
    /// The last ``TaskLaunch/captureLimit`` bytes.
    case end
  }

  /// The most bytes of stdout a task keeps as its captured output: 64 KiB.
  public static let maxCapture = 64 << 10

  /// A launch of `arguments` (the program first).
  public init(
    arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    timeout: Duration? = nil, input: String? = nil, captureLimit: Int = 0,
    capturePart: CapturePart = .start
  ) {
    self.arguments = arguments
    self.environment = environment
    self.directory = directory
    self.timeout = timeout
    self.input = input
    self.captureLimit = captureLimit
    self.capturePart = capturePart
  }

  /// A launch of `arguments` whose `logOnly` streams may pass unread in a flood.
  package init(
    arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    timeout: Duration? = nil, input: String? = nil, captureLimit: Int = 0,
    capturePart: CapturePart = .start, logOnly: Set<TaskStream>
  ) {
    self.init(
      arguments: arguments, environment: environment, directory: directory, timeout: timeout,
      input: input, captureLimit: captureLimit, capturePart: capturePart)
    self.logOnly = logOnly
  }
}

/// Which output stream a piece of a command's output came from.
public enum TaskStream: Hashable, Sendable {
  case stdout
  case stderr
}

/// How a task's work ended.
public enum TaskOutcome: Hashable, Sendable {
  /// The command exited with this status (0: it succeeded).
  case exited(Int32)
  /// A signal killed the command (its number).
  case signaled(Int32)
  /// The command could not be started; `exitCode` is a shell's for the reason (127: not
  /// found, 126: found but not runnable), `reason` says why in words.
  case notStarted(exitCode: Int32, reason: String)
  /// It ran longer than its timeout and was stopped.
  case timedOut(Duration)
  /// It was stopped on request (a key, the run ending).
  case stopped
  /// Work given as a closure returned.
  case returned
  /// Work given as a closure threw; the error in words.
  case threw(String)
  /// Nothing ran: a dry run (`--dry-run`) described it instead. It counts as done.
  case dryRun

  /// Whether the work succeeded.
  public var succeeded: Bool {
    switch self {
    case .exited(let code): return code == 0
    case .returned, .dryRun: return true
    default: return false
    }
  }

  /// The exit status a shell would report: the code, 128 + the signal, 126/127 for a command
  /// that could not start, 124 for a timeout; `nil` for closures and stopped work.
  public var exitStatus: Int32? {
    switch self {
    case .exited(let code): return code
    case .signaled(let signal): return 128 + signal
    case .notStarted(let code, _): return code
    case .timedOut: return 124
    case .stopped, .returned, .threw, .dryRun: return nil
    }
  }
}

/// What the runner reports when a task's work has ended.
public struct TaskEnd: Equatable, Sendable {
  /// How it ended.
  public var outcome: TaskOutcome
  /// How long it ran, measured by the runner.
  public var duration: Duration
  /// The first or the last bytes of stdout (the launch's `capturePart`), as many as its
  /// `captureLimit`.
  public var captured: [UInt8]
  /// Whether stdout had more than the captured bytes.
  public var capturedTruncated: Bool
  /// The answers work given as a closure returned.
  public var answers: [String: FieldValue]

  /// An end with `outcome` after `duration`.
  public init(
    outcome: TaskOutcome, duration: Duration, captured: [UInt8] = [],
    capturedTruncated: Bool = false, answers: [String: FieldValue] = [:]
  ) {
    self.outcome = outcome
    self.duration = duration
    self.captured = captured
    self.capturedTruncated = capturedTruncated
    self.answers = answers
  }
}
