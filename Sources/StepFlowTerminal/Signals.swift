import Glibc

/// The signals the interactive loop reacts to, turned into bytes on a pipe (the self-pipe
/// trick) so that the loop's one `poll` wakes for them.
///
/// The handlers only `write` the signal's number to the pipe (async-signal-safe); the loop reads
/// the pipe and decides. SIGPIPE is ignored while the session runs. ``uninstall()`` puts back the
/// handlers that were there before and closes the pipe.
///
/// Every signal whose default action ends the process (``terminating``) is caught: the loop
/// returns 128 + its number, so the terminal is restored on the way out like for SIGTERM. Left
/// alone they would kill the process with the terminal raw and in the alternate screen, and
/// SIGQUIT would run the Swift runtime's backtracer, which prints a crash report.
package struct SignalPipe {
  /// The signals that end a session with 128 + their number: interrupt, terminate, hang-up,
  /// quit, the user signals, the timers, the CPU and file-size limits, and on Linux the rest
  /// whose default action ends the process — SIGSTKFLT, SIGIO (SIGPOLL), SIGPWR, SIGSYS and
  /// the real-time signals SIGRTMIN…SIGRTMAX (left alone, these killed the process in the
  /// alternate screen with the cursor hidden).
  package static let terminating: [Int32] =
    [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
      SIGXFSZ,
    ] + linuxTerminating

  #if os(Linux) && canImport(Glibc)
    private static let linuxTerminating: [Int32] =
      [SIGSTKFLT, SIGIO, SIGPWR, SIGSYS]
      + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  #else
    private static let linuxTerminating: [Int32] = []
  #endif

  /// The terminating signals, window size, stop from outside, continue.
  package static let handled: [Int32] = terminating + [SIGWINCH, SIGTSTP, SIGCONT]

  /// The end the loop polls and reads.
  package let readFD: Int32
  private let writeFD: Int32
  private var previous: [(signal: Int32, action: sigaction)] = []
  /// The thread's signal mask before: a parent may have left signals blocked (Foundation's
  /// `Process` on Linux does), which would make the session deaf to SIGTERM and the rest.
  private var previousMask = sigset_t()

  /// Creates the pipe and installs the handlers.
  /// - Parameter device: the terminal's name, for the error.
  /// - Returns: The pipe, with the handlers installed.
  /// - Throws: when no pipe can be created (out of descriptors).
  package static func install(for device: String) throws(TerminalError) -> SignalPipe {
    // Close-on-exec from its creation: a task started meanwhile never inherits it.
    guard let fds = ProcessSpawn.makePipe(nonBlocking: true) else {
      throw .system(device, "watch signals for")
    }
    var result = SignalPipe(readFD: fds.read, writeFD: fds.write)
    signalPipeWriteFD = fds.write
    for signal in handled + [SIGPIPE] {
      var action = sigaction()
      if signal == SIGPIPE {
        action.__sigaction_handler.sa_handler = SIG_IGN
      } else {
        action.__sigaction_handler.sa_handler = forwardSignal
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var old = sigaction()
      sigaction(signal, &action, &old)
      result.previous.append((signal, old))
    }
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in handled { sigaddset(&unblock, signal) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, &result.previousMask)
    return result
  }

  /// The signals that arrived since the last call, in order.
  package func drain() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      // The pipe is non-blocking: it is drained when a read finds nothing more (EAGAIN).
      let n = Platform.retryingInterrupts {
        buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
      }
      guard n > 0 else { return signals }
      signals += buffer[0..<n].map { Int32($0) }
    }
  }

  /// Stops the process the way the terminal's Ctrl-Z would (SIGTSTP with its default action,
  /// to the whole process group) and returns once it is continued.
  ///
  /// In an orphaned process group (no shell with job control above it) the system discards
  /// the stop and this returns at once.
  package func stopProcess() {
    var standard = sigaction()
    standard.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&standard.sa_mask)
    var ours = sigaction()
    sigaction(SIGTSTP, &standard, &ours)
    kill(0, SIGTSTP)
    sigaction(SIGTSTP, &ours, nil)
  }

  /// Puts back the previous handlers and closes the pipe.
  package mutating func uninstall() {
    for (signal, action) in previous.reversed() {
      var old = action
      sigaction(signal, &old, nil)
    }
    previous = []
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    signalPipeWriteFD = -1
    close(readFD)
    close(writeFD)
  }
}

