import StepFlowCore
import StepFlowText

/// The look of a `.label` progressor: the cell style of its text.
public struct LabelProgressorParameter: Equatable, Sendable {
  /// The style of the percent text; a default background keeps what is underneath.
  public var style: Style

  /// By default the terminal's own foreground, bold.
  public init(style: Style = Style(attributes: .bold)) {
    self.style = style
  }
}

/// The completion ratio as a percent text (`37%`), centred in the region.
///
/// The percentage is rounded down, so `100%` shows only when the work is done. Ending counts
/// it up to `100%` in `(1 − ratio) × maxEndingDuration`.
public struct LabelProgressor: ProgressorView {
  /// The style of the percent text.
  public var parameter: LabelProgressorParameter
  private var track = ProgressTrack()
  /// The last ratio given.
  public var progress: Double { track.progress }

  /// A label in bold.
  public init() { self.init(LabelProgressorParameter()) }

  /// A label as `parameter` says.
  public init(_ parameter: LabelProgressorParameter) {
    self.parameter = parameter
  }

  /// Shows `progress` as a percentage.
  public mutating func update(progress: Double) { track.update(progress) }

  /// Counts up to 100 %, in a time proportional to what is left.
  public mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    track.end(at: now, timing: timing)
  }

  /// The next number while it counts up.
  public func nextFrame(after now: Duration) -> Duration? {
    track.endingFrame(after: now)
  }

  /// The whole percent shown for a ratio: rounded down, with a tiny allowance so that 0.29
  /// shows `29%` despite binary fractions.
  public static func percent(of ratio: Double) -> Int {
    Int((min(1, max(0, ratio)) * 100 + 1e-9).rounded(.down))
  }

  /// The text shown at `now`.
  public func text(at now: Duration) -> String {
    let ratio = track.ending?.ratio(at: now) ?? progress
    return String(Self.percent(of: ratio)) + "%"
  }

  /// Draws the percentage centred in `area`.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    guard !area.isEmpty else { return }
    let text = text(at: now)
    let width = DisplayWidth.of(text)
    ProgressDrawing.text(
      text, x: ProgressDrawing.centeredX(width, in: area), y: area.y + area.height / 2,
      style: parameter.style, limit: min(width, area.width), into: &canvas)
  }
}
