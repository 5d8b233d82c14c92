import StepFlowCore
import StepFlowRender

/// A push transition between two steps: the screen being left, the way it goes, and its timing.
package struct StepTransition: Equatable, Sendable {
  package var from: FlowState
  package var direction: Direction
  package var timing: Transition
  /// The two screens of the slide, drawn once and kept while it runs.
  package var canvases = SlideCanvases()
  /// The program's changes (``FlowProgram/revision``) when it showed `from`: a frame drawn
  /// then shows the screen this slide leaves (``StandingFrame``).
  package var fromRevision = -1
}
