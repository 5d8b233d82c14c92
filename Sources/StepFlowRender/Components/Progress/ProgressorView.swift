import StepFlowCore

/// One progressor of a progress indicator: a bar, a ring, a label — or one of your own.
///
/// A progressor is a value that the indicator owns; it never reads a clock. The indicator calls, in this order:
///
/// 1. ``init()`` and ``prepare(parameter:)`` when the indicator is started (custom progressors
///    get the `parameter` of `.custom(identifier:parameter:)` here);
/// 2. ``start(parameter:at:timing:)`` at the time its fade-in has finished; the duration it
///    returns is its own start animation, and the next progressor waits for it;
/// 3. ``update(progress:)`` whenever the indicator's ratio changes;
/// 4. ``end(at:timing:)`` when its turn in the ending comes; the duration it returns is its
///    ending animation, after which it fades out.
///
/// ``render(into:area:at:glyphs:)`` draws it at any time; the indicator takes care of fading
/// it in and out. ``nextFrame(after:)`` tells the loop when the drawing changes by itself.
///
/// The ending animation should take `(1 − progress) × timing.maxEndingDuration`, as the
/// built-in bar, ring and label do (see ``ProgressEnding``).
public protocol ProgressorView: Sendable {
  /// A progressor with its default look; the registry makes custom progressors with it.
  init()

  /// Takes the parameter of `.custom(identifier:parameter:)` before the progressor is shown.
  mutating func prepare(parameter: (any Sendable)?)

  /// Starts the progressor at `now` (its fade-in has finished).
  /// - Returns: how long its start animation takes (`.zero` for none).
  mutating func start(parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming)
    -> Duration

  /// The completion ratio changed, in 0…1.
  mutating func update(progress: Double)

  /// Begins the ending animation at `now`.
  /// - Returns: how long the ending animation takes; the progressor fades out after it.
  mutating func end(at now: Duration, timing: ProgressTiming) -> Duration

  /// Draws the progressor over whatever `canvas` already holds in `area`.
  func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs)

  /// The next time after `now` at which the drawing changes without an update (a spinner's next
  /// frame, the next step of an ending animation); `nil` when it is still.
  func nextFrame(after now: Duration) -> Duration?

  /// Whether a key dismisses the indicator this progressor belongs to (see `.dismissable`).
  var isDismissable: Bool { get }
}

extension ProgressorView {
  /// Takes no parameter.
  public mutating func prepare(parameter: (any Sendable)?) {}

  /// Starts with no start animation.
  public mutating func start(parameter: (any Sendable)?, at now: Duration, timing: ProgressTiming)
    -> Duration
  { .zero }

  /// Ignores progress.
  public mutating func update(progress: Double) {}

  /// Ends with no ending animation.
  public mutating func end(at now: Duration, timing: ProgressTiming) -> Duration { .zero }

  /// Still: it changes only with an update.
  public func nextFrame(after now: Duration) -> Duration? { nil }

  /// A key does not dismiss it.
  public var isDismissable: Bool { false }
}

/// The durations that shape every indicator's animations.
public struct ProgressTiming: Equatable, Sendable {
  /// How long a progressor takes to fade in or out.
  public var fadingDuration: Duration
  /// The longest ending animation, used when ending from 0 %; ending from `p` takes `(1 − p)`
  /// of it.
  public var maxEndingDuration: Duration
  /// How often a frame is drawn while something moves smoothly (fades, ending animations).
  public var frameInterval: Duration

  /// Fades of 0.2 s, endings of at most 1 s, and 20 frames a second while something moves.
  public init(
    fadingDuration: Duration = .milliseconds(200), maxEndingDuration: Duration = .seconds(1),
    frameInterval: Duration = .milliseconds(50)
  ) {
    self.fadingDuration = fadingDuration
    self.maxEndingDuration = maxEndingDuration
    self.frameInterval = frameInterval
  }

  /// No fades and no ending animations (`--no-animation`, reduced motion).
  public static let instant = ProgressTiming(fadingDuration: .zero, maxEndingDuration: .zero)

  /// The ending duration for a progressor at `progress`, proportional to what is left:
  /// `(1 − progress) × maxEndingDuration`.
  public func endingDuration(from progress: Double) -> Duration {
    maxEndingDuration * (1 - min(1, max(0, progress)))
  }
}

/// The ratio a proportional progressor shows while it runs its ending animation: it moves
/// linearly from the ratio at the end call to 1 (the label counts up, the bar fills, the ring
/// closes).
public struct ProgressEnding: Equatable, Sendable {
  /// When the ending animation started.
  public var start: Duration
  /// How long it takes.
  public var duration: Duration
  /// The ratio it starts from.
  public var from: Double
  /// How often the animation wants a frame.
  public var frameInterval: Duration

  /// Starts an ending animation at `now` from `progress`, lasting as long as `timing` says.
  public init(at now: Duration, from progress: Double, timing: ProgressTiming) {
    start = now
    from = min(1, max(0, progress))
    duration = timing.endingDuration(from: from)
    frameInterval = timing.frameInterval
  }

  /// The ratio shown at `now`.
  public func ratio(at now: Duration) -> Double {
    from + (1 - from) * animationFraction(start: start, duration: duration, now: now)
  }

  /// The next frame while the animation runs, its last frame exactly at its end, then `nil`.
  public func nextFrame(after now: Duration) -> Duration? {
    let finish = start + duration
    if now < start { return start }
    guard now < finish else { return nil }
    return min(finish, now + frameInterval)
  }
}
