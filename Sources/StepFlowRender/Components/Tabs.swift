import StepFlowCore
import StepFlowText

/// An underline tab bar with a sliding content container.
///
/// Two rows: the titles, borderless, and under them a thin line with a heavy accent bar under
/// the selected title. The selected title is bold in the accent colour, the others in the
/// inactive colour. On a change the bar slides from the old title's place and width to the new
/// one's, and ``content(outgoing:incoming:at:fill:)`` slides the content in from the right when
/// the index grows and from the left when it shrinks. Titles that fit share the whole width;
/// when they do not fit, the row scrolls to keep the selected title in view, with `‹` `›` at
/// the cut edges.
///
/// ```swift
/// var tabs = Tabs()
/// tabs.append("Card"); tabs.append("PayPal"); tabs.append("Cash")
/// tabs.select(1, animated: true, at: now)
/// tabs.render(into: &canvas, area: area.top(Tabs.height), at: now, theme: theme, glyphs: glyphs)
/// let page = tabs.content(outgoing: cardPage, incoming: payPalPage, at: now)
/// ```
package struct Tabs: Hashable, Sendable {
  /// The rows the tab bar takes: the titles and the underline.
  package static let height = 2

  /// The titles, sanitized, in order.
  package private(set) var titles: [String]
  /// The selected title's index (0 while there are no titles).
  package private(set) var selectedIndex: Int
  /// The index selected before the last change: the content slides away from its page.
  package private(set) var previousIndex: Int
  /// Whether the tab bar has the keyboard focus (the selected title is then drawn reversed).
  package var isFocused: Bool
  /// How long animated changes take.
  package var duration: Duration
  /// The easing of animated changes.
  package var easing: Easing
  /// The last animated change.
  package private(set) var transition: Transition?
  /// Where the underline was, as a fractional index, when the last change began.
  private var fromPosition: Double

  /// A tab bar with the given titles and selection.
  package init(
    titles: [String] = [], selectedIndex: Int = 0, isFocused: Bool = false,
    duration: Duration = Transition.defaultDuration, easing: Easing = .easeInOut
  ) {
    self.titles = titles.map(Sanitizer.sanitize)
    let index = titles.isEmpty ? 0 : min(max(0, selectedIndex), titles.count - 1)
    self.selectedIndex = index
    previousIndex = index
    fromPosition = Double(index)
    self.isFocused = isFocused
    self.duration = duration
    self.easing = easing
  }

  /// The selected title, `nil` when there are none.
  package var selectedTitle: String? {
    titles.indices.contains(selectedIndex) ? titles[selectedIndex] : nil
  }

  /// Adds a title at the end.
  package mutating func append(_ title: String) {
    titles.append(Sanitizer.sanitize(title))
  }

  /// Selects a title; the underline and the content slide to it when animated.
  ///
  /// - Returns: `false` (and nothing changes) when `index` is not a title's index.
  @discardableResult
  package mutating func select(_ index: Int, animated: Bool, at now: Duration) -> Bool {
    guard titles.indices.contains(index) else { return false }
    guard index != selectedIndex else { return true }
    fromPosition = underlinePosition(at: now)
    previousIndex = selectedIndex
    selectedIndex = index
    transition = animated ? Transition(start: now, duration: duration, easing: easing) : nil
    return true
  }

  /// Selects the next title (Tab); at the last one it stays, or wraps to the first.
  @discardableResult
  package mutating func selectNext(wrapping: Bool = false, animated: Bool, at now: Duration)
    -> Bool
  {
    let next = selectedIndex + 1 < titles.count ? selectedIndex + 1 : (wrapping ? 0 : -1)
    return select(next, animated: animated, at: now)
  }

  /// Selects the previous title (Shift-Tab); at the first one it stays, or wraps to the last.
  @discardableResult
  package mutating func selectPrevious(wrapping: Bool = false, animated: Bool, at now: Duration)
    -> Bool
  {
    let previous = selectedIndex > 0 ? selectedIndex - 1 : (wrapping ? titles.count - 1 : -1)
    return select(previous, animated: animated, at: now)
  }

  /// The eased fraction of the running change at `now`; 1 when none runs.
  private func fraction(at now: Duration) -> Double {
    transition?.fraction(at: now) ?? 1
  }

  /// Where the underline is at `now`, as a fractional title index.
  package func underlinePosition(at now: Duration) -> Double {
    interpolate(fromPosition, Double(selectedIndex), fraction(at: now))
  }

  /// Whether the underline or the content still moves at `now`.
  package func isAnimating(at now: Duration) -> Bool { transition?.isAnimating(at: now) ?? false }

  /// When the next frame should be drawn, or `nil` when nothing moves.
  package func nextDeadline(after now: Duration) -> Duration? {
    transition?.nextDeadline(after: now)
  }

  /// The side the content of the last change comes in from.
  package var slideDirection: SlideDirection {
    SlideDirection(from: previousIndex, to: selectedIndex)
  }

  /// The container's content at `now`: `incoming` (the selected title's page) sliding in over
  /// `outgoing` (the page of ``previousIndex``), or `incoming` alone when nothing moves.
  ///
  /// A change that interrupts another starts a new slide from the interrupted target's page.
  package func content(
    outgoing: Canvas, incoming: Canvas, at now: Duration, fill: Style = .plain
  ) -> Canvas {
    guard isAnimating(at: now) else { return incoming }
    return Slide.composite(
      outgoing: outgoing, incoming: incoming, direction: slideDirection,
      fraction: fraction(at: now), fill: fill)
  }

  /// Draws the container's content at `now` straight into `area` of `canvas`: the same frames
  /// as ``content(outgoing:incoming:at:fill:)`` without an intermediate canvas.
  package func drawContent(
    outgoing: Canvas, incoming: Canvas, into canvas: inout Canvas, area: Rect, at now: Duration,
    fill: Style = .plain
  ) {
    let f = isAnimating(at: now) ? fraction(at: now) : 1
    Slide.draw(
      outgoing: outgoing, incoming: incoming, direction: slideDirection, fraction: f,
      into: &canvas, area: area, fill: fill)
  }

  /// The tab bar in words for plain mode, e.g.
  ///
  /// `tab 2 of 3: PayPal`.
  package var accessibleText: String {
    guard let title = selectedTitle else { return "no tabs" }
    return "tab \(selectedIndex + 1) of \(titles.count): \(title)"
  }

  /// Where the underline is at `now`, from its first column to after its last, in the row
  /// of all the titles (before scrolling).
  private func bar(_ strip: TabStrip, at now: Duration) -> (start: Int, end: Int) {
    let f = fraction(at: now)
    let from = strip.geometry(at: fromPosition)
    let to = strip.geometry(at: Double(selectedIndex))
    return (
      Int(interpolate(from.x, to.x, f).rounded()),
      Int(interpolate(from.x + from.width, to.x + to.width, f).rounded())
    )
  }

  /// The tab whose title (or underline) is at `column`, `row` of a bar drawn in `area` at
  /// `now`: what a click there selects.
  package func tab(
    atColumn column: Int, row: Int, in area: Rect, at now: Duration, glyphs: Glyphs = .unicode
  ) -> Int? {
    guard area.top(Tabs.height).contains(x: column, y: row), !titles.isEmpty else { return nil }
    let strip = TabStrip(titles: titles, width: area.width, glyphs: glyphs)
    let (barStart, barEnd) = bar(strip, at: now)
    let x = column - area.x + strip.scrollOffset(barStart: barStart, barEnd: barEnd)
    return strip.segments.firstIndex { x >= $0.x && x < $0.x + $0.width }
  }

  /// Draws the titles and the underline on the first two rows of `area`.
  ///
  /// - Parameters:
  ///   - canvas: the canvas to draw on.
  ///   - area: where the bar goes; only its first ``height`` rows are drawn.
  ///   - now: the time of the frame.
  ///   - theme: `accent` for the selected title and its bar, `inactive` for the others and the
  ///     thin line, `foreground`/`background` for the rest.
  ///   - glyphs: the bar (`heavyHorizontal`), the line (`horizontal`) and the scroll marks.
  package func render(
    into canvas: inout Canvas, area: Rect, at now: Duration, theme: Theme = Theme(),
    glyphs: Glyphs = .unicode
  ) {
    let rect = area.top(Tabs.height).intersection(canvas.bounds)
    guard !rect.isEmpty else { return }
    let base = theme.text
    canvas.fill(rect, style: base)
    guard !titles.isEmpty else { return }
    let strip = TabStrip(titles: titles, width: area.width, glyphs: glyphs)
    let f = fraction(at: now)
    let (barStart, barEnd) = bar(strip, at: now)
    var row = Canvas(width: strip.totalWidth, height: Tabs.height, style: base)
    for (i, segment) in strip.segments.enumerated() {
      // The old selection fades to the inactive colour while the new one takes the accent.
      let weight = i == selectedIndex ? f : (i == previousIndex && f < 1 ? 1 - f : 0)
      var style = base.foreground(theme.inactive.blended(with: theme.accent, by: weight))
      if i == selectedIndex { style = style.bold }
      let titleWidth = DisplayWidth.of(segment.title)
      let x = segment.x + TextLayout.centeredOffset(titleWidth, in: segment.width)
      if i == selectedIndex && isFocused {
        row.fill(Rect(x: x - 1, y: 0, width: titleWidth + 2, height: 1), style: style.reversed)
        style = style.reversed
      }
      row.draw(segment.title, x: x, y: 0, style: style)
    }
    let line = base.foreground(theme.inactive)
    let bar = base.foreground(theme.accent)
    for x in 0..<strip.totalWidth {
      let on = x >= barStart && x < barEnd
      row.put(
        on ? glyphs.heavyHorizontal : glyphs.horizontal, width: 1, x: x, y: 1,
        style: on ? bar : line)
    }
    let scroll = strip.scrollOffset(barStart: barStart, barEnd: barEnd)
    canvas.blit(
      row, from: Rect(x: scroll, y: 0, width: rect.width, height: rect.height), toX: rect.x,
      y: rect.y, clip: rect)
    if scroll > 0 {
      canvas.draw(glyphs.leftMark, x: rect.x, y: rect.y, style: line, limit: 1)
    }
    if scroll + area.width < strip.totalWidth {
      canvas.draw(glyphs.rightMark, x: area.maxX - 1, y: rect.y, style: line, limit: 1)
    }
  }
}

