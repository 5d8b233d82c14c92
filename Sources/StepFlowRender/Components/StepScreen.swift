import StepFlowCore
import StepFlowText

/// A step's screen below the strip: its blocks (text, a large icon, a status box, a cart, a
/// summary, the rating text), laid out top to bottom and centred in the area.
package struct StepScreen {
  package var blocks: [ScreenBlock]
  package var icon: Icon?
  package var theme: Theme
  package var glyphs: Glyphs
  /// The rating, for a `.rating` block.
  package var rating: Int
  /// Lines for a `.summary` block (`Name: Ann`).
  package var summary: [String]
  /// The progress of the step's stage, drawn with the hero (a ring instead of the picture; a
  /// bar and a label under it).
  package var stage: StageDrawing?
  /// What a custom block draws from: the time of the frame, the answers, the colour depth.
  package var now: Duration = .zero
  package var answers: [String: FieldValue] = [:]
  package var colorDepth: ColorDepth = .truecolor

  /// The context a custom block (``StepScreenView``) is given.
  package var customContext: StepScreenContext {
    StepScreenContext(
      now: now, answers: answers, theme: theme, glyphs: glyphs, colorDepth: colorDepth,
      rating: rating)
  }

  package init(
    blocks: [ScreenBlock], icon: Icon?, theme: Theme, glyphs: Glyphs, rating: Int = 0,
    summary: [String] = []
  ) {
    self.blocks = blocks
    self.icon = icon
    self.theme = theme
    self.glyphs = glyphs
    self.rating = rating
    self.summary = summary
  }

  /// The text margin on each side, and the widest a paragraph gets.
  package static let margin = 2
  package static let readableWidth = 72

  /// The rows a block needs at a width; `nil` for a block that takes what is left (the hero).
  package func height(of block: ScreenBlock, width: Int) -> Int? {
    let inner = min(Self.readableWidth, width - 2 * Self.margin)
    switch block {
    case .text(let text): return TextLayout.wrap(text, width: max(1, inner)).count
    case .hero: return nil
    case .status: return 4
    case .items(let items, _): return items.count + 2
    case .summary: return max(1, summary.count)
    case .rating: return 1
    case .custom: return max(0, block.customView?.height(width: width) ?? 0)
    }
  }

  /// Whether the hero picture (and a stage drawn with it) gets room in `area`: at least three
  /// rows once the other blocks have theirs.
  package func showsHero(in area: Rect) -> Bool {
    guard blocks.contains(.hero), !area.isEmpty else { return false }
    let fixed = blocks.map { height(of: $0, width: area.width) }
    let fixedTotal = fixed.reduce(0) { $0 + ($1 ?? 0) } + blocks.count - 1
    let flexibleCount = fixed.filter { $0 == nil }.count
    return flexibleCount > 0 && max(0, area.height - fixedTotal) / flexibleCount >= 3
  }

  package func render(into canvas: inout Canvas, area: Rect) {
    guard !area.isEmpty, !blocks.isEmpty else { return }
    let fixed = blocks.map { height(of: $0, width: area.width) }
    let gaps = blocks.count - 1
    let fixedTotal = fixed.reduce(0) { $0 + ($1 ?? 0) } + gaps
    let flexibleCount = fixed.filter { $0 == nil }.count
    let spare = max(0, area.height - fixedTotal)
    // A picture smaller than three rows says nothing: then it gives its room to the text.
    let showsFlexible = flexibleCount > 0 && spare / flexibleCount >= 3
    let flexibleHeight =
      showsFlexible ? HeroIcon.preferredHeight(available: spare / flexibleCount) : 0
    let total = min(
      area.height,
      fixedTotal + (showsFlexible ? flexibleHeight * flexibleCount : -flexibleCount))
    var y = area.y + max(0, area.height - total) / 2
    for (block, h) in zip(blocks, fixed) {
      if h == nil && !showsFlexible { continue }
      let rows = h ?? flexibleHeight
      let rect = Rect(x: area.x, y: y, width: area.width, height: min(rows, area.maxY - y))
      if rect.height > 0 { render(block, into: &canvas, area: rect) }
      y += rows + 1
      if y >= area.maxY { break }
    }
  }

  private var base: Style { Style(foreground: theme.foreground, background: theme.background) }

  private func render(_ block: ScreenBlock, into canvas: inout Canvas, area: Rect) {
    switch block {
    case .text(let text):
      let width = min(Self.readableWidth, area.width - 2 * Self.margin)
      let x = area.x + max(Self.margin, (area.width - width) / 2)
      for (i, line) in TextLayout.wrap(text, width: max(1, width)).enumerated()
      where i < area.height {
        canvas.draw(line, x: x, y: area.y + i, style: base, limit: width)
      }
    case .hero:
      let hero = icon.map { HeroIcon(icon: $0, theme: theme, glyphs: glyphs) }
      guard let stage, stage.isShowing else {
        hero?.render(into: &canvas, area: area)
        return
      }
      if stage.hasRing {
        stage.render(into: &canvas, area: area, glyphs: glyphs)
      } else {
        hero?.render(into: &canvas, area: area.dropBottom(2))
        stage.render(into: &canvas, area: StageDrawing.band(in: area.bottom(2)), glyphs: glyphs)
      }
    case .status(let caption, let text):
      drawCentered(caption, into: &canvas, area: area, y: area.y, style: base)
      drawBox(around: text, into: &canvas, area: area, y: area.y + 1)
    case .items(let items, let currency):
      drawItems(items, currency: currency, into: &canvas, area: area)
    case .summary:
      let width = min(Self.readableWidth, area.width - 2 * Self.margin)
      let x = area.x + max(Self.margin, (area.width - width) / 2)
      // Cut short, the last row says how many lines are not shown.
      let cut = summary.count > area.height && area.height > 0
      for (i, line) in summary.enumerated() where i < area.height {
        let text =
          cut && i == area.height - 1
          ? glyphs.ellipsis + " \(summary.count - i) more" : line
        canvas.draw(text, x: x, y: area.y + i, style: base, limit: width)
      }
    case .rating(let question, let answer):
      let text = Self.ratingText(question: question, answer: answer, rating: rating)
      drawCentered(text, into: &canvas, area: area, y: area.y, style: base.bold)
    case .custom:
      // Drawn on a canvas of its own rows, so that it never draws over the blocks and fields
      // around it however it draws.
      guard let view = block.customView else { return }
      var own = Canvas(width: area.width, height: area.height, style: base)
      view.render(into: &own, area: own.bounds, context: customContext)
      canvas.blit(own, toX: area.x, y: area.y)
    }
  }

  /// The rating question until something is rated, then the answer with `{n}` and `{s}`.
  package static func ratingText(question: String, answer: String, rating: Int) -> String {
    guard rating > 0 else { return question }
    return answer.replacing("{n}", with: "\(rating)").replacing("{s}", with: rating == 1 ? "" : "s")
  }

  private func drawCentered(
    _ text: String, into canvas: inout Canvas, area: Rect, y: Int, style: Style
  ) {
    // Measured as drawn: a control character takes the columns of its escape (`\x1B`).
    let line = TextLayout.truncate(
      Sanitizer.sanitize(text), toWidth: area.width, ellipsis: glyphs.ellipsis)
    let x = area.x + TextLayout.centeredOffset(DisplayWidth.of(line), in: area.width)
    canvas.draw(line, x: x, y: y, style: style)
  }

  /// The status text: large, padded, on a darker band, framed in the text colour (white in
  /// the delivery flow).
  private func drawBox(around text: String, into canvas: inout Canvas, area: Rect, y: Int) {
    let line = TextLayout.truncate(
      Sanitizer.sanitize(text), toWidth: max(1, area.width - 6), ellipsis: glyphs.ellipsis)
    let inner = DisplayWidth.of(line) + 4
    let x = area.x + TextLayout.centeredOffset(inner + 2, in: area.width)
    let band = base.background(theme.background.blended(with: .black, by: 0.1))
    let frame = band.foreground(theme.foreground)
    let rows = min(3, area.maxY - y)
    guard rows > 0 else { return }
    let horizontal = String(repeating: glyphs.horizontal, count: inner)
    canvas.draw(glyphs.topLeft + horizontal + glyphs.topRight, x: x, y: y, style: frame)
    if rows > 1 {
      canvas.draw(glyphs.vertical, x: x, y: y + 1, style: frame)
      canvas.draw("  " + line + "  ", x: x + 1, y: y + 1, style: band.bold)
      canvas.draw(glyphs.vertical, x: x + inner + 1, y: y + 1, style: frame)
    }
    if rows > 2 {
      canvas.draw(
        glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: x, y: y + 2, style: frame)
    }
  }

  private func drawItems(
    _ items: [LineItem], currency: String, into canvas: inout Canvas, area: Rect
  ) {
    let width = min(56, area.width - 2 * Self.margin)
    let x = area.x + max(Self.margin, (area.width - width) / 2)
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
      canvas.draw(
        q, x: x + width - amountWidth - 2 - DisplayWidth.of(q), y: y,
        style: base.foreground(theme.inactive))
      canvas.draw(amounts[i], x: x + width - DisplayWidth.of(amounts[i]), y: y, style: base)
    }
    let ruleY = area.y + items.count
    if ruleY < area.maxY {
      canvas.draw(
        String(repeating: glyphs.horizontal, count: width), x: x, y: ruleY,
        style: base.foreground(theme.inactive))
    }
    if ruleY + 1 < area.maxY {
      canvas.draw("Total", x: x, y: ruleY + 1, style: base.bold)
      canvas.draw(total, x: x + width - DisplayWidth.of(total), y: ruleY + 1, style: base.bold)
    }
  }
}

