import StepFlowCore

/// The look of a `.ring` progressor.
public struct RingProgressorParameter: Equatable, Sendable {
  /// Proportional (an arc of the share done) or endless (an arc going round).
  public var kind: ProgressKind
  /// The colour of the arc (the rest of the track is drawn in it, dimmed).
  public var color: Color
  /// The radius of the ring's centre line, in braille dots (a cell is 2 dots wide, 4 high).
  public var radius: Double
  /// The thickness of the ring, in dots.
  public var lineWidth: Double
  /// Whether the part of the ring not yet reached is drawn, dimmed.
  public var showsTrack: Bool
  /// How long an endless ring's arc takes to go round once (in 24 steps).
  public var period: Duration

  /// By default proportional, a grey ring (half-transparent black on a light screen) of radius 12
  /// and line width 4, read as braille dots: a ring 14 cells wide and 7 rows high.
  public init(
    kind: ProgressKind = .proportional, color: Color = .gray, radius: Double = 12,
    lineWidth: Double = 4, showsTrack: Bool = true, period: Duration = .milliseconds(1200)
  ) {
    self.kind = kind
    self.color = color
    self.radius = max(0, radius)
    self.lineWidth = max(1, lineWidth)
    self.showsTrack = showsTrack
    self.period = period
  }

  /// An endless ring with the other settings at their defaults.
  public static let endless = RingProgressorParameter(kind: .endless)
}

/// A ring centred in the region, drawn with braille dots (in ASCII, one `*` or `.` per cell):
/// an arc from twelve o'clock clockwise in proportion to the ratio, or an endless turning arc.
///
/// Ending closes the ring from the current ratio in `(1 − ratio) × maxEndingDuration`.
public struct RingProgressor: ProgressorView {
  /// How it looks.
  public var parameter: RingProgressorParameter
  private var track = ProgressTrack()
  private var startedAt: Duration = .zero
  /// The last ratio given.
  public var progress: Double { track.progress }

  /// The steps of one turn of an endless ring, and the share of the ring its arc covers.
  package static let endlessSteps = 24
  package static let endlessArc = 0.25

  /// A ring with the default look.
  public init() { self.init(RingProgressorParameter()) }

  /// A ring that looks as `parameter` says.
  public init(_ parameter: RingProgressorParameter) {
    self.parameter = parameter
  }

  /// Starts turning at `now` (its look is the parameter it was made with: `.ring(_:)`).
  public mutating func start(
    parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming
  ) -> Duration {
    startedAt = now
    return .zero
  }

  /// Draws the arc to `progress`.
  public mutating func update(progress: Double) { track.update(progress) }

