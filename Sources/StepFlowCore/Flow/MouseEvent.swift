/// A mouse report from the terminal (SGR 1006 reporting, which every current terminal
/// speaks): a button pressed or released, or the wheel turned, at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button (or the wheel pressed).
    case middle
    /// The secondary button.
    case right
  }

  /// What happened.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button came up (SGR reports say which; older reports do not, and say `.left`).
    case release(Button)
    /// The mouse moved with a button held.
    case drag(Button)
    /// The wheel turned away from the person (scroll up).
    case wheelUp
    /// The wheel turned towards the person (scroll down).
    case wheelDown
  }

  /// What happened.
  public var action: Action
  /// The column, from 0 at the left edge.
  public var column: Int
  /// The row, from 0 at the top.
  public var row: Int
  /// Whether Shift was held.
  public var shift: Bool
  /// Whether Alt (Meta) was held.
  public var alt: Bool
  /// Whether Control was held.
  public var control: Bool

  /// A mouse event at a cell, from 0.
  public init(
    _ action: Action, column: Int, row: Int, shift: Bool = false, alt: Bool = false,
    control: Bool = false
  ) {
    self.action = action
    self.column = column
    self.row = row
    self.shift = shift
    self.alt = alt
    self.control = control
  }
}