/// Amounts of money held in cents.
package enum Money {
  /// `2490` → `$24.90` (the symbol before the amount).
  package static func format(_ cents: Int, currency: String) -> String {
    format(Int128(cents), currency: currency)
  }

  /// `2490` → `$24.90`; an amount too large to add up (`nil`) is `too large`.
  package static func format(_ cents: Int128?, currency: String) -> String {
    guard let cents else { return "too large" }
    let sign = cents < 0 ? "-" : ""
    let value = cents.magnitude
    let fraction = value % 100
    return sign + currency + "\(value / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}

/// A step's stage progress as a screen draws it: the indicators of one region at a moment.
package struct StageDrawing {
  package var indicators: ProgressIndicators<Int>
  package var step: Int
  package var now: Duration
  /// Whether the stage shows a ring (which takes the hero's place).
  package var hasRing: Bool

  package init(indicators: ProgressIndicators<Int>, step: Int, now: Duration, hasRing: Bool) {
    self.indicators = indicators
    self.step = step
    self.now = now
    self.hasRing = hasRing
  }

  package var isShowing: Bool { indicators.isShowing(step) }

  /// A band for a bar and a label: centred, at most 44 columns.
  package static func band(in area: Rect) -> Rect {
    let width = min(44, max(10, area.width - 8))
    return Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
  }

  package func render(into canvas: inout Canvas, area: Rect, glyphs: Glyphs) {
    indicators.render(step, into: &canvas, area: area, at: now, glyphs: glyphs)
  }
}
