import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// A ``ScreenProgram`` as the terminal loop's program: its events in, its canvases out.
struct ScreenSession<P: ScreenProgram>: TerminalProgram {
  var program: P

  var minimumSize: (width: Int, height: Int) { program.minimumSize }

  var quitHint: String { "Ctrl-C to quit" }

  mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction {
    let screenEvent: ScreenEvent
    switch event {
    case .key(let key): screenEvent = .key(key)
    case .resize(let width, let height): screenEvent = .resize(width: width, height: height)
    case .tick: screenEvent = .tick
    case .input, .inputClosed, .task, .edited: return .continue
    }
    switch program.handle(screenEvent, at: now) {
    case .continue: return .continue
    case .exit(let code): return .exit(code)
    }
  }

  func view(width: Int, height: Int, at now: Duration) -> Canvas {
    program.view(width: width, height: height, at: now)
  }

  func nextDeadline(after now: Duration) -> Duration? { program.nextDeadline(after: now) }
}
