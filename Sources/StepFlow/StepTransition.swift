import StepFlowCore
import StepFlowRender

/// A push transition between two steps: the screen being left, the way it goes, and its timing.
package struct StepTransition: Equatable, Sendable {
  /// The state it leaves, in a box its copies share: a state is dozens of references, and a
  /// frame of the slide reads the transition (and copies it) several times.
  private let left: Left
  package var direction: Direction
  package var timing: Transition
  /// The two screens of the slide, drawn once and kept while it runs.
  package var canvases = SlideCanvases()
  /// The program's changes (``FlowProgram/revision``) when it showed `from`: a frame drawn
  /// then shows the screen this slide leaves (``StandingFrame``).
  package var fromRevision = -1

  package init(
    from: FlowState, direction: Direction, timing: Transition,
    canvases: SlideCanvases = SlideCanvases(), fromRevision: Int = -1
  ) {
    self.left = Left(from)
    self.direction = direction
    self.timing = timing
    self.canvases = canvases
    self.fromRevision = fromRevision
  }

  /// The state the transition leaves.
  package var from: FlowState { left.state }

  package static func == (a: StepTransition, b: StepTransition) -> Bool {
    (a.left === b.left || a.left.state == b.left.state) && a.direction == b.direction
      && a.timing == b.timing && a.canvases == b.canvases && a.fromRevision == b.fromRevision
  }

  /// A state, shared.
  private final class Left: Sendable {
    let state: FlowState

    init(_ state: FlowState) { self.state = state }
  }
}
