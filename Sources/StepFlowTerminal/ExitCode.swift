/// The exit codes stepflow uses (documented in `--help` and the README).
package enum ExitCode {
  /// The flow was finished.
  package static let finished: Int32 = 0
  /// Cancelled (q, Esc), a script that ended before the flow was finished, a dismissed gauge.
  package static let notFinished: Int32 = 1
  /// `stepflow ask confirm` answered no: not 0, so `if stepflow ask confirm …; then` takes the
  /// else branch, and not 1, so a script tells "no" from "cancelled".
  package static let declined: Int32 = 2
  /// A usage error: unknown command or option, a missing or bad value.
  package static let usage: Int32 = 64
  /// Bad data: an invalid wizard file, an unknown script command, a corrupt or foreign state
  /// file, or anything at the `--state` path that is not a state file of the wizard.
  package static let dataError: Int32 = 65
  /// An input file is missing or unreadable.
  package static let noInput: Int32 = 66
  /// An output cannot be written: the result on stdout (a full disk, a closed stdout) or the
  /// `--state` file (before the run or during it).
  package static let ioError: Int32 = 74
  /// No input came within `--timeout`.
  package static let timeout: Int32 = 124
  /// Interrupted with Ctrl-C (SIGINT).
  package static let interrupted: Int32 = 130
  /// Terminated with SIGTERM.
  package static let terminated: Int32 = 143
  /// The terminal hung up (SIGHUP).
  package static let hangUp: Int32 = 129

  /// Ended by a signal: 128 + its number, as a shell reports a process the signal killed
  /// (SIGHUP 129, SIGINT 130, SIGQUIT 131, SIGUSR1 138, SIGTERM 143 …).
  package static func signalled(_ signal: Int32) -> Int32 { 128 + signal }

  /// The code for a file that could not be used: 65 when it was refused for its size (its
  /// data is bad), 66 when it is missing or cannot be read.
  package static func reading(_ error: Platform.FileError) -> Int32 {
    error.isTooLarge ? dataError : noInput
  }
}
