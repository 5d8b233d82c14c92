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
  private final class Box: Sendable {
    let check: @Sendable (FieldValue) -> String?
    init(_ check: @escaping @Sendable (FieldValue) -> String?) { self.check = check }
  }

  private let box: Box

  /// A validator from a closure that says what is wrong with a value (`nil`: nothing).
  public init(_ check: @escaping @Sendable (FieldValue) -> String?) { box = Box(check) }

  /// What is wrong with `value`, or `nil`.
  public func callAsFunction(_ value: FieldValue) -> String? { box.check(value) }

  /// Whether the two are the same validator (made by the same `init` call).
  public static func == (a: FieldValidator, b: FieldValidator) -> Bool { a.box === b.box }

  /// Hashes the validator's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
