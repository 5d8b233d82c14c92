import StepFlow
import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

/// `stepflow gauge` on a terminal: a box with the title, the message and the chosen progressors,
/// fed by the percentages and messages arriving on stdin (the `dialog --gauge` protocol) — or
/// by the command it runs (`gauge -- CMD`): its progress read from its output (`--percent`,
/// `--pattern`), its last line of output as the message, the time it has run in the border.
///
/// The interactive loop drives it: bytes from ``inputDescriptor`` arrive as `.input`, the end
/// of stdin as `.inputClosed`, keys as `.key`, and `.tick` at each ``nextDeadline(after:)``.
/// End of input runs the ending animation (the label counts to 100 %) and then exits 0; a
/// dismiss key of a `--dismissable` gauge, or `q`/Esc, exits 1; Ctrl-C exits 130; no input for
/// `--timeout` seconds exits 124.
package struct GaugeProgram: TerminalProgram {
  /// The regions of the gauge: the main one under the message, and the spinner's cell beside it.
  package enum Region: Hashable, Sendable {
    case main
    case spinner
  }

  package let options: GaugeOptions
  package let glyphs: Glyphs
  package let theme: Theme
  /// The percentage last received, 0…100.
  package private(set) var percent = 0
  /// The message shown: `--text`, then the last one an `XXX` block sent.
  package private(set) var message: String
  /// The indicators on the gauge's regions.
  package private(set) var indicators: ProgressIndicators<Region>
  /// Whether stdin has ended.
  package private(set) var inputEnded = false

  private var parser = GaugeInputParser()
  private var lastInput: Duration
  private var started: Set<Region> = []
  private var ended: Set<Region> = []

  /// The command's run, while it runs; the effects not yet taken by the loop.
  private static let commandTask = TaskID(.command, run: 0)
  private var effects: [TaskEffect] = []
  private var reader: TaskProgressReader
  /// When the command started (the loop's time), and how it ended.
  package private(set) var commandStart: Duration?
  package private(set) var commandEnd: TaskEnd?
  /// The command's output: the last 1 MiB, both streams (``GaugeCommand`` prints it for
  /// `--show-output`).
  package private(set) var log = TaskLog()

  /// A gauge started at `now` (the loop's time starts at zero).
  package init(
    options: GaugeOptions, glyphs: GlyphStyle, theme: Theme = Theme(), at now: Duration = .zero
  ) {
    self.options = options
    self.glyphs = .for(glyphs)
    self.theme = theme
    message = options.text ?? ""
    lastInput = now
    reader = TaskProgressReader(mode: options.progress)
    indicators = ProgressIndicators(timing: options.noAnimation ? .instant : ProgressTiming())
    show(Self.mainProgressors(options, theme: theme), in: .main, at: now)
    if options.spinner {
      // With a command, ten frames a second: the elapsed time in the border changes with them.
      let interval: Duration = options.command == nil ? .milliseconds(80) : .milliseconds(100)
      show(
        [.spinner(.init(style: Style(foreground: theme.accent), interval: interval))],
        in: .spinner, at: now)
    }
    if let command = options.command {
      let launch = Self.launch(
        command, timeout: options.timeout, logOnly: options.progress.logOnly)
      effects = [.run(Self.commandTask, .command(launch))]
      commandStart = now
    }
  }

  /// What the command runs as: its arguments (a `--shell` script by `/bin/sh -c`), stdin
  /// from `/dev/null`, the gauge's `--timeout` as its longest run, and the streams no
  /// progress is read from (`logOnly`: a flood on them may pass unread but for the log's end).
  package static func launch(
    _ command: CommandSpec, timeout: Duration?, logOnly: Set<TaskStream> = []
  ) -> TaskLaunch {
    let arguments: [String]
    switch command.program {
    case .argv(let argv): arguments = argv
    case .shell(let script): arguments = ["/bin/sh", "-c", script]
    }
    return TaskLaunch(
      arguments: arguments, directory: command.cwd, timeout: timeout, logOnly: logOnly)
  }

  package mutating func takeEffects() -> [TaskEffect] {
    defer { effects = [] }
    return effects
  }

  /// The exit status for how the command ended: its own, 128 + n for signal n, 126/127 when
  /// it could not start, 124 for a timeout.
  package static func exitStatus(_ end: TaskEnd) -> Int32 {
    end.outcome.exitStatus ?? ExitCode.notFinished
  }

  /// Starts built-in progressors on a region (none: nothing to show there).
  private mutating func show(_ progressors: [ProgressorType], in region: Region, at now: Duration) {
    guard !progressors.isEmpty else { return }
    do {
      try indicators.start(in: region, progressors, at: now)
      started.insert(region)
    } catch {
      // Only `.custom` progressors can fail to start, and the gauge uses none.
    }
  }

  /// The progressors of the main region for the options: ring, bar, then the label on top —
  /// one after the other, or together with `--sync` — all in the theme's accent colour, and
  /// `.dismissable` when asked for.
  package static func mainProgressors(_ options: GaugeOptions, theme: Theme) -> [ProgressorType] {
    var shown: [ProgressorType] = []
    if options.ring { shown.append(.ring(.init(color: theme.accent))) }
    if options.bar { shown.append(.bar(.init(color: theme.accent))) }
    // The label shares the bar's style, so that a 1 % update changes cells of one style only
    // and the frame writer needs no style change for it.
    if options.label { shown.append(.label(.init(style: Style(foreground: theme.accent)))) }
    var result = options.sync && shown.count > 1 ? [.sync(shown)] : shown
    if options.dismissable { result.append(.dismissable) }
    return result
  }

  package var inputDescriptor: Int32? { options.command == nil ? 0 : nil }

  package var minimumSize: (width: Int, height: Int) {
    (20, GaugeLayout.minimumHeight(options))
  }

  package mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction {
    switch event {
    case .input(let bytes):
      guard !inputEnded else { break }
      lastInput = now
      apply(parser.feed(bytes), at: now)
    case .inputClosed:
      guard !inputEnded else { break }
      apply(parser.finish(), at: now)
      inputEnded = true
      for region in started { indicators.end(in: region, at: now) }
    case .key(let key):
      if key == .ctrl("c") { return .exit(ExitCode.interrupted) }
      if options.dismissable, DismissableProgressor.dismisses(key) {
        indicators.dismiss(by: key, at: now)
        return .exit(ExitCode.notFinished)
      }
      if key == .escape || key == .character("q") { return .exit(ExitCode.notFinished) }
    case .task(.output(_, let stream, let bytes)):
      log.append(bytes, from: stream)
      if reader.read(bytes, from: stream) { applyReader(at: now) }
      if options.progress != .percent, let last = log.lastLines(1).first?.text, !last.isEmpty {
        message = last
      }
    case .task(.skipped(_, let stream, let count)):
      log.skip(count, of: stream)
    case .task(.ended(_, let end)):
      if reader.finish() { applyReader(at: now) }
      commandEnd = end
      // A command that succeeded ends the indicators (the label counts to 100 %); one that
      // failed, or shows only a spinner, ends at once.
      guard end.outcome.succeeded, options.bar || options.ring || options.label else {
        return .exit(Self.exitStatus(end))
      }
      inputEnded = true
      indicators.dismiss(in: .spinner, at: now)
      ended.insert(.spinner)
      indicators.update(1, in: .main, at: now)
      indicators.end(in: .main, at: now)
    case .task(.report):
      break
    case .resize, .tick, .edited:
      break
    }
    for event in indicators.advance(to: now) {
      if case .ended(let region) = event { ended.insert(region) }
    }
    if inputEnded, ended.isSuperset(of: started) {
      return .exit(commandEnd.map(Self.exitStatus) ?? ExitCode.finished)
    }
    if options.command == nil, !inputEnded, let timeout = options.timeout,
      now - lastInput >= timeout
    {
      return .exit(ExitCode.timeout)
    }
    return .continue
  }

  /// Shows what the command's output said of its progress.
  private mutating func applyReader(at now: Duration) {
    if let fraction = reader.fraction {
      percent = Int((fraction * 100).rounded(.down))
      indicators.update(fraction, in: .main, at: now)
    }
    if let text = reader.message { message = text }
  }

  /// Applies parsed updates: the percentage to the main indicator, the message to the box.
  private mutating func apply(_ updates: [GaugeUpdate], at now: Duration) {
    for update in updates {
      if let value = update.percent {
        percent = value
        indicators.update(Double(value) / 100, in: .main, at: now)
      }
      if let text = update.message { message = text }
    }
  }

  package func nextDeadline(after now: Duration) -> Duration? {
    var next = indicators.nextDeadline(after: now)
    if let start = commandStart, commandEnd == nil {
      // The elapsed time in the border: a new tenth of a second.
      let tick = start + .milliseconds(100) * (Int((now - start) / .milliseconds(100)) + 1)
      next = min(next ?? tick, tick)
    }
    if options.command == nil, !inputEnded, let timeout = options.timeout {
      let giveUp = lastInput + timeout
      next = min(next ?? giveUp, giveUp)
    }
    return next
  }

  package func view(width: Int, height: Int, at now: Duration) -> Canvas {
    var canvas = Canvas(width: width, height: height, style: theme.text)
    let layout = GaugeLayout(
      options: options, message: message, width: width, height: height, glyphs: glyphs)
    layout.drawBox(into: &canvas, theme: theme, glyphs: glyphs)
    if let start = commandStart {
      let ran = (commandEnd?.duration ?? (now - start))
      let text = " " + TaskClock.text(ran) + " "
      let x = layout.box.maxX - 2 - DisplayWidth.of(text)
      if x > layout.box.x + 2 + (layout.hint.map { DisplayWidth.of($0) + 2 } ?? 0) {
        canvas.draw(
          text, x: x, y: layout.box.maxY - 1,
          style: Style(foreground: theme.inactive, background: theme.background))
      }
    }
    var areas: [Region: Rect] = [.main: layout.progressArea]
    if let spinnerArea = layout.spinnerArea { areas[.spinner] = spinnerArea }
    indicators.render(into: &canvas, areas: areas, at: now, glyphs: glyphs)
    return canvas
  }
}
