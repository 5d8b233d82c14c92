/// A check of one field's value written in Swift, beyond the built-in rules.
///
/// It returns what is wrong, in words after the field's label (`must not be taken`), or `nil`
/// when the value is fine. It runs after the built-in rules pass, only on a value that is
/// there (an empty field is the `required` rule's business), and its refusal goes the
/// built-in rules' way: the message under the field and Next refused; in a script, `next`
/// refused (exit 1 with `--commands`); with `--no-input`, `--set` or `--answers`, a located
/// problem (exit 65).
///
/// It is called whenever the field is checked — at every frame while its message may show —
/// so it should be quick and give the same answer for the same value.
///
/// A check that has to wait (a server's answer, a lookup on disk) is asynchronous instead
/// (``init(async:)``, or ``FieldSpec/validatingAsync(_:)``): it runs on Next, once per
/// distinct value, as a task with a spinner and the time while it runs (see ``AsyncCheck``).
///
/// Two validators are equal only when they are the same one (closures cannot be compared),
/// so a flow stays an `Equatable` value.
///
/// ```swift
/// let taken: Set = ["admin", "root"]
/// let user = try FieldSpec(id: "user", label: "User name", kind: .text(), required: true) {
///   value in
///   guard case .text(let name) = value else { return nil }
///   return taken.contains(name) ? "is taken — try another" : nil
/// }
/// ```
public struct FieldValidator: Hashable, Sendable {
  /// An asynchronous check of a value: what is wrong with it, or `nil`.
  ///
  /// It is given the value once the built-in rules and the synchronous check passed, when
  /// Next (or `finish`) would leave the step, and Next waits for it: a spinner and the
  /// elapsed time show under the step, and in scripts (`--commands`, `--script`) the next
  /// command waits. Its verdict is kept for the value, so it runs once per distinct value
  /// (going back and on again does not ask again). It is cancelled with `Task` cancellation
  /// when the person stops it (`stop`, x), quits (q, Ctrl-C) or the run ends; then no
  /// verdict is kept and Next is not taken. A refusal reads like a built-in rule's: the
  /// message under the field (`User name: is taken`) and Next refused.
  ///
  /// Whatever takes Next runs it and waits: an interactive run, a script (`--commands`,
  /// `--script`) and the `--no-input` walk. A `set` (or `--set`, `--answers`) alone does not:
  /// the value is checked when Next would leave its step.
  public typealias AsyncCheck = @Sendable (FieldValue) async -> String?

  private final class Box: Sendable {
    let check: (@Sendable (FieldValue) -> String?)?
    let later: AsyncCheck?
    init(_ check: (@Sendable (FieldValue) -> String?)?, later: AsyncCheck?) {
      self.check = check
      self.later = later
    }
  }

  private let box: Box

  /// A validator from a closure that says what is wrong with a value (`nil`: nothing).
  public init(_ check: @escaping @Sendable (FieldValue) -> String?) {
    box = Box(check, later: nil)
  }

  /// A validator whose check waits for something (see ``AsyncCheck``).
  public init(async check: @escaping AsyncCheck) { box = Box(nil, later: check) }

  /// A validator with both checks: `check` at once, `later` on Next once `check` passes.
  public init(
    _ check: @escaping @Sendable (FieldValue) -> String?, async later: @escaping AsyncCheck
  ) {
    box = Box(check, later: later)
  }

  /// The same validator with `later` as its asynchronous check (a new validator).
  package func adding(async later: @escaping AsyncCheck) -> FieldValidator {
    guard let check = box.check else { return FieldValidator(async: later) }
    return FieldValidator(check, async: later)
  }

  /// What the synchronous check finds wrong with `value`, or `nil` (also without one).
  public func callAsFunction(_ value: FieldValue) -> String? { box.check?(value) }

  /// The asynchronous check, when the validator has one.
  public var asyncCheck: AsyncCheck? { box.later }

  /// Whether the two are the same validator (made by the same `init` call).
  public static func == (a: FieldValidator, b: FieldValidator) -> Bool { a.box === b.box }

  /// Hashes the validator's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
