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
