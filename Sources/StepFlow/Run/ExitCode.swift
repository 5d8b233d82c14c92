/// The exit codes stepflow uses (documented in `--help` and the README).
public enum ExitCode {
  /// The flow was finished.
  public static let finished: Int32 = 0
  /// Cancelled (q, Esc), a script that ended before the flow was finished, a dismissed gauge.
  public static let notFinished: Int32 = 1
  /// A usage error: unknown command or option, a missing or bad value.
  public static let usage: Int32 = 64
  /// Bad data: an invalid wizard file, an unknown script command, a corrupt or foreign state
  /// file, or anything at the `--state` path that is not a state file of the wizard.
  public static let dataError: Int32 = 65
  /// An input file is missing or unreadable.
  public static let noInput: Int32 = 66
  /// An output cannot be written: the result on stdout (a full disk, a closed stdout) or the
  /// `--state` file (before the run or during it).
  public static let ioError: Int32 = 74
  /// No input came within `--timeout`.
  public static let timeout: Int32 = 124
  /// Interrupted with Ctrl-C (SIGINT).
  public static let interrupted: Int32 = 130
  /// Terminated with SIGTERM.
  public static let terminated: Int32 = 143
  /// The terminal hung up (SIGHUP).
  public static let hangUp: Int32 = 129

  /// Ended by a signal: 128 + its number, as a shell reports a process the signal killed
  /// (SIGHUP 129, SIGINT 130, SIGQUIT 131, SIGUSR1 138, SIGTERM 143 …).
  public static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
}

/// A problem with the command line: what is wrong, and the usage line of the command.
public struct UsageError: Error, Equatable, Sendable {
  public let message: String
  public let usage: String

  public init(_ message: String, usage: String) {
    self.message = message
    self.usage = usage
  }
}
