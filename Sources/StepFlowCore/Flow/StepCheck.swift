/// A check across the fields of one step, written in Swift.
///
/// Given the step's answers by field id (its own fields and the selected tab's; a field
/// without a value is absent), it returns what is wrong by field id — each message is shown
/// under that field, after its label, until the answers change, and Next is refused, as for the built-in rules (a message for an id
/// that is no field of the step refuses Next too, named by the id). It runs on Next (and in
/// `--no-input` walks, and where a run checks a step's answers) once every field of the step
/// passes its own rules.
///
/// ```swift
/// let passwords = StepCheck { answers in
///   answers["password"] == answers["repeat"] ? [:] : ["repeat": "must be the same password"]
/// }
/// ```
public struct StepCheck: Hashable, Sendable {
  /// An asynchronous check across the step's fields: messages by field id (empty: all is
  /// well).
  ///
  /// It runs on Next (or `finish`) once every field passes its rules, its synchronous check
  /// and its own asynchronous check, and Next waits for it with a spinner and the elapsed
  /// time; scripts (`--commands`, `--script`) and the `--no-input` walk wait too. Its verdict
  /// is kept for the step's answers, so the same answers are not checked twice. Stopping it
  /// (x, `stop`), quitting or the run ending cancels its `Task`; then nothing is kept and
  /// Next is not taken. Its messages show under the fields they name and refuse Next, as the
  /// synchronous check's do.
  ///
  /// ```swift
  /// let booking = StepCheck(async: { answers in
  ///   guard case .text(let day)? = answers["day"] else { return [:] }
  ///   return await calendar.isFree(day) ? [:] : ["day": "is fully booked"]
  /// })
  /// ```
  public typealias AsyncCheck = @Sendable ([String: FieldValue]) async -> [String: String]

  private final class Box: Sendable {
    let check: (@Sendable ([String: FieldValue]) -> [String: String])?
    let later: AsyncCheck?
    init(_ check: (@Sendable ([String: FieldValue]) -> [String: String])?, later: AsyncCheck?) {
      self.check = check
      self.later = later
    }
  }

  private let box: Box

  /// A step check from a closure that returns messages by field id (empty: all is well).
  public init(_ check: @escaping @Sendable ([String: FieldValue]) -> [String: String]) {
    box = Box(check, later: nil)
  }

  /// A step check that waits for something (see ``AsyncCheck``).
  public init(async check: @escaping AsyncCheck) { box = Box(nil, later: check) }

  /// A step check with both: `check` at once, `later` on Next once `check` finds nothing.
  public init(
    _ check: @escaping @Sendable ([String: FieldValue]) -> [String: String],
    async later: @escaping AsyncCheck
  ) {
    box = Box(check, later: later)
  }

  /// The synchronous check's messages by field id for the step's answers (empty without one).
  public func callAsFunction(_ answers: [String: FieldValue]) -> [String: String] {
    box.check?(answers) ?? [:]
  }

  /// The asynchronous check, when there is one.
  public var asyncCheck: AsyncCheck? { box.later }

  /// Whether the two are the same check (made by the same `init` call).
  public static func == (a: StepCheck, b: StepCheck) -> Bool { a.box === b.box }

  /// Hashes the check's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
