import StepFlowJSON

/// What a step's task did: which run, what it ran with which answers, and how it ended.
///
/// Small pure data in ``FlowState`` (the output itself is kept by the program, beside the state).
package struct TaskRecord: Equatable, Sendable {
  /// Where the task stands.
  package enum Status: Equatable, Sendable {
    case running
    case succeeded
    /// It ended without success (a status, a signal, a timeout, a command that could not
    /// start, an error thrown) — ``TaskRecord/outcome`` says how.
    case failed
    /// Stopped on request before it ended.
    case stopped
    /// Passed by with Skip (optional tasks only).
    case skipped
  }

  package var id: TaskID
  package var status: Status
  /// What ran.
  package var work: TaskWork
  /// What it ran with: the command as resolved and the answers it names.
  ///
  /// When these differ from what it would run with now, an answer it uses changed since, and it
  /// runs again.
  package var inputs: TaskInputs
  package var outcome: TaskOutcome?
  package var duration: Duration = .zero
  /// The answers it gave (its `capture`, or what closure work returned), for the result.
  package var produced: [String] = []
  /// Whether its captured stdout was longer than the 64 KiB kept.
  package var captureTruncated = false
  /// The outcome button with the focus: Retry, Back, Skip, Quit (``TaskAction``).
  package var selectedAction = TaskAction.retry

  package var isDone: Bool { status == .succeeded || status == .skipped }
}

/// What a task's outcome lets the user do after it failed.
package enum TaskAction: String, CaseIterable, Equatable, Sendable {
  case retry
  case back
  case skip
  case quit

  package var title: String {
    switch self {
    case .retry: return "Retry"
    case .back: return "Back"
    case .skip: return "Skip"
    case .quit: return "Quit"
    }
  }
}

/// What a task runs with: the parts of its command that come from answers, and the answers
/// it names (`{{id}}`, `$STEPFLOW_ID`; `STEPFLOW_ANSWERS`: all of them).
package struct TaskInputs: Equatable, Sendable {
  package var arguments: [String] = []
  package var directory: String?
  package var environment: [String: String] = [:]
  package var answers: [String: String] = [:]
}

/// Where a step's task stands, for the screen, the keys and the commands.
package enum TaskPhase: Equatable, Sendable {
  /// It has not run, or an answer it uses changed since it ran (`changed`): Enter runs it.
  case ready(changed: Bool)
  case running
  case succeeded
  case failed
  case stopped
  case skipped
}
