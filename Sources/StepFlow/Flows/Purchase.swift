/// Seed 003's purchase steps, made a real checkout: the cart with a total, payment by card,
/// PayPal or cash, the shipping address, and a summary; Back and Next buttons move between them.
public enum OrderState: String, CaseIterable, Sendable {
  case shoppingCart = "cart"
  case payment = "creditcard.fill"
  case shippingLocation = "mappin.and.ellipse"
  case complete = "shippingbox.fill"

  /// The step's title.
  public var title: String {
    switch self {
    case .shoppingCart: return "Shopping cart"
    case .payment: return "Payment"
    case .shippingLocation: return "Shipping address"
    case .complete: return "Complete"
    }
  }

  /// What is in the cart.
  public static let cart = [
    LineItem(name: "Espresso beans, 1 kg", quantity: 1, unitPrice: 2490),
    LineItem(name: "Ceramic mug", quantity: 2, unitPrice: 950),
    LineItem(name: "Milk frother", quantity: 1, unitPrice: 3400),
  ]

  var blocks: [ScreenBlock] {
    switch self {
    case .shoppingCart: return [.items(Self.cart, currency: "$")]
    case .payment: return []
    case .shippingLocation: return []
    case .complete:
      return [.text("Thank you! Check your order and press Enter to place it."), .summary]
    }
  }

  /// The `purchase` flow.
  public static let flow = FlowDefinition(
    id: "purchase", title: "Checkout",
    steps: allCases.map { state in
      StepDefinition(
        id: String(describing: state), title: state.title, icon: .symbol(state.rawValue),
        blocks: state.blocks)
    },
    strip: StripStyle(position: .above, shape: .bar, extraWidth: 3, extraHeight: 1),
    navigation: .buttons,
    theme: Theme(accent: .blue, inactive: .gray))
}
