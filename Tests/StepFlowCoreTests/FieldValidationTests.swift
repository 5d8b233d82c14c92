import Testing

@testable import StepFlowCore

/// The message a spec gives for a text, or `nil` when the text is valid.
private func message(_ spec: FieldSpec, _ text: String) -> String? {
  spec.validate(.text(text), in: nil)?.message
}

@Suite struct FieldValidationTests {
  @Test func requiredFieldsNeedAValue() throws {
    let name = try FieldSpec(id: "name", label: "Name", kind: .text(), required: true)
    #expect(name.validate(nil, in: nil)?.message == "Name is required")
    #expect(message(name, "") == "Name is required")
    #expect(message(name, "   ") == "Name is required")
    #expect(message(name, "Ann") == nil)
    let optional = try FieldSpec(id: "note", label: "Note", kind: .text(), min: 3)
    #expect(optional.validate(nil, in: nil) == nil)
    #expect(message(optional, "") == nil, "rules apply only to a value that is there")
  }

  @Test func lengthsCountGraphemes() throws {
    let code = try FieldSpec(
      id: "postal_code", label: "Postal code", kind: .text(), min: 4, max: 10)
    #expect(message(code, "015") == "Postal code: must be at least 4 characters")
    #expect(message(code, "0150") == nil)
    #expect(message(code, "01234567890") == "Postal code: must be at most 10 characters")
    #expect(message(code, "e\u{301}e\u{301}e\u{301}e\u{301}") == nil, "four graphemes")
    let one = try FieldSpec(id: "x", label: "X", kind: .text(), min: 1, max: 1)
    #expect(message(one, "ab") == "X: must be at most 1 character")
  }

  @Test func patternsMustMatchTheWholeText() throws {
    let code = try FieldSpec(
      id: "postal_code", label: "Postal code", kind: .text(), pattern: "[0-9]{4}",
      patternMessage: "must be 4 digits")
    #expect(message(code, "0150") == nil)
    #expect(message(code, "0150x") == "Postal code: must be 4 digits")
    #expect(message(code, "x0150") == "Postal code: must be 4 digits")
    let plain = try FieldSpec(id: "c", label: "Code", kind: .text(), pattern: "[A-Z]+")
    #expect(message(plain, "abc") == "Code: must match [A-Z]+")
  }

  @Test func cardNumbersUseTheLuhnChecksum() throws {
    let card = try FieldSpec(id: "card_number", label: "Card number", kind: .text(), check: .luhn)
    for valid in [
      "4111 1111 1111 1111", "4111111111111111", "5555 5555 5555 4444", "378282246310005",
      "6011 1111 1111 1117", "4012888888881881",
    ] {
      #expect(message(card, valid) == nil, "\(valid)")
    }
    #expect(
      message(card, "4111 1111 1111 1112")
        == "Card number: the checksum is wrong — check the digits")
    #expect(
      message(card, "5555 5555 5555 4445")
        == "Card number: the checksum is wrong — check the digits")
    #expect(
      message(card, "4111-1111-1111-1111") == "Card number: must contain only digits and spaces")
    #expect(message(card, "4111 1111 111") == "Card number: must have 12 to 19 digits (it has 11)")
    #expect(
      message(card, "4111 1111 1111 1111 1111")
        == "Card number: must have 12 to 19 digits (it has 20)")
  }

  @Test func expiryIsMonthSlashYear() throws {
    let expiry = try FieldSpec(id: "expiry", label: "Expiry", kind: .text(), check: .expiry)
    #expect(message(expiry, "12/25") == nil)
    #expect(message(expiry, "01/30") == nil)
    #expect(message(expiry, "13/25") == "Expiry: the month must be 01 to 12")
    #expect(message(expiry, "00/25") == "Expiry: the month must be 01 to 12")
    for bad in ["1/25", "12-25", "12/2025", "ab/cd", "12/ 5"] {
      #expect(message(expiry, bad) == "Expiry: must look like MM/YY", "\(bad)")
    }
  }

  @Test func emailAddressesLookLikeNameAtDomain() throws {
    let email = try FieldSpec(id: "email", label: "E-mail", kind: .text(), check: .email)
    for valid in ["a@b.co", "ann.smith+shop@mail.example.org", "ø@døme.no"] {
      #expect(message(email, valid) == nil, "\(valid)")
    }
    for invalid in [
      "ann", "ann@", "@b.co", "a@b", "a@b.c", "a b@c.de", "a@@b.co", "a@b..co", "a@.b.co",
      "a@b.co.",
    ] {
      #expect(message(email, invalid) == "E-mail: must look like name@example.com", "\(invalid)")
    }
  }

  @Test func checksComeAfterLengthAndBeforeThePattern() throws {
    let spec = try FieldSpec(
      id: "e", label: "E-mail", kind: .text(), pattern: ".*@example\\.com",
      patternMessage: "must be at example.com", max: 20, check: .email)
    #expect(message(spec, "averyveryverylongname@x.io") == "E-mail: must be at most 20 characters")
    #expect(message(spec, "a@b") == "E-mail: must look like name@example.com")
    #expect(message(spec, "a@b.co") == "E-mail: must be at example.com")
    #expect(message(spec, "a@example.com") == nil)
  }

  @Test func confirmsAndRatings() throws {
    let terms = try FieldSpec(id: "terms", label: "Terms", kind: .confirm, required: true)
    #expect(terms.validate(.bool(false), in: nil)?.message == "Terms: must be yes")
    #expect(terms.validate(.bool(true), in: nil) == nil)
    let optional = try FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm)
    #expect(optional.validate(.bool(false), in: nil) == nil)
    let rating = try FieldSpec(
      id: "rating", label: "Rating", kind: .rating(max: 5), required: true, min: 2, max: 4)
    #expect(rating.validate(nil, in: nil)?.message == "Rating is required")
    #expect(rating.validate(.number(1), in: nil)?.message == "Rating: must be at least 2")
    #expect(rating.validate(.number(5), in: nil)?.message == "Rating: must be at most 4")
    #expect(rating.validate(.number(3), in: nil) == nil)
  }

  @Test func errorsCarryTheFieldAndAnASCIIForm() throws {
    let card = try FieldSpec(id: "card_number", label: "Card number", kind: .text(), check: .luhn)
    let error = try #require(card.validate(.text("4111 1111 1111 1112"), in: nil))
    #expect(error.fieldID == "card_number")
    #expect(error.label == "Card number")
    #expect(error.problem == .cardChecksum)
    #expect(error.detail == "the checksum is wrong — check the digits")
    #expect(error.message(for: .ascii) == "Card number: the checksum is wrong - check the digits")
    #expect(error.message(for: .unicode) == error.message)
    #expect("\(error)" == error.message)
  }
}
