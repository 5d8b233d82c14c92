import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// What the shop sells: an answer (a quantity) per product.
struct Product: Sendable {
  var id: String
  var name: String
  var cents: Int

  static let all = [
    Product(id: "beans", name: "Espresso beans, 1 kg", cents: 2490),
    Product(id: "mug", name: "Ceramic mug", cents: 950),
    Product(id: "frother", name: "Milk frother", cents: 3400),
  ]

  /// The quantity of each product in the answers (a field each, `beans`…).
  static func quantities(_ answers: [String: FieldValue]) -> [Int] {
    all.map { product in
      if case .number(let n)? = answers[product.id] { return n }
      return 0
    }
  }

  static func price(_ cents: Int) -> String {
    "$\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
  }
}

/// The cart, drawn by the program: ↑/↓ pick a line, + and - change its quantity, and the
/// quantities are the step's answers (checked, saved, summed up like typed ones).
struct CartScreen: FocusableScreenView {
  var answeredFields: [String] { Product.all.map(\.id) }

  func height(width: Int) -> Int { Product.all.count + 3 }

  func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let row = context.state["row"].flatMap { if case .number(let n) = $0 { n } else { nil } } ?? 0
    let quantities = Product.quantities(context.answers)
    let width = min(area.width - 4, 52)
    let x = area.x + (area.width - width) / 2
    for (i, product) in Product.all.enumerated() {
      let picked = context.focused && i == row
      let style = picked ? Style.plain.reversed : .plain
      let amount = Product.price(product.cents * quantities[i])
      let line = (picked ? "> " : "  ") + product.name
      canvas.draw(
        line + String(repeating: " ", count: max(1, width - line.count - 16)), x: x, y: area.y + i,
        style: style)
      canvas.draw("\(quantities[i]) ×", x: x + width - 14, y: area.y + i, style: style)
      canvas.draw(amount, x: x + width - amount.count, y: area.y + i, style: style)
    }
    let total = zip(Product.all, quantities).reduce(0) { $0 + $1.0.cents * $1.1 }
    canvas.draw(String(repeating: "─", count: width), x: x, y: area.y + 3, style: .plain.dim)
    canvas.draw("Total", x: x + 2, y: area.y + 4, style: .plain.bold)
    let sum = Product.price(total)
    canvas.draw(sum, x: x + width - sum.count, y: area.y + 4, style: .plain.bold)
    let note =
      context.problems.values.sorted().first ?? (context.focused ? "↑ ↓ line · + - quantity" : "")
    canvas.draw(note, x: x + 2, y: area.y + 5, style: .plain.dim)
  }

  func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome {
    let row = context.state["row"].flatMap { if case .number(let n) = $0 { n } else { nil } } ?? 0
    let count = Product.quantities(context.answers)[row]
    let id = Product.all[row].id
    switch key {
    case .up: return .handled(state: ["row": .number(max(0, row - 1))])
    case .down: return .handled(state: ["row": .number(min(Product.all.count - 1, row + 1))])
    case .character("+"): return .handled(answers: [id: .number(count + 1)])
    case .character("-"): return .handled(answers: [id: .number(max(0, count - 1))])
    default: return .ignored
    }
  }

  /// The hint line says what the cart's keys do here (the key table's ↑ ↓ would say "move").
  func hints(context: ScreenKeyContext) -> [ScreenHint] {
    [
      ScreenHint([.up, .down], "line"), ScreenHint([.character("+"), .character("-")], "quantity"),
    ]
  }

  /// A click on a line picks it (rows 0… are the cart's own).
  func handle(mouse: MouseEvent, context: ScreenKeyContext) -> ScreenKeyOutcome {
    guard case .press(.left) = mouse.action, Product.all.indices.contains(mouse.row) else {
      return .ignored
    }
    return .handled(state: ["row": .number(mouse.row)])
  }

  func plainLines(context: StepScreenContext) -> [String] {
    [
      "Your cart: "
        + Product.all.map { "\($0.name) \(Product.price($0.cents))" }.joined(separator: ", ")
    ]
  }
}

/// A receipt drawn by the program on the last step, from the answers.
struct Receipt: StepScreenView {
  func height(width: Int) -> Int { 1 }

  func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let text = receipt(context.answers)
    canvas.draw(
      text, x: area.x + max(2, (area.width - text.count) / 2), y: area.y, style: .plain.bold)
  }

  func plainLines(context: StepScreenContext) -> [String] { [receipt(context.answers)] }

  func receipt(_ answers: [String: FieldValue]) -> String {
    let quantities = Product.quantities(answers)
    let total = zip(Product.all, quantities).reduce(0) { $0 + $1.0.cents * $1.1 }
    let name = answers["name"]?.dataText ?? ""
    let count = quantities.reduce(0, +)
    return "\(count) item\(count == 1 ? "" : "s"), \(Product.price(total)), for \(name)"
  }
}

/// The seed's checkout: the cart (a custom screen that takes keys), the payment (a tab each
/// for card and PayPal), the address, and a receipt; Back and Next move between them.
enum Purchase: FlowSteps {
  case cart, payment, address, complete

  var fields: [FieldSpec] {
    switch self {
    case .cart:
      // The cart's screen answers these: a quantity per product, 0 to 9.
      return Product.all.map {
        FieldSpec.number(
          $0.id, $0.name, rules: NumberRules(min: 0, max: 9),
          default: .number($0.id == "beans" ? 1 : 0))
      }
    case .address:
      return [
        .text("name", "Name", placeholder: "Ann Smith", required: true),
        .text("street", "Street", placeholder: "1 Main St", required: true),
      ]
    case .payment, .complete: return []
    }
  }

  var step: StepDefinition {
    switch self {
    case .cart:
      return StepDefinition(
        id: id, title: "Cart", blocks: [.custom(CartScreen())], fields: fields, check: Self.notEmpty
      )
    case .payment:
      return StepDefinition(
        id: id, title: "Payment",
        tabs: [
          TabDefinition(
            id: "card", title: "Card",
            fields: [.text("card", "Card number", required: true, check: .luhn)]),
          TabDefinition(
            id: "paypal", title: "PayPal",
            fields: [.text("paypal", "E-mail", required: true, check: .email)]),
        ],
        tabsField: "method")
    case .address:
      return StepDefinition(id: id, title: "Address", fields: fields)
    case .complete:
      return StepDefinition(id: id, title: "Complete", blocks: [.custom(Receipt()), .summary])
    }
  }

  /// The cart must hold something: a step check across its answers.
  static let notEmpty = StepCheck { answers in
    Product.quantities(answers).reduce(0, +) > 0 ? [:] : ["beans": "the cart is empty"]
  }

  static var flowTitle: String { "Checkout" }
}

let result = MultiSteps<Purchase>.runFromCommandLine()
if result.isFinished {
  print(Receipt().receipt(result.answers.values))
}
exit(result.exitCode)
