import Glibc
import StepFlowCore
import StepFlowRender

// Signals and suspension: resize, Ctrl-Z and `fg`, and the signals that end a session.
extension SessionLoop {

  mutating func handleSignals<P: TerminalProgram>(
    _ received: [Int32], _ program: inout P
  ) -> Int32? {
    for signal in received {
      // A crash signal is in the pipe only when it was sent from outside (see FatalSignals).
      if SignalPipe.terminating.contains(signal) || FatalSignals.handled.contains(signal) {
        return ExitCode.signalled(signal)
      }
      switch signal {
      case SIGWINCH:
        if let code = resized(&program) { return code }
      case SIGTSTP:
        if let code = suspend(&program) { return code }
      case SIGCONT:
        // Stopped and continued by someone else: the shell may have changed the settings (and,
        // inline, printed under the rows: they are drawn afresh from the cursor).
        TerminalModes.reapply(tty)
        if isInline { writer.restart() }
        repaint()
      default:
        break
      }
    }
    return nil
  }

  /// Re-reads the size and tells the program; the screen is repainted whether or not the size
  /// changed (the terminal may have reflowed it).
  mutating func resized<P: TerminalProgram>(_ program: inout P) -> Int32? {
    size = tty.size()
    if isInline {
      // Back to the first row (counting what a narrower terminal re-wrapped) and erase from
      // there: the next frame is drawn whole in place, with nothing stale above it.
      guard flushPending() else { return ExitCode.hangUp }
      let back = writer.resized(toWidth: size.width)
      if !back.isEmpty, !output(back) { return ExitCode.hangUp }
      needsDraw = true
    } else {
      repaint()
    }
    return send(.resize(width: size.width, height: size.height), &program)
  }

  /// Gives the terminal back, stops the process, and on continuing takes the terminal again.
  mutating func suspend<P: TerminalProgram>(_ program: inout P) -> Int32? {
    if isInline {
      // The shell gets the terminal where the rows were; `fg` draws them again below what it
      // printed.
      if flushPending() { _ = tty.write(writer.leave(record: nil), patience: 1000) }
      writer.restart()
      TerminalModes.setInlineTail([])
    }
    TerminalModes.restore()
    options.stopProcess(signals)
    do {
      try TerminalModes.enter(tty, mode: options.mode, mouse: options.mouse)
    } catch {
      return ExitCode.hangUp
    }
    // The SIGCONT that woke the process is handled here; other signals as usual.
    let pending = signals.drain().filter { $0 != SIGCONT && $0 != SIGTSTP }
    if let code = handleSignals(pending, &program) { return code }
    return resized(&program)
  }
}
