import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct FieldAccessibilityTests {
  @Test func textFields() throws {
    var email = Field(
      try FieldSpec(id: "email", label: "E-mail", kind: .text(), required: true, check: .email))
    #expect(email.accessibleText == "E-mail (required): _")
    _ = email.type("a@b.co")
    #expect(email.accessibleText == "E-mail (required): a@b.co")
    var code = Field(
      try FieldSpec(id: "code", label: "Postal code", help: "4 digits", kind: .text()))
    #expect(code.accessibleText == "Postal code (4 digits): _")
    _ = code.type("0150")
    #expect(code.accessibleText == "Postal code (4 digits): 0150")
    var pin = Field(
      try FieldSpec(
        id: "pin", label: "PIN", help: "from your letter", kind: .text(secure: true),
        required: true))
    _ = pin.type("1234")
    #expect(pin.accessibleText == "PIN (required, from your letter): hidden, 4 characters")
  }

  @Test func choicesConfirmsAndRatings() throws {
    var method = Field(
      try FieldSpec(
        id: "method", label: "Payment method",
        kind: .choice(options: [
          ChoiceOption("card", "Card"), ChoiceOption("paypal", "PayPal"),
          ChoiceOption("cash", "Cash"),
        ])))
    #expect(method.accessibleText == "Payment method: none chosen (Card, PayPal, Cash)")
    _ = method.handle(.character(" "), in: .detached)
    #expect(method.accessibleText == "Payment method: Card (1 of 3)")
    var gift = Field(try FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm))
    #expect(gift.accessibleText == "Gift wrap: no")
    _ = gift.handle(.character("y"), in: .detached)
    #expect(gift.accessibleText == "Gift wrap: yes")
    var rating = Field(try FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5)))
    #expect(rating.accessibleText == "Rating: not rated (1 to 5)")
    _ = rating.handle(.character("3"), in: .detached)
    #expect(rating.accessibleText == "Rating: 3 of 5")
  }

  @Test func aFormAddsTheMessagesOfTouchedFieldsAsLines() throws {
    var form = try Form([
      FieldSpec(id: "email", label: "E-mail", kind: .text(), required: true, check: .email),
      FieldSpec(id: "card", label: "Card number", kind: .text(), check: .luhn),
    ])
    _ = form.type("ann@")
    #expect(form.accessibleLines() == ["E-mail (required): ann@", "Card number: _"])
    form.focusNext()
    _ = form.type("4111 1111 1111 1112")
    _ = form.validateForNext(in: nil)
    #expect(
      form.accessibleLines() == [
        "E-mail (required): ann@", "E-mail: must look like name@example.com",
        "Card number: 4111 1111 1111 1112",
        "Card number: the checksum is wrong — check the digits",
      ])
    #expect(
      form.accessibleLines(glyphs: .ascii).last
        == "Card number: the checksum is wrong - check the digits")
  }
}
