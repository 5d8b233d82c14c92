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

/// A step slide at one moment, as a frame finds it.
enum SlideNow {
  /// No slide runs.
  case none
  /// Its two screens, kept.
  case kept(SlideScreens)
  /// A screen is to be drawn, into the frame's body (``FlowView/drawScreens(of:view:into:area:theme:)``),
  /// with the current step's view that found it so.
  case toDraw(StepTransition, StepView)
}

/// The two screens of a step slide at one moment, drawn or kept (``SlideCanvases``).
struct SlideScreens {
  var canvases: SlideCanvases
  var outgoing: SlideCanvases.Side
  var incoming: SlideCanvases.Side
  var direction: SlideDirection
  /// How far the screens have moved, in columns.
  var shift: Int
  /// Whether nothing on the screens moves by itself (a stage, a task, tabs, a program's view
  /// that asks for frames).
  var still: Bool

  /// Per row of `body`, the columns where the screens' content is now (or at `shift`).
  func content(in body: Rect, at shift: Int? = nil) -> [ColumnSpan] {
    Slide.contentSpans(
      outgoing: outgoing.spans, incoming: incoming.spans, direction: direction,
      shift: shift ?? self.shift, area: body)
  }
}

extension FlowView {
  /// The current step's view, with its stage or task.
  func stepView(theme: Theme, compact: Bool) -> StepView {
    var view = StepView(flow: program.flow, state: program.state, theme: theme, glyphs: glyphs)
    let (flow, state) = (program.flow, program.state)
    view.now = now
    view.shownAt = program.shownAt
    view.colorDepth = program.options.colorDepth
    view.compact = compact
    view.task = program.taskDrawing(at: now, theme: theme, glyphs: glyphs)
    if let current = state.progression.current, let task = flow.steps[current].task,
      task.indicators.contains("ring"), flow.steps[current].blocks.contains(.hero),
      let activity = program.tasks.activities[current]
    {
      // A task's ring takes the hero picture's place, as a stage's does.
      view.stage = StageDrawing(
        indicators: activity.indicators, step: current, now: now, hasRing: true)
    }
    if let current = state.progression.current, let stage = flow.steps[current].progress {
      view.stage = StageDrawing(
        indicators: program.stages.indicators, step: current, now: now,
        hasRing: stage.indicators.contains("ring"))
    }
    return view
  }

  /// The step slide under way at `now`, if one runs: its two screens when both are kept, else
  /// the transition whose screens are still to be drawn (``drawScreens(of:view:into:area:theme:)``).
  func slide(area: Rect, theme: Theme, compact: Bool) -> SlideNow {
    guard !area.isEmpty, let t = program.transition, t.timing.isAnimating(at: now) else {
      return .none
    }
    let fraction = t.timing.fraction(at: now)
    let revision = program.revision
    if let (outgoing, incoming) = t.canvases.still(
      revision: revision, width: area.width, height: area.height, theme: theme)
    {
      // As the last frame found them: no step view to make, nothing to ask again.
      return .kept(
        screens(of: t, outgoing: outgoing, incoming: incoming, fraction: fraction, area: area))
    }
    let view = stepView(theme: theme, compact: compact)
    guard
      let kept = keptScreens(of: t, view: view, fraction: fraction, area: area, theme: theme)
    else { return .toDraw(t, view) }
    t.canvases.keepStill(
      revision: revision, width: area.width, height: area.height, theme: theme,
      leaving: kept.outgoing, arriving: kept.incoming)
    return .kept(kept)
  }

  /// A frame of a slide whose two screens are kept and still, laid out as the frame before it.
  ///
  /// The body is where that frame found it (``SlideCanvases/layout(revision:width:height:barHeight:)``),
  /// and the frame is drawn over an earlier one (``redrawnSlideFrame(_:key:bar:bounds:theme:)``):
  /// no strip, footer or layout made again. `nil` when it is not such a frame (it is then drawn
  /// as any other).
  func keptSlideFrame(width: Int, height: Int) -> Canvas? {
    guard hits == nil, let t = program.transition, t.timing.isAnimating(at: now) else {
      return nil
    }
    let bar = program.navigationBar
    let revision = program.revision
    guard
      let body = t.canvases.layout(
        revision: revision, width: width, height: height, barHeight: bar.height(at: now))
    else { return nil }
    let theme = theme
    // The layout is kept on the word of the program's revision: debug builds (the tests) lay
    // the frame out anew and check it.
    assert(
      {
        let anew = layout(width: width, height: height, theme: theme)
        return !anew.compact && anew.body == body
      }(), "a slide's frame is laid out as the frame before it")
    guard
      let (outgoing, incoming) = t.canvases.still(
        revision: revision, width: body.width, height: body.height, theme: theme)
    else { return nil }
    let slide = screens(
      of: t, outgoing: outgoing, incoming: incoming, fraction: t.timing.fraction(at: now),
      area: body)
    let bounds = Rect(x: 0, y: 0, width: width, height: height)
    guard
      let key = slideFrameKey(slide, bounds: bounds, body: body, theme: theme, compact: false)
    else { return nil }
    guard let canvas = redrawnSlideFrame(slide, key: key, bar: bar, bounds: bounds, theme: theme)
    else { return nil }
    t.canvases.countLaidOutAsBefore()
    return canvas
  }

