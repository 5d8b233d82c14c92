import StepFlowCore
import StepFlowRender

/// What the interactive loop tells a program.
package enum TerminalEvent: Equatable, Sendable {
  /// A key (or a paste) from the terminal.
  case key(Key)
  /// The terminal changed size (also sent once at start).
  case resize(width: Int, height: Int)
  /// Time passed: an animation deadline the program asked for was reached.
  case tick
  /// Bytes arrived on the program's ``TerminalProgram/inputDescriptor`` (e.g. a gauge's stdin).
  case input([UInt8])
  /// The program's input descriptor reached end of file.
  case inputClosed
  /// A task the program asked for (``TerminalProgram/takeEffects()``) has news.
  case task(TaskEvent)
  /// The editor the program handed the terminal to (``TerminalProgram/takeHandOver()``) is
  /// done: the text it left, or why there is none.
  case edited(EditResult)
}

/// What a program asks of the loop after an event.
package enum ProgramAction: Equatable, Sendable {
  /// Keep running.
  case `continue`
  /// Stop with this exit code; the loop restores the terminal first.
  case exit(Int32)
}

/// A program the interactive terminal loop can drive: it takes events and draws canvases.
///
/// This is the seam between the pure core (state, update, view) and the terminal: the loop
/// owns raw mode, the alternate screen, signals and the frame writer; the program owns state.
/// A test drives a program with events and a manual time and never needs a terminal.
package protocol TerminalProgram {
  /// The smallest terminal the program can draw in; below it the loop shows a
  /// "terminal too small" screen instead.
  var minimumSize: (width: Int, height: Int) { get }

  /// How to get out, shown on the "terminal too small" screen: `q or Ctrl-C to quit`.
  var quitHint: String { get }

  /// Applies one event at time `now` (time since the loop started).
  mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction

  /// Applies keys that arrived together, in order, stopping at the first that exits. The
  /// default hands each to ``handle(_:at:)``; a program may take a run of them at once (a
  /// burst of typing into a field as one insertion).
  mutating func handle(keys: [Key], at now: Duration) -> ProgramAction

  /// Draws the whole screen at time `now`.
  func view(width: Int, height: Int, at now: Duration) -> Canvas

  /// The next time the program wants a frame (an animation runs); `nil` when idle.
  func nextDeadline(after now: Duration) -> Duration?

  /// A file descriptor besides the terminal that the loop should read for the program (a
  /// gauge reads its percentages from stdin); `nil` for none.
  var inputDescriptor: Int32? { get }

  /// The work the program wants started or stopped — effects as data — asked after every
  /// event it handles. The loop carries them out (``TaskExecutor``) and sends what happens
  /// back as ``TerminalEvent/task(_:)``; every task is stopped when the loop ends.
  mutating func takeEffects() -> [TaskEffect]

  /// Inline (``ScreenMode/inline``): the frame in `width` columns, as many rows as the program
  /// needs (at least 1), at most `maxHeight` (the terminal's height).
  func inlineView(width: Int, maxHeight: Int, at now: Duration) -> Canvas

  /// Inline: the smallest terminal the program draws in; below it the loop shows the "terminal
  /// too small" message in its rows instead.
  var inlineMinimumSize: (width: Int, height: Int) { get }

  /// Inline: the one line that takes the place of the frames when the session ends with `code`
  /// (`✔ Branch: main`, `✗ Branch`), left in the scrollback; `nil` for none (the rows are
  /// erased).
  func record(exitCode: Int32, width: Int) -> Canvas?

  /// A text to edit in an editor that takes over the terminal (Ctrl-E), asked after every
  /// event: the loop gives the terminal back, runs the editor, takes the terminal again with
  /// its own modes, and sends ``TerminalEvent/edited(_:)``.
  mutating func takeHandOver() -> ExternalEdit?
}

extension TerminalProgram {
  package var quitHint: String { "q or Ctrl-C to quit" }
}

extension TerminalProgram {
  package var inputDescriptor: Int32? { nil }

  package mutating func handle(keys: [Key], at now: Duration) -> ProgramAction {
    for key in keys {
      if case .exit(let code) = handle(.key(key), at: now) { return .exit(code) }
    }
    return .continue
  }
  package mutating func takeEffects() -> [TaskEffect] { [] }
  /// The whole view, the terminal's height.
  package func inlineView(width: Int, maxHeight: Int, at now: Duration) -> Canvas {
    view(width: width, height: maxHeight, at: now)
  }
  package var inlineMinimumSize: (width: Int, height: Int) { minimumSize }
  package func record(exitCode: Int32, width: Int) -> Canvas? { nil }
  package mutating func takeHandOver() -> ExternalEdit? { nil }
}
