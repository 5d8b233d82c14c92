/// How the strip of a flow looks.
public struct StripStyle: Equatable, Sendable {
  /// Where each step's icon goes.
  public var position: ExtraContentPosition
  /// What each step is drawn as: a bar, a dot, a symbol.
  public var shape: StepShape
  /// The extra content of every step: its own icon (`nil`), or one symbol for all (rating: `star.fill`).
  public var sharedExtra: Icon?
  /// The size of the extra content in cells (width, height); `nil` to fit the icon.
  public var extraWidth: Int?
  /// The height of the extra content in rows; `nil` to fit the icon.
  public var extraHeight: Int?
  /// A step cell of the program's own, drawn instead of ``shape`` (`StepFlowRender`'s
  /// `StripStyle(position:content:extra:)` makes it from a `StepCellView`).
  public var customContent: CustomView?
  /// Extra content of the program's own, drawn instead of the icons.
  public var customExtra: CustomView?

  /// A strip of a built-in shape with the steps' icons (or one shared icon) as extra content.
  public init(
    position: ExtraContentPosition, shape: StepShape, sharedExtra: Icon? = nil,
    extraWidth: Int? = nil, extraHeight: Int? = nil
  ) {
    self.position = position
    self.shape = shape
    self.sharedExtra = sharedExtra
    self.extraWidth = extraWidth
    self.extraHeight = extraHeight
  }
}

/// Where a step strip draws each step's extra content (an icon or a label).
public enum ExtraContentPosition: String, CaseIterable, Sendable {
  /// Above the step's content (purchase: icons over bars).
  case above
  /// To the right of the step's content (delivery: dots, then an icon).
  case inline
  /// Over the step's content, only for reached steps, in the accent colour (rating: ★ over ☆).
  case ontop
}

/// What each step of a strip is drawn as, under or beside its extra content.
public enum StepShape: Equatable, Sendable {
  /// A row of small dots (delivery: four).
  case dots(Int)
  /// A rounded bar that stretches to share the width (purchase).
  case bar
  /// A symbol, e.g. `star` (rating: ☆); reached steps use its `.fill` form when there is one
  /// (unless the extra content is drawn on top).
  case symbol(String)
}
