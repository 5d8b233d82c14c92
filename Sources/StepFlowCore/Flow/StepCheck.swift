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
  private final class Box: Sendable {
    let check: @Sendable ([String: FieldValue]) -> [String: String]
    init(_ check: @escaping @Sendable ([String: FieldValue]) -> [String: String]) {
      self.check = check
    }
  }

  private let box: Box

  /// A step check from a closure that returns messages by field id (empty: all is well).
  public init(_ check: @escaping @Sendable ([String: FieldValue]) -> [String: String]) {
    box = Box(check)
  }

  /// The messages by field id for the step's answers.
  public func callAsFunction(_ answers: [String: FieldValue]) -> [String: String] {
    box.check(answers)
  }

  /// Whether the two are the same check (made by the same `init` call).
  public static func == (a: StepCheck, b: StepCheck) -> Bool { a.box === b.box }

  /// Hashes the check's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
