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
