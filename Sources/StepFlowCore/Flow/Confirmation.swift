/// A question asked before a key loses answers: quitting or starting over.
///
/// While it is asked (``FlowState/pendingConfirmation``), `y` does what it asks and `n` or Esc
/// carries on.
package enum Confirmation: Equatable, Sendable {
  case quit
  case reset

  /// The question, as the screen asks it.
  package var question: String {
    switch self {
    case .quit: return "Quit and lose your answers? y/n"
    case .reset: return "Start over and lose your answers? y/n"
    }
  }

  /// What y does.
  package var command: Command { self == .quit ? .quit : .reset }
}
