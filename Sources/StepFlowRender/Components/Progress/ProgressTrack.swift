/// What a proportional progressor (bar, ring, label) shows over time: the last ratio it was
/// given, then — once it ends — the ending animation counting from there up to 1.
package struct ProgressTrack: Sendable {
  /// The last ratio given, in 0…1.
  package private(set) var progress: Double = 0
  /// The ending animation, once `end` was called.
  package private(set) var ending: ProgressEnding?

  /// Takes a new ratio (clamped to 0…1); ignored once ending.
  package mutating func update(_ ratio: Double) {
    guard ending == nil else { return }
    progress = min(1, max(0, ratio))
  }

  /// Starts the ending animation at `now`; returns how long it takes.
  package mutating func end(at now: Duration, timing: ProgressTiming) -> Duration {
    let animation = ProgressEnding(at: now, from: progress, timing: timing)
    ending = animation
    return animation.duration
  }

  /// The ending's next frame, when ending.
  package func endingFrame(after now: Duration) -> Duration? { ending?.nextFrame(after: now) }

  /// The next step of an endless animation that started at `start` and moves every `interval`
  /// (`nil` when it does not move).
  package static func nextStep(after now: Duration, start: Duration, interval: Duration)
    -> Duration?
  {
    guard interval > .zero else { return nil }
    guard now >= start else { return start }
    let steps = Int(((now - start) / interval).rounded(.down)) + 1
    return start + interval * steps
  }
}
