import StepFlowCore
import StepFlowRender

/// The progress indicators of steps with a progress stage in an automatic run (`--auto`): started
/// when such a step becomes current (however it was reached), fed with the stage's elapsed share on
/// every tick, ended when the stage's time is up, dismissed when the step is left before that.
///
/// A completed stage shows full when its step is current again.
///
/// Not `Equatable`: its indicators hold progressors of any type (``ProgressorView``) and
/// completions, which have no equality, and an `==` that compared the rest would say two
/// different screens are the same.
package struct StageProgress: Sendable {
  /// The indicators, one region per step index.
  package private(set) var indicators = ProgressIndicators<Int>()
  /// The step whose stage is running, with when it began and how long it lasts.
  package private(set) var running: (step: Int, start: Duration, duration: Duration)?
  /// The step whose stage is shown, running or completed.
  package private(set) var shown: Int?

  /// The progressors a stage names, in the step's accent colour, animated together.
  package static func progressors(for stage: ProgressStage, theme: Theme) -> [ProgressorType] {
    var shown: [ProgressorType] = []
    for name in stage.indicators {
      switch name {
      case "bar": shown.append(.bar(BarProgressorParameter(side: .bottom, color: theme.accent)))
      case "ring":
        shown.append(
          .ring(RingProgressorParameter(color: theme.foreground, radius: 10, lineWidth: 3)))
      case "label": shown.append(.label(LabelProgressorParameter(style: theme.text.bold)))
      case "spinner":
        shown.append(
          .spinner(SpinnerProgressorParameter(style: theme.text.foreground(theme.accent))))
      case "color": shown.append(.color(ColorProgressorParameter()))
      case "blur": shown.append(.blur(.standard))
      default: break
      }
    }
    return shown.count > 1 ? [.sync(shown)] : shown
  }

  /// Shows step `index`'s stage from `now`.
  package mutating func start(step index: Int, stage: ProgressStage, theme: Theme, at now: Duration)
  {
    dismissAll(at: now)
    running = (index, now, stage.duration)
    shown = index
    try? indicators.start(in: index, Self.progressors(for: stage, theme: theme), at: now)
  }

  /// Shows step `index`'s stage as completed (full, settled) at `now`, without running it.
  package mutating func showCompleted(
    step index: Int, stage: ProgressStage, theme: Theme, at now: Duration
  ) {
    dismissAll(at: now)
    // What shows an amount (a bar, a ring, a label) shows it full; a spinner or a backdrop
    // says work is going on, so it is left out.
    var done = stage
    done.indicators = stage.indicators.filter { ["bar", "ring", "label"].contains($0) }
    guard !done.indicators.isEmpty else { return }
    shown = index
    // Started far enough back that every fade and start animation is over by `now`.
    let settled = now - indicators.fadingDuration * 4 - .seconds(1)
    try? indicators.start(in: index, Self.progressors(for: done, theme: theme), at: settled)
    indicators.update(1, in: index, at: settled)
    indicators.advance(to: now)
  }

  /// Feeds the share of the stage's time that has passed by `now`.
  package mutating func advance(to now: Duration) {
    if let running {
      let share = animationFraction(start: running.start, duration: running.duration, now: now)
      indicators.update(share, in: running.step, at: now)
    }
    indicators.advance(to: now)
  }

  /// Ends the shown stage (its time is up) at `now`.
  package mutating func end(at now: Duration) {
    guard let old = running else { return }
    indicators.update(1, in: old.step, at: now)
    indicators.end(in: old.step, at: now)
    running = nil
    shown = nil
  }

  /// Removes every indicator at once (the step was left, or the flow started over).
  package mutating func dismissAll(at now: Duration) {
    for region in indicators.regions { indicators.dismiss(in: region, at: now) }
    indicators.advance(to: now)
    running = nil
    shown = nil
  }

  package func nextDeadline(after now: Duration) -> Duration? {
    indicators.nextDeadline(after: now)
  }

  /// Whether step `index` shows an indicator at `now`.
  package func isShowing(step index: Int) -> Bool { indicators.isShowing(index) }
}
