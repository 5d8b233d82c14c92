import Foundation
import StepFlowTestSupport
import Testing

/// Every field kind through the command line: `set`, `--answers`, `--state`, `--output json`
/// and `text`, and bad input refused with a message and exit 65, nothing lost.
@Suite struct FieldKindsCommandTests {
  static let wizard = WizardCommandTests.repository + "/wizards/new-project.json"

  /// The commands that fill every step of new-project and finish.
  static let everything = [
    "set name=atlas", "set owner=ann", "set summary=one", "next",
    "set language=Go", "set features=container, tests", "next",
    "set port=9000", "set memory=2.5", "next",
    "set folder=./atlas", "next",
    "set start=2099-06-01", "set review=2099-06-15 09:30", "set public=yes", "set confidence=4",
    "next", "finish",
  ]

  @Test func everyKindComesOutTyped() throws {
    let r = try Stepflow.run([
      "run", Self.wizard, "--commands", Self.everything.joined(separator: "; "),
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout
        == #"{"wizard":"new-project","finished":true,"current":"done","reached":["basics","stack","service","location","schedule","done"],"answers":{"name":"atlas","owner":"ann","summary":"one","language":"go","features":["tests","container"],"port":9000,"replicas":2,"memory":2.5,"folder":"./atlas","start":"2099-06-01","review":"2099-06-15 09:30","public":true,"confidence":4}}"#
        + "\n")
    let text = try Stepflow.run([
      "run", Self.wizard, "--output", "text", "--commands", Self.everything.joined(separator: "; "),
    ])
    #expect(
      text.stdout == """
        status: finished
        name: atlas
        owner: ann
        summary: one
        language: go
        features: tests,container
        port: 9000
        replicas: 2
        memory: 2.5
        folder: ./atlas
        start: 2099-06-01
        review: 2099-06-15 09:30
        public: yes
        confidence: 4

        """)
  }

  @Test func answersFilesTakeEveryKindAsJSON() throws {
    let dir = try WizardCommandTests.folder([
      "a.json": """
      { "name": "atlas", "features": ["container"], "port": 9000, "memory": 1.5,
        "summary": "two\\nlines", "start": "2099-06-01", "public": true, "confidence": 5 }
      """,
      "bad.json": """
      { "port": "90a0", "features": ["tests", "contaner"], "memory": 1.25, "start": "2099-02-30",
        "language": "cobol", "public": "yes" }
      """,
    ])
    let r = try Stepflow.run([
      "run", Self.wizard, "--answers", dir + "/a.json", "--commands",
      "next; set language=rust; next; next; next; finish",
    ])
    #expect(r.status == 1, "not finished: the folder and the start were not looked at")
    #expect(
      r.stdout.contains(#""features":["container"],"port":9000,"replicas":2,"memory":1.5"#),
      "\(r.stdout)")
    #expect(r.stdout.contains(#""summary":"two\nlines""#))
    let bad = try Stepflow.run(["run", Self.wizard, "--answers", dir + "/bad.json"])
    #expect(bad.status == 65)
    expectLines(
      bad.stderr.split(separator: "\n").map(String.init),
      [
        dir + #"/bad.json:1:11: wrong value: "port" must be a whole number, not "90a0""#,
        dir
          + #"/bad.json:1:31: wrong value: "features": "contaner" is not an option (did you mean "container"?); options: tests, ci, docs, container, lint, release"#,
        dir
          + #"/bad.json:1:64: wrong value: "memory" must be at most 1 decimal, not "1.25""#,
        dir
          + #"/bad.json:1:79: wrong value: "start": 2099-02-30 is not a date: that month has 28 days"#,
        dir
          + #"/bad.json:2:15: wrong value: "language": "COBOL" cannot be chosen: no runtime on this machine"#,
        dir + #"/bad.json:2:34: wrong value: "public" must be true or false, found a string"#,
      ])
  }

