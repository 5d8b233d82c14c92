/// Which way a step change goes: forward pushes the new screen in from the trailing edge.
package enum Direction: Equatable, Sendable {
  case forward
  case backward
}

/// What applying a command did.
package enum Outcome: Equatable, Sendable {
  /// The current step changed.
  case moved(from: Int?, to: Int?, direction: Direction)
  /// The flow started over (`reset`): back at its start, the answers given beforehand kept.
  /// Unlike moving back to the first step, every step is new again (a stage runs again).
  case startedOver(from: Int?, to: Int?)
  /// The selected tab of the current step changed.
  case tabChanged(from: Int, to: Int)
  /// Something changed on the current step (an answer, the focus).
  case changed
  /// The command was refused; the state is unchanged. The message says why.
  case refused(String)
  /// The flow was finished.
  case finished
  /// The flow was cancelled.
  case cancelled
}