/// Where each title of a ``Tabs`` bar goes along its row, before scrolling.
package struct TabStrip: Equatable, Sendable {
  package struct Segment: Equatable, Sendable {
    package var x: Int
    package var width: Int
    package var title: String
  }

  package var segments: [Segment]
  /// The width of the whole row: the view's width when the titles fit, more when it scrolls.
  package var totalWidth: Int
  /// The width of the view.
  package var viewWidth: Int

  /// Lays out titles in `width` columns: each title gets a blank column on both sides; when they
  /// all fit, the spare columns go to the narrowest segments first so the segments are as equal as
  /// they can be.
  ///
  /// When they do not fit, titles keep their natural width (cut to `width − 4` so one always fits
  /// between the scroll marks).
  package init(titles: [String], width: Int, glyphs: Glyphs) {
    viewWidth = max(0, width)
    var shown = titles
    var widths = titles.map { DisplayWidth.of($0) + 2 }
    if widths.reduce(0, +) > viewWidth {
      let most = max(1, viewWidth - 4)
      shown = titles.map { TextLayout.truncate($0, toWidth: most, ellipsis: glyphs.ellipsis) }
      widths = shown.map { DisplayWidth.of($0) + 2 }
    } else if !widths.isEmpty {
      // The largest common width T such that raising every segment to T still fits.
      var target = viewWidth / widths.count
      while target > 0, widths.reduce(0, { $0 + max($1, target) }) > viewWidth { target -= 1 }
      var spare = viewWidth - widths.reduce(0, { $0 + max($1, target) })
      for i in widths.indices {
        let raised = widths[i] <= target
        widths[i] = max(widths[i], target)
        if raised, spare > 0 {
          widths[i] += 1
          spare -= 1
        }
      }
    }
    var x = 0
    segments = []
    for (title, w) in zip(shown, widths) {
      segments.append(Segment(x: x, width: w, title: title))
      x += w
    }
    totalWidth = max(x, viewWidth)
  }

  /// The place and width of the underline at a fractional index: between two segments, a
  /// blend of their places and widths.
  package func geometry(at position: Double) -> (x: Double, width: Double) {
    guard let last = segments.indices.last else { return (0, 0) }
    let p = min(Double(last), max(0, position))
    let low = Int(p.rounded(.down))
    let high = min(last, low + 1)
    let t = p - Double(low)
    let (a, b) = (segments[low], segments[high])
    return (
      interpolate(Double(a.x), Double(b.x), t),
      interpolate(Double(a.width), Double(b.width), t)
    )
  }

  /// The first column shown: the underline centred in the view, within the row's ends.
  package func scrollOffset(barStart: Int, barEnd: Int) -> Int {
    guard totalWidth > viewWidth else { return 0 }
    let centred = (barStart + barEnd - viewWidth) / 2
    return min(totalWidth - viewWidth, max(0, centred))
  }
}
