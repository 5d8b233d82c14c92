import StepFlowCore

/// The `.hero` block: the step's icon drawn large, or the step's stage in its place.
///
/// A stage with a ring takes the icon's place; one without draws the icon over a bar and a
/// label. It takes the rows the other blocks leave.
package struct HeroBlockView: StepScreenView, FlexibleScreenView {
  package var icon: Icon?
  package var stage: StageDrawing?

  package init(icon: Icon?, stage: StageDrawing?) {
    self.icon = icon
    self.stage = stage
  }

  /// Not asked: the hero takes what is left (``preferredHeight(available:)``).
  package func height(width: Int) -> Int { 0 }

  package func preferredHeight(available: Int) -> Int {
    HeroIcon.preferredHeight(available: available)
  }

  package func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let hero = icon.map { HeroIcon(icon: $0, theme: context.theme, glyphs: context.glyphs) }
    guard let stage, stage.isShowing else {
      hero?.render(into: &canvas, area: area)
      return
    }
    if stage.hasRing {
      stage.render(into: &canvas, area: area, glyphs: context.glyphs)
    } else {
      hero?.render(into: &canvas, area: area.dropBottom(2))
      stage.render(
        into: &canvas, area: StageDrawing.band(in: area.bottom(2)), glyphs: context.glyphs)
    }
  }
}

/// A block that takes the rows the fixed blocks leave (the hero), drawn at its preferred
/// height for them (``StepScreen/flexibleHeight(of:available:)``) and only when at least three
/// rows are left.
package protocol FlexibleScreenView: StepScreenView {
  /// The rows it takes out of `available`.
  func preferredHeight(available: Int) -> Int
}
