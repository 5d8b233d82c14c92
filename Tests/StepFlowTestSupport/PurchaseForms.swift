import StepFlowCore

/// The purchase flow's forms, as the integrator is expected to build them.
package enum PurchaseForms {
  package static func shipping() throws -> Form {
    try Form([
      FieldSpec(
        id: "name", label: "Name", kind: .text(placeholder: "Ann Smith"), required: true, max: 60),
      FieldSpec(
        id: "street", label: "Street", kind: .text(placeholder: "1 Main St"), required: true,
        max: 80),
      FieldSpec(
        id: "city", label: "City", kind: .text(placeholder: "Oslo"), required: true, max: 60),
      FieldSpec(
        id: "postal_code", label: "Postal code", kind: .text(placeholder: "0150"), required: true,
        pattern: "[0-9A-Za-z][0-9A-Za-z -]*",
        patternMessage: "must be letters, digits, spaces or dashes", min: 3, max: 10),
    ])
  }

  package static func card() throws -> Form {
    try Form([
      FieldSpec(
        id: "card_number", label: "Card number", kind: .text(placeholder: "1234 5678 9012 3456"),
        required: true, max: 23, check: .luhn),
      FieldSpec(
        id: "expiry", label: "Expiry", kind: .text(placeholder: "MM/YY"), required: true, max: 5,
        check: .expiry),
      FieldSpec(
        id: "card_name", label: "Name on card", kind: .text(placeholder: "Ann Smith"),
        required: true),
    ])
  }

  package static func paypal() throws -> Form {
    try Form([
      FieldSpec(
        id: "paypal_email", label: "E-mail", kind: .text(placeholder: "name@example.com"),
        required: true, check: .email)
    ])
  }
}