  /// Closes the ring, in a time proportional to what is left.
  public mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    track.end(at: now, timing: timing)
  }

  private var stepInterval: Duration { parameter.period / Self.endlessSteps }

  /// The next step of an endless arc or of the closing ring.
  public func nextFrame(after now: Duration) -> Duration? {
    if track.ending != nil { return track.endingFrame(after: now) }
    guard parameter.kind == .endless else { return nil }
    return ProgressTrack.nextStep(after: now, start: startedAt, interval: stepInterval)
  }

  /// Whether a point at `turn` (a fraction of a full turn clockwise from twelve o'clock) is on
  /// the arc at `now`.
  private func isOnArc(_ turn: Double, at now: Duration) -> Bool {
    if let ending = track.ending {
      return turn < ending.ratio(at: now) || ending.ratio(at: now) >= 1
    }
    switch parameter.kind {
    case .proportional:
      return turn < progress || progress >= 1
    case .endless:
      let elapsed = max(.zero, now - startedAt)
      let step = stepInterval > .zero ? Int((elapsed / stepInterval).rounded(.down)) : 0
      let head = Double(step % Self.endlessSteps) / Double(Self.endlessSteps)
      var offset = turn - head
      if offset < 0 { offset += 1 }
      return offset < Self.endlessArc
    }
  }

  /// Draws the ring centred in `area`, in braille dots (ASCII: characters).
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    guard !area.isEmpty else { return }
    let progressGlyphs = ProgressGlyphs.for(glyphs)
    // The ring shrinks to fit a small region, keeping its line width.
    let fit = Double(min(area.width * 2, area.height * 4)) / 2
    let outer = min(parameter.radius + parameter.lineWidth / 2, fit)
    let inner = max(0, min(parameter.radius - parameter.lineWidth / 2, outer - parameter.lineWidth))
    let middle = (inner + outer) / 2
    let centreX = Double(area.width)
    let centreY = Double(area.height * 2)
    let arcStyle = Style(foreground: parameter.color)
    let trackStyle = Style(foreground: parameter.color, attributes: .dim)
    for row in 0..<area.height {
      for column in 0..<area.width {
        var arc: UInt8 = 0
        var track: UInt8 = 0
        for dy in 0..<4 {
          for dx in 0..<2 {
            let px = Double(column * 2 + dx) + 0.5 - centreX
            let py = Double(row * 4 + dy) + 0.5 - centreY
            let distance = (px * px + py * py).squareRoot()
            guard distance >= inner, distance < outer else { continue }
            let bit = ProgressGlyphs.brailleBit(x: dx, y: dy)
            if isOnArc(Self.turn(x: px, y: py), at: now) {
              arc |= bit
            } else if !progressGlyphs.isUnicode || abs(distance - middle) < 1 {
              // In braille the track is a thin line along the middle of the ring, so that the
              // arc stands out even without colours.
              track |= bit
            }
          }
        }
        let x = area.x + column
        let y = area.y + row
        if progressGlyphs.isUnicode {
          if arc != 0 {
            ProgressDrawing.put(
              progressGlyphs.braille(arc), x: x, y: y, style: arcStyle, into: &canvas)
          } else if track != 0, parameter.showsTrack {
            ProgressDrawing.put(
              progressGlyphs.braille(track), x: x, y: y, style: trackStyle, into: &canvas)
          }
        } else {
          // In ASCII a cell stands for its eight dots: it is drawn when at least three of them
          // are on the ring, as arc when most of those are on the arc.
          let arcDots = arc.nonzeroBitCount
          let trackDots = track.nonzeroBitCount
          guard arcDots + trackDots >= 3 else { continue }
          if arcDots >= trackDots {
            ProgressDrawing.put(progressGlyphs.ringArc, x: x, y: y, style: arcStyle, into: &canvas)
          } else if parameter.showsTrack {
            ProgressDrawing.put(
              progressGlyphs.ringTrack, x: x, y: y, style: trackStyle, into: &canvas)
          }
        }
      }
    }
  }

  /// The direction of (`x`, `y`) — `y` pointing down — as a fraction of a full turn clockwise
  /// from twelve o'clock, in 0..<1.
  package static func turn(x: Double, y: Double) -> Double {
    let up = -y
    let right = x
    let a = abs(up)
    let b = abs(right)
    guard a > 0 || b > 0 else { return 0 }
    var angle = arctangent(min(a, b) / max(a, b))
    if b > a { angle = Double.pi / 2 - angle }
    if up < 0 { angle = Double.pi - angle }
    if right < 0 { angle = -angle }
    let fraction = angle / (2 * Double.pi)
    return fraction < 0 ? fraction + 1 : fraction
  }

  /// The arctangent of `t` in 0…1, without Foundation: above tan(π/12) the argument is
  /// reduced with atan(t) = π/6 + atan((t√3 − 1) / (t + √3)), and the Taylor series up to
  /// t¹¹ does the rest (error below 1e-8).
  package static func arctangent(_ t: Double) -> Double {
    let root3 = 1.732_050_807_568_877_2
    let tan15 = 0.267_949_192_431_122_7
    var x = t
    var offset = 0.0
    if x > tan15 {
      x = (x * root3 - 1) / (x + root3)
      offset = Double.pi / 6
    }
    let s = x * x
    var series = 1.0 / 11
    for k in stride(from: 9, through: 1, by: -2) { series = 1 / Double(k) - s * series }
    return offset + x * series
  }
}
