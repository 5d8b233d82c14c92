import StepFlowCore
import StepFlowRender

/// All that a frame of a step slide shows besides the slide itself and the navigation bar:
/// two frames with the same key differ only there, so one can be drawn over the other by
/// drawing those again.
package struct SlideFrameKey: Equatable, Sendable {
  var width: Int
  var height: Int
  var theme: Theme
  var compact: Bool
  var ascii: Bool
  /// Where the steps slide.
  var body: Rect
  /// The program's changes (``FlowProgram/revision``) and the two screens' drawings.
  var revision: Int
  var outgoing: Int
  var incoming: Int
  var message: String?
  var confirmation: Confirmation?
}

// Frames of a slide drawn over earlier ones: the key that says two frames differ only in the
// slide and the bar, and the frames drawn by changing only those. They are the program's
// (the view's frames ask them of it): a frame that only the slide and the bar change is
// drawn without a ``FlowView``, which copies the program.
extension FlowProgram {
  /// A frame of a slide whose two screens are kept and still, laid out as the frame before it
  /// — one of the slide's or the frame that ends it.
  ///
  /// The body is where that frame found it (``SlideCanvases/layout(revision:width:height:barHeight:)``),
  /// and the frame is drawn over an earlier one (``redrawnSlideFrame(_:key:bar:bounds:theme:at:)``):
  /// no strip, footer or layout made again. `nil` when it is not such a frame (it is then drawn
  /// as any other).
  func keptSlideFrame(width: Int, height: Int, at now: Duration) -> Canvas? {
    // What the frame needs of the transition, read in place (a copy of it copies the state
    // it leaves).
    if let timing = transition?.timing, timing.isAnimating(at: now),
      let canvases = transition?.canvases, let direction = transition?.direction
    {
      guard
        let canvas = keptLayoutFrame(
          canvases, direction, fraction: timing.fraction(at: now), width: width,
          height: height, at: now)
      else { return nil }
      canvases.countLaidOutAsBefore()
      return canvas.frame
    }
    // The frame right after the slide ended: the arriving screen in place.
    guard transition == nil, let canvases = finishedSlide?.canvases, !canvases.hasEnded,
      let direction = finishedSlide?.direction,
      let drawn = keptLayoutFrame(
        canvases, direction, fraction: 1, width: width, height: height, at: now)
    else { return nil }
    canvases.end()
    canvases.countLaidOutAsBefore()
    // The step standing, its screen as it arrived: the next slide leaves it from this frame.
    recordStanding(
      drawn.frame, body: drawn.body, theme: drawn.theme, compact: false, standing: true)
    return drawn.frame
  }

  /// The frame of the slide in `canvases` at `fraction`, laid out as the last frame of the
  /// same revision and size was and drawn over an earlier frame, with where its body is and
  /// in what colours; `nil` when it cannot be (``keptSlideFrame(width:height:at:)``).
  private func keptLayoutFrame(
    _ canvases: SlideCanvases, _ direction: Direction, fraction: Double, width: Int,
    height: Int, at now: Duration
  ) -> (frame: Canvas, body: Rect, theme: Theme)? {
    let bar = navigationBar
    guard
      let body = canvases.layout(
        revision: revision, width: width, height: height, barHeight: bar.height(at: now))
    else { return nil }
    let theme = theme(at: now)
    // The layout is kept on the word of the program's revision: debug builds (the tests) lay
    // the frame out anew and check it.
    assert(
      {
        let anew = FlowView(program: self, now: now).layout(
          width: width, height: height, theme: theme)
        return !anew.compact && anew.body == body
      }(), "a slide's frame is laid out as the frame before it")
    guard
      let (outgoing, incoming) = canvases.still(
        revision: revision, width: body.width, height: body.height, theme: theme)
    else { return nil }
    let slide = slideScreens(
      canvases, direction, outgoing: outgoing, incoming: incoming, fraction: fraction,
      area: body)
    let bounds = Rect(x: 0, y: 0, width: width, height: height)
    guard
      let key = slideFrameKey(slide, bounds: bounds, body: body, theme: theme, compact: false),
      let canvas = redrawnSlideFrame(
        slide, key: key, bar: bar, bounds: bounds, theme: theme, at: now)
    else { return nil }
    return (canvas, body, theme)
  }

  /// Records `canvas`, the frame just drawn, as the step standing (``StandingFrame``) when it
  /// is one and its glyphs are not folded to ASCII; else that the last frame is none.
  func recordStanding(_ canvas: Canvas, body: Rect, theme: Theme, compact: Bool, standing: Bool) {
    standingFrame.record(
      standing && options.glyphs != .ascii
        ? StandingFrame.Record(
          id: canvas.frameID, revision: revision, width: canvas.width, height: canvas.height,
          body: body, theme: theme, compact: compact) : nil)
  }

