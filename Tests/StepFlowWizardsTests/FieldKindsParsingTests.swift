import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowJSON
@testable import StepFlowWizards

/// The new field kinds in wizard files: every key read, every mistake located with a
/// did-you-mean, and the flow they make.
@Suite struct FieldKindsParsingTests {
  static func problems(_ fields: String, more: String = "") -> [String] {
    WizardFileParsingTests.problems(
      """
      { id: "x", title: "X", steps: [
        { id: "a", title: "A", fields: [
      \(fields)
        ] },\(more)
      ] }
      """)
  }

  @Test func everyKindReadsIntoItsSpec() throws {
    let text = """
      { id: "x", title: "X", steps: [{ id: "a", title: "A", fields: [
        { id: "port", label: "Port", type: "number", min: 1024, max: 65535, step: 10, default: 8080 },
        { id: "price", label: "Price", type: "number", decimals: 2, min: 0, max: 99.5, default: 9.5 },
        { id: "langs", label: "Languages", type: "multichoice", min: 1, max: 2, default: ["go"],
          options: ["swift", { id: "go", title: "Go", description: "one binary" },
                    { id: "cobol", title: "COBOL", disabled: "coming soon" }, { id: "c", disabled: true }] },
        { id: "notes", label: "Notes", lines: 4, max: 500 },
        { id: "config", label: "Config", type: "path", kind: "file", mustExist: true, extensions: [".json"] },
        { id: "start", label: "Start", type: "date", min: "today", max: "2030-12-31", default: "2025-03-14" },
        { id: "at", label: "At", type: "date", time: true },
        { id: "owner", label: "Owner", default: { env: "USER" } },
      ] }] }
      """
    let flow = try WizardFile.load(Array(text.utf8), path: "w.json")
    let specs = flow.steps[0].fields
    #expect(specs[0].kind == .number(NumberRules(min: 1024, max: 65535, step: 10)))
    #expect(specs[0].defaultValue == .number(8080))
    let price = NumberRules(
      min: DecimalValue(units: 0, places: 2), max: DecimalValue(units: 9950, places: 2),
      decimals: 2)
    #expect(specs[1].kind == .number(price))
    #expect(specs[1].defaultValue == .decimal(DecimalValue(units: 950, places: 2)))
    #expect(specs[2].kind.options.map(\.id) == ["swift", "go", "cobol", "c"])
    #expect(specs[2].kind.options[1].description == "one binary")
    #expect(specs[2].kind.options[2].disabledReason == "coming soon")
    #expect(specs[2].kind.options[3].disabledReason == "not available")
    #expect(specs[2].min == 1 && specs[2].max == 2 && specs[2].defaultValue == .choices(["go"]))
    #expect(specs[3].kind == .text(lines: 4))
    #expect(specs[4].kind == .path(PathRules(kind: .file, mustExist: true, extensions: [".json"])))
    let end = CalendarDate(checkedYear: 2030, month: 12, day: 31)
    #expect(specs[5].kind == .date(DateRules(min: .today, max: .date(end))))
    #expect(specs[6].kind == .date(DateRules(time: true)))
    #expect(specs[7].defaultFromEnvironment == "USER" && specs[7].defaultValue == nil)
  }

