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
}
