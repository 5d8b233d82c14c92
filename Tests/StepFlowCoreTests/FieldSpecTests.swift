import Testing

@testable import StepFlowCore

/// The error a spec is refused with, or `nil` when it builds.
private func specError(_ build: () throws -> FieldSpec) -> FieldSpecError? {
  do {
    _ = try build()
    return nil
  } catch let error as FieldSpecError {
    return error
  } catch {
    Issue.record("unexpected error \(error)")
    return nil
  }
}

private let payment: FieldKind = .choice(options: [
  ChoiceOption("card", "Card"), ChoiceOption("paypal", "PayPal"), ChoiceOption("cash", "Cash"),
])

@Suite struct FieldSpecTests {
  @Test func aValidSpecKeepsWhatItWasGiven() throws {
    let spec = try FieldSpec(
      id: "postal_code", label: "Postal code", help: "4 digits", kind: .text(placeholder: "0150"),
      required: true, pattern: "[0-9]{4}", patternMessage: "must be 4 digits", min: 4, max: 10,
      default: .text("0150"))
    #expect(spec.id == "postal_code")
    #expect(spec.label == "Postal code")
    #expect(spec.help == "4 digits")
    #expect(spec.kind == .text(placeholder: "0150", secure: false))
    #expect(spec.required)
    #expect(spec.pattern == "[0-9]{4}")
    #expect(spec.min == 4 && spec.max == 10)
    #expect(spec.defaultValue == .text("0150"))
  }

  @Test func anEmptyTextDefaultOrHelpIsNone() throws {
    let spec = try FieldSpec(id: "a", label: "A", help: "", kind: .text(), default: .text(""))
    #expect(spec.defaultValue == nil)
    #expect(spec.help == nil)
  }

  @Test func anInvalidPatternIsReportedWithTheParsersReason() {
    let error = specError {
      try FieldSpec(id: "zip", label: "Zip", kind: .text(), pattern: "[0-9")
    }
    guard case .invalidPattern(let pattern, let reason)? = error?.problem else {
      Issue.record("expected invalidPattern, got \(String(describing: error))")
      return
    }
    #expect(pattern == "[0-9")
    #expect(reason == "expected ']'")
    #expect(
      error?.description
        == "field \"zip\": pattern \"[0-9\" is not a valid regular expression: expected ']'")
    let quantifier = specError {
      try FieldSpec(id: "zip", label: "Zip", kind: .text(), pattern: "*a")
    }
    #expect(
      quantifier?.problem
        == .invalidPattern(pattern: "*a", reason: "quantifier '*' must appear after expression"))
  }

  @Test func idsMustBeUsableInSetCommands() {
    for id in ["", "first name", "a=b", "x;y", "é"] {
      let error = specError { try FieldSpec(id: id, label: "A", kind: .text()) }
      #expect(error?.problem == .invalidID, "id \(id)")
    }
    #expect(specError { try FieldSpec(id: "card.number-2_b", label: "A", kind: .text()) } == nil)
    #expect(specError { try FieldSpec(id: "a", label: "", kind: .text()) }?.problem == .emptyLabel)
  }

  @Test func rulesThatDoNotFitTheKindAreRefused() {
    #expect(
      specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 5), pattern: "[1-5]") }?
        .problem == .ruleNotApplicable(rule: "pattern", kind: "rating"))
    #expect(
      specError { try FieldSpec(id: "c", label: "C", kind: .confirm, check: .email) }?.problem
        == .ruleNotApplicable(rule: "check", kind: "confirm"))
    #expect(
      specError { try FieldSpec(id: "p", label: "P", kind: payment, min: 1) }?.problem
        == .ruleNotApplicable(rule: "min", kind: "choice"))
    #expect(
      specError { try FieldSpec(id: "g", label: "G", kind: .confirm, max: 1) }?.problem
        == .ruleNotApplicable(rule: "max", kind: "confirm"))
    #expect(
      specError { try FieldSpec(id: "t", label: "T", kind: .text(), patternMessage: "x") }?
        .problem == .patternMessageWithoutPattern)
  }

  @Test func boundsAreChecked() {
    #expect(
      specError { try FieldSpec(id: "t", label: "T", kind: .text(), min: 5, max: 3) }?.problem
        == .minAboveMax(min: 5, max: 3))
    #expect(
      specError { try FieldSpec(id: "t", label: "T", kind: .text(), max: 0) }?.problem
        == .boundOutOfRange(rule: "max", value: 0, lowest: 1, highest: nil))
    #expect(
      specError { try FieldSpec(id: "t", label: "T", kind: .text(), min: -1) }?.problem
        == .boundOutOfRange(rule: "min", value: -1, lowest: 0, highest: nil))
    #expect(
      specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 5), min: 6) }?.problem
        == .boundOutOfRange(rule: "min", value: 6, lowest: 1, highest: 5))
    #expect(
      specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 0)) }?.problem
        == .ratingMaxOutOfRange(0))
    #expect(
      specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 11)) }?.problem
        == .ratingMaxOutOfRange(11))
    #expect(specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 10)) } == nil)
  }

  @Test func choicesNeedUniqueOptions() {
    #expect(
      specError { try FieldSpec(id: "c", label: "C", kind: .choice(options: [])) }?.problem
        == .noOptions)
    let twice: FieldKind = .choice(options: [ChoiceOption("a", "A"), ChoiceOption("a", "B")])
    #expect(
      specError { try FieldSpec(id: "c", label: "C", kind: twice) }?.problem
        == .duplicateOption("a"))
    let blank: FieldKind = .choice(options: [ChoiceOption("", "A")])
    #expect(
      specError { try FieldSpec(id: "c", label: "C", kind: blank) }?.problem == .emptyOptionID)
  }

  @Test func defaultsMustFitTheField() {
    #expect(
      specError { try FieldSpec(id: "t", label: "T", kind: .text(), default: .number(3)) }?
        .problem == .defaultKindMismatch(kind: "text", value: .number(3)))
    let unknown = specError {
      try FieldSpec(id: "p", label: "P", kind: payment, default: .choice("crad"))
    }
    #expect(unknown?.problem == .unknownDefaultOption("crad", suggestion: "card"))
    #expect(
      unknown?.description
        == "field \"p\": the default \"crad\" is not one of the option ids (did you mean \"card\"?)"
    )
    #expect(
      specError { try FieldSpec(id: "r", label: "R", kind: .rating(max: 5), default: .number(6)) }?
        .problem == .boundOutOfRange(rule: "default", value: 6, lowest: 1, highest: 5))
    let broken = specError {
      try FieldSpec(id: "e", label: "E-mail", kind: .text(), check: .email, default: .text("nope"))
    }
    #expect(
      broken?.description
        == "field \"e\": the default breaks the field's rules: E-mail: must look like name@example.com"
    )
    #expect(
      specError { try FieldSpec(id: "p", label: "P", kind: payment, default: .choice("cash")) }
        == nil)
  }

  @Test func aFormRefusesTwoFieldsWithOneID() throws {
    let name = try FieldSpec(id: "name", label: "Name", kind: .text())
    let again = try FieldSpec(id: "name", label: "Full name", kind: .text())
    do {
      _ = try Form([name, again])
      Issue.record("expected an error")
    } catch {
      #expect(error == FieldSpecError(fieldID: "name", problem: .duplicateField))
      #expect(
        error.description
          == "field \"name\": two fields have this id; field ids must be unique in a form")
    }
  }
}

