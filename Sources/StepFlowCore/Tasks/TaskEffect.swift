/// What a task belongs to: a step's work, a choice's options, a field's check, or the one
/// command of `stepflow gauge -- CMD`.
public enum TaskSubject: Hashable, Sendable {
  /// The task of step N (from 0).
  case step(Int)
  /// The `optionsFrom` command of a choice field.
  case options(field: String)
  /// The `validate` command of a text field.
  case check(field: String)
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

  /// The run the effect is about.
  public var id: TaskID {
    switch self {
    case .run(let id, _), .cancel(let id): return id
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
  /// Closure work reported progress.
  case report(TaskID, TaskReport)
  /// It ended; nothing more comes for this run.
  case ended(TaskID, TaskEnd)

  /// The run the event is about.
  public var id: TaskID {
    switch self {
    case .output(let id, _, _), .report(let id, _), .ended(let id, _): return id
    }
  }
}

/// What closure work is given: the answers so far, and a way to report progress.
///
/// Calls are cheap and may come from any thread; the screen shows the latest.
///
/// ```swift
/// StepWork { work in
///   for (i, file) in files.enumerated() {
///     try Task.checkCancellation()              // q and Ctrl-C cancel the work
///     work.progress(Double(i) / Double(files.count))
///     work.message("Uploading \(file)")
///     try await upload(file)
///   }
///   return ["uploaded": .number(files.count)]
/// }
/// ```
public struct StepWorkContext: Sendable {
  /// The answers given so far, by field id.
  public let answers: [String: FieldValue]
  private let send: @Sendable (TaskReport) -> Void

  /// A context with `answers` whose reports go to `report`.
  public init(answers: [String: FieldValue], report: @escaping @Sendable (TaskReport) -> Void) {
    self.answers = answers
    send = report
  }

  /// Sets how far the work is, 0…1 (clamped).
  public func progress(_ fraction: Double) {
    send(.fraction(fraction.isFinite ? min(1, max(0, fraction)) : 0))
  }

  /// Says what the work is doing now.
  public func message(_ text: String) { send(.message(text)) }

  /// Adds a line to the task's log (the `l` pane, and the tail under the progress).
  public func log(_ line: String) { send(.log(line)) }
}

/// Work a step of a Swift program does: an async closure given the answers and a progress reporter,
/// returning answers (merged into the flow's) or throwing (the step fails with the error's
/// description).
///
/// It is cancelled with `Task` cancellation when the user quits.
///
/// Two values are equal when they are the same closure value (made by the same `init`).
public struct StepWork: Hashable, Sendable {
  /// The closure: given the context, it returns answers or throws.
  public typealias Body = @Sendable (StepWorkContext) async throws -> [String: FieldValue]

  private final class Box: Sendable {
    let body: Body
    init(_ body: @escaping Body) { self.body = body }
  }

  private let box: Box

  /// Work done by `body`.
  public init(_ body: @escaping Body) { box = Box(body) }

  /// The closure.
  public var body: Body { box.body }

  /// Whether both are the same closure value.
  public static func == (a: StepWork, b: StepWork) -> Bool { a.box === b.box }
  /// Hashes the closure value's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
