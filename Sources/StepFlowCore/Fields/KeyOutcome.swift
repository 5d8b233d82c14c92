/// Whether a component used a key.
///
/// A component returns `.ignored` for keys it has no use for, so that the caller can give them
/// to the next one out: a form passes ↑/↓ it did not use to focus movement, and the flow gets
/// Enter, Tab, Esc and the rest.
package enum KeyOutcome: Hashable, Sendable {
  /// The key changed something or was consumed on purpose; nobody else should act on it.
  case handled
  /// The key means nothing here; pass it on.
  case ignored
  /// The key was for this component but cannot act (a letter in a date, a paste larger than
  /// the field, an option that cannot be picked): nothing changed, and the message says why.
  case refused(String)
}
