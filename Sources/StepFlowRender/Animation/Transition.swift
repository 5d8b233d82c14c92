/// A timed animation: when it starts, how long it runs and how its progress is eased.
///
/// A transition never reads a clock. Every question takes the time `now` (time since the
/// session started), so a test can ask about any moment and a loop can ask when to draw next.
///
/// ```swift
/// let slide = Transition(start: now)            // 250 ms, ease in and out
/// let f = slide.fraction(at: now + .milliseconds(125))   // 0.5
/// let next = slide.nextDeadline(after: now)      // now + 16 ms
/// ```
package struct Transition: Hashable, Sendable {
  /// How long transitions take unless told otherwise: 250 ms.
  package static let defaultDuration = Duration.milliseconds(250)
  /// The interval between frames while something moves: 16 ms (about 60 frames a second).
  package static let frameInterval = Duration.milliseconds(16)

  /// When the transition begins.
  package var start: Duration
  /// How long it runs; zero or less finishes it at `start`.
  package var duration: Duration
  /// The curve that maps linear progress to the fraction drawn.
  package var easing: Easing

  /// A transition that begins at `start`.
  package init(
    start: Duration, duration: Duration = Transition.defaultDuration,
    easing: Easing = .easeInOut
  ) {
    self.start = start
    self.duration = duration
    self.easing = easing
  }

  /// When the transition is over.
  package var end: Duration { start + max(duration, .zero) }

  /// The linear progress at `now`, 0 before `start` and 1 from `end` on.
  package func progress(at now: Duration) -> Double {
    animationFraction(start: start, duration: duration, now: now)
  }

  /// The eased fraction at `now`, 0 before `start` and exactly 1 from `end` on.
  package func fraction(at now: Duration) -> Double {
    easing(progress(at: now))
  }

  /// Whether the transition has reached its end state at `now`.
  package func isFinished(at now: Duration) -> Bool { now >= end }

  /// Whether something still changes at or after `now` (the transition has not finished).
  package func isAnimating(at now: Duration) -> Bool { !isFinished(at: now) }

  /// When the next frame should be drawn: one frame interval after `now`, but never past the
  /// end (so that the final frame is drawn exactly at `end`); `nil` once finished.
  ///
  /// - Parameters:
  ///   - now: the time of the frame just drawn.
  ///   - frameInterval: the time between frames while the transition runs.
  /// - Returns: The time of the next frame.
  package func nextDeadline(
    after now: Duration, frameInterval: Duration = Transition.frameInterval
  ) -> Duration? {
    guard now < end else { return nil }
    if now < start { return start }
    return min(now + max(frameInterval, .milliseconds(1)), end)
  }
}

/// The value `fraction` of the way from `a` to `b` (no clamping).
@inline(__always)
package func interpolate(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
  a + (b - a) * fraction
}
