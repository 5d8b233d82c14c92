import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowText

/// What carries out a program's task effects outside the interactive screen (scripts, plain
/// mode): the real executor, a dry run that runs nothing, or a fake in tests.
package protocol TaskDriver {
  /// Starts and stops what the effects say.
  mutating func perform(_ effects: [TaskEffect])
  /// Waits for what happens next.
  mutating func next() -> TaskWaiter.Result
  /// Stops everything and waits for it (the run is over).
  mutating func shutdown()
}

/// The real thing: commands on the process runner, closures on the concurrency runtime,
/// signals caught while waiting (so a SIGTERM stops the commands before stepflow ends).
package struct ExecutorDriver: TaskDriver {
  /// Made with the first effect: a run without tasks never makes one (nor its pipe, its
  /// read buffer and its copy of the environment).
  private var executor: TaskExecutor?
  private var waiter: TaskWaiter?

  package init() {}

  package mutating func perform(_ effects: [TaskEffect]) {
    guard !effects.isEmpty else { return }
    let executor = self.executor ?? TaskExecutor()
    self.executor = executor
    if waiter == nil { waiter = TaskWaiter(executor) }
    executor.perform(effects)
  }

  package mutating func next() -> TaskWaiter.Result {
    // Nothing was ever started: nothing runs and nothing is due.
    guard let executor else { return .idle }
    if waiter == nil { waiter = TaskWaiter(executor) }
    return waiter?.next() ?? .idle
  }

  package mutating func shutdown() {
    executor?.shutdown()
    waiter?.finish()
    waiter = nil
  }
}

/// `--dry-run`: every task is described — the exact argv, working directory and environment
/// it would get — and nothing runs; each ends at once as a dry run, which lets the flow go on.
package struct DryRunDriver: TaskDriver {
  private var ended: [TaskEvent] = []
  private let flow: FlowDefinition
  private let write: (String) -> Void

  package init(flow: FlowDefinition, write: @escaping (String) -> Void) {
    self.flow = flow
    self.write = write
  }

  package mutating func perform(_ effects: [TaskEffect]) {
    for case .run(let id, let work) in effects {
      write(Self.describe(id, work, flow: flow))
      ended.append(.ended(id, TaskEnd(outcome: .dryRun, duration: .zero)))
    }
  }

  package mutating func next() -> TaskWaiter.Result {
    defer { ended = [] }
    return ended.isEmpty ? .idle : .events(ended)
  }

  package mutating func shutdown() {}

  /// What a task would run, a line each.
  ///
  /// Every value is quoted as JSON, so that nothing in it can forge a line or an escape
  /// sequence:
  ///
  ///     stepflow: dry run: step "build" would run
  ///       argv: ["git","tag","--","1.4.0"]
  ///       cwd: (stepflow's)
  ///       env: STEPFLOW_VERSION="1.4.0"
  package static func describe(_ id: TaskID, _ work: TaskWork, flow: FlowDefinition) -> String {
    var subject = "\(id.subject)"
    switch id.subject {
    case .step(let index): subject = "step " + quoted(flow.steps[index].id)
    case .options(let field): subject = "the options of field " + quoted(field)
    case .check(let field): subject = "the check of field " + quoted(field)
    case .stepCheck(let index): subject = "the check of step " + quoted(flow.steps[index].id)
    case .command: break
    }
    var lines = ["stepflow: dry run: \(subject) would run"]
    switch work {
    case .closure:
      lines.append("  work: a closure of the program (not run)")
    case .command(let launch):
      lines.append("  argv: " + JSONWriter.compact(.array(launch.arguments.map { .string($0) })))
      lines.append(
        "  cwd: " + (launch.directory.map { JSONWriter.compact(.string($0)) } ?? "(stepflow's)"))
      for (name, value) in launch.environment.sorted(by: { $0.key < $1.key }) {
        lines.append("  env: \(name)=" + JSONWriter.compact(.string(value)))
      }
      lines.append("  env: (and the environment stepflow runs in)")
      if let timeout = launch.timeout {
        lines.append("  timeout: " + FlowProgram.secondsText(timeout))
      }
      lines.append("  stdin: " + (launch.input == nil ? "/dev/null" : "the value checked"))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
