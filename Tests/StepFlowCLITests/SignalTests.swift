import Foundation
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

  // MARK: Crash signals (issue 22 item 5)

  static let crashSignals: [(String, Int32)] = [
    ("ABRT", SIGABRT), ("SEGV", SIGSEGV), ("BUS", SIGBUS), ("FPE", SIGFPE), ("ILL", SIGILL),
    ("TRAP", SIGTRAP),
  ]

  @Test(arguments: crashSignals)
  func aCrashSignalSentFromOutsideEndsTheRunWith128PlusN(name: String, signal: Int32) throws {
    // `kill -ABRT` is a request to stop, not a crash: before, the runtime printed a crash
    // report and the run went on drawing on the normal screen in cooked mode.
    let (pty, before) = try InteractiveTests.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"), "SIG\(name)")
    pty.signal(signal)
    #expect(pty.waitForExit() == .exited(128 + signal), "SIG\(name)")
    InteractiveTests.expectGivenBack(pty, before)
    #expect(!pty.model.contains("crashed") && !pty.model.contains("Backtracing"), "no crash report")
    #expect(InteractiveTests.stdout(pty).isEmpty, "a signalled run prints no result")
  }

  @Test(arguments: crashSignals)
  func aCrashSignalSentFromOutsideTheScreenHasItsDefaultAction(name: String, signal: Int32) throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", "delivery", "--plain"],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("Order Received"), "SIG\(name)")
    pty.signal(signal)
    #expect(pty.waitForExit() == .signaled(signal), "SIG\(name)")
    #expect(!pty.model.contains("crashed") && !pty.model.contains("Backtracing"), "no crash report")
  }

  /// A shared library that, preloaded into `stepflow`, makes it fault for real — a bad access
  /// or an `abort()` from a thread of its own — when the file named by `STEPFLOW_PROBE` appears.
  static func faultProbe() throws -> String {
    let dir = try TestFolder.make("probe")
    let source = dir + "/probe.c"
    try """
    #include <pthread.h>
    #include <stdlib.h>
    #include <stdio.h>
    #include <unistd.h>
    static void *watch(void *path) {
      for (;;) {
        FILE *f = fopen((const char *)path, "r");
        if (f) {
          int c = fgetc(f);
          fclose(f);
          if (c == 'a') abort();
          volatile int *nowhere = (int *)8;
          *nowhere = 1;
        }
        usleep(10000);
      }
      return 0;
    }
    __attribute__((constructor)) static void start(void) {
      const char *path = getenv("STEPFLOW_PROBE");
      pthread_t thread;
      if (path) pthread_create(&thread, 0, watch, (void *)path);
    }
    """.write(toFile: source, atomically: false, encoding: .utf8)
    let library = dir + "/probe.so"
    let clang = Process()
    clang.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    clang.arguments = ["clang", "-shared", "-fPIC", "-o", library, source, "-lpthread"]
    try clang.run()
    clang.waitUntilExit()
    #expect(clang.terminationStatus == 0, "clang built the probe")
    return library
  }

  @Test(arguments: [("a", SIGABRT), ("s", SIGSEGV)])
  func aRealFaultRestoresTheTerminalFirstThenDiesOfItsSignal(kind: String, signal: Int32) throws {
    let library = try Self.faultProbe()
    let trigger = library + ".go"
    var environment = InteractiveTests.environment
    environment["LD_PRELOAD"] = library
    environment["STEPFLOW_PROBE"] = trigger
    // The crash report is not interactive, so the test does not wait on it.
    environment["SWIFT_BACKTRACE"] = "interactive=no"
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", "purchase"], environment: environment,
      stdout: .pipe)
    #expect(pty.waitForText("Espresso beans"))
    #expect(pty.model.alternateScreen)
    try kind.write(toFile: trigger, atomically: true, encoding: .utf8)
    #expect(pty.waitForExit(timeout: .seconds(20)) == .signaled(signal))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(InteractiveTests.stdout(pty).isEmpty)
  }
}
