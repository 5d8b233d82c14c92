import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

extension FlowProgram {
  /// The current step's task as the screen shows it at `now`, when the step has one.
  package func taskDrawing(at now: Duration, theme: Theme, glyphs: Glyphs) -> StepView.TaskDrawing?
  {
    guard let current = state.progression.current,
      let phase = FlowMachine.taskPhase(ofStep: current, state, flow),
      let task = flow.steps[current].task
    else { return nil }
    let activity = tasks.activities[current]
    let record = state.tasks[current]
    let status: TaskPanel.Status
    switch phase {
    case .ready(let changed):
      status = .ready(command: commandText(ofStep: current), changed: changed)
    case .running:
      status = .running(elapsed: activity?.elapsed(at: now) ?? .zero, message: activity?.message)
    case .succeeded:
      status = .succeeded(activity?.elapsed(at: now) ?? record?.duration ?? .zero)
    case .failed, .stopped:
      status = .failed(
        Self.outcomeSentence(record?.outcome, ran: activity?.elapsed(at: now) ?? .zero))
    case .skipped:
      status = .skipped
    }
    let ringInHero = task.indicators.contains("ring") && flow.steps[current].blocks.contains(.hero)
    let panel = TaskPanel(
      name: FlowMachine.taskName(current, flow), status: status,
      lines: activity?.log.lastLines(12) ?? [], indicators: activity?.indicators,
      spinnerRegion: activity?.spinnerRegion ?? -1, progressRegion: current,
      showsProgress: (activity?.showsProgress ?? false) && !ringInHero, now: now, theme: theme,
      glyphs: glyphs)
    var actions: TaskActionRow?
    if phase == .failed || phase == .stopped {
      actions = TaskActionRow(
        actions: FlowMachine.taskActions(ofStep: current, state, flow),
        selected: record?.selectedAction ?? .retry, theme: theme, glyphs: glyphs)
    }
    return StepView.TaskDrawing(panel: panel, phase: phase, actions: actions)
  }

  /// The task in words for plain mode: its status line (what it runs, how far it is, how it
  /// ended), then its last lines of output when it did not succeed.
  package func taskLines(_ task: StepView.TaskDrawing) -> [String] {
    var lines = [task.panel.statusText]
    if let current = state.progression.current, let fraction = tasks.activities[current]?.fraction,
      task.phase == .running
    {
      lines[0] += " (\(Int((fraction * 100).rounded(.down)))%)"
    }
    if task.phase == .failed || task.phase == .stopped {
      for line in task.panel.lines.suffix(5) {
        lines.append((line.stream == .stderr ? "! " : "| ") + line.text)
      }
    }
    return lines
  }

  /// What step `index`'s task runs, as a person reads it: the command with the answers in it
  /// (`git tag -- 1.4.0`), a shell script as written.
  package func commandText(ofStep index: Int) -> String {
    guard let task = flow.steps[index].task else { return "" }
    switch task.work {
    case .closure: return ""
    case .command(let spec):
      if case .shell(let script) = spec.program { return script }
      guard case .command(let launch)? = try? FlowMachine.taskWork(forStep: index, state, flow).work
      else { return spec.displayText }
      return launch.arguments.map(CommandSpec.quotedForDisplay).joined(separator: " ")
    }
  }

  /// How a task that did not succeed ended, in words after its name: `failed: exit status 2
  /// after 3.1 s`, `timed out after 30 s`, `could not start: make: command not found`.
  package static func outcomeSentence(_ outcome: TaskOutcome?, ran: Duration) -> String {
    let after = "after " + TaskClock.text(ran)
    switch outcome {
    case .exited(let code)?: return "failed: exit status \(code) \(after)"
    case .signaled(let signal)?:
      return
        "failed: killed by signal \(signal)\(signalName(signal).map { " (\($0))" } ?? "") \(after)"
    case .notStarted(let code, let reason)?:
      return "could not start: \(reason) (exit status \(code))"
    case .timedOut(let limit)?:
      return "timed out after \(secondsText(limit))"
    case .threw(let error)?: return "failed: \(error)"
    case .stopped?, nil: return "was stopped \(after)"
    case .returned?: return "succeeded"
    case .dryRun?: return "was not run (a dry run)"
    }
  }

  /// A time limit as written: `30 s`, `1.5 s`.
  package static func secondsText(_ duration: Duration) -> String {
    let milliseconds = Int(duration / .milliseconds(1))
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    var text = String(Double(milliseconds) / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    return text + " s"
  }

  /// The usual name of a signal that ends commands.
  package static func signalName(_ signal: Int32) -> String? {
    let names: [Int32: String] = [
      1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL",
      11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    ]
    return names[signal]
  }
}

extension FlowView {
  /// The output pane over the screen: the task's output, scrolled as the keys say, its
  /// position in the title and the keys in the bottom border.
  func renderLogPane(into canvas: inout Canvas, theme: Theme) {
    guard program.state.showsLog, let step = program.state.progression.current else { return }
    let box = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    let style = Style(foreground: .default, background: .default)
    canvas.fill(box, style: style)
    let rows = max(0, canvas.height - 2)
    let name = FlowMachine.taskName(step, program.flow)
    guard let (lines, following) = program.tasks.paneLines(step: step, rows: rows) else { return }
    let log = program.tasks.activities[step]?.log
    var title = "Output of \(name)"
    if let log, log.droppedBytes > 0 { title += " (the last \(Platform.sizeText(log.limit)))" }
    if following, program.tasks.activities[step]?.ended == nil { title += " — following" }
    Frame(title: title, glyphs: glyphs).render(into: &canvas, area: box, style: style)
    let shownHint =
      glyphs.style == .ascii
      ? " ^ v PageUp PageDown Home End scroll | l or Esc close "
      : " ↑ ↓ PageUp PageDown Home End scroll · l or Esc close "
    if DisplayWidth.of(shownHint) + 4 <= canvas.width {
      canvas.draw(shownHint, x: 2, y: canvas.height - 1, style: style.foreground(theme.inactive))
    }
    let width = canvas.width - 6
    let wrapped = TaskPanel.wrapped(lines, width: width)
    let visible = following ? Array(wrapped.suffix(rows)) : Array(wrapped.prefix(rows))
    for (i, line) in visible.enumerated() {
      let y = 1 + i
      if line.stream == .stderr {
        canvas.draw("!", x: 2, y: y, style: style.foreground(theme.error).bold)
        canvas.draw(line.text, x: 4, y: y, style: style.foreground(theme.error), limit: width)
      } else {
        canvas.draw(line.text, x: 4, y: y, style: style, limit: width)
      }
    }
    if lines.isEmpty {
      canvas.draw("(no output yet)", x: 2, y: 1, style: style.foreground(theme.inactive))
    }
  }
}