  /// Whether the arriving screen moves by itself, and is then drawn again at every frame.
  ///
  /// A stage, a task, tabs that slide, a field's task, a program's view that asks for frames.
  func arrivingMoves(_ view: StepView) -> Bool {
    view.stage != nil || view.task != nil || program.tabs?.isAnimating(at: now) == true
      || FlowMachine.runningFieldTask(program.state) != nil
      || program.screenFrame(after: now) != nil
  }

  /// The two screens of `t` at `fraction` of its slide (1: the arriving screen in place), as
  /// kept; `nil` when one is to be drawn.
  private func keptScreens(
    of t: StepTransition, view: StepView, fraction: Double, area: Rect, theme: Theme
  ) -> SlideScreens? {
    guard !arrivingMoves(view),
      let incoming = t.canvases.kept(
        .arriving, width: area.width, height: area.height, theme: theme,
        editor: program.state.editor),
      let outgoing = t.canvases.kept(
        .leaving, width: area.width, height: area.height, theme: theme, editor: nil)
    else { return nil }
    return screens(of: t, outgoing: outgoing, incoming: incoming, fraction: fraction, area: area)
  }

  /// The two screens of `t`, those not kept drawn into `area` of `canvas` (blank there, and
  /// again after: the frame's body); `view` is the current step's.
  func drawScreens(
    of t: StepTransition, view: StepView, into canvas: inout Canvas, area: Rect, theme: Theme
  ) -> SlideScreens {
    let (flow, state) = (program.flow, program.state)
    let tabs = program.tabs
    let moves = arrivingMoves(view)
    let now = now
    let incoming =
      (moves
        ? nil
        : t.canvases.kept(
          .arriving, width: area.width, height: area.height, theme: theme, editor: state.editor))
      ?? t.canvases.draw(.arriving, into: &canvas, area: area, theme: theme, editor: state.editor) {
        canvas, area in
        view.render(into: &canvas, area: area, tabs: tabs, tabOutgoing: nil, now: now)
      }
    let drawLeaving = { (canvas: inout Canvas, area: Rect) -> Bool in
      let old = view.showing(t.from, shownAt: program.leftShownAt)
      _ = old.render(
        into: &canvas, area: area,
        tabs: FlowProgram.tabBar(flow: flow, state: t.from, duration: .zero), tabOutgoing: nil,
        now: now)
      return false
    }
    let outgoing =
      t.canvases.kept(.leaving, width: area.width, height: area.height, theme: theme, editor: nil)
      ?? leavingScreen(
        of: t, width: canvas.width, height: canvas.height, area: area, theme: theme,
        compact: view.compact, draw: drawLeaving)
      ?? t.canvases.draw(
        .leaving, into: &canvas, area: area, theme: theme, editor: nil, draw: drawLeaving)
    var slide = screens(
      of: t, outgoing: outgoing, incoming: incoming, fraction: t.timing.fraction(at: now),
      area: area)
    slide.still = slide.still && !moves
    return slide
  }

  /// The screen `t` leaves, as the standing frame before it showed it (``StandingFrame``):
  /// `nil` when that frame is gone or showed something else then.
  ///
  /// Debug builds (the tests) also `draw` the screen anew, aside, and check that it is the
  /// same.
  private func leavingScreen(
    of t: StepTransition, width: Int, height: Int, area: Rect, theme: Theme, compact: Bool,
    draw: (inout Canvas, Rect) -> Bool
  ) -> SlideCanvases.Side? {
    guard let standing = program.standingFrame.record, standing.revision == t.fromRevision,
      standing.width == width, standing.height == height, standing.body == area,
      standing.theme == theme, standing.compact == compact,
      let frame = program.canvasPool.kept(frameID: standing.id, width: width, height: height)
    else { return nil }
    let side = t.canvases.take(.leaving, from: frame, area: area, theme: theme, editor: nil)
    assert(
      {
        var aside = Canvas(width: width, height: height, style: theme.text)
        let drawn = SlideCanvases().draw(
          .leaving, into: &aside, area: area, theme: theme, editor: nil, draw: draw)
        return Self.sameSide(side, drawn)
      }(), "the standing frame's screen is the screen the slide leaves")
    return side
  }

  /// Records `canvas`, the frame just drawn, as the step standing (``StandingFrame``) when it
  /// is one and its glyphs are not folded to ASCII; else that the last frame is none.
  func recordStanding(_ canvas: Canvas, body: Rect, theme: Theme, compact: Bool, standing: Bool) {
    program.standingFrame.record(
      standing && glyphs.style != .ascii
        ? StandingFrame.Record(
          id: canvas.frameID, revision: program.revision, width: canvas.width,
          height: canvas.height, body: body, theme: theme, compact: compact) : nil)
  }

