import StepFlow

/// What the user's config file asks for (`$XDG_CONFIG_HOME/stepflow/config.json`), as typed
/// values; `nil` where it says nothing.
///
/// A run's settings are layered, the first that says winning: the command line's options, then
/// the environment (`STEPFLOW_THEME`, `NO_COLOR`, `STEPFLOW_REDUCED_MOTION`, the locale …),
/// then these, then the wizard's own.
package struct UserSettings: Equatable, Sendable {
  /// The theme (`theme`).
  package var theme: ThemePreset? = nil
  /// The glyph set (`glyphs`); the locale still makes it ASCII when it is not UTF-8.
  package var glyphs: GlyphStyle? = nil
  /// Whether transitions animate (`animation`).
  package var animation: Bool? = nil
  /// Whether clicks and the wheel reach stepflow (`mouse`; `--no-mouse` beats `true`).
  package var mouse: Bool? = nil
  /// Whether `run` and `rate` draw inline by default (`inline`; `--fullscreen` beats it).
  package var inline: Bool? = nil
  /// The keys moved (`keys`), already checked.
  package var keys: KeyRemaps? = nil

  /// Nothing asked for.
  package init() {}
}
