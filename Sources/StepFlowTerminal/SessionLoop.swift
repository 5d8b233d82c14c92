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
  /// Inline: the rest of a frame a signal cut off, written before anything else (the writer
  /// counts on every byte of its frames arriving: it moves relative to them).
  private var pendingOutput: [UInt8] = []
  private var isInline: Bool { options.mode == .inline }

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
  private mutating func flushPending() -> Bool {
    guard !pendingOutput.isEmpty else { return true }
    let bytes = pendingOutput
    pendingOutput = []
    return output(bytes)
  }

  /// Writes bytes to the terminal; inline, a cut-off write keeps its rest for later.
  /// - Returns: `false` when the terminal failed.
  private mutating func output(_ bytes: [UInt8]) -> Bool {
    switch tty.write(bytes, interruptFD: signals.readFD) {
    case .written: return true
    case .failed: return false
    case .interrupted(let written):
      pendingOutput = Array(bytes[min(written, bytes.count)...])
      return true
    }
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
  private mutating func send<P: TerminalProgram>(_ event: TerminalEvent, _ program: inout P)
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
  private mutating func handled<P: TerminalProgram>(_ program: inout P, at t: Duration)
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

  // MARK: Drawing

  /// Draws the program's view (or the too-small screen) and writes what changed.
  private mutating func draw<P: TerminalProgram>(_ program: P, at t: Duration) -> Int32? {
    needsDraw = false
    lastFrame = t
    if isInline { return drawInline(program, at: t) }
    let minimum = program.minimumSize
    let maximum = TerminalSession.maximumSize
    let canvas: Canvas
    if size.width < minimum.width || size.height < minimum.height {
      canvas = TooSmallScreen(
        need: minimum, have: size, glyphs: options.glyphs, quitHint: program.quitHint
      ).canvas()
    } else if size.width > maximum.width || size.height > maximum.height {
      canvas = TooSmallScreen.tooLarge(
        most: maximum, have: size, glyphs: options.glyphs, quitHint: program.quitHint
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

  /// Inline: the program's rows (or the too-small message in at most two), relative to the
  /// last frame; a cut-off frame is finished first.
  private mutating func drawInline<P: TerminalProgram>(_ program: P, at t: Duration) -> Int32? {
    guard flushPending() else { return ExitCode.hangUp }
    guard pendingOutput.isEmpty else {
      needsDraw = true
      return nil
    }
    let minimum = program.inlineMinimumSize
    let canvas: Canvas
    if size.width < minimum.width || size.height < minimum.height {
      canvas = TooSmallScreen(
        need: minimum, have: (size.width, min(size.height, 2)), glyphs: options.glyphs,
        quitHint: program.quitHint
      ).canvas()
    } else {
      canvas = program.inlineView(width: size.width, maxHeight: size.height, at: t)
    }
    let bytes = writer.frame(canvas)
    TerminalModes.setInlineTail(writer.tailBytes)
    guard !bytes.isEmpty else { return nil }
    return output(bytes) ? nil : ExitCode.hangUp
  }

  /// Forgets the screen: the next frame repaints everything.
  private mutating func repaint() {
    writer.invalidate()
    needsDraw = true
  }

  // MARK: Input

  /// Reads what the terminal has, up to the buffer's size a wake-up, and delivers its keys.
  ///
  /// A terminal hands typed bytes over about 4 KiB a read; reading on until it has no more
  /// (or the buffer is full) puts a burst of typing into one delivery, so a Ctrl-C behind it
  /// is seen before any of the keys are applied, and the burst costs one edit and one frame.
  /// Bounded a wake-up: a terminal that keeps sending cannot keep the loop from its signals
  /// and frames, which come between buffers.
  private mutating func readTerminal<P: TerminalProgram>(
    _ program: inout P, _ buffer: inout [UInt8], _ events: Int16
  ) -> Int32? {
    var count = 0
    var closed = false
    reading: while count < buffer.count {
      let result = buffer.withUnsafeMutableBytes {
        tty.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...]))
      }
      switch result {
      case .bytes(let n): count += n
      case .empty: break reading
      case .closed:
        closed = true
        break reading
      }
    }
    if count > 0 {
      lastByte = now()
      // A hang-up after the bytes is seen at the next wake-up.
      return deliver(decoder.feed(buffer[0..<count]), &program)
    }
    if closed || events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return ExitCode.hangUp }
    return nil
  }

  /// Hands keys that arrived together to the program, except Ctrl-C and Ctrl-Z.
  ///
  /// Ctrl-C
  /// interrupts at once (exit 130), before anything that came with it is applied: whatever the
  /// input, the answer to Ctrl-C never waits for work. Ctrl-Z suspends after the keys before it.
  private mutating func deliver<P: TerminalProgram>(_ keys: [Key], _ program: inout P) -> Int32? {
    guard !keys.isEmpty else { return nil }
    lastKey = now()
    if keys.contains(.ctrl("c")) { return ExitCode.interrupted }
    var start = keys.startIndex
    while let stop = keys[start...].firstIndex(of: .ctrl("z")) {
      if let code = send(keys: keys[start..<stop], &program) { return code }
      if let code = suspend(&program) { return code }
      start = stop + 1
    }
    return send(keys: keys[start...], &program)
  }

  /// Hands keys to the program (see ``TerminalProgram/handle(keys:at:)``) and asks it for its
  /// next deadline.
  private mutating func send<P: TerminalProgram>(keys: ArraySlice<Key>, _ program: inout P)
    -> Int32?
  {
    guard !keys.isEmpty else { return nil }
    let t = now()
    needsDraw = true
    if case .exit(let code) = program.handle(keys: Array(keys), at: t) { return code }
    return handled(&program, at: t)
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
  private mutating func resized<P: TerminalProgram>(_ program: inout P) -> Int32? {
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
  private mutating func suspend<P: TerminalProgram>(_ program: inout P) -> Int32? {
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
