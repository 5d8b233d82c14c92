import StepFlowCore

/// The look of a `.blur` backdrop: which way what is underneath is washed out.
public enum BlurProgressorParameter: Equatable, Sendable {
  /// Washes what is underneath out toward white.
  case light
  /// Darkens what is underneath toward black.
  case dark

  /// The default: ``light``.
  public static let standard = BlurProgressorParameter.light
}

/// A backdrop that dims what is underneath the region, so the progressors drawn after it stand
/// out: the background moves toward white (light) or black (dark), the text toward the
/// background, and every cell is marked `dim`, which is all a terminal without known colours
/// shows.
public struct BlurProgressor: ProgressorView {
  /// How it washes out what is underneath.
  public var parameter: BlurProgressorParameter

  /// How far the background moves toward white or black, and the text toward the background.
  package static let backgroundShift = 0.6
  package static let textShift = 0.5

  /// A light blur.
  public init() { self.init(.standard) }

  /// A blur as `parameter` says.
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

  /// Dims what `area` already shows.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    canvas.restyle(area) { style in
      style = blurred(style)
    }
  }
}
