import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// Writes a run's state to its `--state` file whenever it has changed since the last write: a new
/// step, another tab, a new answer, the end.
///
/// Each write is atomic (see ``Platform/writeFileAtomically(_:_:permissions:)``), with mode 0600
/// (or the stricter mode of the file it replaces): answers are nobody else's business. A write that
/// fails ends the run with exit 74 (``ExitCode/ioError``): a run that can no longer be resumed must
/// not pass for one that can.
package struct StateFileWriter {
  package let path: String
  package let flow: FlowDefinition
  /// What was written last, to write only changes.
  private var last: (Progression, FlowState.Status, [Int: Int], [String: FieldValue])?
  /// Why the last write failed, in words: reported by the caller (after the terminal is given
  /// back).
  private(set) var failure: String?

  /// What a save needs of the flow, worked out once (the fingerprint among it).
  private let layout: SavedState.Layout

  package init(path: String, flow: FlowDefinition) {
    self.path = path
    self.flow = flow
    layout = SavedState.Layout(flow: flow)
  }

  /// Writes the state if it changed; `false` when the file cannot be written (see ``failure``).
  @discardableResult
  package mutating func save(_ state: FlowState) -> Bool {
    if let last, last.0 == state.progression, last.1 == state.status, last.2 == state.selectedTabs,
      last.3 == state.answers
    {
      return true
    }
    do {
      try Platform.writeFileAtomically(
        path, SavedState.encode(flow: flow, state: state, layout: layout), permissions: 0o600)
      last = (state.progression, state.status, state.selectedTabs, state.answers)
      return true
    } catch {
      failure = "cannot write the state file \(error.description); the run stops"
      return false
    }
  }
}

/// A flow program that saves its state file after every step it takes on the terminal.
package struct SavingProgram: TerminalProgram {
  package var program: FlowProgram
  package var saver: StateFileWriter?

  package var minimumSize: (width: Int, height: Int) { program.minimumSize }
  package var quitHint: String { program.quitHint }

  package mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction {
    let before = program.state.progression
    let tabs = program.state.selectedTabs
    let action = program.handle(event, at: now)
    // Typing saves nothing by itself; moving to another step or tab saves what was typed.
    if program.state.progression != before || program.state.selectedTabs != tabs,
      saver?.save(program.state) == false
    {
      return .exit(ExitCode.ioError)
    }
    return action
  }

  package mutating func handle(keys: [Key], at now: Duration) -> ProgramAction {
    let before = program.state.progression
    let tabs = program.state.selectedTabs
    let action = program.handle(keys: keys, at: now)
    if program.state.progression != before || program.state.selectedTabs != tabs,
      saver?.save(program.state) == false
    {
      return .exit(ExitCode.ioError)
    }
    return action
  }

  package func view(width: Int, height: Int, at now: Duration) -> Canvas {
    program.view(width: width, height: height, at: now)
  }

  package func nextDeadline(after now: Duration) -> Duration? { program.nextDeadline(after: now) }

  package mutating func takeHandOver() -> ExternalEdit? { program.takeHandOver() }

  package mutating func takeEffects() -> [TaskEffect] { program.takeEffects() }

  package func inlineView(width: Int, maxHeight: Int, at now: Duration) -> Canvas {
    program.inlineView(width: width, maxHeight: maxHeight, at: now)
  }

  package var inlineMinimumSize: (width: Int, height: Int) { program.inlineMinimumSize }

  package func record(exitCode: Int32, width: Int) -> Canvas? {
    program.record(exitCode: exitCode, width: width)
  }
}
