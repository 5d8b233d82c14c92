import Glibc
import StepFlowTestSupport
import Testing

/// Every signal that would end the process ends an interactive run with 128 + its number and
/// the terminal given back; none leaves it raw or prints a crash report.
@Suite(.serialized) struct SignalTests {
  static let terminating: [(String, Int32)] = [
    ("QUIT", SIGQUIT), ("USR1", SIGUSR1), ("USR2", SIGUSR2), ("ALRM", SIGALRM),
    ("VTALRM", SIGVTALRM), ("PROF", SIGPROF), ("XCPU", SIGXCPU), ("XFSZ", SIGXFSZ),
    ("HUP", SIGHUP),
    // Review of issue 9: these, too, ended the process in the alternate screen.
    ("STKFLT", SIGSTKFLT), ("IO", SIGIO), ("PWR", SIGPWR), ("SYS", SIGSYS),
    ("RTMIN", __libc_current_sigrtmin()), ("RTMAX", __libc_current_sigrtmax()),
  ]

  @Test(arguments: terminating)
  func aTerminatingSignalEndsTheRunWith128PlusN(name: String, signal: Int32) throws {
    let (pty, before) = try InteractiveTests.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"), "SIG\(name)")
    #expect(pty.model.alternateScreen)
    pty.signal(signal)
    #expect(pty.waitForExit() == .exited(128 + signal), "SIG\(name)")
    InteractiveTests.expectGivenBack(pty, before)
    #expect(!pty.model.contains("crashed") && !pty.model.contains("Backtracing"), "no crash report")
    #expect(InteractiveTests.stdout(pty).isEmpty, "a signalled run prints no result")
  }

  @Test func ctrlCEndsAnUnterminatedPasteAndTheRun() throws {
    let (pty, before) = try InteractiveTests.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    // A paste that never ends: what follows is pasted text, but Ctrl-C still interrupts.
    pty.send("\u{1B}[200~qqq")
    pty.send([3])
    #expect(pty.waitForExit() == .exited(130))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func sigquitOutsideTheScreenQuitsWithoutACrashReport() throws {
    // The line-based mode has no screen to give back: SIGQUIT has its default action (the
    // Swift runtime's backtracer would print a crash report and let the run go on).
    let pty = try PseudoTerminal(width: 80, height: 24)
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", "delivery", "--plain"],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("Order Received"))
    pty.signal(SIGQUIT)
    #expect(pty.waitForExit() == .signaled(SIGQUIT))
    #expect(!pty.model.contains("crashed") && !pty.model.contains("Backtracing"))
  }
}
