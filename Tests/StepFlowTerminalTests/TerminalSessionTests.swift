import Glibc
import StepFlowTestSupport
import Synchronization
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

/// A small program for the loop: counts `+`, shows the last key, the size and an animation that
/// runs 150 ms after `a`; `q` exits with 7.
private struct CounterProgram: TerminalProgram, Sendable {
  var count = 0
  var width = 0
  var height = 0
  var resizes = 0
  var ticks = 0
  var keys: [Key] = []
  var inputs: [String] = []
  var inputClosed = false
  var animationEnd: Duration?
  var input: Int32?
  var minimumSize: (width: Int, height: Int) { (20, 5) }
  var inputDescriptor: Int32? { input }

  mutating func handle(_ event: TerminalEvent, at now: Duration) -> ProgramAction {
    switch event {
    case .key(.character("q")): return .exit(7)
    case .key(.character("+")): count += 1
    case .key(.character("a")): animationEnd = now + .milliseconds(150)
    case .key(let key): keys.append(key)
    case .resize(let w, let h):
      width = w
      height = h
      resizes += 1
    case .tick: ticks += 1
    case .input(let bytes): inputs.append(String(decoding: bytes, as: UTF8.self))
    case .inputClosed: inputClosed = true
    case .task, .edited: break
    }
    return .continue
  }

  func view(width: Int, height: Int, at now: Duration) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.draw("count \(count)", x: 0, y: 0, style: .plain.bold)
    canvas.draw("size \(width)x\(height)", x: 0, y: 1, style: .plain)
    let last: String
    switch keys.last {
    case .mouse(let event)?: last = "mouse \(event.action)"  // the whole event is too wide
    case let key?: last = "\(key)"
    case nil: last = "-"
    }
    canvas.draw("key \(last)", x: 0, y: 2, style: .plain)
    if let animationEnd, now < animationEnd {
      canvas.draw("frame \(now.milliseconds)", x: 0, y: 3, style: Style(foreground: .cyan))
    }
    if let last = inputs.last { canvas.draw("input \(last)", x: 0, y: 4, style: .plain) }
    if inputClosed { canvas.draw("input closed", x: 0, y: 4, style: .plain) }
    return canvas
  }

  func nextDeadline(after now: Duration) -> Duration? {
    guard let animationEnd, now < animationEnd else { return nil }
    return now + .milliseconds(16)
  }
}

/// What a background thread runs and where it leaves the result.
private final class ThreadWork<Result: Sendable>: Sendable {
  let body: @Sendable () -> Result
  let result = Mutex<Result?>(nil)

  init(_ body: @escaping @Sendable () -> Result) { self.body = body }

  func run() {
    let value = body()
    result.withLock { $0 = value }
  }
}

/// The C entry point of a background thread: runs the ``ThreadWork`` it is given.
private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  Unmanaged<ThreadWork<Outcome>>.fromOpaque(context).takeRetainedValue().run()
  return nil
}

/// Runs a session on its own thread (the loop blocks in poll) and hands back its outcome.
private struct Background {
  private let work: ThreadWork<Outcome>
  private let thread: pthread_t

  init(_ body: @escaping @Sendable () -> Outcome) {
    work = ThreadWork(body)
    var handle = pthread_t()
    let created = pthread_create(&handle, nil, threadMain, Unmanaged.passRetained(work).toOpaque())
    precondition(created == 0, "pthread_create failed")
    thread = handle
  }

  var isFinished: Bool { work.result.withLock { $0 != nil } }

  /// Waits for the outcome, reading the terminal meanwhile (the session's last write and its
  /// TCSADRAIN wait for the terminal to read).
  func finish(reading pty: PseudoTerminal, timeout: Duration = .seconds(5)) -> Outcome? {
    guard pty.waitFor(timeout: timeout, { _ in isFinished }) else { return nil }
    pthread_join(thread, nil)
    pty.read(timeout: .milliseconds(20))
    return work.result.withLock { $0 }
  }
}

private typealias Outcome = (code: Int32?, error: TerminalError?, program: CounterProgram)

