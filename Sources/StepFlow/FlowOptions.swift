import StepFlowCore
import StepFlowRender
import StepFlowText

/// How a flow is shown and driven: glyphs, strip position, animation, automatic advance.
package struct FlowOptions: Equatable, Sendable {
  package var glyphs: GlyphStyle
  /// Overrides the flow's extra-content position.
  package var position: ExtraContentPosition?
  /// Whether step changes animate (push transitions, colour blends).
  package var animate: Bool
  /// Whether steps with a progress stage advance by themselves (`--auto`).
  package var auto: Bool
  /// How long a push transition takes.
  package var transitionDuration: Duration

  package init(
    glyphs: GlyphStyle = .unicode, position: ExtraContentPosition? = nil, animate: Bool = false,
    auto: Bool = false, transitionDuration: Duration = .milliseconds(250)
  ) {
    self.glyphs = glyphs
    self.position = position
    self.animate = animate
    self.auto = auto
    self.transitionDuration = transitionDuration
  }
}

/// A question asked before a key loses answers: quitting or starting over.
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

  /// The question in at most `width` columns: its words cut before the keys, so `y/n`
  /// always shows.
  package func question(fitting width: Int, ellipsis: String) -> String {
    let keys = " y/n"
    let full = question
    guard DisplayWidth.of(full) > width, full.hasSuffix(keys) else { return full }
    let words = String(full.dropLast(keys.count))
    let room = width - keys.count
    guard room > 0 else { return TextLayout.truncate(full, toWidth: width, ellipsis: ellipsis) }
    return TextLayout.truncate(words, toWidth: room, ellipsis: ellipsis) + keys
  }

  /// What y does.
  package var command: Command { self == .quit ? .quit : .reset }
}

/// A push transition between two steps: the screen being left, the way it goes, and its timing.
package struct StepTransition: Equatable, Sendable {
  package var from: FlowState
  package var direction: Direction
  package var timing: Transition
}