  /// The theme at `now`: during a transition, between the old step's and the new one's; the
  /// user's theme applied on top of each (``ThemePreset``).
  func theme(at now: Duration) -> Theme {
    let preset = options.theme
    let target = preset.apply(to: flow.theme(forStep: state.progression.current))
    guard let fraction = transition?.timing.fraction(at: now) else { return target }
    return preset.apply(to: flow.theme(forStep: transition?.from.progression.current)).blended(
      with: target, by: fraction)
  }

  /// The two screens of a slide in `canvases` towards `direction`, as it shows them at
  /// `fraction` of the way over `area`.
  func slideScreens(
    _ canvases: SlideCanvases, _ direction: Direction,
    outgoing: SlideCanvases.Side, incoming: SlideCanvases.Side, fraction: Double, area: Rect
  ) -> SlideScreens {
    SlideScreens(
      canvases: canvases, outgoing: outgoing, incoming: incoming,
      direction: direction == .forward ? .fromTrailing : .fromLeading,
      shift: Slide.offset(fraction: fraction, width: area.width),
      still: !state.showsLog && !state.showsHelp)
  }

  /// What the frame shows besides the slide and the bar, when nothing else on it moves.
  func slideFrameKey(
    _ slide: SlideScreens, bounds: Rect, body: Rect, theme: Theme, compact: Bool
  ) -> SlideFrameKey? {
    guard slide.still else { return nil }
    return SlideFrameKey(
      width: bounds.width, height: bounds.height, theme: theme, compact: compact,
      ascii: options.glyphs == .ascii, body: body, revision: revision,
      outgoing: slide.outgoing.drawing, incoming: slide.incoming.drawing,
      message: message, confirmation: state.pendingConfirmation)
  }

  /// The frame drawn over an earlier frame of the same slide showing `key` (one the pool kept).
  ///
  /// Drawn again: the bar and, in each row, the columns the content covered then and covers
  /// now — the rest is as it was. `nil` when no such frame is at hand: the frame is then drawn
  /// whole, which costs less than copying the last one (the second frame of a slide; the
  /// writer still holds the first).
  ///
  /// The second frame of a slide is drawn over the frame that showed the step standing before
  /// it, when the screen the slide leaves was taken from that frame (``SlideCanvases/take``):
  /// its body is that screen at the slide's start, and the rows around the body are copied
  /// from the first frame (the strip and the footer the slide shows).
  func redrawnSlideFrame(
    _ slide: SlideScreens, key: SlideFrameKey, bar: NavigationBar, bounds: Rect, theme: Theme,
    at now: Duration
  ) -> Canvas? {
    guard let last = slide.canvases.lastFrame, last.key == key else { return nil }
    // An earlier frame than the last, which the frame writer still holds (changing that one
    // would copy it first): the pool's two canvases take turns.
    var base: SlideCanvases.Frame?
    let standing = slide.canvases.takenFrom(body: key.body, theme: theme)
    let older = canvasPool.reuse(width: bounds.width, height: bounds.height) { id in
      base = id == last.id ? nil : slide.canvases.frame(id, showing: key)
      return base != nil || (id != last.id && id == standing)
    }
    guard var canvas = older else { return nil }
    let content = slide.content(in: key.body)
    let from: Int
    let spans: [ColumnSpan]
    if let base {
      (from, spans) = (base.shift, Self.union(base.content, content))
    } else {
      // The standing frame: the leaving screen in place; around it, the first frame's rows.
      guard
        let first = canvasPool.kept(
          frameID: last.id, width: bounds.width, height: bounds.height)
      else {
        canvasPool.keep(canvas)
        return nil
      }
      for band in [bounds.top(key.body.y), bounds.dropTop(key.body.maxY)] where !band.isEmpty {
        canvas.blit(first, from: band, toX: band.x, y: band.y)
      }
      (from, spans) = (0, Self.union(slide.content(in: key.body, at: 0), content))
    }
    // Over an earlier frame of this slide, only where its bar's titles were is drawn again.
    let barColumns = bar.render(
      into: &canvas, area: bounds, at: now, theme: theme, glyphs: Glyphs.for(options.glyphs),
      over: base?.bar)
    Slide.redraw(
      outgoing: slide.outgoing.canvas, incoming: slide.incoming.canvas,
      direction: slide.direction, shift: slide.shift, into: &canvas, area: key.body,
      spans: spans, fill: theme.text, outgoingRows: slide.outgoing.rows,
      incomingRows: slide.incoming.rows)
    if key.ascii {
      canvas.foldToASCII(in: bounds.top(bar.height(at: now)))
      for (row, span) in spans.enumerated() where !span.isEmpty {
        canvas.foldToASCII(
          in: Rect(x: span.lower, y: key.body.y + row, width: span.upper - span.lower, height: 1))
      }
    }
    // Drawn over a copy of the last frame: what was drawn again is what differs from it.
    numberFrame(
      &canvas, slide: slide, key: key, bar: barColumns, content: content,
      movedOver: from == last.shift ? spans : nil)
    slide.canvases.countDrawnOver()
    canvasPool.keep(canvas)
    return canvas
  }

