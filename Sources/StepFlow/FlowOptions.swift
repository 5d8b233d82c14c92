import StepFlowCore
import StepFlowRender
import StepFlowText

/// What a running flow looks like on the terminal.
package enum FlowLayout: Equatable, Sendable {
  /// The wizard's screen: navigation bar, strip, the step, buttons and key hints.
  case wizard
  /// One question (`stepflow ask`): the flow's one field and its key hints, nothing else.
  case question
}

/// How a flow is shown and driven: glyphs, strip position, animation, automatic advance.
package struct FlowOptions: Equatable, Sendable {
  package var glyphs: GlyphStyle
  /// A wizard's screen, or one question.
  package var layout = FlowLayout.wizard
  /// Overrides the flow's extra-content position.
  package var position: ExtraContentPosition?
  /// Whether step changes animate (push transitions, colour blends).
  package var animate: Bool
  /// Whether steps with a progress stage advance by themselves (`--auto`).
  package var auto: Bool
  /// How long a push transition takes.
  package var transitionDuration: Duration
  /// The colours the screen shows (`.none` without colour): custom strip cells and screens
  /// are told, so that they can draw reached and pending steps apart without colour.
  package var colorDepth: ColorDepth
  /// What fields may consult outside the pure core: today, the files, the environment.
  package var context: FieldContext
  /// The user's theme, applied on top of the flow's and the step's colours.
  package var theme: ThemePreset
  /// Whether the program runs on a terminal it can hand to an editor (Ctrl-E).
  package var handsOverTerminal: Bool
  /// The keys the user moved (the config file's `keys`): the program's state carries them
  /// (``FlowState/keyRemaps``), so keys, hints and `?` obey them and nothing reads a global.
  package var keys: KeyRemaps

  package init(
    glyphs: GlyphStyle = .unicode, position: ExtraContentPosition? = nil, animate: Bool = false,
    auto: Bool = false, transitionDuration: Duration = .milliseconds(250),
    colorDepth: ColorDepth = .truecolor, context: FieldContext = .detached,
    theme: ThemePreset = .standard, handsOverTerminal: Bool = false, keys: KeyRemaps = .none
  ) {
    self.keys = keys
    self.theme = theme
    self.colorDepth = colorDepth
    self.handsOverTerminal = handsOverTerminal
    self.glyphs = glyphs
    self.position = position
    self.animate = animate
    self.auto = auto
    self.transitionDuration = transitionDuration
    self.context = context
  }
}
