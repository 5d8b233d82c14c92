/// Why a terminal session could not start.
///
/// There is no terminal, it cannot be put in raw mode, or another session runs in this
/// process; nothing was changed then.
public struct ScreenError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason, as a person reads it (`cannot open /dev/tty: No such device or address`).
  public var description: String

  /// An error with its reason.
  public init(_ description: String) {
    self.description = description
  }
}