@Suite struct PatternRefusalTests {
  /// Nested repetition was refused while patterns ran on a backtracking matcher; the linear
  /// matcher runs it in bounded time, so it is a valid pattern now.
  @Test func nestedRepetitionIsAllowed() throws {
    for pattern in ["(a+)+$", "([a-z]+)*x", #"(\w*)*"#, "(a{2,})+", "((ab)+c)*", "(.*a){20}"] {
      let spec = try FieldSpec(id: "f", label: "F", kind: .text(), pattern: pattern)
      #expect(spec.validate(.text(String(repeating: "a", count: 5_000) + "!"), in: nil) != nil)
    }
  }

  @Test func unsupportedAndTooLargePatternsNameTheProblem() {
    let lookahead = specError {
      try FieldSpec(id: "code", label: "Code", kind: .text(), pattern: "a(?=b)")
    }
    #expect(
      lookahead?.description
        == "field \"code\": pattern \"a(?=b)\" is outside the supported regular expressions:"
        + " lookahead (?=…) and (?!…) are not supported (docs/wizard-format.md lists what is)")
    let large = specError {
      try FieldSpec(id: "code", label: "Code", kind: .text(), pattern: "(a{1000}){1000}")
    }
    #expect(
      large?.description
        == "field \"code\": pattern \"(a{1000}){1000}\" is too large: its repetitions expand it"
        + " to 1000001 instructions; at most 2000 are allowed (write fewer or smaller counts)")
    let long = specError {
      try FieldSpec(
        id: "code", label: "Code", kind: .text(), pattern: String(repeating: "x", count: 1001))
    }
    #expect(
      long?.description
        == "field \"code\": pattern \"" + String(repeating: "x", count: 59)
        + "…\" is too large: it is 1001 characters long; at most 1000 are allowed")
  }
}
