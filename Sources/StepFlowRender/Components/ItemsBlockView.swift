import StepFlowCore
import StepFlowText

/// The `.items` block: a table of items with quantities and prices, a rule and the total.
package struct ItemsBlockView: StepScreenView {
  package var items: [LineItem]
  package var currency: String

  package init(items: [LineItem], currency: String) {
    self.items = items
    self.currency = currency
  }

  package func height(width: Int) -> Int { items.count + 2 }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let glyphs = context.glyphs
    let base = context.baseStyle
    let inactive = base.foreground(context.theme.inactive)
    let width = min(56, area.width - 2 * StepScreen.margin)
    let x = area.x + max(StepScreen.margin, (area.width - width) / 2)
    let amounts = items.map { Money.format($0.amount, currency: currency) }
    let total = Money.format(LineItem.total(of: items), currency: currency)
    let amountWidth = (amounts + [total]).map { DisplayWidth.of($0) }.max() ?? 0
    let quantities = items.map {
      "\($0.quantity) × \(Money.format($0.unitPrice, currency: currency))"
    }
    .map { glyphs.style == .ascii ? $0.replacing("×", with: "x") : $0 }
    let quantityWidth = quantities.map { DisplayWidth.of($0) }.max() ?? 0
    let nameWidth = max(1, width - amountWidth - quantityWidth - 4)
    for (i, item) in items.enumerated() where i < area.height {
      let y = area.y + i
      canvas.draw(
        TextLayout.truncate(
          Sanitizer.sanitize(item.name), toWidth: nameWidth, ellipsis: glyphs.ellipsis), x: x,
        y: y, style: base)
      let q = quantities[i]
      canvas.draw(q, x: x + width - amountWidth - 2 - DisplayWidth.of(q), y: y, style: inactive)
      canvas.draw(amounts[i], x: x + width - DisplayWidth.of(amounts[i]), y: y, style: base)
    }
    let ruleY = area.y + items.count
    if ruleY < area.maxY {
      canvas.draw(
        String(repeating: glyphs.horizontal, count: width), x: x, y: ruleY, style: inactive)
    }
    if ruleY + 1 < area.maxY {
      canvas.draw("Total", x: x, y: ruleY + 1, style: base.bold)
      canvas.draw(total, x: x + width - DisplayWidth.of(total), y: ruleY + 1, style: base.bold)
    }
  }

  /// An item a line with its quantity and price, then the total.
  package func plainLines(context: StepScreenContext) -> [String] {
    items.map {
      "\($0.name): \($0.quantity) × \(Money.format($0.unitPrice, currency: currency))"
    } + ["Total: " + Money.format(LineItem.total(of: items), currency: currency)]
  }
}
