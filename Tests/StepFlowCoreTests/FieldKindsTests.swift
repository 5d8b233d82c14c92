import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowJSON

/// The problem a spec is refused with, or `nil` when it builds.
private func refusal(_ build: () throws -> FieldSpec) -> FieldSpecError.Problem? {
  do {
    _ = try build()
    return nil
  } catch let error as FieldSpecError {
    return error.problem
  } catch {
    Issue.record("unexpected error \(error)")
    return nil
  }
}

let languages = [
  ChoiceOption(id: "swift", title: "Swift", description: "fast and safe"),
  ChoiceOption("go", "Go"), ChoiceOption("python", "Python"),
  ChoiceOption(id: "cobol", title: "COBOL", disabledReason: "coming soon"),
]

@Suite struct FieldKindsTests {
  static let port = NumberRules(min: 1024, max: 65535)

  @Test func specsRefuseRulesThatCannotHold() {
    #expect(
      refusal { try FieldSpec(id: "p", label: "P", kind: .number(NumberRules(min: 9, max: 1))) }
        == .rangeReversed(min: "9", max: "1"))
    #expect(
      refusal {
        try FieldSpec(id: "p", label: "P", kind: .number(Self.port), default: .number(80))
      } == .invalidDefault(message: "P: must be between 1024 and 65535"))
    #expect(
      refusal {
        try FieldSpec(
          id: "p", label: "P",
          kind: .number(NumberRules(min: DecimalValue(units: 5, places: 1))))
      } == .moreDecimalsThanAllowed(rule: "min", value: "0.5", decimals: 0))
    #expect(
      refusal {
        try FieldSpec(id: "p", label: "P", kind: .number(NumberRules(step: DecimalValue(0))))
      } == .stepNotPositive("0"))
    #expect(
      refusal { try FieldSpec(id: "p", label: "P", kind: .number(Self.port), min: 1) }
        == .ruleNotApplicable(rule: "min", kind: "number"))
    #expect(
      refusal {
        try FieldSpec(id: "l", label: "L", kind: .multichoice(options: languages), min: 5)
      } == .boundOutOfRange(rule: "min", value: 5, lowest: 0, highest: 4))
    #expect(
      refusal {
        try FieldSpec(
          id: "l", label: "L", kind: .choice(options: languages), default: .choice("cobol"))
      } == .defaultOptionDisabled("cobol"))
    #expect(
      refusal {
        try FieldSpec(
          id: "l", label: "L",
          kind: .choice(options: [ChoiceOption(id: "a", title: "A", disabledReason: "no")]))
      } == .noEnabledOption)
    #expect(
      refusal {
        try FieldSpec(id: "f", label: "F", kind: .path(PathRules(extensions: ["json"])))
      } == .invalidExtension("json"))
    #expect(
      refusal { try FieldSpec(id: "n", label: "N", kind: .text(secure: true, lines: 3)) }
        == .secureMultiline)
    let reversed = DateRules(
      min: .date(CalendarDate(checkedYear: 2026, month: 1, day: 1)), max: .date(march14))
    #expect(
      refusal { try FieldSpec(id: "d", label: "D", kind: .date(reversed)) }
        == .rangeReversed(min: "2026-01-01", max: "2025-03-14"))
    #expect(
      refusal {
        try FieldSpec(id: "d", label: "D", kind: .date(DateRules()), default: .text("soon"))
      }
        == .invalidDefault(message: "must be a date YYYY-MM-DD"))
    #expect(
      refusal { try FieldSpec(id: "u", label: "U", kind: .text(), defaultFromEnvironment: "1X") }
        == .invalidEnvironmentName("1X"))
  }

  @Test func numbersAreNumbersEverywhere() throws {
    let port = try FieldSpec(id: "port", label: "Port", kind: .number(Self.port))
    #expect(try port.parseValue("9000").get() == .number(9000))
    #expect(port.validate(.number(9000), in: nil) == nil)
    #expect(port.validate(.number(1030), in: nil) == nil, "1030 is a port")
    #expect(port.validate(.number(80), in: nil)?.message == "Port: must be between 1024 and 65535")
    #expect(
      port.validate(.number(70000), in: nil)?.message == "Port: must be between 1024 and 65535")
    #expect(
      port.parseValue("90a0").failureMessage == "Port: must be a whole number, not \"90a0\"")
    #expect(
      port.parseValue("9000.5").failureMessage == "Port: must be a whole number, not \"9000.5\"")
    #expect(JSONWriter.compact(try port.parseValue("9000").get().jsonValue) == "9000")
    let price = try FieldSpec(
      id: "price", label: "Price", kind: .number(NumberRules(min: DecimalValue(0), decimals: 2)))
    #expect(try price.parseValue("9.5").get() == .decimal(DecimalValue(units: 950, places: 2)))
    #expect(try price.parseValue("9.5").get().dataText == "9.50")
    #expect(
      price.parseValue("9.555").failureMessage == "Price: must be at most 2 decimals, not \"9.555\""
    )
    #expect(
      price.validate(.decimal(DecimalValue(units: -1, places: 2)), in: nil)?.message
        == "Price: must be at least 0")
  }

  @Test func everyKindRoundTripsThroughTextAndJSON() throws {
    let specs: [(FieldSpec, FieldValue)] = [
      (try FieldSpec(id: "t", label: "T", kind: .text()), .text("Oslo")),
      (try FieldSpec(id: "m", label: "M", kind: .text(lines: 4)), .text("one\ntwo")),
      (try FieldSpec(id: "n", label: "N", kind: .number(Self.port)), .number(9000)),
      (
        try FieldSpec(id: "d", label: "D", kind: .number(NumberRules(decimals: 2))),
        .decimal(DecimalValue(units: -125, places: 2))
      ),
      (try FieldSpec(id: "c", label: "C", kind: .choice(options: languages)), .choice("go")),
      (
        try FieldSpec(id: "mc", label: "MC", kind: .multichoice(options: languages)),
        .choices(["swift", "python"])
      ),
      (try FieldSpec(id: "y", label: "Y", kind: .confirm), .bool(true)),
      (try FieldSpec(id: "r", label: "R", kind: .rating(max: 5)), .number(4)),
      (try FieldSpec(id: "p", label: "P", kind: .path(PathRules())), .text("~/src/app.json")),
      (try FieldSpec(id: "day", label: "Day", kind: .date(DateRules())), .text("2025-03-14")),
      (
        try FieldSpec(id: "at", label: "At", kind: .date(DateRules(time: true))),
        .text("2025-03-14 09:30")
      ),
    ]
    for (spec, value) in specs {
      let text = value.dataText
      #expect(try spec.parseValue(text).get() == value, "\(spec.kind.name): set \(text)")
      let written = JSONWriter.compact(value.jsonValue)
      let read = try #require(JSON5Parser.parse(Array(written.utf8), path: "").root)
      #expect(try spec.value(fromJSON: read.value).get() == value, "\(spec.kind.name): \(written)")
    }
  }

  @Test func jsonOfTheWrongTypeSaysWhatItMustBe() throws {
    let port = try FieldSpec(id: "port", label: "Port", kind: .number(Self.port))
    #expect(try port.value(fromJSON: .int(9000)).get() == .number(9000))
    #expect(try port.value(fromJSON: .string("9000")).get() == .number(9000))
    #expect(
      port.value(fromJSON: .bool(true)).failureProblem
        == .wrongJSON(expected: "a whole number", found: "a boolean"))
    let langs = try FieldSpec(id: "langs", label: "Langs", kind: .multichoice(options: languages))
    #expect(
      try langs.value(fromJSON: ["go", "Swift"]).get() == .choices(["swift", "go"]),
      "in option order")
    #expect(try langs.value(fromJSON: "go, swift").get() == .choices(["swift", "go"]))
    #expect(
      langs.value(fromJSON: ["go", 3]).failureProblem
        == .wrongJSON(expected: "an array of option ids", found: "an array"))
    #expect(
      langs.value(fromJSON: ["rust"]).failureProblem
        == .unknownOption("rust", suggestion: nil, options: ["swift", "go", "python", "cobol"]))
    #expect(
      langs.parseValue("cobol").failureProblem == .optionDisabled("COBOL", reason: "coming soon"))
  }

  @Test func multichoiceCountsItsSelections() throws {
    let langs = try FieldSpec(
      id: "langs", label: "Langs", kind: .multichoice(options: languages), min: 1, max: 2)
    #expect(langs.validate(.choices([]), in: nil)?.message == "Langs: choose at least one")
    #expect(
      langs.validate(.choices(["swift", "go", "python"]), in: nil)?.message
        == "Langs: choose at most 2")
    #expect(langs.validate(.choices(["go"]), in: nil) == nil)
    let required = try FieldSpec(
      id: "r", label: "R", kind: .multichoice(options: languages), required: true)
    #expect(required.validate(.choices([]), in: nil)?.message == "R is required")
    #expect(
      FieldSpec.normalized(.choices(["python", "swift"]), for: langs.kind)
        == .choices(["swift", "python"]))
  }

  @Test func pathsAreCheckedWithoutBeingOpened() throws {
    let files = context(files: [
      "notes.json": .regularFile, "src": .directory, "pipe": .fifo, "tty": .device,
    ])
    let config = try FieldSpec(
      id: "config", label: "Config",
      kind: .path(PathRules(kind: .file, mustExist: true, extensions: [".json"])))
    #expect(config.validate(.text("notes.json"), in: files) == nil)
    #expect(
      config.validate(.text("missing.json"), in: files)?.message
        == "Config: missing.json does not exist")
    #expect(config.validate(.text("pipe"), in: files)?.message == "Config: must end with .json")
    let any = try FieldSpec(id: "any", label: "Any", kind: .path(PathRules()))
    #expect(
      any.validate(.text("pipe"), in: files)?.message
        == "Any: pipe is a named pipe (FIFO), not a file or a folder")
    #expect(
      any.validate(.text("tty"), in: files)?.message
        == "Any: tty is a device, not a file or a folder")
    #expect(any.validate(.text("missing"), in: files) == nil, "need not exist")
    let folder = try FieldSpec(id: "dir", label: "Dir", kind: .path(PathRules(kind: .directory)))
    #expect(
      folder.validate(.text("notes.json"), in: files)?.message
        == "Dir: notes.json is a file, not a folder")
    #expect(folder.validate(.text("src"), in: files) == nil)
    let home = context(
      files: ["/home/ann/notes.json": .regularFile], environment: ["HOME": "/home/ann"])
    #expect(config.validate(.text("~/notes.json"), in: home) == nil, "~ is $HOME")
    #expect(config.validate(.text("~/notes.json"), in: nil) == nil, "no context: not looked at")
  }

  @Test func datesHaveARangeThatMayBeToday() throws {
    let start = try FieldSpec(id: "start", label: "Start", kind: .date(DateRules(min: .today)))
    #expect(start.validate(.text("2025-03-14"), in: context()) == nil)
    #expect(
      start.validate(.text("2025-03-13"), in: context())?.message
        == "Start: must be today (2025-03-14) or later")
    #expect(start.validate(.text("2025-03-13"), in: nil) == nil, "no clock: today is not known")
    #expect(
      start.validate(.text("2025-02-30"), in: nil)?.message
        == "Start: 2025-02-30 is not a date: that month has 28 days")
    #expect(
      start.parseValue("next week").failureMessage
        == "Start: must be a date YYYY-MM-DD, not \"next week\"")
    let day = try FieldSpec(id: "day", label: "Day", kind: .date(DateRules()))
    #expect(day.readableText(.text("2025-03-14")) == "2025-03-14 (Friday)")
  }

  @Test func environmentDefaultsApplyWhenTheyPassTheRules() throws {
    let owner = try FieldSpec(
      id: "owner", label: "Owner", kind: .text(), max: 8, defaultFromEnvironment: "USER")
    let port = try FieldSpec(
      id: "port", label: "Port", kind: .number(Self.port), default: .number(8080),
      defaultFromEnvironment: "PORT")
    let flow = FlowDefinition.steps(2, fields: [1: [owner, port]])
    var state = FlowState(
      flow: flow, context: context(environment: ["USER": "ann", "PORT": "9000"]))
    #expect(state.answers["owner"] == .text("ann"))
    #expect(state.answers["port"] == .number(9000))
    state = FlowState(
      flow: flow, context: context(environment: ["USER": "a-very-long-name", "PORT": "80"]))
    #expect(state.answers["owner"] == nil, "too long for the field: not used")
    #expect(state.answers["port"] == .number(8080), "out of range: the default instead")
    state = FlowState(
      flow: flow, answers: ["owner": .text("bo")], context: context(environment: ["USER": "ann"]))
    #expect(state.answers["owner"] == .text("bo"), "an answer given wins")
    #expect(!state.hasAnswers(flow: flow), "a default from the environment is nothing to lose")
  }
}

extension Result where Failure == FieldError {
  var failureMessage: String? {
    if case .failure(let error) = self { return error.message }
    return nil
  }
  var failureProblem: FieldProblem? {
    if case .failure(let error) = self { return error.problem }
    return nil
  }
}
