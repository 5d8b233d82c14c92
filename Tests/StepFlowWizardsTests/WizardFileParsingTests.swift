import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowJSON
@testable import StepFlowWizards

/// Wizard files from bytes to a flow definition, every problem located: the Wizards layer on
/// its own, with no disk, runner or built-in flow.
@Suite struct WizardFileParsingTests {
  /// The messages of a file, each `path:line:column: message`.
  static func problems(_ text: String, path: String = "w.json") -> [String] {
    do {
      _ = try WizardFile.load(Array(text.utf8), path: path)
      return []
    } catch {
      return error.all.map(\.description)
    }
  }

  @Test func threeMistakesGiveThreeLocatedMessages() {
    let text = """
      {
        id: "bad",
        titel: "Three mistakes",
        steps: [
          { id: "one", title: "One", fields: [{ id: "code", label: "Code", pattern: "[0-9" }] },
          { id: "two", title: 2 },
        ],
      }
      """
    expectLines(
      Self.problems(text),
      [
        "w.json:3:3: unknown key \"titel\" — did you mean \"title\"?",
        "w.json:5:70: field \"code\": pattern \"[0-9\" is not a valid regular expression: expected ']'",
        "w.json:6:25: wrong type: \"title\" must be a string, found a number",
      ])
  }

  @Test func everyKindOfProblemIsReportedWhereItIs() {
    expectLines(
      Self.problems(#"{ "id": "x", "title": "X" "steps": [] }"#),
      [
        "w.json:1:27: expected \",\" or \"}\" after the value of \"title\", found the string \"steps\""
      ])
    expectLines(
      Self.problems(#"{ id: "x", title: "X", steps: [] }"#),
      ["w.json:1:31: wrong value: \"steps\" must not be empty"])
    expectLines(
      Self.problems(
        #"{ id: "x", title: "X", steps: [{ id: "a", title: "A" }, { id: "a", title: "B" }] }"#),
      ["w.json:1:63: duplicate step id \"a\" (first at line 1)"])
    expectLines(
      Self.problems(
        """
        { id: "x", title: "X", steps: [
          { id: "a", title: "A", fields: [{ id: "f", label: "F" }] },
          { id: "b", title: "B", fields: [{ id: "f", label: "G" }] },
        ] }
        """),
      ["w.json:3:41: duplicate field id \"f\" (first at line 2): every answer needs its own id"])
    expectLines(
      Self.problems(
        """
        { id: "x", title: "X", steps: [
          { id: "a", title: "A", fields: [{ id: "plan", label: "Plan" }] },
          { id: "b", title: "B", when: { field: "plann", equals: "team" } },
          { id: "c", title: "C", when: { field: "later", equals: "x" } },
          { id: "d", title: "D", fields: [{ id: "later", label: "Later" }] },
        ] }
        """),
      [
        "w.json:3:41: \"when\" names no field \"plann\" — did you mean \"plan\"?",
        "w.json:4:41: \"when\" names the field \"later\", which is asked later, on step \"d\" (line 5); a condition can only use the answers of earlier steps",
      ])
    expectLines(
      Self.problems(
        #"{ id: "x", title: "X", navigation: "buton", steps: [{ id: "a", title: "A" }] }"#),
      [
        "w.json:1:36: wrong value: \"navigation\" must be one of \"buttons\", \"tap\" or \"rating\", found \"buton\" — did you mean \"buttons\"?"
      ])
  }

  @Test func json5IsAccepted() throws {
    let flow = try WizardFile.load(
      Array(
        """
        // a comment
        {
          id: 'small', /* unquoted keys, single quotes */
          title: "Small",
          steps: [{ id: "only", title: "Only", body: "Hi", },],
        }
        """.utf8), path: "small.json")
    #expect(flow.id == "small" && flow.steps.map(\.id) == ["only"])
    #expect(flow.steps[0].blocks == [.text("Hi")])
  }
}
