/// What a ``ScreenProgram`` asks of the session after an event.
public enum ScreenAction: Equatable, Sendable {
  /// Keep running.
  case `continue`
  /// End the session with this exit code; the terminal is given back first.
  case exit(Int32)
}
