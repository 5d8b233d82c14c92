import Testing

@testable import StepFlowCore

@Suite struct FieldValueTests {
  let gift: FieldSpec
  let rating: FieldSpec
  let method: FieldSpec

  init() throws {
    gift = try FieldSpec(id: "gift_wrap", label: "Gift wrap", kind: .confirm)
    rating = try FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5))
    method = try FieldSpec(
      id: "method", label: "Payment method",
      kind: .choice(options: [
        ChoiceOption("card", "Card"), ChoiceOption("paypal", "PayPal"),
        ChoiceOption("cash", "Cash on delivery"),
      ]))
  }

  @Test func textIsTakenAsItIs() throws {
    let street = try FieldSpec(id: "street", label: "Street", kind: .text())
    #expect(street.parseValue(" 1 Main St ") == .success(.text(" 1 Main St ")))
    #expect(street.parseValue("") == .success(.text("")))
  }

  @Test func confirmsTakeYesAndNoWords() {
    for yes in ["yes", "y", "true", "YES", "Y", " True "] {
      #expect(gift.parseValue(yes) == .success(.bool(true)), "\(yes)")
    }
    for no in ["no", "n", "false", "No", "FALSE"] {
      #expect(gift.parseValue(no) == .success(.bool(false)), "\(no)")
    }
    guard case .failure(let error) = gift.parseValue("maybe") else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.message == "Gift wrap: expected yes or no, got \"maybe\"")
    #expect(error.fieldID == "gift_wrap")
  }

  @Test func ratingsTakeOneToMax() {
    #expect(rating.parseValue("3") == .success(.number(3)))
    #expect(rating.parseValue(" 5") == .success(.number(5)))
    for bad in ["0", "6", "x", "", "2.5"] {
      guard case .failure(let error) = rating.parseValue(bad) else {
        Issue.record("\(bad) was accepted")
        continue
      }
      #expect(error.message == "Rating: expected a whole number from 1 to 5, got \"\(bad)\"")
    }
  }

  @Test func choicesTakeAnIdOrATitleIgnoringCase() {
    #expect(method.parseValue("card") == .success(.choice("card")))
    #expect(method.parseValue("CARD") == .success(.choice("card")))
    #expect(method.parseValue("PayPal") == .success(.choice("paypal")))
    #expect(method.parseValue("cash on delivery") == .success(.choice("cash")))
    guard case .failure(let typo) = method.parseValue("crad") else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      typo.message
        == "Payment method: \"crad\" is not an option (did you mean \"card\"?); options: card, paypal, cash"
    )
    guard case .failure(let unknown) = method.parseValue("bitcoin") else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      unknown.message == "Payment method: \"bitcoin\" is not an option; options: card, paypal, cash"
    )
  }

  @Test func answersAreTypedForJSON() {
    #expect(FieldValue.text("Oslo").answer == .string("Oslo"))
    #expect(FieldValue.choice("card").answer == .string("card"))
    #expect(FieldValue.bool(true).answer == .bool(true))
    #expect(FieldValue.number(4).answer == .number(4))
  }
}
