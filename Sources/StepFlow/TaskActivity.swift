import StepFlowCore
import StepFlowRender
import StepFlowText

/// What the screen keeps of a step's task run beside the state: its output (the last 1 MiB),
/// the progress read from it or reported, and the indicators that show it.
///
/// The state knows only that it runs and how it ended (``TaskRecord``); copying the state for a
/// transition copies none of this.
package struct TaskActivity {
  package let id: TaskID
  /// When it started and ended, on the program's clock (a script's is virtual: its frames
  /// say what the script's ticks say, whatever the real time).
  package let started: Duration
  package private(set) var ended: Duration?
  package private(set) var log = TaskLog()
  private var reader: TaskProgressReader
  /// How far it is, 0…1, once the output or the work said.
  package private(set) var fraction: Double?
  /// What it is doing, in words (an `XXX` block's message, closure work's `message`).
  package private(set) var message: String?
  /// The spinner (region ``spinnerRegion``), the bar and label (``progressRegion``).
  package private(set) var indicators = ProgressIndicators<Int>()
  /// Whether a bar, a ring or a label shows an amount.
  package let showsProgress: Bool

  /// The bar's, ring's and label's region: the step's index (as a stage's, so a ring is drawn
  /// in the step's hero picture); the spinner's: below zero.
  package let progressRegion: Int
  package let spinnerRegion: Int

  package init(id: TaskID, step: Int, task: StepTask, theme: Theme, at now: Duration) {
    self.id = id
    progressRegion = step
    spinnerRegion = -1 - step
    started = now
    reader = TaskProgressReader(mode: task.progress)
    let names = task.indicators
    showsProgress = names.contains { ["bar", "ring", "label"].contains($0) }
    var main: [ProgressorType] = []
    for name in names {
      switch name {
      case "bar": main.append(.bar(BarProgressorParameter(side: .top, color: theme.accent)))
      case "ring":
        main.append(
          .ring(RingProgressorParameter(color: theme.foreground, radius: 10, lineWidth: 3)))
      case "label": main.append(.label(LabelProgressorParameter(style: theme.text.bold)))
      default: break
      }
    }
    if !main.isEmpty {
      try? indicators.start(in: progressRegion, main.count > 1 ? [.sync(main)] : main, at: now)
    }
    // Ten frames a second, in step with the elapsed time beside it: one wake-up for both.
    try? indicators.start(
      in: spinnerRegion,
      [
        .spinner(
          SpinnerProgressorParameter(
            style: theme.text.foreground(theme.accent), interval: .milliseconds(100)))
      ], at: now)
  }

  /// Takes news of the run.
  package mutating func receive(_ event: TaskEvent, at now: Duration) {
    guard event.id == id, ended == nil else { return }
    switch event {
    case .output(_, let stream, let bytes):
      log.append(bytes, from: stream)
      if reader.read(bytes, from: stream) { takeReader(at: now) }
    case .skipped(_, let stream, let count):
      // Only a stream no progress is read from is let pass unread.
      log.skip(count, of: stream)
    case .report(_, .fraction(let value)):
      fraction = value
      indicators.update(value, in: progressRegion, at: now)
    case .report(_, .message(let text)):
      message = text
    case .report(_, .log(let line)):
      log.append(Array((line + "\n").utf8), from: .stdout)
    case .ended(_, let end):
      if reader.finish() { takeReader(at: now) }
      ended = now
      indicators.dismiss(in: spinnerRegion, at: now)
      if end.outcome.succeeded {
        // The amount counts up to full, then the indicators go.
        indicators.update(1, in: progressRegion, at: now)
        indicators.end(in: progressRegion, at: now)
      } else {
        indicators.dismiss(in: progressRegion, at: now)
      }
    }
    indicators.advance(to: now)
  }

  private mutating func takeReader(at now: Duration) {
    if let value = reader.fraction {
      fraction = value
      indicators.update(value, in: progressRegion, at: now)
    }
    if let text = reader.message { message = text }
  }

  /// Stopped by the program (the step's task was stopped or replaced): nothing more shows.
  package mutating func stop(at now: Duration) {
    guard ended == nil else { return }
    ended = now
    indicators.dismiss(in: spinnerRegion, at: now)
    indicators.dismiss(in: progressRegion, at: now)
  }

  package mutating func advance(to now: Duration) { indicators.advance(to: now) }

  /// How long it has run by `now` (or ran), on the program's clock.
  package func elapsed(at now: Duration) -> Duration { max(.zero, (ended ?? now) - started) }

  /// The next frame: the indicators', and while it runs the next tenth of a second (the
  /// spinner's frames and the elapsed time change together).
  package func nextDeadline(after now: Duration) -> Duration? {
    var next = indicators.nextDeadline(after: now)
    if ended == nil {
      let tenth = Duration.milliseconds(100)
      let tick = started + tenth * (Int((now - started) / tenth) + 1)
      next = min(next ?? tick, tick)
    }
    return next
  }
}
