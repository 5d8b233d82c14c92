import StepFlowCore

/// The look of a `.color` backdrop: a colour and how opaque it is.
public struct ColorProgressorParameter: Equatable, Sendable {
  /// The colour laid over the region.
  public var color: Color
  /// How much of it covers what is underneath, 0…1.
  public var opacity: Double

  /// By default white at half opacity — a light, translucent-looking grey.
  public init(color: Color = .white, opacity: Double = 0.5) {
    self.color = color
    self.opacity = min(1, max(0, opacity))
  }
}

/// A backdrop that tints the whole region: each cell's background is blended toward the colour
/// by the opacity, and its text stays readable on top.
///
/// A cell on the terminal's default background (whose colour is unknown) is blended as if that
/// background were black — the usual terminal — which gives the default a mid grey.
public struct ColorProgressor: ProgressorView {
  /// The colour and its opacity.
  public var parameter: ColorProgressorParameter

  /// What the terminal's default background is taken to be when blending over it.
  package static let assumedBackground = Color.black

  /// White at half opacity.
  public init() { self.init(ColorProgressorParameter()) }

  /// A backdrop as `parameter` says.
  public init(_ parameter: ColorProgressorParameter) {
    self.parameter = parameter
  }

  /// The background of a cell once tinted.
  public func tinted(_ background: Color) -> Color {
    let below = background.rgbComponents == nil ? Self.assumedBackground : background
    return parameter.color.withOpacity(parameter.opacity, over: below)
  }

  /// Lays the colour over what `area` already shows.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    canvas.restyle(area) { style in
      style.background = tinted(style.background)
    }
  }
}
