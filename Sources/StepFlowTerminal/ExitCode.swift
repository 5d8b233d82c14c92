/// The exit codes stepflow uses.
///
/// ``documented`` is the one list of them: `stepflow help exit-codes`, `--help` and the README's
/// table are made from it (a test checks the README).
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
  /// Quit with SIGQUIT.
  package static let quit: Int32 = 131
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

  /// One row of the documented list: the code (`65`, `128+n`) and what it means, in Markdown
  /// (`` `--state` ``); help shows it without the backticks.
  package struct Documented: Sendable {
    package let code: String
    package let meaning: String
  }

  /// Every exit code a user can see, in order.
  package static let documented: [Documented] = [
    Documented(
      code: "\(finished)", meaning: "finished (`ask`: answered; `ask confirm`: answered yes)"),
    Documented(
      code: "\(notFinished)",
      meaning: "cancelled or not finished (q/Esc, a script that ended early, a dismissed gauge)"),
    Documented(
      code: "\(declined)",
      meaning: "`ask confirm` answered no — not 0, so `if stepflow ask confirm \"Deploy?\"; then`"
        + " takes the `else` branch, and not 1, so \"no\" and \"cancelled\" are told apart"),
    Documented(
      code: "\(usage)", meaning: "usage error (unknown command, option or flow; a missing value)"),
    Documented(
      code: "\(dataError)",
      meaning:
        "bad data (invalid wizard file, a program's flow declared with mistakes, unknown script command, answers that do not pass"
        + " with `--no-input`, corrupt or foreign state file, anything at the `--state` path that is not a state file of the wizard, a file"
        + " over 4 MiB, a command line over 64 KiB)"),
    Documented(code: "\(noInput)", meaning: "an input file is missing or unreadable"),
    Documented(
      code: "\(ioError)",
      meaning: "an output cannot be written: stdout (`>/dev/full`, a closed stdout) or the"
        + " `--state` file"),
    Documented(code: "\(timeout)", meaning: "timeout (`--timeout`)"),
    Documented(code: "\(hangUp)", meaning: "the terminal hung up (SIGHUP) or was lost"),
    Documented(code: "\(interrupted)", meaning: "interrupted (Ctrl-C, SIGINT)"),
    Documented(code: "\(quit)", meaning: "quit (SIGQUIT)"),
    Documented(code: "\(terminated)", meaning: "terminated (SIGTERM)"),
    Documented(
      code: "128+n",
      meaning: "any other signal that would end the process during an interactive run: USR1 138,"
        + " USR2 140, ALRM 142, STKFLT 144, XCPU 152, XFSZ 153, VTALRM 154, PROF 155, IO 157,"
        + " PWR 158, SYS 159, the real-time signals 162–192, and the crash signals when another"
        + " process sends them (`kill -ABRT`): ILL 132, TRAP 133, ABRT 134, BUS 135, FPE 136,"
        + " SEGV 139"),
  ]

  /// The list as a Markdown table (the README's).
  package static var markdownTable: String {
    let rows = documented.map { "| \($0.code) | \($0.meaning) |" }
    return (["| code | meaning |", "|---|---|"] + rows).joined(separator: "\n") + "\n"
  }
}
