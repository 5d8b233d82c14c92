import StepFlowCore

/// What a ``ScreenProgram`` is told by the terminal session that runs it.
public enum ScreenEvent: Equatable, Sendable {
  /// A key, a paste, or a mouse event (``Key/mouse(_:)``, when ``TerminalScreen/Options/mouse``
  /// is on); Ctrl-C and Ctrl-Z never arrive: the session handles them.
  case key(Key)
  /// The terminal's size, sent once at the start and after every change.
  case resize(width: Int, height: Int)
  /// A deadline the program asked for (``ScreenProgram/nextDeadline(after:)``) was reached.
  case tick
}
