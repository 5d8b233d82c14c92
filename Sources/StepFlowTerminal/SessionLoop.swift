import Glibc
import StepFlowCore
import StepFlowRender

/// The state of one running session; see ``TerminalSession``.
package struct SessionLoop {
  private let tty: TTY
  private let signals: SignalPipe
  private let options: TerminalSession.Options
  private let start = Platform.monotonicNow()
  private var writer: FrameWriter
  private var decoder = KeyDecoder()
  private var size: (width: Int, height: Int)
  private var needsDraw = true
  private var lastFrame: Duration?
  private var lastTick: Duration?
  /// When the program asked to be ticked (after the last event it was given).
  private var deadline: Duration?
  private var lastByte = Duration.zero
  private var lastKey = Duration.zero
  private var inputOpen = true
  /// The last frame was cut off: the terminal may be inside an escape sequence.
  private var frameCut = false
  /// Runs the program's tasks; made when the first is asked for.
  private var executor: TaskExecutor?

  package init(tty: TTY, signals: SignalPipe, options: TerminalSession.Options) {
    self.tty = tty
    self.signals = signals
    self.options = options
    writer = FrameWriter(depth: options.colorDepth)
    size = tty.size()
  }

  private func now() -> Duration { Platform.monotonicNow() - start }

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
      for key in decoder.flush() {
        if let code = deliver(key, &program) { return code }
      }
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
  private mutating func send<P: TerminalProgram>(_ event: TerminalEvent, _ program: inout P)
    -> Int32?
  {
    let t = now()
    needsDraw = true
    if case .exit(let code) = program.handle(event, at: t) { return code }
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

  // MARK: Drawing

  /// Draws the program's view (or the too-small screen) and writes what changed.
  private mutating func draw<P: TerminalProgram>(_ program: P, at t: Duration) -> Int32? {
    needsDraw = false
    lastFrame = t
    let minimum = program.minimumSize
    let canvas: Canvas
    if size.width < minimum.width || size.height < minimum.height {
      canvas = TooSmallScreen(
        need: minimum, have: size, glyphs: options.glyphs, quitHint: program.quitHint
      ).canvas()
    } else {
      canvas = program.view(width: size.width, height: size.height, at: t)
    }
    var bytes = writer.frame(canvas)
    guard !bytes.isEmpty else { return nil }
    if frameCut {
      bytes.insert(0x18, at: 0)  // CAN: end whatever sequence the cut frame left open.
      frameCut = false
    }
    switch tty.write(bytes, interruptFD: signals.readFD) {
    case .written: return nil
    case .failed: return ExitCode.hangUp
    case .interrupted:
      // A signal came while the terminal held the output back: repaint after handling it.
      frameCut = true
      repaint()
      return nil
    }
  }

  /// Forgets the screen: the next frame repaints everything.
  private mutating func repaint() {
    writer.invalidate()
    needsDraw = true
  }

  // MARK: Input

  /// Reads everything the terminal has and delivers the keys.
  private mutating func readTerminal<P: TerminalProgram>(
    _ program: inout P, _ buffer: inout [UInt8], _ events: Int16
  ) -> Int32? {
    var gotBytes = false
    while true {
      let result = buffer.withUnsafeMutableBytes { tty.read(into: $0) }
      switch result {
      case .bytes(let n):
        gotBytes = true
        lastByte = now()
        for key in decoder.feed(buffer[0..<n]) {
          if let code = deliver(key, &program) { return code }
        }
      case .empty:
        if !gotBytes, events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return ExitCode.hangUp }
        return nil
      case .closed:
        return ExitCode.hangUp
      }
    }
  }

  /// Hands one key to the program, except Ctrl-C (exit 130) and Ctrl-Z (suspend).
  private mutating func deliver<P: TerminalProgram>(_ key: Key, _ program: inout P) -> Int32? {
    lastKey = now()
    switch key {
    case .ctrl("c"):
      return ExitCode.interrupted
    case .ctrl("z"):
      return suspend(&program)
    default:
      return send(.key(key), &program)
    }
  }

  /// Reads once from the program's input descriptor.
  private mutating func readInput<P: TerminalProgram>(
    _ program: inout P, _ buffer: inout [UInt8]
  ) -> Int32? {
    guard let input = program.inputDescriptor else { return nil }
    let n = Platform.retryingInterrupts {
      buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    }
    let event: TerminalEvent
    if n > 0 {
      event = .input(Array(buffer[0..<n]))
    } else if n < 0 && Platform.wouldBlock {
      // Not ready after all: back to poll, which waits for it.
      return nil
    } else {
      inputOpen = false
      event = .inputClosed
    }
    return send(event, &program)
  }

  // MARK: Signals and suspension

  private mutating func handleSignals<P: TerminalProgram>(
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
        // Stopped and continued by someone else: the shell may have changed the settings.
        TerminalModes.reapply(tty)
        repaint()
      default:
        break
      }
    }
    return nil
  }

  /// Re-reads the size and tells the program; the screen is repainted whether or not the size
  /// changed (the terminal may have reflowed it).
  private mutating func resized<P: TerminalProgram>(_ program: inout P) -> Int32? {
    size = tty.size()
    repaint()
    return send(.resize(width: size.width, height: size.height), &program)
  }

  /// Gives the terminal back, stops the process, and on continuing takes the terminal again.
  private mutating func suspend<P: TerminalProgram>(_ program: inout P) -> Int32? {
    TerminalModes.restore()
    options.stopProcess(signals)
    do {
      try TerminalModes.enter(tty)
    } catch {
      return ExitCode.hangUp
    }
    // The SIGCONT that woke the process is handled here; other signals as usual.
    let pending = signals.drain().filter { $0 != SIGCONT && $0 != SIGTSTP }
    if let code = handleSignals(pending, &program) { return code }
    return resized(&program)
  }
}
