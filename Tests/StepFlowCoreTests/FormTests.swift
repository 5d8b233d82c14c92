import StepFlowTestSupport
import Testing

@testable import StepFlowCore

/// Presses keys on a form and returns the outcomes.
private func press(_ form: inout Form, _ keys: Key...) -> [KeyOutcome] {
  keys.map { form.handle($0, in: .detached) }
}

@Suite struct FormTests {
  @Test func arrowsMoveTheFocusAndTouchTheFieldLeft() throws {
    var form = try PurchaseForms.shipping()
    #expect(form.focusIndex == 0 && form.touched.isEmpty)
    #expect(press(&form, .up) == [.ignored], "above the first field: the flow's")
    #expect(press(&form, .down) == [.handled])
    #expect(form.focusedField?.id == "street")
    #expect(form.touched == ["name"])
    #expect(form.visibleError(at: 0, in: nil)?.message == "Name is required")
    #expect(form.visibleError(at: 1, in: nil) == nil, "the focused field is not touched yet")
    #expect(press(&form, .down, .down, .down) == [.handled, .handled, .ignored])
    #expect(form.focusedField?.id == "postal_code")
    #expect(press(&form, .up) == [.handled] && form.focusedField?.id == "city")
    #expect(form.touched == ["name", "street", "city", "postal_code"])
    let found = form.focus(id: "name")
    #expect(found && form.focusIndex == 0)
    let missing = form.focus(id: "nobody")
    #expect(!missing)
  }

