import StepFlowCore
import StepFlowRender
import StepFlowText

/// The program's side of the tasks: the effects the state's changes ask for (until the loop
/// takes them), each step's run as the screen shows it (``TaskActivity``), and the output
/// pane that `l` opens.
package struct TaskScreen {
  /// The latest run of each step's task, by step index.
  package private(set) var activities: [Int: TaskActivity] = [:]
  private var effects: [TaskEffect] = []
  /// Where the output pane (open when the state says, ``FlowState/showsLog``) is scrolled to:
  /// the absolute offset of its top line in the log (``TaskLog``); `nil`: the last lines,
  /// following the end until it is scrolled up.
  package var logTop: Int?
  /// The runs of fields' commands (`optionsFrom`, `validate`) under way: when each started,
  /// and the start of what it wrote on stderr (its error, when it fails).
  private var fieldRuns: [TaskID: (started: Duration, errors: [UInt8])] = [:]
  /// The most bytes of a field command's stderr kept: its first line is what is shown.
  private static let fieldErrorLimit = 4096

  package init() {}

  /// Notes the effects a change of state asks for, and starts showing the runs it starts.
  package mutating func collect(
    from before: FlowState, to after: FlowState, flow: FlowDefinition, at now: Duration
  ) {
    let asked = FlowMachine.taskEffects(from: before, to: after)
    guard !asked.isEmpty else { return }
    effects += asked
    for effect in asked {
      switch (effect, effect.id.subject) {
      case (.run(let id, _), .options), (.run(let id, _), .check), (.run(let id, _), .stepCheck):
        fieldRuns[id] = (now, [])
      case (.cancel(let id), _):
        fieldRuns[id] = nil
      default: break
      }
      guard case .step(let index) = effect.id.subject else { continue }
      switch effect {
      case .run(let id, _):
        guard let task = flow.steps[index].task else { continue }
        activities[index] = TaskActivity(
          id: id, step: index, task: task, theme: flow.theme(forStep: index), at: now)
      case .cancel(let id):
        if activities[index]?.id == id { activities[index]?.stop(at: now) }
      case .watchLog: break
      }
    }
  }

  /// The effects noted since the last call.
  package mutating func takeEffects() -> [TaskEffect] {
    defer { effects = [] }
    return effects
  }

  /// Whether effects wait to be taken.
  package var hasEffects: Bool { !effects.isEmpty }

  /// News of a run: shown if it is the step's latest.
  package mutating func receive(_ event: TaskEvent, at now: Duration) {
    if case .output(let id, .stderr, let bytes) = event, var run = fieldRuns[id] {
      run.errors += bytes.prefix(Self.fieldErrorLimit - run.errors.count)
      fieldRuns[id] = run
    }
    guard case .step(let index) = event.id.subject, activities[index]?.id == event.id else {
      return
    }
    activities[index]?.receive(event, at: now)
  }

  /// A field command's run ended: the start of what it wrote on stderr; the run is forgotten.
  package mutating func fieldRunEnded(_ id: TaskID) -> [UInt8] {
    fieldRuns.removeValue(forKey: id)?.errors ?? []
  }

  /// When a field command's run started, while it runs.
  package func fieldRunStart(_ id: TaskID) -> Duration? { fieldRuns[id]?.started }

  package mutating func advance(to now: Duration) {
    for index in activities.keys { activities[index]?.advance(to: now) }
  }

  /// The next frame any run needs.
  package func nextDeadline(after now: Duration) -> Duration? {
    // Asked at every frame of any animation: no arrays made when nothing runs.
    guard !fieldRuns.isEmpty || !activities.isEmpty else { return nil }
    // A field command's spinner turns ten times a second, from its start.
    let spinners = fieldRuns.values.map { run in
      run.started + .milliseconds(100)
        * (Int(((now - run.started) / .milliseconds(100)).rounded(.down)) + 1)
    }
    return (activities.values.compactMap { $0.nextDeadline(after: now) } + spinners).min()
  }

  /// Forgets the runs of steps no longer reached (`back`, `reset`).
  package mutating func forget(keeping reached: (Int) -> Bool) {
    activities = activities.filter { reached($0.key) }
  }

  // MARK: The output pane

  /// Scrolls the pane for a key (↑ ↓ a line, PageUp PageDown Space a page, Home the start, End
  /// the end and following), the pane `rows` high.
  package mutating func scroll(_ key: Key, step: Int, rows: Int) {
    guard let log = activities[step]?.log else { return }
    let page = max(1, rows - 1)
    func topOfEnd() -> Int { log.lastLines(max(1, rows)).first?.start ?? log.firstOffset }
    var top = logTop ?? topOfEnd()
    func down(_ n: Int) {
      for _ in 0..<n {
        guard let next = log.lines(from: top, count: 1).first?.next, next < log.endOffset else {
          break
        }
        top = next
      }
    }
    switch key {
    case .up: top = log.previousLineStart(before: top)
    case .pageUp: for _ in 0..<page { top = log.previousLineStart(before: top) }
    case .down: down(1)
    case .pageDown, .character(" "): down(page)
    case .home: top = log.firstOffset
    case .end:
      logTop = nil
      return
    default: return
    }
    // At (or past) the last page: follow the end again.
    logTop = top >= topOfEnd() ? nil : max(top, log.firstOffset)
  }

  /// The lines the pane shows, `rows` high, and whether it follows the end.
  package func paneLines(step: Int, rows: Int) -> (lines: [TaskLog.Line], following: Bool)? {
    guard let log = activities[step]?.log else { return nil }
    guard let top = logTop, top >= log.firstOffset else {
      return (log.lastLines(rows), true)
    }
    return (log.lines(from: log.lineStart(containing: top), count: rows), false)
  }
}
