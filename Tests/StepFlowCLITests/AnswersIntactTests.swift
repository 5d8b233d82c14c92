import Foundation
import StepFlowTestSupport
import Testing

/// Answers come out exactly as given whatever the locale and the glyph set (the glyph set is
/// about drawing, never about data), and the ASCII glyph set's JSON is ASCII that reads back
/// as the same answers.
@Suite struct AnswersIntactTests {
  static let wizard = """
    { id: "names", title: "Names", steps: [
      { id: "who", title: "Schritt Über", fields: [{ id: "name", label: "Name" }] },
      { id: "end", title: "Ende" },
    ] }
    """

  static let name = "Zoë Ångström 🚲 漢字"

  static func file() throws -> String {
    let dir = try StateFileSafetyTests.folder()
    let path = dir + "/names.json"
    try wizard.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// The locales and glyph sets to try: no UTF-8 locale picks ASCII by itself.
  static let settings: [([String: String], [String])] = [
    (["LANG": "C"], []),
    (["LANG": "POSIX", "LC_ALL": "POSIX"], []),
    ([:], []),
    (["LANG": "C.UTF-8"], ["--glyphs", "ascii"]),
    (["LANG": "C.UTF-8"], ["--glyphs", "unicode"]),
    (["LANG": "C.UTF-8"], ["--glyphs", "emoji"]),
  ]

  static func environment(_ extra: [String: String]) -> [String: String] {
    var env = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
    for (k, v) in extra { env[k] = v }
    return env
  }

  @Test func textOutputPrintsAnswersAsGivenInEveryLocaleAndGlyphSet() throws {
    let path = try Self.file()
    for (locale, glyphs) in Self.settings {
      let run = try Stepflow.run(
        ["run", path, "--output", "text", "--commands", "set name=\(Self.name)"] + glyphs,
        environment: Self.environment(locale))
      #expect(run.status == 1, "\(locale) \(glyphs): \(run.stderr)")
      #expect(
        run.lines == ["status: not finished, at step 1 of 2 (Schritt Über)", "name: \(Self.name)"],
        "\(locale) \(glyphs)")
    }
  }

  @Test func asciiJSONIsASCIIAndReadsBackAsTheSameAnswers() throws {
    let path = try Self.file()
    for (locale, glyphs) in Self.settings {
      let run = try Stepflow.run(
        ["run", path, "--commands", "set name=\(Self.name)"] + glyphs,
        environment: Self.environment(locale))
      #expect(run.status == 1, "\(locale) \(glyphs): \(run.stderr)")
      let ascii = glyphs.contains("ascii") || locale["LANG"] != "C.UTF-8"
      if ascii {
        #expect(run.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(locale) \(glyphs): \(run.stdout)")
        #expect(run.stdout.contains(#"Zo\u00eb \u00c5ngstr\u00f6m \ud83d\udeb2 \u6f22\u5b57"#))
      } else {
        #expect(run.stdout.contains(Self.name), "\(locale) \(glyphs)")
      }
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let answers = object?["answers"] as? [String: Any]
      #expect(answers?["name"] as? String == Self.name, "\(locale) \(glyphs)")
    }
  }

  @Test func framesInTheASCIIGlyphSetAreASCIIHeadersIncluded() throws {
    let path = try Self.file()
    let run = try Stepflow.run(
      ["run", path, "--frames", "--commands", "set name=\(Self.name); type ü"],
      environment: Self.environment(["LANG": "C"]))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("--- frame 1: set name=Zo? ?ngstr?m ? ?? ---"), "\(run.stdout)")
    #expect(run.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(run.stdout)")
  }

  @Test func anItemsBlockAtTheTopOfItsRangesRuns() throws {
    // Inside the validated ranges, the total overflowed 64 bits: SIGILL, exit 132.
    let dir = try StateFileSafetyTests.folder()
    let path = dir + "/items.json"
    try """
    { id: "it", title: "I", steps: [{ id: "a", title: "A", blocks: [{ items: [
      { name: "x", quantity: 1000000, price: 1000000000000 },
      { name: "y", quantity: 1000000, price: 999999999999.99 },
    ] }] }] }
    """.write(toFile: path, atomically: false, encoding: .utf8)
    let validated = try Stepflow.run(["validate", path])
    #expect(validated.status == 0, "\(validated.stderr)")
    let frames = try Stepflow.run([
      "run", path, "--commands", "next", "--frames", "--glyphs", "ascii",
    ])
    #expect(frames.status == 1, "\(frames.stderr)")
    #expect(frames.stdout.contains("$1999999999999990000.00"), "\(frames.stdout)")
    let plain = try Stepflow.run(["run", path, "--plain"], input: "next\n")
    #expect(plain.status == 1, "\(plain.stderr)")
    #expect(plain.stderr.contains("Total: $1999999999999990000.00"), "\(plain.stderr)")
  }
}
