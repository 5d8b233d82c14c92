/// What a step's check (``StepCheck``) said about one form's fields on the last Next, and the
/// answers it saw: a message shows under its field only while the answers are those.
package struct StepCheckResult: Hashable, Sendable {
  /// The form's answers when the check ran.
  package var answers: [String: FieldValue]
  /// The check's messages for the form's fields, as errors naming them, in field order.
  package var problems: [FieldError]
}
