import StepFlowCore
import StepFlowRender
import Synchronization

/// The last frame drawn with the step standing and nothing on its screen moving by itself: a
/// slide that leaves that step finds the screen it leaves in that frame's body, as the frame
/// showed it, instead of drawing it again (``FlowView/drawScreens(of:view:into:area:theme:)``).
///
/// The frame stays in the frame canvases' pool (the frame writer holds it too) until two more
/// frames are drawn; it is found there by its number, so a frame drawn over it since is never
/// taken for it.
package final class StandingFrame: Sendable {
  /// What a standing frame showed, besides its number.
  package struct Record: Equatable, Sendable {
    /// The frame's number (``Canvas/frameID``).
    package var id: UInt64
    /// The program's changes then (``FlowProgram/revision``).
    package var revision: Int
    package var width: Int
    package var height: Int
    /// Where the step's screen was.
    package var body: Rect
    package var theme: Theme
    package var compact: Bool
  }

  private let last = Mutex<Record?>(nil)

  package init() {}

  /// The last standing frame recorded, if the last frame was one.
  package var record: Record? { last.withLock { $0 } }

  /// Records the frame just drawn: `nil` when it was not a standing frame (another frame, or
  /// one where something moves or covers the screen).
  package func record(_ record: Record?) {
    last.withLock { $0 = record }
  }
}
