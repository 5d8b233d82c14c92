import StepFlowCore
import StepFlowRender

/// A program's own loop on the terminal, run by ``TerminalScreen/run(_:options:)``: it takes
/// events and draws canvases, and the session does the rest — raw mode, the alternate screen
/// (or the rows below the cursor), decoded keys and mouse events, a frame writer that sends
/// only the cells that changed, Ctrl-C (exit 130), Ctrl-Z, signals, resizes, and the terminal
/// given back as it was found on every way out.
///
/// Time is passed in (`now`, since the session started), so a program is a value a test
/// drives without a terminal.
///
/// ```swift
/// struct Counter: ScreenProgram {
///   var count = 0
///   mutating func handle(_ event: ScreenEvent, at now: Duration) -> ScreenAction {
///     switch event {
///     case .key(.character("+")): count += 1
///     case .key(.character("q")): return .exit(0)
///     default: break
///     }
///     return .continue
///   }
///   func view(width: Int, height: Int, at now: Duration) -> Canvas {
///     var canvas = Canvas(width: width, height: height)
///     canvas.draw("count \(count) (+ adds, q quits)", x: 0, y: 0, style: .plain)
///     return canvas
///   }
/// }
/// var counter = Counter()
/// let code = try TerminalScreen.run(&counter)
/// ```
public protocol ScreenProgram {
  /// The smallest terminal the program draws in; below it the session shows a "terminal too
  /// small" screen instead. Default: 1×1.
  var minimumSize: (width: Int, height: Int) { get }

  /// Applies one event at time `now`.
  mutating func handle(_ event: ScreenEvent, at now: Duration) -> ScreenAction

  /// Draws the screen (inline: the rows the program wants, at most `height`) at time `now`.
  func view(width: Int, height: Int, at now: Duration) -> Canvas

  /// When the program next wants a ``ScreenEvent/tick`` (an animation runs); `nil` when idle.
  /// Default: `nil`.
  func nextDeadline(after now: Duration) -> Duration?
}

extension ScreenProgram {
  /// Any size: 1×1.
  public var minimumSize: (width: Int, height: Int) { (1, 1) }

  /// Idle: no ticks.
  public func nextDeadline(after now: Duration) -> Duration? { nil }
}