  @Test func badValuesAreRefusedAndNothingIsLost() throws {
    let r = try Stepflow.run([
      "run", Self.wizard, "--commands",
      "set name=atlas; next; set language=go; set features=container; next; set port=90a0",
    ])
    #expect(r.status == 1, "a refused set is reported; the script goes on")
    #expect(
      r.stderr.contains(
        #"stepflow: command 6: set port=90a0: Port: must be a whole number, not "90a0""#),
      "\(r.stderr)")
    #expect(r.stdout.contains(#""port":8080"#), "the default is kept")
    let range = try Stepflow.run([
      "run", Self.wizard, "--commands",
      "set name=atlas; next; set language=go; set features=container; next; set port=80; next",
    ])
    #expect(range.status == 1)
    #expect(range.stderr.contains("Port: must be between 1024 and 65535"), "\(range.stderr)")
    #expect(range.stdout.contains(#""current":"service""#), "Next refused: the run stays")
    let date = try Stepflow.run([
      "run", Self.wizard, "--commands",
      "set name=atlas; next; set language=go; next; set folder=x; next; set start=2000-01-01; next",
    ])
    #expect(date.stderr.contains("Start: must be today ("), "\(date.stderr)")
    #expect(date.stderr.contains(") or later"))
  }

  @Test func theStateFileKeepsEveryKind() throws {
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let state = dir + "/run.state"
    let first = try Stepflow.run([
      "run", Self.wizard, "--state", state, "--commands",
      Self.everything.prefix(16).joined(separator: "; "),
    ])
    #expect(first.status == 1)
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(saved.contains(#""features": ["#) && saved.contains(#""memory": 2.5"#), "\(saved)")
    #expect(saved.contains(#""port": 9000"#))
    let resumed = try Stepflow.run([
      "run", Self.wizard, "--state", state, "--resume", "--commands", "next; finish",
    ])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let full = try Stepflow.run([
      "run", Self.wizard, "--commands", Self.everything.joined(separator: "; "),
    ])
    #expect(resumed.stdout == full.stdout, "the same answers after a resume")
  }

  @Test func theOwnerStartsAsUserAndTextsNameEarlierAnswers() throws {
    let r = try Stepflow.run(
      [
        "run", Self.wizard, "--output", "text", "--commands",
        "set name=atlas; next; set language=go; set features=tests,ci",
      ], environment: Stepflow.environment(["USER": "zoe"]))
    #expect(r.stdout.contains("owner: zoe"), "\(r.stdout)")
    let frames = try Stepflow.run([
      "run", Self.wizard, "--frames", "--color", "never", "--commands", "set name=atlas; next",
    ])
    #expect(frames.stdout.contains("Language of atlas"))
    #expect(frames.stdout.contains("Project atlas"), "the prompt")
    let plain = try Stepflow.run(["run", Self.wizard, "--plain"], input: "set name=atlas\nnext\n")
    #expect(
      plain.stderr.contains("Language of atlas (required): none chosen (Swift, Go"),
      "\(plain.stderr)")
    #expect(plain.stderr.contains("Features: Tests (1 of 6: Tests, CI, Docs"))
  }

  @Test func validateLocatesEveryMistakeOfTheNewKinds() throws {
    let dir = try WizardCommandTests.folder([
      "bad.json": """
      { id: "bad", title: "Bad", steps: [
        { id: "a", title: "A", fields: [
          { id: "port", label: "Port", type: "number", min: 9000, max: 80 },
          { id: "size", label: "Size", type: "number", min: 1, max: 10, default: 20 },
          { id: "name", label: "Name", decimals: 2 },
          { id: "when", label: "When", type: "dat" },
          { id: "langs", label: "Langs", type: "multichoice", options: ["a", "b"], max: 5 } ] } ] }
      """
    ])
    let r = try Stepflow.run(["validate", dir + "/bad.json"])
    #expect(r.status == 65)
    let file = dir + "/bad.json"
    #expect(
      r.stderr.split(separator: "\n").map(String.init) == [
        file + ":3:50: field \"port\": \"min\" (9000) is greater than \"max\" (80)",
        file + ":4:67: field \"size\": the default breaks the field's rules: Size: must be"
          + " between 1 and 10",
        file + ":5:34: \"decimals\" is for number fields, not text fields",
        file + ":6:40: wrong value: \"type\" must be one of \"text\", \"number\", \"choice\","
          + " \"multichoice\", \"confirm\", \"rating\", \"path\" or \"date\", found \"dat\""
          + " — did you mean \"date\"?",
        file + ":7:78: field \"langs\": \"max\" is 5; it must be from 0 to 2",
      ], "every mistake, each where it is: \(r.stderr)")
  }

  @Test func validateAcceptsTheShippedWizard() throws {
    let r = try Stepflow.run(["validate", Self.wizard])
    #expect(r.status == 0, "\(r.stderr)")
  }
}
