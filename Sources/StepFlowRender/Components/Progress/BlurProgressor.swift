import StepFlowCore

/// The look of a `.blur` backdrop (the seed's `BlurProgressorParameter`, a blur effect style).
public enum BlurProgressorParameter: Equatable, Sendable {
  /// Washes what is underneath out toward white.
  case light
  /// Darkens what is underneath toward black.
  case dark

  /// The seed's default.
  public static let standard = BlurProgressorParameter.light
}

/// A backdrop that dims what is underneath the region, so the progressors drawn after it stand
/// out: the background moves toward white (light) or black (dark), the text toward the
/// background, and every cell is marked `dim`, which is all a terminal without known colours
/// shows.
public struct BlurProgressor: ProgressorView {
  public var parameter: BlurProgressorParameter

  /// How far the background moves toward white or black, and the text toward the background.
  package static let backgroundShift = 0.6
  package static let textShift = 0.5

  public init() { self.init(.standard) }

  public init(_ parameter: BlurProgressorParameter) {
    self.parameter = parameter
  }

  /// A cell's style once dimmed.
  public func blurred(_ style: Style) -> Style {
    var result = style.dim
    let target: Color = parameter == .light ? .white : .black
    if style.background.rgbComponents != nil {
      result.background = style.background.blended(with: target, by: Self.backgroundShift)
    }
    if style.foreground.rgbComponents != nil, result.background.rgbComponents != nil {
      result.foreground = style.foreground.blended(with: result.background, by: Self.textShift)
    }
    return result
  }

  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    canvas.restyle(area) { style in
      style = blurred(style)
    }
  }
}
