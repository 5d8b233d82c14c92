/// The colours a screen is drawn with; a step may override the accent and background.
public struct Theme: Equatable, Sendable {
  /// Reached steps, the selected tab's underline, focused controls.
  public var accent: Color
  /// Pending steps, hints, the examples shown in empty fields.
  public var inactive: Color
  /// Text.
  public var foreground: Color
  /// The screen's background (`.default`: the terminal's own).
  public var background: Color
  /// Validation messages.
  public var error: Color

  /// A theme; by default a blue accent on the terminal's own colours.
  public init(
    accent: Color = .blue, inactive: Color = .gray, foreground: Color = .default,
    background: Color = .default, error: Color = .red
  ) {
    self.accent = accent
    self.inactive = inactive
    self.foreground = foreground
    self.background = background
    self.error = error
  }

  /// A theme between `self` (0) and `other` (1), for colour transitions.
  public func blended(with other: Theme, by fraction: Double) -> Theme {
    Theme(
      accent: accent.blended(with: other.accent, by: fraction),
      inactive: inactive.blended(with: other.inactive, by: fraction),
      foreground: foreground.blended(with: other.foreground, by: fraction),
      background: background.blended(with: other.background, by: fraction),
      error: error.blended(with: other.error, by: fraction))
  }
}
