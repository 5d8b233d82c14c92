import Foundation
import Glibc
import StepFlowTestSupport
import Testing

/// Type-to-filter on a real pseudo-terminal: in a focused list letters filter and never move
/// between steps, the best match comes first, Esc clears, a second Esc leaves the field.
@Suite(.serialized) struct ListFilterInteractiveTests {
  static let names = [
    "Ada", "Bash", "C", "Clojure", "COBOL", "Crystal", "D", "Dart", "Elixir", "Elm", "Erlang",
    "Fortran", "Go", "Groovy", "Haskell", "Java", "JavaScript", "Julia", "Kotlin", "Lua",
    "Nim", "OCaml", "Perl", "PHP", "Python", "R", "Ruby", "Rust", "Scala", "Swift",
  ]

  static func wizard() throws -> String {
    let options = names.map { "\"\($0)\"" }.joined(separator: ", ")
    return try WizardCommandTests.folder([
      "langs.json": """
      { id: "langs", title: "Languages", steps: [
        { id: "intro", title: "Intro", body: "Pick a language next." },
        { id: "pick", title: "Pick", fields: [
          { id: "lang", label: "Language", type: "choice", options: [\(options)] } ] },
        { id: "done", title: "Done", blocks: [{ summary: true }] } ] }
      """
    ]) + "/langs.json"
  }

  @Test func lettersFilterAndNeverMoveBetweenSteps() throws {
    let pty = try PseudoTerminal(width: 80, height: 24)
    let before = pty.settings()
    try pty.spawn(
      Stepflow.binaryPath, arguments: ["run", try Self.wizard()],
      environment: InteractiveTests.environment, stdout: .pipe)
    #expect(pty.waitForText("Pick a language next."))
    pty.send("\r")
    #expect(pty.waitForText("○ Ada"))
    #expect(pty.waitForText("type to filter"), "the hint says typing filters")
    pty.send("p")  // p is "previous step" elsewhere: here it filters
    #expect(pty.waitForText("filter: p"))
    #expect(pty.model.lines.contains { $0.contains("Language") }, "still on the step")
    pty.send("yt")
    #expect(pty.waitForText("1 of 30"))
    #expect(pty.model.lines.contains { $0.contains("▶ ○ Python") }, "the best match highlighted")
    pty.send("x")
    #expect(pty.waitForText("no match for \"pytx\""))
    pty.send("\u{7F}")  // Backspace edits the filter
    #expect(pty.waitForText("filter: pyt"))
    pty.send("\u{1B}")  // Esc clears it
    #expect(pty.waitForText("○ Ada"))
    #expect(!pty.model.lines.contains { $0.contains("filter:") })
    pty.send("\u{1B}[6~")  // PgDn: a page down
    #expect(pty.waitForText("▶ ○ Elixir"))
    pty.send("ru")
    #expect(pty.waitForText("filter: ru"))
    pty.send("\r")  // Enter picks the best match (Ruby or Rust) and goes on
    #expect(pty.waitForText("Language: Ru"))
    pty.send("\r")
    #expect(pty.waitForExit() == .exited(0))
    InteractiveTests.expectGivenBack(pty, before)
    let out = InteractiveTests.stdout(pty)
    #expect(out.contains(#""lang":"Ruby""#) || out.contains(#""lang":"Rust""#), "\(out)")
  }
}
