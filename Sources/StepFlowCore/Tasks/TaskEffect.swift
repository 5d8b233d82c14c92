/// What a task belongs to: a step's work, a choice's options, a field's check, or the one
/// command of `stepflow gauge -- CMD`.
public enum TaskSubject: Hashable, Sendable {
  /// The task of step N (from 0).
  case step(Int)
  /// The `optionsFrom` command of a choice field.
  case options(field: String)
  /// The check of a field's value: its `validate` command, or the program's asynchronous
  /// check (``FieldValidator/AsyncCheck``).
  case check(field: String)
  /// The program's asynchronous check across step N's fields (``StepCheck/AsyncCheck``).
  case stepCheck(Int)
  /// A command run on its own (`stepflow gauge -- CMD`).
  case command
}

/// One run of a task: its subject and a number that grows with every run, so that what comes
/// back from a run that was stopped is never taken for the run that replaced it.
public struct TaskID: Hashable, Sendable, CustomStringConvertible {
  /// What the task belongs to.
  public var subject: TaskSubject
  /// Which run of it this is.
  public var run: Int

  /// Run `run` of `subject`'s task.
  public init(_ subject: TaskSubject, run: Int) {
    self.subject = subject
    self.run = run
  }

  /// `subject run N`, for messages and tests.
  public var description: String { "\(subject) run \(run)" }
}

/// The work a task does: a command, or a closure given by a Swift program.
public enum TaskWork: Equatable, Sendable {
  case command(TaskLaunch)
  /// A closure, with the answers it is given.
  case closure(StepWork, answers: [String: FieldValue])
}

/// What the pure core asks the world to do — described as data, never done by the core: the
/// loop at the I/O edge hands ``run(_:_:)`` to the process runner (or runs the closure) and
/// ``cancel(_:)`` stops it; what happens comes back as ``TaskEvent``s.
public enum TaskEffect: Equatable, Sendable {
  case run(TaskID, TaskWork)
  case cancel(TaskID)
  /// The run's whole log is on the screen (the `l` pane), or no longer: while it is, all of a
  /// flood's output comes back at the frame rate (and at once when it opens); otherwise only
  /// the end the step shows, ten times a second. Nothing for output that is no flood.
  case watchLog(TaskID, Bool)

  /// The run the effect is about.
  public var id: TaskID {
    switch self {
    case .run(let id, _), .cancel(let id), .watchLog(let id, _): return id
    }
  }
}

/// What closure work reports while it runs (``StepWorkContext``).
public enum TaskReport: Equatable, Sendable {
  /// How far it is, 0…1.
  case fraction(Double)
  /// What it is doing now, in words.
  case message(String)
  /// A line for the task's log.
  case log(String)
}

/// What comes back from a task.
public enum TaskEvent: Equatable, Sendable {
  /// Bytes the command wrote.
  case output(TaskID, TaskStream, [UInt8])
  /// The command wrote this many bytes that were let pass unread (a flood on a stream that is
  /// only logged, ``TaskLaunch/logOnly``): what comes next follows them. Negative: what comes
  /// next starts that many bytes before the end of what came — a flood's last bytes, of which
  /// only the end was sent, sent again whole (the log replaces what it kept with them).
  case skipped(TaskID, TaskStream, Int)
  /// Closure work reported progress.
  case report(TaskID, TaskReport)
  /// It ended; nothing more comes for this run.
  case ended(TaskID, TaskEnd)

  /// The run the event is about.
  public var id: TaskID {
    switch self {
    case .output(let id, _, _), .skipped(let id, _, _), .report(let id, _), .ended(let id, _):
      return id
    }
  }
}
