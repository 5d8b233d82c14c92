import Foundation
import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowText

/// The smaller promises of issue 22 (item 6), each as a user meets it: file names that are not
/// UTF-8, paragraph breaks in plain mode, one sanitizer for every output, `-h` as a value,
/// frames sized by what is drawn, the rating block where it means something, `--timeout`'s
/// bounds, `press`'s keys, unclosed quotes, a script's memory, values that start with a
/// combining mark.
@Suite struct SmallPromisesTests {
  static func folder(_ files: [String: String]) throws -> String {
    try WizardCommandTests.folder(files)
  }

  static let oneField = """
    { id: "one", title: "One", steps: [
      { id: "a", title: "A", fields: [{ id: "name", label: "Name" }] },
      { id: "b", title: "B" },
    ] }
    """

  // MARK: file names that are not UTF-8

  /// Runs a shell line in `dir` with `$S` the binary.
  static func shell(_ line: String, in dir: String) throws -> Stepflow.Result {
    try Stepflow.run(
      ["-c", "S=\"$0\"; " + line, Stepflow.binaryPath], currentDirectory: dir,
      executable: "/bin/sh")
  }

  @Test func aFileNameThatIsNotUTF8IsOpenedAndShownByItsBytes() throws {
    let dir = try StateFileSafetyTests.folder()
    // é in Latin-1: the bytes E9 74 E9.
    let made = try Self.shell(
      "printf '%s' '\(Self.oneField.replacingOccurrences(of: "\n", with: " "))' > \"$(printf '\\351t\\351.json')\"",
      in: dir)
    #expect(made.status == 0, "\(made.stderr)")
    let valid = try Self.shell("\"$S\" validate \"$(printf '\\351t\\351.json')\"", in: dir)
    #expect(valid.status == 0, "\(valid.stderr)")
    #expect(valid.stdout == "\\xE9t\\xE9.json: ok (2 steps)\n")
    let run = try Self.shell(
      "\"$S\" run \"$(printf '\\351t\\351.json')\" --commands 'set name=Zoë; next'", in: dir)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("\"name\":\"Zoë\""))
    // A state file of such a name is written under that name, and resumed from it.
    let wizard = "\"$(printf '\\351t\\351.json')\""
    let state = "\"$(printf 'st\\351te')\""
    let saved = try Self.shell(
      "\"$S\" run \(wizard) --state \(state) --commands 'set name=Ann; next'; test -f \(state)",
      in: dir)
    #expect(saved.status == 0, "no state file of that name: \(saved.stderr)")
    let resumed = try Self.shell(
      "\"$S\" run \(wizard) --state \(state) --resume --output text --commands 'finish'", in: dir)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("name: Ann"), "\(resumed.stdout)")
    let missing = try Self.shell("\"$S\" validate \"$(printf 'n\\351ant.json')\"", in: dir)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("n\\xE9ant.json: "), "\(missing.stderr)")
  }

  @Test func systemTextGivesEveryByteSequenceBack() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
        UInt8.random(in: 0...255, using: &rng)
      }
      #expect(SystemText.bytes(SystemText.string(bytes)) == bytes)
    }
    // Valid UTF-8 is itself; a name holding a reserved scalar keeps its four bytes.
    #expect(SystemText.string(Array("Zoë 🚲".utf8)) == "Zoë 🚲")
    let reserved = Array("\u{10FFE9}".utf8)
    #expect(SystemText.bytes(SystemText.string(reserved)) == reserved)
    #expect(Sanitizer.sanitize(SystemText.string([0x61, 0xE9, 0x62])) == "a\\xE9b")
  }

  // MARK: plain mode and the sanitizers

  @Test func plainModeKeepsParagraphBreaksAsLineBreaks() throws {
    let dir = try Self.folder([
      "p.json": """
      { id: "p", title: "P", steps: [{ id: "a", title: "A", body: "First paragraph.\\n\\nSecond one." }] }
      """
    ])
    let plain = try Stepflow.run(["run", dir + "/p.json", "--plain"], input: "next\n")
    #expect(!plain.stderr.contains("\\x0A"), "\(plain.stderr)")
    let lines = plain.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    let first = try #require(lines.firstIndex(of: "First paragraph."), "\(plain.stderr)")
    #expect(lines[first + 1] == "")
    #expect(lines[first + 2] == "Second one.")
  }

  /// The scalars the issue found passed raw by the screen and the text output while the JSON
  /// escaped some of them.
  static let formatting: [(scalar: String, escaped: String, json: String)] = [
    ("\u{061C}", "\\u{61C}", "\\u061c"),
    ("\u{200E}", "\\u{200E}", "\\u200e"),
    ("\u{200F}", "\\u{200F}", "\\u200f"),
    ("\u{2028}", "\\u{2028}", "\\u2028"),
    ("\u{2029}", "\\u{2029}", "\\u2029"),
    ("\u{202E}", "\\u{202E}", "\\u202e"),
    ("\u{2066}", "\\u{2066}", "\\u2066"),
  ]

  @Test func theScreenTheTextAndTheJSONEscapeTheSameScalars() throws {
    let dir = try Self.folder(["one.json": Self.oneField])
    for (scalar, escaped, json) in Self.formatting {
      let value = "a\(scalar)b"
      let text = try Stepflow.run([
        "run", dir + "/one.json", "--output", "text", "--commands", "set name=\(value); next",
      ])
      #expect(text.stdout.contains("name: a\(escaped)b"), "\(escaped): \(text.stdout)")
      let result = try Stepflow.run([
        "run", dir + "/one.json", "--commands", "set name=\(value); next",
      ])
      #expect(result.stdout.contains("\"name\":\"a\(json)b\""), "\(json): \(result.stdout)")
      let frames = try Stepflow.run([
        "run", dir + "/one.json", "--frames", "--commands", "set name=\(value)",
      ])
      #expect(!frames.stdout.contains(scalar), "\(escaped) reached the screen raw")
      #expect(frames.stdout.contains("a\(escaped)b"), "\(escaped): \(frames.stdout)")
    }
  }

  @Test func oneTableDecidesForEveryScalar() {
    // Every scalar the sanitizer escapes, the JSON writer escapes; every other one it passes
    // (or escapes as RFC 8259 requires).
    for value in Array(UInt32(0)...0x2FFF) + Array(UInt32(0x10_FF70)...0x10_FFFF) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      var bytes: [UInt8] = []
      Quoting.appendJSONString(String(scalar), to: &bytes)
      let written = String(decoding: bytes, as: UTF8.self)
      let raw = written == "\"" + String(scalar) + "\""
      let required = value < 0x20 || value == 0x22 || value == 0x5C
      #expect(raw == !(Sanitizer.isUnsafe(scalar) || required), "U+\(String(value, radix: 16))")
    }
  }

  // MARK: sizes by what is drawn

  @Test func aStatusFrameFitsItsEscapedText() throws {
    let dir = try Self.folder([
      "s.json": """
      { id: "s", title: "S", steps: [{ id: "a", title: "A", blocks: [{ status: { caption: "Now", text: "a\\u001bb\\u0007c" } }] }] }
      """
    ])
    let frames = try Stepflow.run([
      "run", dir + "/s.json", "--frames", "--glyphs", "unicode", "--commands", "tick 1",
    ])
    let lines = frames.lines
    let row = try #require(lines.firstIndex { $0.contains("a\\x1Bb\\x07c") }, "\(frames.stdout)")
    let content = lines[row]
    let top = lines[row - 1]
    let bottom = lines[row + 1]
    let right = try #require(content.lastIndex(of: "│"))
    let column = content.distance(from: content.startIndex, to: right)
    #expect(top.distance(from: top.startIndex, to: try #require(top.lastIndex(of: "╮"))) == column)
    #expect(
      bottom.distance(from: bottom.startIndex, to: try #require(bottom.lastIndex(of: "╯")))
        == column)
    #expect(content.contains("  a\\x1Bb\\x07c  │"))
  }

  @Test func listAlignsNamesAsTheyArePrinted() throws {
    let dir = try Self.folder([
      "a\u{1B}x.json": Self.oneField,
      "plain.json": Self.oneField.replacingOccurrences(of: "\"one\"", with: "\"two\""),
    ])
    let list = try Stepflow.run(
      ["list"], environment: Stepflow.environment(["STEPFLOW_PATH": dir]))
    #expect(list.status == 0, "\(list.stderr)")
    let escaped = try #require(list.lines.first { $0.hasPrefix("a\\x1Bx ") }, "\(list.stdout)")
    let other = try #require(list.lines.first { $0.hasPrefix("plain ") })
    #expect(escaped.firstIndex(of: "O") != nil)
    // The titles start in one column.
    let titleColumn = { (line: String) in
      line.distance(from: line.startIndex, to: line.range(of: "One")!.lowerBound)
    }
    #expect(titleColumn(escaped) == titleColumn(other), "\(list.stdout)")
  }

  // MARK: rating blocks, -h, --timeout, press, quotes

  @Test func aRatingBlockOutsideARatingWizardIsRefused() throws {
    let dir = try Self.folder([
      "r.json": """
      { id: "r", title: "R",
        steps: [{ id: "a", title: "A", blocks: [{ rating: { question: "How was it?" } }] }] }
      """,
      "ok.json": """
      { id: "ok", title: "OK", navigation: "rating",
        steps: [{ id: "a", title: "1", blocks: [{ rating: { question: "How was it?" } }] }] }
      """,
    ])
    let refused = try Stepflow.run(["validate", dir + "/r.json"])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains(
        "r.json:2:45: a \"rating\" block shows the stars of a rating wizard (\"navigation\": \"rating\"); this wizard's navigation is \"buttons\""
      ), "\(refused.stderr)")
    let accepted = try Stepflow.run(["validate", dir + "/ok.json"])
    #expect(accepted.status == 0, "\(accepted.stderr)")
  }

  @Test func dashHAsAnOptionsValueIsTheValue() throws {
    let titled = try Stepflow.run(["gauge", "--title", "-h", "--plain"], input: "100\n")
    #expect(titled.status == 0, "\(titled.stderr)")
    #expect(!titled.stdout.contains("usage"), "\(titled.stdout)")
    #expect(titled.stdout.contains("-h"), "\(titled.stdout)")
    let command = try Stepflow.run(["gauge", "--plain", "--", "/bin/echo", "-h"])
    #expect(command.status == 0, "\(command.stderr)")
    #expect(!command.stdout.contains("usage"), "\(command.stdout)")
    let dir = try Self.folder(["one.json": Self.oneField])
    let run = try Stepflow.run([
      "run", dir + "/one.json", "--output", "text", "--commands", "-h",
    ])
    #expect(run.status == 65, "\(run.stdout)")
    #expect(run.stderr.contains("command 1: unknown command \"-h\""), "\(run.stderr)")
    // Where an option stands, -h still asks for help.
    let help = try Stepflow.run(["gauge", "--title", "x", "-h"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: stepflow gauge"), "\(help.stdout)")
  }

  @Test func timeoutSaysBothBounds() throws {
    let accepted = try Stepflow.run(["run", "rating", "--timeout", "1e9", "--commands", "rate 3"])
    #expect(accepted.status == 1, "\(accepted.stderr)")
    #expect(accepted.stdout.contains("\"rating\":3"), "\(accepted.stdout)")
    for value in ["1e10", "0", "-1", "nan", "inf"] {
      let refused = try Stepflow.run(["run", "rating", "--timeout", value, "--commands", "rate 3"])
      #expect(refused.status == 64)
      #expect(
        refused.stderr.hasPrefix(
          "stepflow: option --timeout needs a number of seconds above 0 and at most 1000000000, not \"\(value)\""
        ), "\(refused.stderr)")
    }
  }

  @Test func everyKeyTheReadmeListsForPressIsTaken() throws {
    let readme = try Repository.text("README.md")
    let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `press KEY`") })
    let names = row.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    // The keys named one by one (the ranges' ends among them), and the ranges in full.
    var keys = names.filter { !$0.contains(" ") }
    // The ranges as written: ctrl-a…ctrl-y except ctrl-c, f1…f12.
    #expect(row.contains("`ctrl-a`…`ctrl-y` except `ctrl-c`"), "\(row)")
    keys += "abdefghijklmnopqrstuvwxy".map { "ctrl-\($0)" } + (1...12).map { "f\($0)" }
    for key in keys where !["ctrl-c", "quit"].contains(key) {
      #expect(throws: Never.self, "press \(key)") { try Command.parse("press \(key)") }
    }
  }

  @Test func anUnclosedQuoteInCommandsIsRefused() throws {
    let dir = try Self.folder(["one.json": Self.oneField])
    let run = try Stepflow.run([
      "run", dir + "/one.json", "--commands", "set name=\"Ann; next",
    ])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "stepflow: command 1: the double quote in \"set name=\\\"Ann; next\" is not closed (a quote inside a quoted value is \\\")\n"
    )
    #expect(run.stdout.isEmpty)
    #expect(throws: ScriptSource.UnclosedQuote(number: 2, text: " type \"a")) {
      try ScriptSource.items(ofCommands: "next; type \"a")
    }
  }

  @Test func aScriptFileIsNotHeldLineByLine() throws {
    // 4 MB of blank lines took 210 MB as an array of lines; the data segment limit of 64 MB
    // below holds the file and the binary's own needs.
    let dir = try Self.folder(["one.json": Self.oneField])
    let script = dir + "/blank.txt"
    try (String(repeating: "\n", count: 4_000_000) + "set name=Ann\nnext\n").write(
      toFile: script, atomically: false, encoding: .utf8)
    let run = try Self.shell(
      "ulimit -d 64000; exec \"$S\" run one.json --script blank.txt --output text", in: dir)
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("name: Ann"), "\(run.stdout)")
    // A CRLF script reads as its lines.
    try "set name=Bo\r\nnext\r\n".write(
      toFile: dir + "/crlf.txt", atomically: false, encoding: .utf8)
    let crlf = try Stepflow.run([
      "run", dir + "/one.json", "--script", dir + "/crlf.txt", "--output", "text",
    ])
    #expect(crlf.stdout.contains("name: Bo"), "\(crlf.stderr)")
  }

  @Test func typeAndSetTakeAValueThatStartsWithACombiningMark() throws {
    let dir = try Self.folder(["one.json": Self.oneField])
    for command in ["set name=\u{301}abc", "set name=\"\u{301}abc\"", "type \u{301}abc"] {
      let run = try Stepflow.run([
        "run", dir + "/one.json", "--commands", command + "; next",
      ])
      #expect(run.status == 1, "\(command): \(run.stderr)")
      #expect(run.stdout.contains("\"name\":\"\u{301}abc\""), "\(command): \(run.stdout)")
    }
    #expect(try Command.parse("set name=\u{301}x") == .set(field: "name", value: "\u{301}x"))
    #expect(try Command.parse("type \u{301}x") == .type("\u{301}x"))
  }
}