  @Test func mistakesAreLocatedWithWhatToDo() {
    expectLines(
      Self.problems(#"    { id: "p", label: "P", type: "number", min: 100, max: 10 },"#),
      [#"w.json:3:44: field "p": "min" (100) is greater than "max" (10)"#])
    expectLines(
      Self.problems(
        #"    { id: "p", label: "P", type: "number", min: 1024, max: 65535, default: 80 },"#),
      [
        #"w.json:3:67: field "p": the default breaks the field's rules: P: must be between 1024 and 65535"#
      ])
    expectLines(
      Self.problems(#"    { id: "t", label: "T", decimals: 2 },"#),
      [#"w.json:3:28: "decimals" is for number fields, not text fields"#])
    expectLines(
      Self.problems(#"    { id: "t", label: "T", type: "multiselect", options: ["a"] },"#),
      [
        #"w.json:3:34: wrong value: "type" must be one of "text", "number", "choice", "multichoice", "confirm", "rating", "path" or "date", found "multiselect" — did you mean "multichoice"?"#
      ])
    expectLines(
      Self.problems(#"    { id: "t", label: "T", type: "nmber" },"#),
      [
        #"w.json:3:34: wrong value: "type" must be one of "text", "number", "choice", "multichoice", "confirm", "rating", "path" or "date", found "nmber" — did you mean "number"?"#
      ])
    expectLines(
      Self.problems(#"    { id: "p", label: "P", type: "number", max: 9.5 },"#),
      [
        #"w.json:3:49: wrong value: "max" is 9.5, with more decimals than allowed: the field takes whole numbers (give "decimals" for more)"#
      ])
    expectLines(
      Self.problems(#"    { id: "d", label: "D", type: "date", min: "2025-02-30" },"#),
      [#"w.json:3:47: wrong value: "min" is "2025-02-30": that month has 28 days"#])
    expectLines(
      Self.problems(
        #"    { id: "m", label: "M", type: "multichoice", options: ["a", "b"], max: 3 },"#),
      [#"w.json:3:70: field "m": "max" is 3; it must be from 0 to 2"#])
    expectLines(
      Self.problems(#"    { id: "o", label: "O", default: { env: "1BAD" } },"#),
      [
        #"w.json:3:44: wrong value: "env" must name an environment variable (letters, digits and "_")"#
      ])
    expectLines(
      Self.problems(#"    { id: "n", label: "N", secure: true, lines: 3 },"#),
      [#"w.json:3:42: field "n": a secure field has one line; remove "lines" or "secure""#])
  }

  @Test func conditionsAreTreesCheckedAgainstTheFieldsTheyTest() throws {
    let fields = """
          { id: "plan", label: "Plan", type: "choice", options: ["free", "team"] },
          { id: "langs", label: "Langs", type: "multichoice", options: ["go", "rust"] },
          { id: "port", label: "Port", type: "number" },
      """
    let good = """

        { id: "b", title: "B", when: { all: [
          { any: [{ field: "plan", equals: "team" }, { field: "port", greaterThan: 8000 }] },
          { not: { field: "langs", contains: "rust" } },
        ] } },
      """
    #expect(Self.problems(fields, more: good).isEmpty)
    expectLines(
      Self.problems(
        fields,
        more: """

            { id: "b", title: "B", when: { all: [
              { field: "plan", contains: "team" },
              { field: "langs", contains: "rustt" },
              { field: "plan", equals: "tem" },
              { field: "port", lessThan: "soon" },
              { field: "plan", greaterThan: 3 },
              { not: { field: "nope", answered: true } },
            ] } },
          """),
      [
        #"w.json:8:32: "contains" tests a multichoice field; "plan" is a choice field (use "equals" or "in")"#,
        #"w.json:9:33: "rustt" is not an option of "langs" — did you mean "rust"?"#,
        #"w.json:10:30: "tem" is not an option of "plan" — did you mean "team"?"#,
        #"w.json:11:32: "port" is a number field: compare it with a number, not "soon""#,
        #"w.json:12:35: "greaterThan" and "lessThan" compare numbers, ratings and dates; "plan" is a choice field"#,
        #"w.json:13:21: "when" names no field "nope""#,
      ])
    expectLines(
      Self.problems(fields, more: #"{ id: "b", title: "B", when: { all: [], field: "plan" } },"#),
      [
        #"w.json:6:36: a condition is one of a test of a "field", "all", "any" or "not"; this one mixes them"#
      ])
  }

  @Test func textsMayNameOnlyFieldsOfEarlierSteps() {
    expectLines(
      Self.problems(
        #"    { id: "name", label: "Name" }, { id: "greet", label: "Hi {{name}}" },"#,
        more: """

            { id: "b", title: "For {{name}}", body: "Dear {{nmae}}", fields: [
              { id: "c", label: "C", type: "choice", options: [{ id: "x", title: "{{later}}" }] } ] },
            { id: "c", title: "C", fields: [{ id: "later", label: "L" }] },
          """),
      [
        #"w.json:3:58: {{name}} names the field "name", which is asked on this same step (line 3); a text can only use the answers of earlier steps"#,
        #"w.json:5:43: {{nmae}} names no field "nmae" — did you mean "name"?"#,
        #"w.json:6:72: {{later}} names the field "later", which is asked later, on step "c" (line 7); a text can only use the answers of earlier steps"#,
      ])
  }
}