  @Test func keysTheFieldDoesNotUseBubbleUp() throws {
    var form = try Form([
      FieldSpec(id: "city", label: "City", kind: .text()),
      FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm),
    ])
    #expect(press(&form, .right, .left, .backspace, .character("n")).allSatisfy { $0 == .handled })
    #expect(form.field("city")?.value == .text("n"))
    #expect(press(&form, .enter, .tab, .backTab, .escape, .ctrl("c")).allSatisfy { $0 == .ignored })
    form.focusNext()
    #expect(press(&form, .enter, .tab, .down).allSatisfy { $0 == .ignored })
    #expect(press(&form, .right, .character("y")) == [.handled, .handled])
    #expect(form.answers["gift"] == .bool(true))
  }

  @Test func typeFillsTheFocusedFieldAndSetFillsByID() throws {
    var form = try PurchaseForms.shipping()
    let typed = form.type("Ann")
    #expect(typed == .success(.text("Ann")))
    #expect(form.touched.isEmpty, "typing does not touch")
    let set = form.set(id: "postal_code", text: "0150")
    #expect(set == .success(.text("0150")))
    #expect(form.touched == ["postal_code"], "set touches, so a bad value shows at once")
    guard case .failure(let error) = form.set(id: "zip", text: "0150") else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.message == "no field \"zip\"; fields: name, street, city, postal_code")
    #expect(error.fieldID == "zip" && error.label.isEmpty)
    guard case .failure(let near) = form.set(id: "postcode", text: "0150") else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      near.problem
        == .unknownField(
          suggestion: "postal_code", fields: ["name", "street", "city", "postal_code"]))
    guard case .failure(let typo) = form.set(id: "stret", text: "1 Main St") else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      typo.message
        == "no field \"stret\" (did you mean \"street\"?); fields: name, street, city, postal_code")
    var empty = try Form([])
    #expect(press(&empty, .down, .character("a")) == [.ignored, .ignored])
    guard case .failure(let none) = empty.type("x") else {
      Issue.record("expected a failure")
      return
    }
    #expect(none.message == "there is no field to type into on this step")
  }

  @Test func validationNamesEveryFieldInOrder() throws {
    var form = try PurchaseForms.shipping()
    _ = form.set(id: "city", text: "Oslo")
    _ = form.set(id: "postal_code", text: "0150 0150 0150")
    #expect(
      form.validate(in: nil).map(\.message) == [
        "Name is required",
        "Street is required",
        "Postal code: must be at most 10 characters",
      ])
    #expect(!form.isValid(in: nil))
    _ = form.set(id: "postal_code", text: "#0150")
    #expect(
      form.validate(in: nil).last?.message
        == "Postal code: must be letters, digits, spaces or dashes")
  }

  @Test func validateForNextTouchesAllAndFocusesTheFirstProblem() throws {
    var form = try PurchaseForms.shipping()
    _ = form.set(id: "name", text: "Ann")
    #expect(form.visibleError(at: 1, in: nil) == nil)
    let problems = form.validateForNext(in: nil)
    #expect(problems.map(\.fieldID) == ["street", "city", "postal_code"])
    #expect(form.focusedField?.id == "street")
    #expect(form.touched.count == 4)
    #expect(form.visibleError(at: 1, in: nil)?.message == "Street is required")
    _ = form.type("1 Main St")
    #expect(form.visibleError(at: 1, in: nil) == nil, "a fixed field's message goes at once")
  }

  @Test func theDoneScenarioOfTheIssue() throws {
    var paypal = try PurchaseForms.paypal()
    _ = paypal.set(id: "paypal_email", text: "a@b")
    var problems = paypal.validateForNext(in: nil)
    #expect(problems.map(\.message) == ["E-mail: must look like name@example.com"])
    _ = paypal.set(id: "paypal_email", text: "a@b.co")
    problems = paypal.validateForNext(in: nil)
    #expect(problems.isEmpty)
    var shipping = try PurchaseForms.shipping()
    for (id, text) in [
      ("name", "Ann"), ("street", "1 Main St"), ("city", "Oslo"), ("postal_code", "0150"),
    ] {
      if case .failure(let error) = shipping.set(id: id, text: text) { Issue.record("\(error)") }
    }
    problems = shipping.validateForNext(in: nil)
    #expect(problems.isEmpty)
    #expect(
      shipping.answers == [
        "name": .text("Ann"), "street": .text("1 Main St"), "city": .text("Oslo"),
        "postal_code": .text("0150"),
      ])
    #expect(shipping.orderedAnswers.map(\.id) == ["name", "street", "city", "postal_code"])
    #expect(shipping.orderedAnswers.map(\.value.answer).first == .string("Ann"))
  }

  @Test func theCardFormChecksTheNumber() throws {
    var card = try PurchaseForms.card()
    _ = card.type("4111 1111 1111 1112")
    card.focusNext()
    #expect(
      card.visibleError(at: 0, in: nil)?.message
        == "Card number: the checksum is wrong — check the digits")
    _ = card.type("13/27")
    _ = card.set(id: "card_name", text: "Ann Smith")
    var problems = card.validateForNext(in: nil)
    #expect(
      problems.map(\.message) == [
        "Card number: the checksum is wrong — check the digits",
        "Expiry: the month must be 01 to 12",
      ])
    #expect(card.focusedField?.id == "card_number")
    _ = press(&card, .backspace)
    _ = card.type("1")
    _ = card.set(id: "expiry", text: "12/27")
    problems = card.validateForNext(in: nil)
    #expect(problems.isEmpty)
    #expect(card.answers["card_number"] == .text("4111 1111 1111 1111"))
  }

  @Test func defaultsAnswersAndReset() throws {
    var form = try Form([
      FieldSpec(id: "city", label: "City", kind: .text(), default: .text("Oslo")),
      FieldSpec(id: "note", label: "Note", kind: .text()),
      FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm),
      FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5)),
    ])
    #expect(form.answers == ["city": .text("Oslo"), "gift": .bool(false)])
    _ = form.set(id: "note", text: "ring twice")
    _ = form.set(id: "rating", text: "4")
    form.focusNext()
    if case .failure(let error) = form.setValue(id: "city", .text("Bergen")) {
      Issue.record("\(error)")
    }
    #expect(form.answers.count == 4)
    #expect(form.answers["rating"]?.answer == .number(4))
    form.reset()
    #expect(form.answers == ["city": .text("Oslo"), "gift": .bool(false)])
    #expect(form.focusIndex == 0 && form.touched.isEmpty)
  }
}
