import StepFlowCore

/// A navigation bar driven by a stack of ``NavigationItem``s: `‹ Back title`, a centred title,
/// an optional prompt line above and an optional large title below, and a separator line.
///
/// Rows, top to bottom: the prompt (if the top item has one), the bar line, the large title (if
/// any), the separator — so the bar is 2, 3 or 4 rows high (0 with an empty stack).
/// Push, pop and setItems animate when asked: the titles slide (from the right on a push, from
/// the left on a pop) and fade, the tint blends, and the height moves one row at a time over
/// the same frames, so that content placed at ``height(at:)`` glides instead of jumping.
///
/// ```swift
/// var bar = NavigationBar(items: [NavigationItem(title: "Shopping cart")])
/// bar.push(NavigationItem(title: "Payment", prompt: "Step 2 of 4"), animated: true, at: now)
/// let content = bar.contentArea(in: screen, at: now)   // below the bar, moving smoothly
/// bar.render(into: &canvas, area: screen, at: now, theme: theme, glyphs: glyphs)
/// ```
package struct NavigationBar: Hashable, Sendable {
  /// The stack, bottom first; the last item is the one shown.
  package private(set) var items: [NavigationItem] {
    didSet { face = NavigationBarFace(items: items) }
  }
  /// How long animated changes take.
  package var duration: Duration
  /// The easing of animated changes.
  package var easing: Easing
  /// The running (or last) animated change.
  package private(set) var transition: NavigationBarTransition?

  /// A bar showing the top of `items`.
  package init(
    items: [NavigationItem] = [], duration: Duration = Transition.defaultDuration,
    easing: Easing = .easeInOut
  ) {
    self.items = items
    self.duration = duration
    self.easing = easing
    face = NavigationBarFace(items: items)
  }

  /// The item shown: the last of the stack.
  package var topItem: NavigationItem? { items.last }

  /// The item whose title the back button shows by default: the one under the top.
  package var backItem: NavigationItem? { items.count > 1 ? items[items.count - 2] : nil }

  /// Pushes an item on the stack; it slides in from the right when animated.
  package mutating func push(_ item: NavigationItem, animated: Bool, at now: Duration) {
    change(to: items + [item], direction: .fromTrailing, animated: animated, at: now)
  }

  /// Pops the top item; the one below slides in from the left when animated.
  ///
  /// The last item is never popped.
  ///
  /// - Returns: the popped item, or `nil` when the stack had fewer than two items.
  @discardableResult
  package mutating func pop(animated: Bool, at now: Duration) -> NavigationItem? {
    guard items.count > 1, let top = items.last else { return nil }
    change(to: Array(items.dropLast()), direction: .fromLeading, animated: animated, at: now)
    return top
  }

  /// Replaces the whole stack.
  ///
  /// Animated, it looks like a pop when the new top item was already under the old top, and like a
  /// push otherwise.
  package mutating func setItems(_ newItems: [NavigationItem], animated: Bool, at now: Duration) {
    let wasBelow = newItems.last.map { items.dropLast().contains($0) } ?? true
    change(
      to: newItems, direction: wasBelow ? .fromLeading : .fromTrailing, animated: animated,
      at: now)
  }

  /// Replaces the whole stack, sliding in the given direction when animated (for a caller that
  /// knows which way it moves, e.g.
  ///
  /// a jump back to a step far below the top).
  package mutating func setItems(
    _ newItems: [NavigationItem], direction: SlideDirection, animated: Bool, at now: Duration
  ) {
    change(to: newItems, direction: direction, animated: animated, at: now)
  }

  private mutating func change(
    to newItems: [NavigationItem], direction: SlideDirection, animated: Bool, at now: Duration
  ) {
    let oldFace = face
    let fromHeight = exactHeight(at: now)
    let fromTint = tint(at: now)
    items = newItems
    if oldFace == face { return }
    transition =
      animated
      ? NavigationBarTransition(
        from: oldFace, fromHeight: fromHeight, fromTint: fromTint, direction: direction,
        timing: Transition(start: now, duration: duration, easing: easing))
      : nil
  }

  /// What the bar shows when no transition runs: made when the items change, not at every
  /// frame (its titles are sanitized and measured).
  package private(set) var face: NavigationBarFace?

  /// The height in rows once any transition has finished.
  package var finalHeight: Int { face?.rowCount ?? 0 }

  /// How far the running transition is at `now`, or `nil` when there is none or it has
  /// finished.
  ///
  /// The transition is read where it is, not copied (a copy copies both faces' titles, and a
  /// slide asks this several times a frame).
  private func runningFraction(at now: Duration) -> Double? {
    guard transition?.timing.isAnimating(at: now) == true else { return nil }
    return transition?.timing.fraction(at: now)
  }

  /// The height before rounding: interpolated from the height at the change to the final one.
  private func exactHeight(at now: Duration) -> Double {
    guard let fraction = runningFraction(at: now), let from = transition?.fromHeight else {
      return Double(finalHeight)
    }
    return interpolate(from, Double(finalHeight), fraction)
  }

  /// The bar's height in rows at `now`.
  ///
  /// During a transition between bars of different heights it moves from the old height to
  /// the new one over the transition's frames, in one direction, ending exactly at
  /// ``finalHeight``. Between non-empty stacks it changes by at most one row per 16 ms frame
  /// whenever the transition lasts 96 ms or more with ease-in-out (the default is 250 ms): the
  /// height differs by at most 2 rows and ease-in-out is at its steepest 3 times as fast as
  /// linear. (To or from an empty stack, 4 rows, it needs 192 ms.)
  /// Place the content below at this row (``contentArea(in:at:)``) so it never jumps.
  package func height(at now: Duration) -> Int {
    Int(exactHeight(at: now).rounded())
  }

  /// The part of `area` below the bar at `now`: where the screen's content goes.
  package func contentArea(in area: Rect, at now: Duration) -> Rect {
    area.dropTop(height(at: now))
  }

  /// The back button's colour at `now`: blended from the old top item's tint to the new one's.
  package func tint(at now: Duration) -> Color {
    let target = topItem?.tint ?? .default
    guard let fraction = runningFraction(at: now), let from = transition?.fromTint else {
      return target
    }
    return from.blended(with: target, by: fraction)
  }

  /// Whether a transition still runs at `now` (the loop should keep drawing).
  package func isAnimating(at now: Duration) -> Bool { runningFraction(at: now) != nil }

  /// When the next frame should be drawn, or `nil` when the bar is still.
  package func nextDeadline(after now: Duration) -> Duration? {
    transition?.timing.nextDeadline(after: now)
  }

  /// Draws the bar's ``height(at:)`` rows at the top of `area` (clipped to it).
  ///
  /// - Parameters:
  ///   - canvas: the canvas to draw on.
  ///   - area: where the bar goes; only its first `height(at: now)` rows are drawn.
  ///   - now: the time of the frame.
  ///   - theme: text, prompt/separator (`inactive`) and background colours.
  ///   - glyphs: the back mark, ellipsis and separator line.
  ///   - drawn: when `canvas` shows this bar already, drawn at another moment of the same
  ///     transition (a slide's earlier frame), what that drawing returned: only those columns
  ///     are blanked and drawn again when the bar is as high and its faces have the same rows
  ///     (the rest of the bar, its blanks and separator, is the same at every moment).
  /// - Returns: per row drawn, the columns its titles cover (none for the separator): the
  ///   rest of the row is a blank, or the separator's line, whatever the moment — two frames
  ///   of the bar as high differ only in the columns either covers.
  @discardableResult
  package func render(
    into canvas: inout Canvas, area: Rect, at now: Duration, theme: Theme = Theme(),
    glyphs: Glyphs = .unicode, over drawn: [ColumnSpan]? = nil
  ) -> [ColumnSpan] {
    let rect = area.top(height(at: now)).intersection(canvas.bounds)
    guard !rect.isEmpty else { return [] }
    let tint = tint(at: now)
    if let fraction = runningFraction(at: now) {
      if let drawn, drawn.count == rect.height, transition?.startsWithRows(of: face) == true,
        rect.width == area.width
      {
        for (i, span) in drawn.enumerated() where !span.isEmpty {
          let cut = ColumnSpan(max(rect.x, span.lower), min(rect.maxX, span.upper))
          guard !cut.isEmpty else { continue }
          canvas.fill(
            Rect(x: cut.lower, y: rect.y + i, width: cut.upper - cut.lower, height: 1),
            style: theme.text)
        }
        return transition?.render(
          to: face, into: &canvas, rect: rect, fraction: fraction, tint: tint, theme: theme,
          glyphs: glyphs, separator: false) ?? []
      }
      canvas.fill(rect, style: theme.text)
      return transition?.render(
        to: face, into: &canvas, rect: rect, fraction: fraction, tint: tint, theme: theme,
        glyphs: glyphs) ?? []
    }
    canvas.fill(rect, style: theme.text)
    var covered = Array(repeating: ColumnSpan.none, count: rect.height)
    guard let face else { return covered }
    for (i, row) in face.rows.enumerated() where i < rect.height {
      let line = Rect(x: rect.x, y: rect.y + i, width: rect.width, height: 1)
      let drawn = face.draw(
        row, into: &canvas, rect: line, tint: tint, theme: theme, glyphs: glyphs)
      if row != .separator { covered[i] = drawn }
    }
    return covered
  }

  /// The bar in words for plain mode: the title, the large title and prompt when present, and the
  /// back button as `Back: Shopping cart` — e.g.
  ///
  /// `Payment, Step 2 of 4, Back: Shopping cart`. Empty for an empty stack.
  package var accessibleText: String {
    guard let face else { return "" }
    var parts = [face.title]
    if let large = face.largeTitle, large != face.title { parts.append(large) }
    if let prompt = face.prompt { parts.append(prompt) }
    if let back = face.backTitle { parts.append(back.isEmpty ? "Back" : "Back: " + back) }
    return parts.joined(separator: ", ")
  }
}
