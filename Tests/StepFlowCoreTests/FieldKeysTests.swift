import Testing

@testable import StepFlowCore

private let methods = [
  ChoiceOption("card", "Card"), ChoiceOption("paypal", "PayPal"), ChoiceOption("cash", "Cash"),
]

/// Presses keys on a field and returns the outcomes.
private func press(_ field: inout Field, _ keys: Key...) -> [KeyOutcome] {
  keys.map { field.handle($0, in: .detached) }
}

@Suite struct FieldKeysTests {
  @Test func aListMovesItsHighlightAndSelectsWithSpace() throws {
    var field = Field(try FieldSpec(id: "method", label: "Method", kind: .choice(options: methods)))
    #expect(field.value == nil && field.highlighted == 0)
    #expect(press(&field, .up) == [.ignored], "above the first option: the form moves focus")
    #expect(press(&field, .down, .down) == [.handled, .handled])
    #expect(field.highlighted == 2 && field.value == nil, "moving does not choose")
    #expect(press(&field, .down) == [.ignored])
    #expect(press(&field, .character(" ")) == [.handled])
    #expect(field.value == .choice("cash") && field.selectedIndex == 2)
    #expect(press(&field, .up, .character(" ")) == [.handled, .handled])
    #expect(field.value == .choice("paypal") && field.highlighted == 1)
    #expect(press(&field, .left, .right, .enter).allSatisfy { $0 == .ignored })
    #expect(press(&field, .end) == [.handled] && field.highlighted == 2)
    #expect(press(&field, .home) == [.handled] && field.highlighted == 0)
    #expect(field.value == .choice("paypal"))
  }

  @Test func tabsSelectTheNeighbour() throws {
    let spec = try FieldSpec(
      id: "method", label: "Method", kind: .choice(options: methods, style: .tabs),
      default: .choice("paypal"))
    var field = Field(spec)
    #expect(field.highlighted == 1, "the default is highlighted")
    #expect(press(&field, .right) == [.handled] && field.value == .choice("cash"))
    #expect(
      press(&field, .right) == [.handled] && field.value == .choice("cash"), "kept at the end")
    #expect(press(&field, .left, .left) == [.handled, .handled] && field.value == .choice("card"))
    #expect(press(&field, .up, .down) == [.ignored, .ignored])
    #expect(press(&field, .character("3")) == [.handled] && field.value == .choice("cash"))
  }

  @Test func confirmsToggleAndTakeYAndN() throws {
    var field = Field(try FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm))
    #expect(field.value == .bool(false), "no until answered")
    #expect(press(&field, .character(" ")) == [.handled] && field.value == .bool(true))
    #expect(press(&field, .character(" ")) == [.handled] && field.value == .bool(false))
    #expect(press(&field, .character("Y")) == [.handled] && field.value == .bool(true))
    #expect(press(&field, .character("n")) == [.handled] && field.value == .bool(false))
    // ← picks Yes and → picks No (they are drawn in that order), so arrows never leave the step.
    #expect(press(&field, .left) == [.handled] && field.value == .bool(true))
    #expect(press(&field, .right) == [.handled] && field.value == .bool(false))
    #expect(press(&field, .enter, .character("x")).allSatisfy { $0 == .ignored })
    let yes = Field(try FieldSpec(id: "g", label: "G", kind: .confirm, default: .bool(true)))
    #expect(yes.value == .bool(true))
  }

  @Test func ratingsTakeDigitsAndArrows() throws {
    var field = Field(try FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5)))
    #expect(field.value == nil)
    #expect(press(&field, .left) == [.handled] && field.value == nil)
    #expect(press(&field, .right) == [.handled] && field.value == .number(1))
    #expect(press(&field, .character("4")) == [.handled] && field.value == .number(4))
    #expect(press(&field, .right, .right) == [.handled, .handled] && field.value == .number(5))
    #expect(press(&field, .left) == [.handled] && field.value == .number(4))
    #expect(press(&field, .home) == [.handled] && field.value == .number(1))
    #expect(press(&field, .end) == [.handled] && field.value == .number(5))
    #expect(
      press(&field, .character("6"), .character("0"), .character("٣"), .up).allSatisfy {
        $0 == .ignored
      })
    var ten = Field(try FieldSpec(id: "r", label: "R", kind: .rating(max: 10)))
    #expect(press(&ten, .character("0")) == [.handled] && ten.value == .number(10))
  }

  @Test func typeAndSetFollowTheKind() throws {
    var name = Field(try FieldSpec(id: "name", label: "Name", kind: .text(), max: 5))
    var result = name.type("Ann")
    #expect(result == .success(.text("Ann")))
    result = name.type(" Marie")
    #expect(result == .success(.text("Ann M")), "typing stops at max")
    result = name.set(text: "Ann-Marie Smith")
    #expect(result == .success(.text("Ann-Marie Smith")), "set keeps the whole text")
    #expect(name.validate(in: nil)?.message == "Name: must be at most 5 characters")
    result = name.set(text: "")
    #expect(result == .success(nil))
    var gift = Field(try FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm))
    result = gift.type("yes")
    #expect(result == .success(.bool(true)))
    guard case .failure(let error) = gift.set(text: "perhaps") else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.message == "Gift wrap: expected yes or no, got \"perhaps\"")
    #expect(gift.value == .bool(true), "a refused value leaves the field as it was")
  }

  @Test func setValueChecksTheTypeAndTheOption() throws {
    var method = Field(try FieldSpec(id: "m", label: "Method", kind: .choice(options: methods)))
    if case .failure(let error) = method.setValue(.choice("cash")) { Issue.record("\(error)") }
    #expect(method.highlighted == 2)
    guard case .failure(let unknown) = method.setValue(.choice("csh")) else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      unknown.problem
        == .unknownOption("csh", suggestion: "cash", options: ["card", "paypal", "cash"]))
    guard case .failure(let wrong) = method.setValue(.number(2)) else {
      Issue.record("expected a failure")
      return
    }
    #expect(wrong.message == "Method: expected an option id, got 2")
    if case .failure(let error) = method.setValue(nil) { Issue.record("\(error)") }
    #expect(method.value == nil)
    var rating = Field(try FieldSpec(id: "r", label: "Rating", kind: .rating(max: 5)))
    guard case .failure(let text) = rating.setValue(.text("3")) else {
      Issue.record("expected a failure")
      return
    }
    #expect(text.message == "Rating: expected a number from 1 to 5, got \"3\"")
  }

  @Test func resetGoesBackToTheDefault() throws {
    var city = Field(
      try FieldSpec(id: "city", label: "City", kind: .text(), default: .text("Oslo")))
    #expect(city.value == .text("Oslo") && city.input.cursor == 4)
    _ = city.handle(.backspace, in: .detached)
    #expect(city.value == .text("Osl"))
    city.reset()
    #expect(city.value == .text("Oslo"))
  }
}