  /// Whether two sides show the same screen (their drawing numbers aside).
  private static func sameSide(_ a: SlideCanvases.Side, _ b: SlideCanvases.Side) -> Bool {
    a.canvas == b.canvas && a.rows == b.rows && a.spans == b.spans
  }

  private func screens(
    of t: StepTransition, outgoing: SlideCanvases.Side, incoming: SlideCanvases.Side,
    fraction: Double, area: Rect
  ) -> SlideScreens {
    SlideScreens(
      canvases: t.canvases, outgoing: outgoing, incoming: incoming,
      direction: t.direction == .forward ? .fromTrailing : .fromLeading,
      shift: Slide.offset(fraction: fraction, width: area.width),
      still: !program.state.showsLog && !program.state.showsHelp)
  }

  /// The frame right after a slide ended (`finished`), drawn over the slide's last frame.
  ///
  /// The arriving screen is then in place, and it, the bar and the columns the content left
  /// are all that differ. `nil` when that frame is not at hand or the screen shows something
  /// else (the frame is then drawn whole). Only for the frame that ends the slide: the frames
  /// after it are drawn whole.
  func finalSlideFrame(
    _ finished: StepTransition, body: Rect, bar: NavigationBar, bounds: Rect, theme: Theme,
    compact: Bool
  ) -> Canvas? {
    guard !body.isEmpty, !finished.canvases.hasEnded else { return nil }
    finished.canvases.end()
    guard
      let slide = keptScreens(
        of: finished, view: stepView(theme: theme, compact: compact), fraction: 1, area: body,
        theme: theme),
      let key = slideFrameKey(slide, bounds: bounds, body: body, theme: theme, compact: compact),
      let canvas = redrawnSlideFrame(slide, key: key, bar: bar, bounds: bounds, theme: theme)
    else { return nil }
    // The step standing, its screen as it arrived: the next slide leaves it from this frame.
    recordStanding(canvas, body: body, theme: theme, compact: compact, standing: true)
    return canvas
  }

  /// What the frame shows besides the slide and the bar, when nothing else on it moves.
  func slideFrameKey(
    _ slide: SlideScreens, bounds: Rect, body: Rect, theme: Theme, compact: Bool
  ) -> SlideFrameKey? {
    guard slide.still else { return nil }
    return SlideFrameKey(
      width: bounds.width, height: bounds.height, theme: theme, compact: compact,
      ascii: glyphs.style == .ascii, body: body, revision: program.revision,
      outgoing: slide.outgoing.drawing, incoming: slide.incoming.drawing,
      message: program.message, confirmation: program.state.pendingConfirmation)
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
    _ slide: SlideScreens, key: SlideFrameKey, bar: NavigationBar, bounds: Rect, theme: Theme
  ) -> Canvas? {
    guard let last = slide.canvases.lastFrame, last.key == key else { return nil }
    // An earlier frame than the last, which the frame writer still holds (changing that one
    // would copy it first): the pool's two canvases take turns.
    var base: SlideCanvases.Frame?
    let standing = slide.canvases.takenFrom(body: key.body, theme: theme)
    let older = program.canvasPool.reuse(width: bounds.width, height: bounds.height) { id in
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
        let first = program.canvasPool.kept(
          frameID: last.id, width: bounds.width, height: bounds.height)
      else {
        program.canvasPool.keep(canvas)
        return nil
      }
      for band in [bounds.top(key.body.y), bounds.dropTop(key.body.maxY)] where !band.isEmpty {
        canvas.blit(first, from: band, toX: band.x, y: band.y)
      }
      (from, spans) = (0, Self.union(slide.content(in: key.body, at: 0), content))
    }
    // Over an earlier frame of this slide, only where its bar's titles were is drawn again.
    let barColumns = bar.render(
      into: &canvas, area: bounds, at: now, theme: theme, glyphs: glyphs, over: base?.bar)
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
    program.canvasPool.keep(canvas)
    return canvas
  }

  /// Per row, the columns of both (the content of two frames: where it moved over).
  ///
  /// One pass over the two buffers (this runs at every frame of a slide, a row of the body a
  /// span).
  private static func union(_ a: [ColumnSpan], _ b: [ColumnSpan]) -> [ColumnSpan] {
    let (short, long) = a.count <= b.count ? (a, b) : (b, a)
    var result = long
    result.withUnsafeMutableBufferPointer { result in
      short.withUnsafeBufferPointer { short in
        for row in short.indices where !short[row].isEmpty {
          result[row] = result[row].union(short[row])
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
        moved: key.body.x == 0 && key.body.width == canvas.width && moved != 0
          ? (key.body.y..<key.body.maxY, slide.direction == .fromTrailing ? moved : -moved) : nil)
    }
    slide.canvases.record(
      SlideCanvases.Frame(
        id: canvas.frameID, key: key, shift: slide.shift, bar: bar, content: content))
  }
}