  /// Per row, the columns of both (the content of two frames: where it moved over).
  ///
  /// One pass over the two buffers (this runs at every frame of a slide, a row of the body a
  /// span), the spans' bounds compared where they lie (``ColumnSpan``'s own operations are
  /// calls from this module, one a row).
  private static func union(_ a: [ColumnSpan], _ b: [ColumnSpan]) -> [ColumnSpan] {
    let (short, long) = a.count <= b.count ? (a, b) : (b, a)
    var result = long
    result.withUnsafeMutableBufferPointer { result in
      short.withUnsafeBufferPointer { short in
        for row in short.indices where short[row].lower < short[row].upper {
          let (span, other) = (result[row], short[row])
          result[row] =
            span.lower < span.upper
            ? ColumnSpan(min(span.lower, other.lower), max(span.upper, other.upper)) : other
        }
      }
    }
    return result
  }

  /// Gives the frame its number and, when the frame before was of the same slide showing the
  /// same, what can differ from it (the bar's rows, the columns the content moved over); keeps
  /// it among the slide's frames.
  /// - Parameters:
  ///   - canvas: The frame.
  ///   - slide: The slide it shows, if any.
  ///   - key: What it shows (`nil`: more than the slide moves).
  ///   - bar: Per row of the navigation bar drawn in it, the columns its titles cover.
  ///   - content: Per row of the body, the columns where the slide's content is in it
  ///     (``SlideScreens/content(in:)``).
  ///   - movedOver: The columns the content moved over since the last frame, when the caller
  ///     has them already (else worked out here).
  func numberFrame(
    _ canvas: inout Canvas, slide: SlideScreens?, key: SlideFrameKey?, bar: [ColumnSpan],
    content: [ColumnSpan], movedOver: [ColumnSpan]? = nil
  ) {
    canvas.frameID = Canvas.nextFrameID()
    guard let slide else { return }
    guard let key else { return slide.canvases.record(nil) }
    // The body shows the slide alone: outside the content, its rows are the screens' blank
    // (frames drawn over this canvas wrote more; its next clear need not go over that).
    canvas.narrowWritten(
      fromRow: key.body.y, to: content, blank: Cell(grapheme: .space, style: key.theme.text))
    // Whether the body's rows are the frame's whole rows (then the writer may take them as a
    // whole: shifted, or left as they were).
    let wholeRows = key.body.x == 0 && key.body.width == canvas.width
    if let last = slide.canvases.lastFrame, last.key == key {
      var rows = Array(repeating: ColumnSpan.none, count: canvas.height)
      // The bar is as high in both (the body is where it was): only where a title was or is.
      let sameBar = last.bar.count == bar.count
      for y in 0..<min(bar.count, canvas.height) {
        rows[y] = sameBar ? last.bar[y].union(bar[y]) : ColumnSpan(0, canvas.width)
      }
      let spans = movedOver ?? Self.union(last.content, content)
      for (row, span) in spans.enumerated() where key.body.y + row < canvas.height {
        rows[key.body.y + row] = span
      }
      // The body rows moved as a whole: the writer may shift them in the terminal.
      let moved = slide.shift - last.shift
      canvas.damage = FrameDamage(
        base: last.id, rows: rows,
        moved: wholeRows && moved != 0
          ? (key.body.y..<key.body.maxY, slide.direction == .fromTrailing ? moved : -moved) : nil)
    } else if slide.shift == 0, wholeRows,
      let standing = slide.canvases.takenFrom(body: key.body, theme: key.theme)
    {
      // The slide's first frame, its screens not yet moved: the body shows the screen it
      // leaves as the frame it was taken from showed it, and only the rows around the body
      // (the bar, the strip, the footer) can differ from that frame.
      var rows = Array(repeating: ColumnSpan(0, canvas.width), count: canvas.height)
      for y in key.body.y..<min(key.body.maxY, canvas.height) { rows[y] = .none }
      canvas.damage = FrameDamage(base: standing, rows: rows)
    }
    slide.canvases.record(
      SlideCanvases.Frame(
        id: canvas.frameID, key: key, shift: slide.shift, bar: bar, content: content))
  }
}
