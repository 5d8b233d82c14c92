import StepFlowCore

/// Fading a progressor in and out on a canvas of cells.
///
/// A cell cannot be half transparent, so a fade is a cross-fade between what was underneath
/// (`below`) and the same area with the progressor drawn (`drawn`):
/// - backgrounds blend continuously with the opacity;
/// - a cell whose symbol the progressor replaces shows the old symbol fading toward its
///   background until half-way, then the new symbol rising out of the background;
/// - a cell whose symbol stays (a backdrop) blends its foreground too;
/// - where a colour cannot be blended (the terminal's default colours, `--color never`) the
///   switch happens half-way and the changing symbols are drawn `dim` meanwhile.
package enum ProgressFade {
  /// The canvas with `drawn` laid over `below` in `area` at `opacity` (0 = `below`, 1 = `drawn`).
  package static func composite(below: Canvas, drawn: Canvas, area: Rect, opacity: Double) -> Canvas
  {
    if opacity <= 0 { return below }
    if opacity >= 1 { return drawn }
    let showsDrawn = opacity >= 0.5
    var result = showsDrawn ? drawn : below
    let region = area.intersection(below.bounds)
    guard !region.isEmpty else { return result }
    for y in region.y..<region.maxY {
      for x in region.x..<region.maxX {
        let old = below[x, y]
        let new = drawn[x, y]
        guard old != new else { continue }
        let style = blend(old, new, opacity: opacity)
        result.restyle(Rect(x: x, y: y, width: 1, height: 1)) { $0 = style }
      }
    }
    return result
  }

  /// The style of one cell part-way from `old` to `new`.
  package static func blend(_ old: Cell, _ new: Cell, opacity: Double) -> Style {
    let showsNew = opacity >= 0.5
    var style = showsNew ? new.style : old.style
    style.background = old.style.background.blended(with: new.style.background, by: opacity)
    if old.grapheme == new.grapheme {
      style.foreground = old.style.foreground.blended(with: new.style.foreground, by: opacity)
      return style
    }
    let blendable: Bool
    if showsNew {
      let rise = opacity * 2 - 1
      style.foreground = style.background.blended(with: new.style.foreground, by: rise)
      blendable =
        style.background.rgbComponents != nil && new.style.foreground.rgbComponents != nil
    } else {
      style.foreground = old.style.foreground.blended(with: style.background, by: opacity * 2)
      blendable =
        style.background.rgbComponents != nil && old.style.foreground.rgbComponents != nil
    }
    if !blendable { style.attributes.insert(.dim) }
    return style
  }
}
