import StepFlowCore
import StepFlowRender

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
        program.slideScreens(
          t.canvases, t.direction, outgoing: outgoing, incoming: incoming, fraction: fraction,
          area: area))
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
  func keptScreens(
    of t: StepTransition, view: StepView, fraction: Double, area: Rect, theme: Theme
  ) -> SlideScreens? {
    guard !arrivingMoves(view),
      let incoming = t.canvases.kept(
        .arriving, width: area.width, height: area.height, theme: theme,
        editor: program.state.editor),
      let outgoing = t.canvases.kept(
        .leaving, width: area.width, height: area.height, theme: theme, editor: nil)
    else { return nil }
    return program.slideScreens(
      t.canvases, t.direction, outgoing: outgoing, incoming: incoming, fraction: fraction,
      area: area)
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
    if !moves {
      // Nothing on them moves by itself: the next frame finds them as this one leaves them
      // (and is drawn over this one, as the frames after it are).
      t.canvases.keepStill(
        revision: program.revision, width: area.width, height: area.height, theme: theme,
        leaving: outgoing, arriving: incoming)
    }
    var slide = program.slideScreens(
      t.canvases, t.direction, outgoing: outgoing, incoming: incoming,
      fraction: t.timing.fraction(at: now), area: area)
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

  /// The frame right after a slide ended (`finished`), drawn over the slide's last frame.
  ///
  /// The arriving screen is then in place, and it, the bar and the columns the content left
  /// are all that differ. `nil` when that frame is not at hand or the screen shows something
  /// else (the frame is then drawn whole). Only for the frame that ends the slide: the frames
  /// after it are drawn whole. The program draws it itself when the slide's layout is kept
  /// (``FlowProgram/keptSlideFrame(width:height:at:)``); this is for the others (the compact
  /// layout, a screen that had moved).
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
      let key = program.slideFrameKey(
        slide, bounds: bounds, body: body, theme: theme, compact: compact),
      let canvas = program.redrawnSlideFrame(
        slide, key: key, bar: bar, bounds: bounds, theme: theme, at: now)
    else { return nil }
    // The step standing, its screen as it arrived: the next slide leaves it from this frame.
    program.recordStanding(canvas, body: body, theme: theme, compact: compact, standing: true)
    return canvas
  }

  /// Whether two sides show the same screen (their drawing numbers aside).
  private static func sameSide(_ a: SlideCanvases.Side, _ b: SlideCanvases.Side) -> Bool {
    a.canvas == b.canvas && a.rows == b.rows && a.spans == b.spans
  }
}
