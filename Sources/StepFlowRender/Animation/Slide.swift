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
    let (outgoingX, incomingX) = Self.origins(direction, shift: shift, area: area)
    if shift < width {
      canvas.blit(outgoing, toX: outgoingX, y: area.y, clip: clip)
    }
    if shift > 0 {
      canvas.blit(incoming, toX: incomingX, y: area.y, clip: clip)
    }
  }
}

extension Slide {
  /// The columns where the leaving and the coming screen start at `shift`.
  ///
  /// One place for ``draw``, ``contentSpans(outgoing:incoming:direction:shift:area:)`` and
  /// ``redraw``: a frame drawn over another is right only if all three agree. With
  /// `.fromTrailing` the old content moves left and the new follows from the right;
  /// `.fromLeading` mirrors it.
  static func origins(_ direction: SlideDirection, shift: Int, area: Rect) -> (
    outgoing: Int, incoming: Int
  ) {
    direction == .fromTrailing
      ? (area.x - shift, area.x + area.width - shift)
      : (area.x + shift, area.x - area.width + shift)
  }

  /// Where the content of the two screens is at `shift` (``offset(fraction:width:)``), row by
  /// row of `area`: the columns covered by what is not blank in either (`outgoing` and
  /// `incoming` are the screens' ``Canvas/contentSpans(blank:)``).
  ///
  /// The content moves one way only, so between two shifts it stays inside the union of the
  /// spans at each: a frame drawn over another of the same slide changes those columns only.
  package static func contentSpans(
    outgoing: [ColumnSpan], incoming: [ColumnSpan], direction: SlideDirection, shift: Int,
    area: Rect
  ) -> [ColumnSpan] {
    let (outgoingX, incomingX) = Self.origins(direction, shift: shift, area: area)
    var spans = Array(repeating: ColumnSpan.none, count: max(0, area.height))
    // Only the rows with content are worked out (a screen's rows are mostly blank).
    spans.withUnsafeMutableBufferPointer { spans in
      func add(_ screen: [ColumnSpan], at x: Int) {
        screen.withUnsafeBufferPointer { screen in
          for row in 0..<min(screen.count, spans.count) where !screen[row].isEmpty {
            spans[row] = spans[row].union(
              screen[row].shifted(by: x, within: area.x, area.maxX))
          }
        }
      }
      add(outgoing, at: outgoingX)
      add(incoming, at: incomingX)
    }
    return spans
  }

  /// Draws the slide at `shift` again in `spans` (one a row of `area`, in the canvas's
  /// columns) only, leaving the rest of the canvas as it is: the same cells ``draw`` gives
  /// there, as long as the cells beside each span are blanks in `fill` in both screens.
  ///
  /// A screen may keep only its rows with content: `outgoingRows` and `incomingRows` then say,
  /// per row of `area`, which of its rows holds that row (`-1`: a blank row).
  /// - Complexity: O(the cells of the spans).
  package static func redraw(
    outgoing: Canvas, incoming: Canvas, direction: SlideDirection, shift: Int,
    into canvas: inout Canvas, area: Rect, spans: [ColumnSpan], fill: Style = .plain,
    outgoingRows: [Int]? = nil, incomingRows: [Int]? = nil
  ) {
    let width = area.width
    let (outgoingX, incomingX) = Self.origins(direction, shift: shift, area: area)
    // The two screens' columns tile the area: each copied row covers its screen's columns of
    // the span, and only those of a screen without a row there are filled. (Outside the spans
    // the cells are blanks in both frames, so no wide grapheme of an earlier frame straddles a
    // span's edge.) Screens of another width than the area's do not tile it: the span is then
    // filled first.
    let tiles = outgoing.width == width && incoming.width == width
    for (row, span) in spans.enumerated() where !span.isEmpty && row < area.height {
      let y = area.y + row
      let cut = Rect(x: span.lower, y: y, width: span.upper - span.lower, height: 1)
      let leaving = shift < width ? Self.row(row, of: outgoing, kept: outgoingRows) : nil
      let arriving = shift > 0 ? Self.row(row, of: incoming, kept: incomingRows) : nil
      if !tiles {
        canvas.fill(cut, style: fill)
      } else {
        if leaving == nil {
          canvas.fill(
            cut.intersection(Rect(x: outgoingX, y: y, width: width, height: 1)), style: fill)
        }
        if arriving == nil {
          canvas.fill(
            cut.intersection(Rect(x: incomingX, y: y, width: width, height: 1)), style: fill)
        }
      }
      if let from = leaving {
        canvas.copyRow(from, of: outgoing, toX: outgoingX, y: y, clip: span)
      }
      if let from = arriving {
        canvas.copyRow(from, of: incoming, toX: incomingX, y: y, clip: span)
      }
    }
  }

  /// The row of `screen` holding row `row` of what it shows (`kept` maps them when it keeps
  /// only some); `nil` when there is none.
  private static func row(_ row: Int, of screen: Canvas, kept: [Int]?) -> Int? {
    let found = kept.map { row < $0.count ? $0[row] : -1 } ?? row
    return found >= 0 && found < screen.height ? found : nil
  }
}
