import Foundation
import Glibc
import StepFlowTestSupport
import Testing

/// `stepflow ask KIND`: every kind on a pseudo-terminal (keys in, the answer on stdout, the
/// record line, the exit code, the terminal given back), scripted runs, and every bad input.
@Suite(.serialized) struct AskTests {
  /// Asks on a 60×16 pty after a shell line; types `keys` once the hints show; returns what
  /// the run ended with.
  static func ask(
    _ arguments: [String], keys: [String], stdin: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (status: PseudoTerminal.ExitStatus, stdout: String, screen: [String]) {
    let (pty, before) = try InlineTests.start(["ask"] + arguments, stdin: stdin)
    #expect(pty.waitForText("·"), "the hints show", sourceLocation: sourceLocation)
    for key in keys {
      pty.send(key)
      // Esc waits for more bytes; a pause lets each key be one key.
      _ = pty.read(timeout: .milliseconds(key.hasPrefix("\u{1B}") && key.count == 1 ? 150 : 30))
    }
    let status = pty.waitForExit()
    InlineTests.expectGivenBack(pty, before, sourceLocation: sourceLocation)
    return (status, InlineTests.stdout(pty), pty.model.usedLines)
  }

  static let down = "\u{1B}[B"
  static let up = "\u{1B}[A"

  @Test func text() throws {
    let run = try Self.ask(["text", "Name", "--placeholder", "Ann"], keys: ["Zoë", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "Zoë\n")
    #expect(run.screen.last == "✔ Name: Zoë")
  }

  @Test func aRequiredTextRefusesEnterWithTheWizardsMessage() throws {
    let (pty, before) = try InlineTests.start(["ask", "text", "Name", "--required"])
    #expect(pty.waitForText("Enter done"))
    pty.send("\r")
    #expect(pty.waitForText("✗ Name is required"))
    pty.send("Ann\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty) == "Ann\n")
  }

  @Test func aPatternAndItsMessage() throws {
    let (pty, before) = try InlineTests.start(
      ["ask", "text", "Code", "--pattern", "[0-9]{4}", "--pattern-message", "must be 4 digits"])
    #expect(pty.waitForText("Enter done"))
    pty.send("12\r")
    #expect(pty.waitForText("must be 4 digits"))
    pty.send("34\r")
    #expect(pty.waitForExit() == .exited(0))
    InlineTests.expectGivenBack(pty, before)
    #expect(InlineTests.stdout(pty) == "1234\n")
  }

  @Test func multiLineText() throws {
    let run = try Self.ask(["text", "Notes", "--lines", "3"], keys: ["one\rtwo", "\u{04}"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "one\ntwo\n")
    #expect(run.screen.last == "✔ Notes: one … (2 lines)")
  }

  @Test func number() throws {
    let run = try Self.ask(
      ["number", "Port", "--min", "1024", "--max", "65535", "--default", "8080"],
      keys: [Self.up, Self.up, "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "8082\n")
    #expect(run.screen.last == "✔ Port: 8082")
  }

  @Test func aNumberWithDecimals() throws {
    let run = try Self.ask(
      ["number", "Price", "--decimals", "2", "--step", "0.25", "--output", "json"],
      keys: ["9.5", Self.up, "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "9.75\n")
  }

  @Test func choiceFromOptions() throws {
    let run = try Self.ask(
      ["choice", "Plan", "--option", "free=Free", "--option", "team=Team"],
      keys: [Self.down, "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "team\n")
    #expect(run.screen.last == "✔ Plan: Team")
  }

  @Test func choiceFromStdinWithTypeToFilter() throws {
    let run = try Self.ask(
      ["choice", "Branch"], keys: ["feat", "\r"], stdin: "main\ndev\nfeature/inline\n")
    #expect(run.status == .exited(0))
    #expect(run.stdout == "feature/inline\n")
    #expect(run.screen.last == "✔ Branch: feature/inline")
  }

  @Test func multichoiceOneALine() throws {
    let run = try Self.ask(
      [
        "multichoice", "Languages", "--option", "swift=Swift", "--option", "go=Go",
        "--option", "rust=Rust",
      ],
      keys: [" ", Self.down, Self.down, " ", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "swift\nrust\n")
    #expect(run.screen.last == "✔ Languages: Swift, Rust")
  }

  @Test func multichoiceAsJSON() throws {
    let run = try Self.ask(
      ["multichoice", "Languages", "--option", "swift", "--option", "go", "--output", "json"],
      keys: ["\u{01}", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "[\"swift\",\"go\"]\n")
  }

  @Test func confirmYesIsZeroAndPrintsNothing() throws {
    let run = try Self.ask(["confirm", "Deploy?"], keys: ["y", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "")
    #expect(run.screen.last == "✔ Deploy? yes")
  }

  @Test func confirmNoIsTwoNotOne() throws {
    let run = try Self.ask(["confirm", "Deploy?", "--output", "text"], keys: ["n", "\r"])
    #expect(run.status == .exited(2))
    #expect(run.stdout == "no\n")
    #expect(run.screen.last == "✔ Deploy? no")
  }

  @Test func confirmCancelledIsOne() throws {
    let run = try Self.ask(["confirm", "Deploy?"], keys: ["\u{1B}"])
    #expect(run.status == .exited(1))
    #expect(run.screen.last == "✗ Deploy?")
  }

  @Test func rating() throws {
    let run = try Self.ask(["rating", "Stars", "--stars", "4"], keys: ["3", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "3\n")
    #expect(run.screen.last == "✔ Stars: 3 of 4")
  }

  @Test func pathWithTabCompletion() throws {
    let folder = NSTemporaryDirectory() + "stepflow-ask-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = FileManager.default.createFile(atPath: folder + "/settings.json", contents: Data("{}".utf8))
    let run = try Self.ask(
      ["path", "Config", "--kind", "file", "--must-exist", "--extension", ".json"],
      keys: [folder + "/set", "\t", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == folder + "/settings.json\n")
  }

  @Test func date() throws {
    let run = try Self.ask(["date", "Start", "--min", "2020-01-01"], keys: ["20261224", "\r"])
    #expect(run.status == .exited(0))
    #expect(run.stdout == "2026-12-24\n")
    #expect(run.screen.last?.hasPrefix("✔ Start: 2026-12-24") == true)
  }

  // MARK: Scripted, plain, no terminal

  @Test func scriptedAnswersWithoutATerminal() throws {
    let text = try Stepflow.run(["ask", "text", "Name", "--commands", "type Ann; enter"])
    #expect(text.status == 0 && text.stdout == "Ann\n")
    let no = try Stepflow.run(["ask", "confirm", "Sure?", "--commands", "press n; enter"])
    #expect(no.status == 2 && no.stdout == "")
    let unfinished = try Stepflow.run(["ask", "text", "Name", "--commands", "type Ann"])
    #expect(unfinished.status == 1 && unfinished.stdout == "")
  }

  @Test func withoutATerminalTheAnswerIsReadFromStdin() throws {
    let run = try Stepflow.run(["ask", "text", "Name"], input: "Ann\n")
    #expect(run.status == 0)
    #expect(run.stdout == "Ann\n")
    #expect(run.stderr.contains("Name: _"))
    let number = try Stepflow.run(["ask", "number", "Port", "--max", "10"], input: "11\n")
    #expect(number.status == 65, "piped, a refused answer is not asked again")
    #expect(number.stderr.contains("Port"))
    let choice = try Stepflow.run(
      ["ask", "choice", "Plan", "--option", "free", "--option", "team"], input: "2\n")
    #expect(choice.stdout == "team\n")
    let ended = try Stepflow.run(["ask", "text", "Name"], input: "")
    #expect(ended.status == 1 && ended.stdout == "")
  }

  @Test func framesShowTheQuestionAsItIsDrawn() throws {
    let run = try Stepflow.run([
      "ask", "text", "Name", "--required", "--commands", "enter; type Ann", "--frames",
      "--width", "40", "--glyphs", "unicode",
    ])
    #expect(
      run.lines == [
        "--- frame 0: start ---", "│ Name *", "│", "", "  Enter done · Esc cancel",
        "--- frame 1: enter ---", "│ Name *", "│", "│ ✗ Name is required",
        "  Enter done · Esc cancel", "--- frame 2: type Ann ---", "│ Name *", "│ Ann", "",
        "  Enter done · Esc cancel",
      ])
  }

  /// `?` lists what the keys do in the question: Esc and q cancel (exit 1), Enter answers,
  /// and nothing about other fields, steps or starting over (a question has none).
  @Test func theHelpOverlaySaysWhatTheKeysDoInAQuestion() throws {
    let confirm = try Stepflow.run([
      "ask", "confirm", "Deploy?", "--commands", "press ?", "--frames", "--width", "80",
      "--height", "30", "--glyphs", "unicode",
    ])
    let rows = confirm.lines.drop { !$0.contains("Keys: yes/no field") }.dropFirst()
      .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    expectLines(
      Array(rows),
      [
        "← → Space y n yes / no (Space toggles)",
        "Enter done: exit 0 for yes, 2 for no",
        "Esc cancel the question (exit 1)",
        "q cancel the question (exit 1)",
        "? show or hide this help",
        "Ctrl-C interrupt (exit 130)",
      ])
    let choice = try Stepflow.run([
      "ask", "choice", "Plan", "--option", "free", "--option", "team", "--commands", "press ?",
      "--frames", "--width", "100", "--height", "30", "--glyphs", "unicode",
    ])
    let list = choice.lines.drop { !$0.contains("Keys: choice list") }.joined(separator: "\n")
    #expect(list.contains("clear the filter; without one, cancel the question (exit 1)"), "\(list)")
    for wrong in ["leave the field", "next / previous field", "next step", "start over"] {
      #expect(!confirm.stdout.contains(wrong) && !list.contains(wrong), "\(wrong)")
    }
  }

  // MARK: Bad input

  @Test func anUnknownKindHasADidYouMean() throws {
    let typo = try Stepflow.run(["ask", "chocie", "X"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("unknown kind of question \"chocie\" (did you mean \"choice\"?)"))
    let alias = try Stepflow.run(["ask", "select", "X"])
    #expect(alias.stderr.contains("(did you mean \"choice\"?)"))
    let none = try Stepflow.run(["ask"])
    #expect(none.status == 64 && none.stderr.contains("ask needs the kind of question"))
  }

  @Test func aFlagThatDoesNotFitTheKind() throws {
    let run = try Stepflow.run(["ask", "number", "Port", "--option", "a"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("--option is for choice and multichoice questions, not number"))
    let secure = try Stepflow.run(["ask", "confirm", "X", "--secure"])
    #expect(secure.stderr.contains("--secure is for text questions, not confirm"))
  }

  @Test func aDefaultThatBreaksTheRules() throws {
    let range = try Stepflow.run(["ask", "number", "Port", "--max", "10", "--default", "20"])
    #expect(range.status == 64)
    #expect(range.stderr.contains("--default \"20\" breaks the question's rules"))
    let option = try Stepflow.run(["ask", "choice", "X", "--option", "a", "--default", "b"])
    #expect(option.status == 64)
    #expect(option.stderr.contains("--default \"b\""))
    let kind = try Stepflow.run(["ask", "number", "X", "--default", "ten"])
    #expect(kind.status == 64 && kind.stderr.contains("--default \"ten\" does not fit"))
  }

  @Test func aChoiceWithoutOptions() throws {
    let run = try Stepflow.run(["ask", "choice", "Branch"], input: "")
    #expect(run.status == 64)
    #expect(run.stderr.contains("a choice needs options, and stdin gave none"))
    let blank = try Stepflow.run(["ask", "multichoice", "X"], input: "\n  \n")
    #expect(blank.status == 64)
  }

  @Test func stdinOptionsOverTheLimits() throws {
    let many = (0...10_000).map { "option \($0)" }.joined(separator: "\n")
    let tooMany = try Stepflow.run(["ask", "choice", "X", "--commands", "enter"], input: many)
    #expect(tooMany.status == 64)
    #expect(tooMany.stderr.contains("more than 10000 options"))
    let justEnough = (1...10_000).map { "option \($0)" }.joined(separator: "\n")
    let fine = try Stepflow.run(
      ["ask", "choice", "X", "--commands", "press end; press enter"], input: justEnough)
    #expect(fine.status == 0 && fine.stdout == "option 10000\n")
    let long = String(repeating: "x", count: 64 << 10 + 1)
    let tooLong = try Stepflow.run(["ask", "choice", "X"], input: "a\n" + long + "\nb\n")
    #expect(tooLong.status == 64)
    #expect(tooLong.stderr.contains("stdin line 2 is longer than 64 KiB"))
  }

  @Test func badValuesOfTheOptions() throws {
    for (arguments, message) in [
      (["ask", "text", "X", "--lines", "0"], "--lines needs a whole number from 1 to 50"),
      (["ask", "rating", "X", "--stars", "11"], "--stars needs a whole number from 1 to 10"),
      (["ask", "date", "X", "--min", "2026-02-30"], "--min needs a date YYYY-MM-DD"),
      (["ask", "number", "X", "--min", "1.5"], "more decimals than the question has"),
      (["ask", "text", "X", "--pattern", "[0-9"], "is not a valid regular expression"),
      (["ask", "text", "X", "--pattern-message", "m"], "give --pattern too"),
      (["ask", "text", "X", "--secure", "--lines", "2"], "--secure is for one line"),
      (["ask", "choice", "X", "--option", "a", "--option", "a"], "two options have the id \"a\""),
      (["ask", "text", "X", "Y"], "ask takes a kind and a label, found also \"Y\""),
      (["ask", "text", "X", "--fullscreen", "--clear"], "--clear is for inline runs"),
      (["ask", "path", "X", "--kind", "socket"], "--kind must be one of file, directory, any"),
    ] {
      let run = try Stepflow.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
  }
}