/// The signals that report crashes — SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP — told
/// apart by who sent them.
///
/// A real fault (a bad access, a failed precondition, `abort()`) comes from the process itself:
/// the commands stepflow runs are killed (``ChildRegistry``), the terminal is restored, then the signal goes on to what handled it before (the Swift
/// runtime's crash report, a core dump) and the process dies of it. The same signal sent from
/// outside (`kill -ABRT`, `kill -SEGV` …) is a request to stop, like SIGTERM: during a session it
/// ends the loop with 128 + its number, the terminal restored (``install()``); outside one it
/// has its default action (``installOutsideSessions()``). Left to the runtime, such a signal
/// printed a crash report and the process ran on — drawing on the normal screen, in cooked
/// mode, after the report had restored the terminal.
package enum FatalSignals {
  package static let handled: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Installs the session's handlers (saving those there before, which ``uninstall()`` puts
  /// back): a signal from outside goes into the session's signal pipe, a real fault restores
  /// the terminal and goes on to the previous handler.
  package static func install() {
    guard !fatalHandlersInstalled else { return }
    for (i, signal) in handled.enumerated() where i < fatalPrevious.count {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = handleInSession
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_ONSTACK | SA_SIGINFO
      sigaction(signal, &action, &fatalPrevious[i])
    }
    fatalHandlersInstalled = true
  }

  package static func uninstall() {
    guard fatalHandlersInstalled else { return }
    for (i, signal) in handled.enumerated() where i < fatalPrevious.count {
      sigaction(signal, &fatalPrevious[i], nil)
    }
    fatalHandlersInstalled = false
  }

  /// Gives these signals their default action when they are sent from outside, while a real fault
  /// still reaches the handler installed before (the Swift runtime's crash report).
  ///
  /// Call it once, at start-up (the `stepflow` command and ``MultiSteps`` programs do).
  package static func installOutsideSessions() {
    guard !outsideHandlersInstalled else { return }
    for (i, signal) in handled.enumerated() where i < crashReporters.count {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = handleOutsideSessions
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_ONSTACK | SA_SIGINFO
      sigaction(signal, &action, &crashReporters[i])
    }
    outsideHandlersInstalled = true
  }

  /// Whether a signal was sent by another process (`kill`, `sigqueue`), not raised by a fault
  /// or by this process itself (`abort()` sends SIGABRT to itself).
  @inline(__always)
  fileprivate static func isFromOutside(_ info: UnsafeMutablePointer<siginfo_t>?) -> Bool {
    guard let info else { return false }
    // SI_USER (0), SI_QUEUE (-1), SI_TKILL (-6) …: sent, not caused. Faults have codes above 0.
    return info.pointee.si_code <= 0 && info.pointee._sifields._kill.si_pid != getpid()
  }
}

// Signal handlers cannot be given context: these globals are what they use. They are written
// only while no handler that reads them is installed.
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1
nonisolated(unsafe) private var fatalPrevious: [sigaction] = Array(
  repeating: sigaction(), count: 6)
nonisolated(unsafe) private var fatalHandlersInstalled = false
nonisolated(unsafe) private var crashReporters: [sigaction] = Array(
  repeating: sigaction(), count: 6)
nonisolated(unsafe) private var outsideHandlersInstalled = false

/// The handler of the loop's signals: the signal's number, as one byte, into the pipe.
private func forwardSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteFD, &byte, 1)
  errno = savedErrno
}

/// The session's handler of the crash signals: one sent from outside is forwarded like
/// SIGTERM; a real one restores the terminal, puts the previous handler back and sends the
/// signal again, which that handler (or the default action) receives once this one returns.
private func handleInSession(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  if FatalSignals.isFromOutside(info), signalPipeWriteFD >= 0 {
    forwardSignal(signal)
    return
  }
  // The commands stepflow runs go first: none of them outlives a crash.
  ChildRegistry.killAll()
  TerminalModes.restore(draining: false)
  if let i = FatalSignals.handled.firstIndex(of: signal), i < fatalPrevious.count {
    sigaction(signal, &fatalPrevious[i], nil)
  }
  raise(signal)
}

/// The handler of the crash signals outside sessions: one sent from outside gets the default
/// action (the process ends by it); a real one goes on to the crash reporter.
private func handleOutsideSessions(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  guard let i = FatalSignals.handled.firstIndex(of: signal), i < crashReporters.count else {
    return
  }
  ChildRegistry.killAll()
  if FatalSignals.isFromOutside(info) {
    var standard = sigaction()
    standard.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&standard.sa_mask)
    sigaction(signal, &standard, nil)
  } else {
    sigaction(signal, &crashReporters[i], nil)
  }
  raise(signal)
}

extension Platform {
  /// Gives SIGQUIT its default action back (end the process, with a core dump where they are
  /// enabled; a shell shows 131).
  ///
  /// The Swift runtime's backtracer takes it over at start-up and answers `kill -QUIT` with a crash
  /// report, after which the program runs on: a request to quit is not a crash. An interactive
  /// session catches SIGQUIT itself (exit 131, terminal restored) and puts this default back
  /// afterwards.
  package static func restoreDefaultQuitAction() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(SIGQUIT, &action, nil)
  }
}
