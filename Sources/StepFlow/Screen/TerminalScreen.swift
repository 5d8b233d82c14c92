import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// The terminal session stepflow's own runs use, for a program's own loop
/// (``ScreenProgram``): the same raw mode, screen modes, key decoder, frame writer and
/// restore guarantees, so a custom loop needs no terminal code of its own.
///
/// ```swift
/// var counter = Counter()                       // a ScreenProgram
/// do {
///   let code = try TerminalScreen.run(&counter, options: .init(mouse: true))
///   print("count: \(counter.count)")            // after the terminal is given back
///   exit(code)
/// } catch {
///   print("no terminal: \(error)")              // nothing was changed
/// }
/// ```
public enum TerminalScreen {
  /// Where a session draws.
  public enum Placement: Equatable, Sendable {
    /// The whole alternate screen; the shell's screen comes back untouched.
    case fullscreen
    /// The rows below the cursor on the main screen, as many as the view has; they are erased
    /// at the end.
    case inline
  }

  /// How a session runs.
  public struct Options: Sendable {
    /// The whole screen or the rows below the cursor.
    public var placement: Placement
    /// Whether mouse events (SGR reports) arrive as ``Key/mouse(_:)`` keys; reporting is
    /// turned off again on every way out.
    public var mouse: Bool
    /// When frames have colour: the canvas's colours are reduced to what the terminal shows
    /// (``TerminalScreen/colorDepth(for:)``), or dropped.
    public var color: ColorChoice
    /// The glyphs of the session's own screens ("terminal too small").
    public var glyphs: GlyphStyle
    /// With no key for this long the session ends with exit code 124; `nil` waits for ever.
    public var timeout: Duration?

    /// Options with every default: full screen, no mouse, colours as the terminal allows.
    public init(
      placement: Placement = .fullscreen, mouse: Bool = false, color: ColorChoice = .auto,
      glyphs: GlyphStyle = .unicode, timeout: Duration? = nil
    ) {
      self.placement = placement
      self.mouse = mouse
      self.color = color
      self.glyphs = glyphs
      self.timeout = timeout
    }
  }

  /// The colour depth a session's frames get with `color` on this terminal (`.none`: no
  /// colour), for a program that draws differently without colour.
  public static func colorDepth(for color: ColorChoice) -> ColorDepth {
    color.depth(environment: Platform.environment(), isTerminal: true) ?? .none
  }

  /// Runs `program` on the terminal (`/dev/tty`, so stdin and stdout stay the program's) until
  /// it asks to exit, a key or a signal ends the session, or the terminal goes away; the
  /// terminal is given back as it was found before this returns, whatever the way out.
  ///
  /// - Parameters:
  ///   - program: The program; it keeps its state when the session ends.
  ///   - options: Where it draws, mouse, colours, glyphs, a timeout.
  /// - Returns: The exit code: the program's, 130 (Ctrl-C, SIGINT), 143 (SIGTERM), 129
  ///   (SIGHUP, the terminal lost), 128 + n for the other signals that end a process, 124 (the
  ///   timeout).
  /// - Throws: ``ScreenError`` when there is no terminal to open, it cannot be put in raw
  ///   mode, or another session runs in this process — nothing was changed then.
  public static func run<P: ScreenProgram>(_ program: inout P, options: Options = Options())
    throws(ScreenError) -> Int32
  {
    var session = ScreenSession(program: program)
    defer { program = session.program }
    do {
      return try TerminalSession.run(
        &session,
        options: TerminalSession.Options(
          timeout: options.timeout, glyphs: options.glyphs,
          colorDepth: colorDepth(for: options.color), mouse: options.mouse,
          mode: options.placement == .inline ? .inline : .fullscreen, clearsInline: true))
    } catch {
      throw ScreenError(error.description)
    }
  }
}
