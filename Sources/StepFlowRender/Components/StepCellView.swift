import StepFlowCore

/// What one step's cell of a ``StepStrip`` is drawn as (the content under each step), or its
/// extra content (an icon or a label per step) — the terminal counterpart of a SwiftUI
/// view, in the manner of ``ProgressorView``.
///
/// The built-in bars, dots and symbols (``BarCell``, ``DotsCell``, ``SymbolCell``) and the icons
/// (``IconCell``) are implementations of it.
///
/// The strip measures the view once a frame (``width(in:)``, ``height``), lays the cells out,
/// and calls ``render(_:into:area:)`` for each step it shows with what that step is: reached,
/// current, the style to draw it in, the glyph set and the colour depth. With no colour
/// (`--color never`, `NO_COLOR`, a pipe) the style's colours do not show, so a view that wants
/// reached and pending steps told apart draws them differently (``StepCell/hasColor``).
///
/// ```swift
/// struct Pill: StepCellView {
///   func width(in strip: StripMetrics) -> Int { strip.isCompact ? 3 : 5 }
///   func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect) {
///     let fill = cell.isReached ? "█" : "░"
///     canvas.draw(String(repeating: fill, count: area.width), x: area.x, y: area.y, style: cell.style)
///   }
/// }
/// static var strip: StripStyle { StripStyle(position: .above, content: Pill()) }
/// ```
public protocol StepCellView: Sendable {
  /// How many columns a cell takes. For extra content, the widest any step needs (all cells
  /// of a strip are as wide).
  func width(in strip: StripMetrics) -> Int

  /// How many rows a cell takes. Default: 1.
  var height: Int { get }

  /// Whether cells stretch to share the strip's width, as bars do. Default: no.
  var stretches: Bool { get }

  /// The blank columns between two cells. Default: 3, or 1 when the strip is packed tight.
  func gap(in strip: StripMetrics) -> Int

  /// Draws one step's cell into `area` (its width and height are what the strip gave it).
  func render(_ cell: StepCell, into canvas: inout Canvas, area: Rect)
}

extension StepCellView {
  /// One row.
  public var height: Int { 1 }

  /// Cells keep their width.
  public var stretches: Bool { false }

  /// 3 columns, 1 when packed tight.
  public func gap(in strip: StripMetrics) -> Int { strip.isCompact ? 1 : 3 }
}

/// What a ``StepCellView`` is measured against: the flow, the glyph set, how tight the strip
/// packs its cells and where the extra content goes.
public struct StripMetrics: Sendable {
  /// The flow whose steps the strip shows.
  public let flow: FlowDefinition
  /// The glyph set the screen uses.
  public let glyphs: Glyphs
  /// Whether the strip is packed tight (the roomy layout did not fit).
  public let isCompact: Bool
  /// Where the extra content is drawn.
  public let position: ExtraContentPosition

  /// Metrics for a flow's strip.
  public init(
    flow: FlowDefinition, glyphs: Glyphs, isCompact: Bool, position: ExtraContentPosition
  ) {
    self.flow = flow
    self.glyphs = glyphs
    self.isCompact = isCompact
    self.position = position
  }
}

/// One step, as a ``StepCellView`` draws it.
public struct StepCell: Sendable {
  /// The step, counted from 0.
  public let index: Int
  /// The step's definition (id, title, icon, colours).
  public let step: StepDefinition
  /// Whether the step is reached (and not skipped by its condition).
  public let isReached: Bool
  /// Whether the step is the one shown.
  public let isCurrent: Bool
  /// The style to draw in: the accent colour for a reached step, the inactive grey for a
  /// pending one (extra content on top: always the accent), bold for the current one, on the
  /// theme's background.
  public let style: Style
  /// The colours of the flow at this moment (a step may override its accent).
  public let theme: Theme
  /// The glyph set the screen uses.
  public let glyphs: Glyphs
  /// The colours the screen shows: `.none` without colour.
  public let colorDepth: ColorDepth
  /// Where the extra content is drawn.
  public let position: ExtraContentPosition
  /// Whether the strip is packed tight.
  public let isCompact: Bool

  /// A cell, as the strip describes each step it draws.
  public init(
    index: Int, step: StepDefinition, isReached: Bool, isCurrent: Bool, style: Style,
    theme: Theme, glyphs: Glyphs, colorDepth: ColorDepth, position: ExtraContentPosition,
    isCompact: Bool
  ) {
    self.index = index
    self.step = step
    self.isReached = isReached
    self.isCurrent = isCurrent
    self.style = style
    self.theme = theme
    self.glyphs = glyphs
    self.colorDepth = colorDepth
    self.position = position
    self.isCompact = isCompact
  }

  /// Whether colours show: without them, reached and pending steps differ only by what is
  /// drawn (and bold, dim).
  public var hasColor: Bool { colorDepth != .none }
}

/// The box a ``CustomView`` keeps a strip cell in.
private final class StepCellBox: Sendable {
  let view: any StepCellView
  init(_ view: any StepCellView) { self.view = view }
}

extension StripStyle {
  /// A strip whose cells (and, when given, extra content) are views of the program's own.
  /// - Parameters:
  ///   - position: Where the extra content goes.
  ///   - content: each step's cell; in place of a built-in shape.
  ///   - extra: each step's extra content; `nil` for the steps' icons.
  ///   - extraHeight: rows of extra content above the cells (default: the view's height).
  public init(
    position: ExtraContentPosition, content: some StepCellView,
    extra: (any StepCellView)? = nil, extraHeight: Int? = nil
  ) {
    self.init(position: position, shape: .bar, extraHeight: extraHeight)
    customContent = CustomView(StepCellBox(content))
    customExtra = extra.map { CustomView(StepCellBox($0)) }
  }

  /// A strip of a built-in shape whose extra content is a view of the program's own.
  public init(
    position: ExtraContentPosition, shape: StepShape, extra: some StepCellView,
    extraHeight: Int? = nil
  ) {
    self.init(position: position, shape: shape, extraHeight: extraHeight)
    customExtra = CustomView(StepCellBox(extra))
  }

  /// The view each step's cell is drawn with: the program's own, else the built-in shape's.
  public var contentView: any StepCellView {
    (customContent?.object as? StepCellBox)?.view ?? shape.cellView
  }

  /// The view each step's extra content is drawn with: the program's own, else the icons.
  public var extraView: any StepCellView {
    (customExtra?.object as? StepCellBox)?.view
      ?? IconCell(shared: sharedExtra)
  }
}

extension StepShape {
  /// The built-in view that draws this shape.
  public var cellView: any StepCellView {
    switch self {
    case .bar: return BarCell()
    case .dots(let count): return DotsCell(count: count)
    case .symbol(let name): return SymbolCell(name: name)
    }
  }
}
