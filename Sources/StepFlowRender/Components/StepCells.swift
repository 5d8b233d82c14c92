import StepFlowCore
import StepFlowText

/// A rounded bar that stretches to share the strip's width (purchase): heavy `━` for a reached
/// step, thin `─` for a pending one.
public struct BarCell: StepCellView {
  /// A bar.
  public init() {}

  /// 6 columns, 3 packed tight (bars then stretch to the width).
  public func width(in strip: StripMetrics) -> Int { strip.isCompact ? 3 : 6 }

  /// Bars share the width.
  public var stretches: Bool { true }

  /// The bar across the cell.
  public func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
    let line = cell.isReached ? cell.glyphs.heavyHorizontal : cell.glyphs.horizontal
    guard DisplayWidth.of(line) == 1 else {
      canvas.draw(
        String(repeating: line, count: max(1, area.width)), x: area.x, y: area.y,
        style: cell.style)
      return
    }
    // One cell laid along the bar (a strip 400 columns wide draws 400 of them).
    canvas.fill(
      Rect(x: area.x, y: area.y, width: max(1, area.width), height: 1), symbol: line,
      style: cell.style)
  }
}

/// A row of small dots (delivery: four): filled `●` for a reached step, hollow `○` for a
/// pending one.
public struct DotsCell: StepCellView {
  /// How many dots a cell has.
  public let count: Int

  /// A row of `count` dots.
  public init(count: Int) { self.count = count }

  /// The dots with a space between them, none packed tight.
  public func width(in strip: StripMetrics) -> Int {
    strip.isCompact ? max(1, count) : max(1, 2 * count - 1)
  }

  /// The dots, from the left of the cell.
  public func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
    let dot = cell.isReached ? cell.glyphs.dot : cell.glyphs.hollowDot
    // Appended, not joined: the strip is drawn for the first frame, where the generic join
    // would first look up its witnesses at run time.
    let separator = cell.isCompact ? "" : " "
    var text = dot
    for _ in 1..<max(1, count) { text += separator + dot }
    canvas.draw(text, x: area.x, y: area.y, style: cell.style, limit: area.width)
  }
}

/// A symbol (rating: `star`, ☆); a reached step shows its `.fill` form when the glyph sets know
/// one, unless the extra content is drawn on top of it.
public struct SymbolCell: StepCellView {
  /// The symbol's name (`star`).
  public let name: String

  /// A cell showing the symbol `name`.
  public init(name: String) { self.name = name }

  /// The wider of the symbol and its `.fill` form.
  public func width(in strip: StripMetrics) -> Int {
    max(
      Symbols.width(of: .symbol(name), style: strip.glyphs.style),
      Symbols.width(of: .symbol(name + ".fill"), style: strip.glyphs.style))
  }

  /// Symbols sit close: 1 column, none packed tight.
  public func gap(in strip: StripMetrics) -> Int { strip.isCompact ? 0 : 1 }

  /// The symbol, centred in the cell.
  public func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
    let filled = Symbols.isKnown(name + ".fill") && cell.isReached && cell.position != .ontop
    let glyph = Symbols.glyph(
      for: .symbol(filled ? name + ".fill" : name), style: cell.glyphs.style)
    let w = DisplayWidth.of(glyph)
    canvas.draw(
      glyph, x: area.x + max(0, (area.width - w) / 2), y: area.y, style: cell.style,
      limit: area.width)
  }
}

/// The steps' extra content as icons (an SF Symbol name or literal text, one a step): each
/// step's own icon, or one icon shared by every step (rating: `star.fill`).
public struct IconCell: StepCellView {
  /// The icon every step shows; `nil` for each step's own.
  public let shared: Icon?

  /// Icons: each step's own, or `shared` for all.
  public init(shared: Icon? = nil) { self.shared = shared }

  /// The widest icon of the flow's steps (measured once, with the flow), or the shared one.
  public func width(in strip: StripMetrics) -> Int {
    if let shared { return Symbols.width(of: shared, style: strip.glyphs.style) }
    return strip.flow.widestIcon[strip.glyphs.style]
  }

  /// The icon: beside the content from the left (inline), else centred; on the middle row of
  /// the area.
  public func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
    guard let icon = shared ?? cell.step.icon else { return }
    let glyph = Symbols.glyph(for: icon, style: cell.glyphs.style)
    guard !glyph.isEmpty else { return }
    let x =
      cell.position == .inline
      ? area.x : area.x + max(0, (area.width - DisplayWidth.of(glyph)) / 2)
    canvas.draw(
      glyph, x: x, y: area.y + (area.height - 1) / 2, style: cell.style, limit: area.width)
  }
}
