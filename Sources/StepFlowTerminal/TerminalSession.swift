import StepFlowCore

/// The interactive loop: runs a ``TerminalProgram`` full screen (or inline, in the rows below
/// the cursor) on a terminal and gives the terminal back, as it was, on every way out.
///
/// Inline (``Options/mode`` ``ScreenMode/inline``): no alternate screen; the program's
/// ``TerminalProgram/inlineView(width:maxHeight:at:)`` is drawn in the rows from the cursor's
/// line down (the terminal scrolled first when they are not there), with relative moves only
/// (``FrameWriter/Placement/inline``), redrawn in place on resize. When the session ends the
/// rows give way to the program's ``TerminalProgram/record(exitCode:width:)`` — one line left in
/// the scrollback, the cursor below it — or, with ``Options/clearsInline``, to nothing. Ctrl-Z
/// erases the rows before the shell takes the terminal; `fg` draws them afresh below what the
/// shell printed. A way out that draws nothing more (a signal, a crash) leaves the last frame
/// and puts the cursor below it.
///
/// It opens the terminal (`/dev/tty` by default, so stdin and stdout stay free: the caller
/// prints the result on stdout after `run` returns), enters raw mode and the screen modes
/// (``TerminalModes``), sends `.resize` first, then waits in one `poll` on the terminal, the
/// signal pipe and the program's ``TerminalProgram/inputDescriptor``, with a timeout that is the
/// earliest of: the program's next deadline, the end of an Esc key's wait, the next allowed frame,
/// and `--timeout`. Nothing due means waiting for ever: an idle session uses no CPU and writes
/// nothing. After every event (and `.tick` at a deadline) it draws `view` through a
/// ``FrameWriter``, at most one frame per ``Options/frameInterval``.
///
/// Keys: Ctrl-C ends with 130 (the program never sees it); Ctrl-Z suspends (terminal restored,
/// process stopped; on `fg` raw mode and the modes come back and the screen is repainted);
/// every other key goes to the program. Signals: SIGINT 130, SIGTERM 143, SIGHUP 129, and every
/// other signal whose default action would end the process (SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
/// SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ), and SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL and
/// SIGTRAP sent from another process, 128 + its number, the terminal restored (a real fault
/// restores the terminal and dies of its signal, see ``FatalSignals``); SIGWINCH
/// re-reads the size, sends `.resize` and repaints, SIGTSTP suspends like Ctrl-Z, SIGCONT
/// re-enters the modes and repaints. A terminal that hangs up or fails ends the loop with 129.
/// When the terminal is smaller than the program's ``TerminalProgram/minimumSize``, a
/// "terminal too small" screen is drawn instead of the program's view; larger than
/// ``maximumSize``, a "terminal too large" one.
///
/// Deadlines: after every event the program handles, the loop asks it
/// `nextDeadline(after: now)` with that event's time and keeps the answer (an absolute time
/// since the session started). When it is reached, the program gets `.tick` and a frame is
/// drawn, at most once per ``Options/frameInterval``; `nil` means idle. An animation returns
/// `min(now + frame, end)` while `now < end`, so its last frame (the end state) is drawn too.
///
/// Names in this example are illustrative:
///
/// ```swift
/// var program = FlowProgram(flow: flow)
/// let code: Int32
/// do {
///   code = try TerminalSession.run(&program, options: .init(timeout: .seconds(30)))
/// } catch {
///   Platform.writeStderr("stepflow: \(error)\n")   // or fall back to the plain mode
///   return ExitCode.noInput
/// }
/// Platform.writeStdout(program.resultJSON)          // stdout carries only the result
/// Platform.exitProcess(code)
/// ```
package enum TerminalSession {
  /// The largest screen a session draws, as `--width` and `--height` allow for printed frames:
  /// 1000×1000.
  ///
  /// On a larger terminal (a window of 10000×10000 cells, a pty that says 65535×65535)
  /// the session shows "terminal too large (at most 1000×1000, have …)" and how to quit instead
  /// of a screen whose cells would take gigabytes and seconds to draw.
  package static let maximumSize = (width: 1000, height: 1000)

  /// How a session runs.
  package struct Options: Sendable {
    /// With no key for this long the session ends with exit code 124; `nil` waits for ever.
    package var timeout: Duration?
    /// The glyphs of the loop's own screens ("terminal too small").
    package var glyphs: GlyphStyle
    /// The colours the terminal shows; frames are reduced to this depth.
    package var colorDepth: ColorDepth
    /// The terminal to draw on.
    package var device: TerminalDevice
    /// The shortest time between two frames (1/60 s: at most 60 frames a second).
    package var frameInterval: Duration
    /// Whether the terminal reports the mouse (clicks, the wheel) as ``Key/mouse(_:)`` keys;
    /// reporting is turned off again on every way out.
    package var mouse: Bool
    /// Stops the process for Ctrl-Z and returns when it continues; tests replace it.
    package var stopProcess: @Sendable (_ signals: SignalPipe) -> Void = { $0.stopProcess() }
    /// The whole (alternate) screen, or the rows below the cursor.
    package var mode: ScreenMode
    /// Inline: erase the rows at the end instead of leaving the program's record line.
    package var clearsInline: Bool

    package init(
      timeout: Duration? = nil, glyphs: GlyphStyle = .unicode, colorDepth: ColorDepth = .ansi256,
      device: TerminalDevice = .controlling, frameInterval: Duration = .microseconds(16_667),
      mouse: Bool = false, mode: ScreenMode = .fullscreen, clearsInline: Bool = false
    ) {
      self.mouse = mouse
      self.timeout = timeout
      self.glyphs = glyphs
      self.colorDepth = colorDepth
      self.device = device
      self.frameInterval = frameInterval
      self.mode = mode
      self.clearsInline = clearsInline
    }
  }

  /// The size of the controlling terminal (`/dev/tty`), or `nil` when there is none.
  package static func controllingTerminalSize() -> (width: Int, height: Int)? {
    guard let tty = try? TTY.open(.controlling) else { return nil }
    defer { tty.close() }
    return tty.size()
  }

  /// Runs `program` on the terminal until it asks to exit, a key or signal ends the session,
  /// or the terminal goes away; the terminal is restored before this returns.
  ///
  /// - Returns: the exit code: the program's, 130 (Ctrl-C, SIGINT), 143 (SIGTERM), 129 (SIGHUP,
  ///   terminal lost), 128 + n for the other terminating signals (SIGQUIT 131 …), 124 (timeout).
  /// - Throws: when the terminal cannot be opened or put in raw mode (nothing was changed then),
  ///   or when another session is already running in this process.
  package static func run<P: TerminalProgram>(_ program: inout P, options: Options)
    throws(TerminalError) -> Int32
  {
    guard !TerminalModes.isActive else {
      throw TerminalError(
        device: options.device.name, operation: "start a session on",
        reason: "another interactive session is running in this process")
    }
    let tty = try TTY.open(options.device)
    defer { tty.close() }
    var signals = try SignalPipe.install(for: tty.name)
    defer { signals.uninstall() }
    try TerminalModes.enter(tty, mode: options.mode, mouse: options.mouse)
    FatalSignals.install()
    defer { FatalSignals.uninstall() }
    var loop = SessionLoop(tty: tty, signals: signals, options: options)
    // After the terminal is given back: the commands the program ran are stopped and
    // reaped (a crash meanwhile still kills them: the fatal-signal handlers are in place).
    defer { loop.shutdownTasks() }
    defer { TerminalModes.restore() }
    let code = loop.run(&program)
    loop.finish(code, program)
    return code
  }
}
