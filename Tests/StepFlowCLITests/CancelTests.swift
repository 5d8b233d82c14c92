import Glibc
import StepFlowTestSupport
import Testing

/// Every way of cancelling leaves stdout empty (as dialog and gum do), so `n=$(stepflow rate)`
/// holds nothing after `q`; a finished run prints its result.
@Suite(.serialized) struct CancelTests {
  static func start(_ arguments: [String]) throws -> PseudoTerminal {
    let pty = try PseudoTerminal(width: 80, height: 24)
    try pty.spawn(
      Stepflow.binaryPath, arguments: arguments, environment: InteractiveTests.environment,
      stdout: .pipe)
    return pty
  }

  static func stdout(_ pty: PseudoTerminal) -> String {
    String(decoding: pty.capturedStdout, as: UTF8.self)
  }

  /// A rating given, then `q` or Esc (confirmed with `y`: something was answered) or Ctrl-C
  /// (at once): nothing on stdout.
  @Test(arguments: [("q", true, Int32(1)), ("\u{1B}", true, 1), ("\u{3}", false, 130)])
  func rateThenCancelPrintsNothing(key: String, asks: Bool, code: Int32) throws {
    let pty = try Self.start(["rate"])
    #expect(pty.waitForText("How much would you rate this?"))
    pty.send("3")
    #expect(pty.waitForText("3 stars"))
    pty.send(key)
    if asks {
      #expect(pty.waitForText("Quit and lose your answers?"))
      pty.send("y")
    }
    #expect(pty.waitForExit() == .exited(code))
    #expect(Self.stdout(pty) == "", "stdout after \(Array(key.utf8))")
  }

  /// The same rating confirmed with Enter prints the number.
  @Test func rateThenEnterPrintsTheNumber() throws {
    let pty = try Self.start(["rate"])
    #expect(pty.waitForText("How much would you rate this?"))
    pty.send("3")
    #expect(pty.waitForText("3 stars"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    #expect(Self.stdout(pty) == "3\n")
  }

  @Test func sigtermPrintsNothing() throws {
    let pty = try Self.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    pty.signal(SIGTERM)
    #expect(pty.waitForExit() == .exited(143))
    #expect(Self.stdout(pty) == "")
  }

  @Test func aTimeoutPrintsNothing() throws {
    let pty = try Self.start(["run", "purchase", "--timeout", "0.2"])
    #expect(pty.waitForExit() == .exited(124))
    #expect(Self.stdout(pty) == "")
  }

  /// Plain mode typed by a person: `:q` and `:quit` (confirmed with `y`: a step was
  /// reached) and Ctrl-D give up, and print nothing.
  @Test(arguments: [(":q\r", true), (":quit\r", true), ("\u{4}", false)])
  func plainModeCancelPrintsNothing(typed: String, asks: Bool) throws {
    let pty = try Self.start(["run", "purchase", "--plain"])
    #expect(pty.waitForText("Next: Payment (Enter):"))
    pty.send("\r")
    #expect(pty.waitForText("Step 2 of 4"))
    pty.send(typed)
    if asks {
      #expect(pty.waitForText("Quit and lose your answers? y/n:"))
      pty.send("y\r")
    }
    #expect(pty.waitForExit() == .exited(1))
    #expect(Self.stdout(pty) == "")
  }

  /// Plain mode typed by a person: `:reset` asks before wiping the answers, as the key does;
  /// `n` keeps them (and the question asked), `y` starts over.
  @Test func plainModeResetAsksFirst() throws {
    let pty = try Self.start(["run", "purchase", "--plain"])
    #expect(pty.waitForText("Next: Payment (Enter):"))
    pty.send("\r")
    #expect(pty.waitForText("  2) PayPal"))
    pty.send("2\r")
    #expect(pty.waitForText("E-mail (required, e.g. name@example.com):"))
    pty.send("a@b.co\r")
    #expect(pty.waitForText("Step 3 of 4: Shipping address"))
    pty.send(":reset\r")
    #expect(pty.waitForText("Start over and lose your answers? y/n:"))
    pty.send("n\r")
    func times(_ text: String) -> Int {
      String(decoding: pty.output, as: UTF8.self).ranges(of: text).count
    }
    #expect(pty.waitFor { _ in times("Name (required") == 2 }, "n asked the same question again")
    pty.send(":reset\ry\r")
    #expect(pty.waitFor { _ in times("Step 1 of 4: Shopping cart") == 2 }, "y started over")
    pty.send("\u{4}")
    #expect(pty.waitForExit() == .exited(1))
  }

  /// A script's `quit` prints nothing; a script that just ends prints the state it reached.
  @Test func scriptQuitPrintsNothingAndAnEndedScriptPrintsItsState() throws {
    let quit = try Stepflow.run(["rate", "--commands", "rate 3; quit"])
    #expect(quit.status == 1)
    #expect(quit.stdout == "")
    let piped = try Stepflow.run(["run", "purchase"], input: "next\nquit\n")
    #expect(piped.status == 1)
    #expect(piped.stdout == "")
    let ended = try Stepflow.run(["run", "purchase", "--commands", "next"])
    #expect(ended.status == 1)
    #expect(ended.stdout.hasPrefix("{\"wizard\":\"purchase\",\"finished\":false"))
  }

  /// The help says so.
  @Test func theHelpSaysCancellingPrintsNothing() throws {
    for topic in [["--help"], ["help", "run"], ["help", "rate"]] {
      let help = try Stepflow.run(topic)
      // The help is filled to 80 columns: the words may be on two lines.
      let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("prints nothing"), "\(topic)")
    }
  }
}
