import StepFlowCore

/// The look of a `.spinner` progressor (an activity indicator).
public struct SpinnerProgressorParameter: Equatable, Sendable {
  /// The frames a spinner cycles through.
  public enum Frames: Sendable {
    /// Braille dots turning: `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏` (a line in ASCII).
    case dots
    /// A turning line: `|/-\`.
    case line
  }

  /// The frames it cycles through.
  public var frames: Frames
  /// The style of the spinner; a default background keeps what is underneath.
  public var style: Style
  /// How long each frame shows.
  public var interval: Duration

  /// Braille dots in the terminal's foreground, a new frame every 80 ms.
  public init(
    frames: Frames = .dots, style: Style = .plain, interval: Duration = .milliseconds(80)
  ) {
    self.frames = frames
    self.style = style
    self.interval = interval
  }
}

/// An activity indicator centred in the region: one cell whose frame is a function of the time
/// since it started.
///
/// It spins until the indicator ends; its ending only fades it out.
public struct SpinnerProgressor: ProgressorView {
  /// How it looks.
  public var parameter: SpinnerProgressorParameter
  private var startedAt: Duration = .zero
  private var endedAt: Duration?

  /// A spinner with the default look.
  public init() { self.init(SpinnerProgressorParameter()) }

  /// A spinner that looks as `parameter` says.
  public init(_ parameter: SpinnerProgressorParameter) {
    self.parameter = parameter
  }

  /// Starts turning at `now` (its look is the parameter it was made with: `.spinner(_:)`).
  public mutating func start(
    parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming
  ) -> Duration {
    startedAt = now
    return .zero
  }

  /// Stops turning; no ending animation.
  public mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    endedAt = now
    return .zero
  }

  /// The frames for a glyph style.
  private func frames(_ glyphs: ProgressGlyphs) -> [String] {
    parameter.frames == .dots ? glyphs.spinnerDots : glyphs.spinnerLine
  }

  /// The index of the frame shown at `now` among `count` frames.
  public func frameIndex(at now: Duration, count: Int) -> Int {
    guard count > 0, parameter.interval > .zero else { return 0 }
    let shown = min(now, endedAt ?? now)
    let elapsed = max(.zero, shown - startedAt)
    return Int((elapsed / parameter.interval).rounded(.down)) % count
  }

  /// The symbol shown at `now`.
  public func symbol(at now: Duration, glyphs: Glyphs) -> String {
    let frames = frames(ProgressGlyphs.for(glyphs))
    return frames[frameIndex(at: now, count: frames.count)]
  }

  /// When the next frame is due.
  public func nextFrame(after now: Duration) -> Duration? {
    guard endedAt == nil, parameter.interval > .zero else { return nil }
    guard now >= startedAt else { return startedAt }
    let steps = Int(((now - startedAt) / parameter.interval).rounded(.down)) + 1
    return startedAt + parameter.interval * steps
  }

  /// Draws the frame due at `now` in `area`.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    guard !area.isEmpty else { return }
    ProgressDrawing.put(
      symbol(at: now, glyphs: glyphs), x: ProgressDrawing.centeredX(1, in: area),
      y: area.y + area.height / 2, style: parameter.style, into: &canvas)
  }
}
