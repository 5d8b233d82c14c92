/// An item of a shopping cart shown on a step.
public struct LineItem: Equatable, Sendable {
  /// What is bought.
  public var name: String
  /// How many.
  public var quantity: Int
  /// The price of one, in cents.
  public var unitPrice: Int

  /// `quantity` of `name` at `unitPrice` cents each.
  public init(name: String, quantity: Int, unitPrice: Int) {
    self.name = name
    self.quantity = quantity
    self.unitPrice = unitPrice
  }

  /// The quantity times the price, in cents: exact, as two `Int`s multiplied always fit in
  /// 128 bits (a wizard file's 1,000,000 × $1,000,000,000,000 overflowed 64).
  package var amount: Int128 { Int128(quantity) * Int128(unitPrice) }

  /// The sum of the items' amounts, in cents; `nil` when it does not fit in 128 bits (no wizard
  /// file gets near: its items are at most 10²⁰ cents each and the file at most 4 MiB).
  package static func total(of items: [LineItem]) -> Int128? {
    var sum: Int128 = 0
    for item in items {
      let (next, overflow) = sum.addingReportingOverflow(item.amount)
      guard !overflow else { return nil }
      sum = next
    }
    return sum
  }
}
