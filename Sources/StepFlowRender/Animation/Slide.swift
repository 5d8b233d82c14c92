/// The side new content comes in from when two screens slide past each other.
package enum SlideDirection: Hashable, Sendable {
  /// The new content enters from the right and the old leaves to the left (a push, a higher
  /// tab index).
  case fromTrailing
  /// The new content enters from the left and the old leaves to the right (a pop, a lower
  /// tab index).
  case fromLeading

  /// The other direction.
  package var reversed: SlideDirection {
    self == .fromTrailing ? .fromLeading : .fromTrailing
  }

  /// The direction of a move from index `old` to index `new`: from the trailing edge when the
  /// index grows, from the leading edge when it shrinks.
  package init(from old: Int, to new: Int) {
    self = new >= old ? .fromTrailing : .fromLeading
  }
}

/// Composites outgoing and incoming content sliding horizontally past each other.
///
/// At fraction 0 only the outgoing content shows; at 1 only the incoming. In between, the two
/// are side by side, shifted by the same number of columns, so the seam moves across the area.
/// Wide graphemes (CJK, emoji) cut by an edge or by the seam become blanks: a terminal can never
/// show half of a two-cell character.
///
/// ```swift
/// let frame = Slide.composite(
///   outgoing: oldPage, incoming: newPage, direction: .fromTrailing,
///   fraction: transition.fraction(at: now))
/// ```
package enum Slide {
  /// How many columns the content has moved at `fraction` of a slide across `width` columns.
  package static func offset(fraction: Double, width: Int) -> Int {
    let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
    return Int((Double(max(0, width)) * f).rounded())
  }

  /// The composited content at `fraction` (0…1, usually eased) of the slide.
  ///
  /// Both canvases should have the same size; the result has the incoming canvas's size, and
  /// any part neither covers is filled with `fill`.
  /// - Parameters:
  ///   - outgoing: the content that leaves.
  ///   - incoming: the content that arrives.
  ///   - direction: which side the incoming content enters from.
  ///   - fraction: how far the slide has gone, clamped to 0…1.
  ///   - fill: the style of cells neither canvas covers.
  /// - Returns: a new canvas of the incoming canvas's size.
  package static func composite(
    outgoing: Canvas, incoming: Canvas, direction: SlideDirection, fraction: Double,
    fill: Style = .plain
  ) -> Canvas {
    var result = Canvas(width: incoming.width, height: incoming.height, style: fill)
    draw(
      outgoing: outgoing, incoming: incoming, direction: direction, fraction: fraction,
      into: &result, area: result.bounds, fill: fill)
    return result
  }

  /// Draws the slide into `area` of `canvas`, drawing nothing outside it.
  ///
  /// The contents are placed at the area's origin; cells of the area that neither covers (when
  /// the canvases are smaller than the area) are filled with `fill`.
  /// - Complexity: O(area's cells).
  package static func draw(
    outgoing: Canvas, incoming: Canvas, direction: SlideDirection, fraction: Double,
    into canvas: inout Canvas, area: Rect, fill: Style = .plain
  ) {
    let clip = area.intersection(canvas.bounds)
    guard !clip.isEmpty else { return }
    let width = area.width
    if outgoing.width < width || incoming.width < width || outgoing.height < area.height
      || incoming.height < area.height
    {
      canvas.fill(clip, style: fill)
    }
    let shift = offset(fraction: fraction, width: width)
    // With direction .fromTrailing the old content moves left and the new follows from the
    // right; .fromLeading mirrors it.
    let outgoingX = direction == .fromTrailing ? area.x - shift : area.x + shift
    let incomingX = direction == .fromTrailing ? area.x + width - shift : area.x - width + shift
    if shift < width {
      canvas.blit(outgoing, toX: outgoingX, y: area.y, clip: clip)
    }
    if shift > 0 {
      canvas.blit(incoming, toX: incomingX, y: area.y, clip: clip)
    }
  }
}
