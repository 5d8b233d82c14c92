import Glibc
import StepFlowCore
import StepFlowRender

/// The state of one running session; see ``TerminalSession``.
package struct SessionLoop {
  let tty: TTY
  let signals: SignalPipe
  let options: TerminalSession.Options
  let start = Platform.monotonicNow()
  var writer: FrameWriter
  var decoder = KeyDecoder()
  var size: (width: Int, height: Int)
  var needsDraw = true
  var lastFrame: Duration?
  var lastTick: Duration?
  /// When the program asked to be ticked (after the last event it was given).
  var deadline: Duration?
  var lastByte = Duration.zero
  var lastKey = Duration.zero
  var inputOpen = true
  /// The last frame was cut off: the terminal may be inside an escape sequence.
  var frameCut = false
  /// Runs the program's tasks; made when the first is asked for.
  var executor: TaskExecutor?
  /// Inline: the rest of a frame a signal cut off, written before anything else (the writer
  /// counts on every byte of its frames arriving: it moves relative to them).
  var pendingOutput: [UInt8] = []
  var isInline: Bool { options.mode == .inline }

  package init(tty: TTY, signals: SignalPipe, options: TerminalSession.Options) {
    self.tty = tty
    self.signals = signals
    self.options = options
    writer = FrameWriter(
      depth: options.colorDepth, placement: options.mode == .inline ? .inline : .screen)
    size = tty.size()
  }

  /// Inline, once the loop has ended with `code`: the frames give way to the program's record line
  /// (or to nothing with ``TerminalSession/Options/clearsInline``), the cursor below it.
  ///
  /// Nothing is written to a terminal that is gone.
  package mutating func finish<P: TerminalProgram>(_ code: Int32, _ program: P) {
    guard isInline else { return }
    defer { TerminalModes.setInlineTail([]) }
    guard code != ExitCode.hangUp, flushPending() else { return }
    let record = options.clearsInline ? nil : program.record(exitCode: code, width: size.width)
    _ = tty.write(writer.leave(record: record), patience: 1000)
  }

  /// Writes what a signal cut off.
  ///
  /// `false` when the terminal failed.
  mutating func flushPending() -> Bool {
    guard !pendingOutput.isEmpty else { return true }
    let bytes = pendingOutput
    pendingOutput = []
    return output(bytes)
  }

  /// Writes bytes to the terminal; inline, a cut-off write keeps its rest for later.
  /// - Returns: `false` when the terminal failed.
  mutating func output(_ bytes: [UInt8]) -> Bool {
    switch tty.write(bytes, interruptFD: signals.readFD) {
    case .written: return true
    case .failed: return false
    case .interrupted(let written):
      pendingOutput = Array(bytes[min(written, bytes.count)...])
      return true
    }
  }

  func now() -> Duration { Platform.monotonicNow() - start }

  package mutating func run<P: TerminalProgram>(_ program: inout P) -> Int32 {
    if let code = send(.resize(width: size.width, height: size.height), &program) { return code }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      if let code = dueWork(&program) { return code }
      var fds = [
        pollfd(fd: tty.fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
      ]
      var inputIndex: Int?
      if inputOpen, let input = program.inputDescriptor {
        inputIndex = fds.count
        fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0))
      }
      let taskStart = fds.count
      if let executor { fds += executor.pollDescriptors() }
      let ready = poll(&fds, nfds_t(fds.count), pollTimeout())
      if ready < 0 {
        // Interrupted by a signal: its byte is in the pipe, and the loop goes round to it.
        if errno == EINTR || Platform.wouldBlock { continue }
        return ExitCode.hangUp
      }
      if fds[1].revents != 0, let code = handleSignals(signals.drain(), &program) {
        return code
      }
      if fds[0].revents != 0, let code = readTerminal(&program, &buffer, fds[0].revents) {
        return code
      }
      if let inputIndex, fds[inputIndex].revents != 0, let code = readInput(&program, &buffer) {
        return code
      }
      if let executor, let code = deliverTasks(executor.service(fds[taskStart...]), &program) {
        return code
      }
    }
  }

  /// Stops every task the program started and waits for them (at most the runner's grace
  /// period): called once the session is over, after the terminal is restored.
  package mutating func shutdownTasks() {
    executor?.shutdown()
    executor = nil
  }

  /// Hands task events to the program.
  private mutating func deliverTasks<P: TerminalProgram>(_ events: [TaskEvent], _ program: inout P)
    -> Int32?
  {
    for event in events {
      if let code = send(.task(event), &program) { return code }
    }
    return nil
  }

  // MARK: Time

  /// Sends what is due now (a flushed Esc, a tick, the timeout) and draws when a frame is due.
  private mutating func dueWork<P: TerminalProgram>(_ program: inout P) -> Int32? {
    let t = now()
    if let timeout = options.timeout, t - lastKey >= timeout { return ExitCode.timeout }
    if decoder.isAwaitingMoreBytes, t - lastByte >= KeyDecoder.escapeTimeout {
      if let code = deliver(decoder.flush(), &program) { return code }
    }
    if let tick = nextTick(), t >= tick {
      lastTick = t
      if let code = send(.tick, &program) { return code }
    }
    if needsDraw, lastFrame.map({ t - $0 >= options.frameInterval }) ?? true {
      return draw(program, at: t)
    }
    return nil
  }

  /// Hands an event to the program and asks it for its next deadline.
  /// - Returns: the exit code when the program asks to exit.
  mutating func send<P: TerminalProgram>(_ event: TerminalEvent, _ program: inout P)
    -> Int32?
  {
    let t = now()
    needsDraw = true
    if case .exit(let code) = program.handle(event, at: t) { return code }
    return handled(&program, at: t)
  }

  /// After the program handled something: starts the work it asked for, keeps its next
  /// deadline, and hands the terminal to an editor when it asked for one.
  /// - Returns: the exit code when the program asks to exit after the editor.
  mutating func handled<P: TerminalProgram>(_ program: inout P, at t: Duration)
    -> Int32?
  {
    let effects = program.takeEffects()
    if !effects.isEmpty {
      if executor == nil { executor = TaskExecutor() }
      executor?.perform(effects)
    }
    deadline = program.nextDeadline(after: t)
    if let edit = program.takeHandOver() { return handOver(edit, &program) }
    return nil
  }

  /// Gives the terminal to an editor and takes it back: the terminal as it was found while
  /// the editor runs (cooked mode, the main screen), then raw mode from the settings saved at
  /// the start and stepflow's modes again, whatever the editor left; the whole screen is
  /// drawn anew and the program hears how the editor ended.
  private mutating func handOver<P: TerminalProgram>(_ edit: ExternalEdit, _ program: inout P)
    -> Int32?
  {
    if isInline {
      // The editor gets the terminal where the rows were; they are drawn again afterwards.
      if flushPending() { _ = tty.write(writer.leave(record: nil), patience: 1000) }
      writer.restart()
      TerminalModes.setInlineTail([])
      // Where the rows start, for ``TerminalModes/resume(_:)`` to come back to (DECSC).
      _ = tty.write(TerminalModes.saveCursor, patience: 1000)
    }
    TerminalModes.restore()
    tty.setBlocking(true)
    let outcome = ExternalEditor.run(edit, terminal: tty.fd, signals: signals)
    tty.setBlocking(false)
    do {
      try TerminalModes.resume(tty)
    } catch {
      return ExitCode.hangUp
    }
    // Bytes the editor left unread are not keys for stepflow.
    decoder = KeyDecoder()
    tty.discardInput()
    if let code = handleSignals(outcome.signals, &program) { return code }
    if let code = resized(&program) { return code }
    return send(.edited(outcome.result), &program)
  }

  /// When the program's next tick is due: its deadline, but not sooner than a frame after the
  /// last tick (so a deadline in the past cannot make the loop spin).
  private func nextTick() -> Duration? {
    guard let deadline else { return nil }
    guard let lastTick else { return deadline }
    return max(deadline, lastTick + options.frameInterval)
  }

  /// Milliseconds until the earliest thing due, rounded up; `-1` (for ever) when nothing is.
  private func pollTimeout() -> Int32 {
    let t = now()
    var wake: Duration?
    func consider(_ time: Duration) { wake = min(wake ?? time, time) }
    if needsDraw, let lastFrame { consider(lastFrame + options.frameInterval) }
    if let tick = nextTick() { consider(tick) }
    if decoder.isAwaitingMoreBytes { consider(lastByte + KeyDecoder.escapeTimeout) }
    if let timeout = options.timeout { consider(lastKey + timeout) }
    if let due = executor?.nextDeadline() { consider(due - start) }
    guard let wake else { return -1 }
    let remaining = wake - t
    if remaining <= .zero { return 0 }
    let (seconds, attoseconds) = remaining.components
    let partial = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: seconds * 1000 + partial)
  }

}
