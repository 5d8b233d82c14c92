import StepFlowCore

/// Whether a bar or ring shows a ratio or just that something is happening.
public enum ProgressKind: Sendable {
  /// Filled in proportion to the completion ratio.
  case proportional
  /// A segment (or an arc) that keeps moving; the ratio is not shown.
  case endless
}

/// The look of a `.bar` progressor.
public struct BarProgressorParameter: Equatable, Sendable {
  /// The edge of the region the bar lies along.
  public enum Side: Sendable {
    case top
    case bottom
  }

  /// Proportional (a share filled) or endless (a band moving across).
  public var kind: ProgressKind
  /// The edge of the region it lies along.
  public var side: Side
  /// The colour of the filled part (the track is drawn in it, dimmed).
  public var color: Color
  /// The bar's height in rows.
  public var height: Int
  /// Whether the empty part is drawn as a track (`░`, `-` in ASCII) or left as it was.
  public var showsTrack: Bool
  /// How long an endless bar's segment takes to move by one cell.
  public var stepInterval: Duration

  /// By default proportional, at the top, a grey bar (half-transparent black on a light
  /// screen) one row high.
  public init(
    kind: ProgressKind = .proportional, side: Side = .top, color: Color = .gray,
    height: Int = 1, showsTrack: Bool = true, stepInterval: Duration = .milliseconds(50)
  ) {
    self.kind = kind
    self.side = side
    self.color = color
    self.height = max(1, height)
    self.showsTrack = showsTrack
    self.stepInterval = stepInterval
  }

  /// An endless bar with the other settings at their defaults.
  public static let endless = BarProgressorParameter(kind: .endless)
}

/// A bar along the top or bottom edge of the region: filled with eighth-block precision in
/// proportion to the ratio, or an endless moving segment.
///
/// Ending fills the bar from the current ratio to full in `(1 − ratio) × maxEndingDuration`
/// (an endless bar fills from its last reported ratio).
public struct BarProgressor: ProgressorView {
  /// How it looks.
  public var parameter: BarProgressorParameter
  private var track = ProgressTrack()
  private var startedAt: Duration = .zero
  /// The last ratio given.
  public var progress: Double { track.progress }

  /// A bar with the default look.
  public init() { self.init(BarProgressorParameter()) }

  /// A bar that looks as `parameter` says.
  public init(_ parameter: BarProgressorParameter) {
    self.parameter = parameter
  }

  /// Starts moving at `now` (its look is the parameter it was made with: `.bar(_:)`).
  public mutating func start(
    parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming
  ) -> Duration {
    startedAt = now
    return .zero
  }

  /// Fills the bar to `progress`.
  public mutating func update(progress: Double) { track.update(progress) }

  /// Fills what is left, in a time proportional to it.
  public mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    track.end(at: now, timing: timing)
  }

  /// The next step of an endless band or of the ending fill.
  public func nextFrame(after now: Duration) -> Duration? {
    if track.ending != nil { return track.endingFrame(after: now) }
    guard parameter.kind == .endless else { return nil }
    return ProgressTrack.nextStep(after: now, start: startedAt, interval: parameter.stepInterval)
  }

  /// Draws the bar along its edge of `area`.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    let rows = parameter.side == .top ? area.top(parameter.height) : area.bottom(parameter.height)
    guard !rows.isEmpty else { return }
    let progressGlyphs = ProgressGlyphs.for(glyphs)
    var cells: [String?]
    if let ending = track.ending {
      cells = Self.proportionalCells(
        ratio: ending.ratio(at: now), width: rows.width, glyphs: progressGlyphs)
    } else if parameter.kind == .endless {
      cells = endlessCells(width: rows.width, at: now, glyphs: progressGlyphs)
    } else {
      cells = Self.proportionalCells(ratio: progress, width: rows.width, glyphs: progressGlyphs)
    }
    let filled = Style(foreground: parameter.color)
    let track = Style(foreground: parameter.color, attributes: .dim)
    for y in rows.y..<rows.maxY {
      for (i, symbol) in cells.enumerated() {
        if let symbol {
          ProgressDrawing.put(symbol, x: rows.x + i, y: y, style: filled, into: &canvas)
        } else if parameter.showsTrack {
          ProgressDrawing.put(
            progressGlyphs.barTrack, x: rows.x + i, y: y, style: track, into: &canvas)
        }
      }
    }
  }

  /// The symbols of a proportional bar `width` cells wide at `ratio`: full cells, one partial
  /// cell in eighths, then `nil` for the track.
  package static func proportionalCells(ratio: Double, width: Int, glyphs: ProgressGlyphs)
    -> [String?]
  {
    let clamped = min(1, max(0, ratio))
    let eighths = glyphs.isUnicode ? 8 : 1
    // A tiny allowance so that 0.37 × 80 cells does not fall one eighth short to rounding.
    let units = Int((clamped * Double(width * eighths) + 1e-9).rounded(.down))
    var cells = [String?](repeating: nil, count: width)
    for i in 0..<min(width, units / eighths) { cells[i] = glyphs.barFull }
    let rest = units % eighths
    if rest > 0, units / eighths < width { cells[units / eighths] = glyphs.barEighths[rest - 1] }
    return cells
  }

  /// The symbols of the endless bar at `now`: a segment a quarter of the width wide that enters
  /// on the left, crosses the bar one cell per step and leaves on the right, again and again.
  private func endlessCells(width: Int, at now: Duration, glyphs: ProgressGlyphs) -> [String?] {
    let segment = max(1, width / 4)
    let positions = width + segment
    let elapsed = max(.zero, now - startedAt)
    let step =
      parameter.stepInterval > .zero ? Int((elapsed / parameter.stepInterval).rounded(.down)) : 0
    let head = step % positions
    var cells = [String?](repeating: nil, count: width)
    for i in 0..<width where i > head - segment && i <= head {
      cells[i] = glyphs.barFull
    }
    return cells
  }
}