private func startSession(
  on pty: PseudoTerminal, program: CounterProgram = CounterProgram(),
  timeout: Duration? = nil, mouse: Bool = true,
  stopProcess: (@Sendable (SignalPipe) -> Void)? = nil
) -> Background {
  // The mouse is on in every session here, so that every way out is seen to turn it off.
  var options = TerminalSession.Options(
    timeout: timeout, glyphs: .unicode, colorDepth: .truecolor, device: .path(pty.slavePath),
    mouse: mouse)
  if let stopProcess { options.stopProcess = stopProcess }
  let fixed = options
  return Background {
    var program = program
    do throws(TerminalError) {
      let code = try TerminalSession.run(&program, options: fixed)
      return (code, nil, program)
    } catch {
      return (nil, error, program)
    }
  }
}

@Suite(.serialized) struct TerminalSessionTests {
  /// What every ending must leave: the settings as before, the restore sequence last, the
  /// main screen with a visible cursor, and no byte the terminal model did not understand.
  private func expectGivenBack(_ pty: PseudoTerminal, _ before: TerminalSettings) {
    #expect(pty.settings().differences(from: before) == [])
    #expect(
      Array(pty.output.suffix(TerminalModes.restoreSequence.count)) == TerminalModes.restoreSequence
    )
    #expect(!pty.model.alternateScreen && pty.model.cursorVisible && pty.model.autowrap)
    #expect(!pty.model.bracketedPaste && !pty.model.synchronizedOutput)
    #expect(!pty.model.mouseReporting && !pty.model.sgrMouse, "mouse reporting off")
    #expect(pty.model.errors == [])
  }

  @Test func mouseReportsReachTheProgramAsKeysAndTheModeIsTurnedOffAgain() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    #expect(pty.model.mouseReporting && pty.model.sgrMouse, "presses reported, in SGR form")
    pty.send("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<65;1;1M")
    #expect(pty.waitForText("wheelDown"))
    pty.send("q")
    let outcome = session.finish(reading: pty)
    #expect(
      outcome?.program.keys == [
        .mouse(MouseEvent(.press(.left), column: 4, row: 2)),
        .mouse(MouseEvent(.release(.left), column: 4, row: 2)),
        .mouse(MouseEvent(.wheelDown, column: 0, row: 0)),
      ])
    expectGivenBack(pty, before)
  }

  @Test func everyRestoreTurnsMouseReportingOff() {
    // Whether it was on or not: the full screen's restore and the inline one both send it.
    for sequence in [TerminalModes.restoreSequence, TerminalModes.inlineRestoreSequence] {
      let text = String(decoding: sequence, as: UTF8.self)
      #expect(text.contains("\u{1B}[?1006l\u{1B}[?1000l"))
    }
  }

  @Test func withoutTheMouseNoReportingIsAskedFor() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let session = startSession(on: pty, mouse: false)
    #expect(pty.waitForText("count 0"))
    #expect(!pty.model.mouseReporting)
    #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?1000h"))
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
  }

  @Test func keysReachTheProgramAndItsExitCodeEndsTheSession() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    #expect(pty.model.alternateScreen && !pty.model.cursorVisible && !pty.model.autowrap)
    #expect(pty.model.bracketedPaste)
    #expect(pty.settings() != before, "raw mode while running")
    #expect(pty.model.contains("size 40x10"))
    pty.send("++")
    #expect(pty.waitForText("count 2"))
    pty.send("\u{1B}[A")
    #expect(pty.waitForText("key up"))
    pty.send("\u{1B}")  // A lone Esc: delivered after the decoder's wait.
    #expect(pty.waitForText("key escape"))
    pty.send("q")
    let outcome = session.finish(reading: pty)
    #expect(outcome?.code == 7)
    #expect(outcome?.program.keys == [.up, .escape])
    expectGivenBack(pty, before)
  }

  @Test func ctrlCEndsWith130AndNeverReachesTheProgram() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let handlersBefore = Self.handlers()
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    #expect(Self.handlers() != handlersBefore, "the session's handlers are installed")
    pty.send([0x03])
    let outcome = session.finish(reading: pty)
    #expect(outcome?.code == ExitCode.interrupted)
    #expect(outcome?.program.keys == [])
    expectGivenBack(pty, before)
    #expect(Self.handlers() == handlersBefore, "the previous handlers are back")
  }

  /// The handler addresses of the signals a session catches or ignores.
  private static func handlers() -> [UInt] {
    (SignalPipe.handled + [SIGPIPE] + FatalSignals.handled).map { signal in
      var action = sigaction()
      sigaction(signal, nil, &action)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
    }
  }

  @Test func aResizeReachesTheProgramAndRepaintsTheScreen() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let session = startSession(on: pty)
    #expect(pty.waitForText("size 40x10"))
    let repaints = pty.model.synchronizedFrames
    // The test process is not in the pty's session, so the kernel's SIGWINCH goes elsewhere.
    pty.resize(width: 60, height: 12)
    kill(getpid(), SIGWINCH)
    #expect(pty.waitForText("size 60x12"))
    #expect(pty.model.synchronizedFrames == repaints + 1, "one full repaint")
    expectLines(Array(pty.model.lines.prefix(3)), ["count 0", "size 60x12", "key -"])
    pty.send("q")
    let outcome = session.finish(reading: pty)
    #expect(outcome?.code == 7)
    #expect(outcome?.program.resizes == 2)
    expectGivenBack(pty, before)
  }

  @Test func aTerminalBelowTheMinimumShowsTheTooSmallScreen() throws {
    let pty = try PseudoTerminal(width: 30, height: 4)
    let session = startSession(on: pty)
    #expect(pty.waitForText("need 20×5, have 30×4"))
    expectLines(
      pty.model.lines,
      ["      terminal too small", "     need 20×5, have 30×4", "     q or Ctrl-C to quit", ""])
    pty.resize(width: 30, height: 6)
    kill(getpid(), SIGWINCH)
    #expect(pty.waitForText("count 0"))
    #expect(!pty.model.contains("too small"))
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
  }

  @Test func anIdleSessionWritesNothingAndAnAnimationAtMost60FramesASecond() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    pty.read(timeout: .milliseconds(50))
    #expect(pty.read(timeout: .milliseconds(250)) == 0, "idle: no bytes at all")
    pty.send("a")
    #expect(pty.waitForText("frame"))
    // The animation ends after 150 ms; once it has, nothing more is written.
    #expect(pty.waitFor(timeout: .seconds(2)) { !$0.model.contains("frame") })
    pty.read(timeout: .milliseconds(50))
    #expect(pty.read(timeout: .milliseconds(200)) == 0, "idle again after the animation")
    pty.send("q")
    let ticks = session.finish(reading: pty)?.program.ticks ?? 0
    // 150 ms at no more than 60 frames a second: at most 10 ticks (and the final one).
    #expect(ticks >= 1 && ticks <= 11, "ticks: \(ticks)")
  }

  @Test func sigtermEndsWith143AndSighupWith129() throws {
    for (signal, code) in [(SIGTERM, ExitCode.terminated), (SIGHUP, ExitCode.hangUp)] {
      let pty = try PseudoTerminal(width: 40, height: 10)
      let before = pty.settings()
      let session = startSession(on: pty)
      // The handlers are installed before the first frame is drawn.
      #expect(pty.waitForText("count 0"))
      kill(getpid(), signal)
      #expect(session.finish(reading: pty)?.code == code)
      expectGivenBack(pty, before)
    }
  }

  @Test func ctrlZRestoresTheTerminalAndResumesWithAFullRepaint() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let during = Mutex<TerminalSettings?>(nil)
    let path = pty.slavePath
    let session = startSession(on: pty) { _ in
      // Instead of stopping the test process: look at the terminal while "stopped".
      let fd = open(path, O_RDWR | O_NOCTTY)
      var settings = termios()
      tcgetattr(fd, &settings)
      close(fd)
      during.withLock { $0 = TerminalSettings(settings) }
    }
    #expect(pty.waitForText("count 0"))
    let repaints = pty.model.synchronizedFrames
    pty.send([0x1A])
    #expect(pty.waitFor { $0.model.synchronizedFrames > repaints })
    #expect(during.withLock { $0 }?.differences(from: before) == [])
    #expect(pty.model.alternateScreen && !pty.model.cursorVisible)
    #expect(pty.model.mouseReporting, "mouse reporting on again after the stop")
    pty.send("+")
    #expect(pty.waitForText("count 1"))
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
    // The output went: restore, enter again, full repaint.
    let text = String(decoding: pty.output, as: UTF8.self)
    let restore = String(decoding: TerminalModes.restoreSequence, as: UTF8.self)
    let enter = String(
      decoding: TerminalModes.enterSequence + TerminalModes.mouseOnSequence, as: UTF8.self)
    #expect(text.contains(restore + enter + "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
    expectGivenBack(pty, before)
  }

  /// The signal pipe is close-on-exec from its creation (a task started by the session never
  /// inherits it) and never blocks the handler that writes to it.
  @Test func theSignalPipeIsCloseOnExecAndNonBlocking() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let flags = Mutex<(descriptor: Int32, status: Int32)?>(nil)
    let session = startSession(on: pty) { signals in
      // Instead of stopping the test process: look at the pipe's read end.
      flags.withLock {
        $0 = (fcntl(signals.readFD, F_GETFD), fcntl(signals.readFD, F_GETFL))
      }
    }
    #expect(pty.waitForText("count 0"))
    pty.send([0x1A])
    #expect(pty.waitFor { _ in flags.withLock { $0 } != nil })
    let seen = try #require(flags.withLock { $0 })
    #expect(seen.descriptor & FD_CLOEXEC != 0)
    #expect(seen.status & O_NONBLOCK != 0)
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
    expectGivenBack(pty, before)
  }

  @Test func sigtstpSuspendsLikeCtrlZAndSigcontRepaints() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let before = pty.settings()
    let stops = Mutex(0)
    let session = startSession(on: pty) { _ in stops.withLock { $0 += 1 } }
    #expect(pty.waitForText("count 0"))
    var repaints = pty.model.synchronizedFrames
    kill(getpid(), SIGTSTP)
    #expect(pty.waitFor { $0.model.synchronizedFrames > repaints })
    #expect(stops.withLock { $0 } == 1)
    repaints = pty.model.synchronizedFrames
    let enters = pty.output.count
    // Continued by someone else (after `kill -STOP`): modes again and a full repaint.
    kill(getpid(), SIGCONT)
    #expect(pty.waitFor { $0.model.synchronizedFrames > repaints })
    #expect(
      String(decoding: pty.output[enters...], as: UTF8.self).hasPrefix(
        String(decoding: TerminalModes.enterSequence, as: UTF8.self)))
    #expect(stops.withLock { $0 } == 1)
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
    expectGivenBack(pty, before)
  }

  @Test func theTimeoutEndsWith124() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let session = startSession(on: pty, timeout: .milliseconds(150))
    #expect(session.finish(reading: pty)?.code == ExitCode.timeout)
  }

  @Test func theProgramsInputDescriptorIsReadToTheEnd() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    var program = CounterProgram()
    program.input = fds[0]
    let session = startSession(on: pty, program: program)
    #expect(pty.waitForText("count 0"))
    _ = Array("50".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    #expect(pty.waitForText("input 50"))
    close(fds[1])
    #expect(pty.waitForText("input closed"))
    pty.send("q")
    #expect(session.finish(reading: pty)?.program.inputs == ["50"])
    close(fds[0])
  }

  @Test func aTerminalThatHangsUpEndsWith129() throws {
    let pty = try PseudoTerminal(width: 40, height: 10)
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    pty.hangUp()
    #expect(session.finish(reading: pty)?.code == ExitCode.hangUp)
  }

  /// Review of issue 9: Swift 6.3.1's release build cut the statically initialized restore state
  /// short, so `isActive` read a neighbour's byte and every session was refused as "another
  /// interactive session is running" (all runs fell back to plain mode).
  ///
  /// Outside a session nothing is active, before one and after it.
  @Test func noSessionIsActiveBeforeOneStartsOrAfterItEnds() throws {
    #expect(!TerminalModes.isActive)
    let pty = try PseudoTerminal(width: 40, height: 10)
    let session = startSession(on: pty)
    #expect(pty.waitForText("count 0"))
    pty.send("q")
    #expect(session.finish(reading: pty)?.code == 7)
    #expect(!TerminalModes.isActive)
  }

  @Test func openingSomethingThatIsNotATerminalFails() {
    var program = CounterProgram()
    let options = TerminalSession.Options(device: .path("/dev/null"))
    #expect(throws: TerminalError.self) { try TerminalSession.run(&program, options: options) }
    let missing = TerminalSession.Options(device: .path("/nonexistent/tty"))
    do {
      _ = try TerminalSession.run(&program, options: missing)
      Issue.record("a missing terminal was opened")
    } catch {
      #expect(
        error.description == "cannot open the terminal /nonexistent/tty: No such file or directory")
    }
  }
}
