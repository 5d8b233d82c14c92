import StepFlow

/// The checkout: the cart with a total, payment by card,
/// PayPal or cash, the shipping address, and a summary; Back and Next buttons move between them.
package enum OrderState: String, FlowSteps {
  case shoppingCart = "cart"
  case payment = "creditcard.fill"
  case shippingLocation = "mappin.and.ellipse"
  case complete = "shippingbox.fill"

  /// The step's id in results and scripts: the case's name.
  package var id: String {
    switch self {
    case .shoppingCart: return "shoppingCart"
    case .payment: return "payment"
    case .shippingLocation: return "shippingLocation"
    case .complete: return "complete"
    }
  }

  /// The step's title.
  package var title: String {
    switch self {
    case .shoppingCart: return "Shopping cart"
    case .payment: return "Payment"
    case .shippingLocation: return "Shipping address"
    case .complete: return "Complete"
    }
  }

  /// What is in the cart.
  package static let cart = [
    LineItem(name: "Espresso beans, 1 kg", quantity: 1, unitPrice: 2490),
    LineItem(name: "Ceramic mug", quantity: 2, unitPrice: 950),
    LineItem(name: "Milk frother", quantity: 1, unitPrice: 3400),
  ]

  package var blocks: [ScreenBlock] {
    switch self {
    case .shoppingCart: return [.items(Self.cart, currency: "$")]
    case .payment: return []
    case .shippingLocation: return []
    case .complete:
      return [.text("Thank you! Check your order and press Enter to place it."), .summary]
    }
  }

  /// How the customer pays: a tab each for card, PayPal and cash, each with its own fields.
  package static func paymentTabs() throws(FieldSpecError) -> [TabDefinition] {
    [
      TabDefinition(
        id: "card", title: "Card",
        fields: [
          try FieldSpec(
            id: "card_number", label: "Card number",
            kind: .text(placeholder: "1234 5678 9012 3456"),
            required: true, max: 23, check: .luhn),
          try FieldSpec(
            id: "card_expiry", label: "Expiry", kind: .text(placeholder: "MM/YY"), required: true,
            max: 5, check: .expiry),
          try FieldSpec(
            id: "card_name", label: "Name on card", kind: .text(placeholder: "Ann Smith"),
            required: true, max: 60),
        ]),
      TabDefinition(
        id: "paypal", title: "PayPal",
        fields: [
          try FieldSpec(
            id: "paypal_email", label: "E-mail", kind: .text(placeholder: "name@example.com"),
            required: true, check: .email)
        ]),
      TabDefinition(
        id: "cash", title: "Cash",
        blocks: [.text("Pay the rider when your order arrives.")],
        fields: [
          try FieldSpec(
            id: "cash_note", label: "Note for the rider", help: "optional",
            kind: .text(placeholder: "I will have exact change"), max: 80)
        ]),
    ]
  }

  /// Where the order goes.
  package static func addressFields() throws(FieldSpecError) -> [FieldSpec] {
    [
      try FieldSpec(
        id: "name", label: "Name", kind: .text(placeholder: "Ann Smith"), required: true, max: 60),
      try FieldSpec(
        id: "street", label: "Street", kind: .text(placeholder: "1 Main St"), required: true,
        max: 80),
      try FieldSpec(
        id: "city", label: "City", kind: .text(placeholder: "Oslo"), required: true, max: 60),
      try FieldSpec(
        id: "postal_code", label: "Postal code", kind: .text(placeholder: "0150"), required: true,
        pattern: "[0-9A-Za-z][0-9A-Za-z -]*",
        patternMessage: "must be letters, digits, spaces or dashes", min: 3, max: 10),
    ]
  }

  package var icon: Icon? { .symbol(rawValue) }

  package var step: StepDefinition {
    StepDefinition(
      id: id, title: title, icon: icon, blocks: blocks,
      fields: self == .shippingLocation ? Self.built.address : [],
      tabs: self == .payment ? Self.built.tabs : [],
      tabsField: self == .payment ? "payment_method" : nil)
  }

  /// The payment tabs and the address fields, built once.
  private static let built: (tabs: [TabDefinition], address: [FieldSpec]) = {
    do {
      return (try paymentTabs(), try addressFields())
    } catch {
      // The fields above are fixed; a test builds them, so this cannot happen in a release.
      preconditionFailure("the built-in purchase flow is invalid: \(error)")
    }
  }()

  package static var flowID: String { "purchase" }
  package static var flowTitle: String { "Checkout" }
  package static var strip: StripStyle {
    StripStyle(position: .above, shape: .bar, extraWidth: 3, extraHeight: 1)
  }
  package static var theme: Theme { Theme(accent: .blue, inactive: .gray) }

  /// The `purchase` flow.
  package static let flow = FlowDefinition(Self.self)
}
