import StepFlowCore
import StepFlowRender
import Synchronization

/// The two screens a step transition slides between, each drawn once and kept for the
/// length of the slide: a frame of the slide is then row copies, not two screens drawn.
///
/// A screen is drawn into the body of the frame being drawn (``draw(_:into:area:theme:editor:draw:)``),
/// and only its rows with content are kept, in a canvas of those rows: a screen of 400×110
/// showing a form of twelve rows keeps twelve, so the first frame of a slide touches no memory
/// a screen's size (fresh memory costs more to touch than the screen costs to draw).
///
/// A screen is drawn again only when what it shows changes while it slides: the colours (a
/// step with a theme of its own blends into the next), the size, or — the arriving screen —
/// something that moves by itself (a stage, a task, the program's own blocks) or an editor
/// that changed. A transition is a value that copies share; this is the cache it shares.
///
/// It also keeps the last frames of the slide (``Frame``): a frame can then be drawn over an
/// earlier one by changing only what moved (``FlowView``).
package final class SlideCanvases: Equatable, Sendable {
  /// One side of the slide as drawn.
  package struct Side: Sendable {
    /// The screen's rows with content, in order (``rows`` says which is which).
    package var canvas: Canvas
    /// Per row of the screen, the row of ``canvas`` holding it; `-1` where the row is blank.
    package var rows: [Int]
    /// Per row of the screen, the columns that are not blank.
    package var spans: [ColumnSpan]
    /// How many times this side was drawn: another number, another screen.
    package var drawing: Int
    /// Whether a stage was drawn on it.
    package var stageDrawn: Bool
  }

  /// Which side of the slide.
  package enum Which: Sendable {
    case leaving, arriving
  }

  /// One side of the slide as it was drawn, and what it was drawn for.
  private struct Drawn {
    var side: Side
    var width: Int
    var height: Int
    var theme: Theme
    var editor: StepEditor?
  }

  /// A frame of the slide drawn with nothing but the slide (and the bar) moving: its number
  /// (``Canvas/frameID``), all that the frame showed besides those, and how far it had slid.
  ///
  /// A class: the frames after it look at it several times each (a copy of a key with its
  /// theme and strings, and of two arrays, costs more than the look).
  package final class Frame: Sendable {
    package let id: UInt64
    package let key: SlideFrameKey
    package let shift: Int
    /// Per row of the navigation bar, the columns its titles covered (the rest of the bar is
    /// the same in every frame showing `key`).
    package let bar: [ColumnSpan]
    /// Per row of the body, the columns the screens' content covered.
    package let content: [ColumnSpan]

    package init(
      id: UInt64, key: SlideFrameKey, shift: Int, bar: [ColumnSpan], content: [ColumnSpan]
    ) {
      self.id = id
      self.key = key
      self.shift = shift
      self.bar = bar
      self.content = content
    }
  }

  /// Where the screens' canvases come from and go back to (a run's slides share it).
  private let pool: CanvasPool?
  private let leaving = Mutex<Drawn?>(nil)
  private let arriving = Mutex<Drawn?>(nil)
  private let drawings = Atomic<Int>(0)
  private let drawnOver = Atomic<Int>(0)
  private let laidOutAsBefore = Atomic<Int>(0)
  private let taken = Atomic<Int>(0)
  /// The frame the leaving side was taken from (``take``), where and in what colours.
  private let standing = Mutex<(id: UInt64, body: Rect, theme: Theme)?>(nil)
  /// The last frames, the newest last (at most four).
  private let frames = Mutex<[Frame]>([])
  /// Whether the frame after the slide was drawn (``end()``).
  private let ended = Atomic<Bool>(false)
  /// Both sides as a frame found them kept, with nothing on them moving by itself, and what
  /// that frame was drawn for (``still(revision:width:height:theme:)``).
  private let stillSides = Mutex<ForFrames<Theme, (leaving: Side, arriving: Side)>?>(nil)

  /// Where a frame of the slide found the body, for its bar's height
  /// (``layout(revision:width:height:barHeight:)``).
  private let layout = Mutex<ForFrames<Int, Rect>?>(nil)

  /// What a frame found, kept for the frames after it that share the program's revision, the
  /// frame's size and one more thing (the theme; the bar's height).
  private struct ForFrames<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    var revision: Int
    var width: Int
    var height: Int
    var key: Key
    var value: Value

    /// The value, when it was kept for this revision, size and key.
    func value(revision: Int, width: Int, height: Int, key: Key) -> Value? {
      self.revision == revision && self.width == width && self.height == height
        && self.key == key ? value : nil
    }
  }

  /// Screens kept in canvases from `pool` (new ones when `nil`), given back to it when the
  /// transition is gone.
  package init(pool: CanvasPool? = nil) {
    self.pool = pool
  }

  deinit {
    guard let pool else { return }
    // Nothing else holds the screens now: the next slide keeps its rows in the same memory.
    for side in [leaving.withLock { $0.take() }, arriving.withLock { $0.take() }] {
      if let side { pool.keep(side.side.canvas) }
    }
  }

  private func withDrawn<R>(_ which: Which, _ body: (inout Drawn?) -> R) -> R {
    which == .leaving ? leaving.withLock { body(&$0) } : arriving.withLock { body(&$0) }
  }

  /// The side as kept, when it was drawn `width` × `height` in `theme`, showing `editor` (the
  /// leaving side: any editor).
  package func kept(_ which: Which, width: Int, height: Int, theme: Theme, editor: StepEditor?)
    -> Side?
  {
    withDrawn(which) { drawn in
      guard let kept = drawn, kept.width == width, kept.height == height, kept.theme == theme,
        which == .leaving || kept.editor == editor
      else { return nil }
      return kept.side
    }
  }

  /// The two sides (leaving, arriving) when a frame of the program's `revision` found both
  /// kept for this size and theme with nothing on them moving by itself (``keepStill``): they
  /// stay so until the program changes — what moves by itself (a stage, a task, tabs sliding)
  /// was moving then, or starts with a change, and a command ends the slide.
  package func still(revision: Int, width: Int, height: Int, theme: Theme) -> (Side, Side)? {
    stillSides.withLock { $0?.value(revision: revision, width: width, height: height, key: theme) }
  }

  /// The body of the last frame laid out (``keepLayout(revision:width:height:barHeight:body:)``)
  /// when it was laid out for the same revision, size and bar height: a frame then lies out
  /// the same, its strip, bar and footer where they were.
  package func layout(revision: Int, width: Int, height: Int, barHeight: Int) -> Rect? {
    layout.withLock {
      $0?.value(revision: revision, width: width, height: height, key: barHeight)
    }
  }

  /// Says where a frame of the program's `revision`, `width` × `height` with the bar
  /// `barHeight` rows high, found the body (laid out in full, not compact).
  package func keepLayout(revision: Int, width: Int, height: Int, barHeight: Int, body: Rect) {
    layout.withLock {
      $0 = ForFrames(revision: revision, width: width, height: height, key: barHeight, value: body)
    }
  }

  /// Says that a frame of the program's `revision` found both sides kept and still.
  package func keepStill(
    revision: Int, width: Int, height: Int, theme: Theme, leaving: Side, arriving: Side
  ) {
    stillSides.withLock {
      $0 = ForFrames(
        revision: revision, width: width, height: height, key: theme,
        value: (leaving, arriving))
    }
  }

  /// Draws a side into `area` of `canvas` with `draw` (which returns whether a stage was
  /// drawn) and keeps its rows with content; `area` is blank in `theme.text` before and after.
  package func draw(
    _ which: Which, into canvas: inout Canvas, area: Rect, theme: Theme, editor: StepEditor?,
    draw: (inout Canvas, Rect) -> Bool
  ) -> Side {
    stillSides.withLock { $0 = nil }
    let stageDrawn = draw(&canvas, area)
    let side = keep(
      which, from: canvas, area: area, theme: theme, editor: editor, stageDrawn: stageDrawn)
    // The area blank again, for the other side or the frame (only what was drawn).
    canvas.blank(area, style: theme.text)
    return side
  }

  /// Keeps as a side the screen a frame already shows in `area` of `canvas` (blank in
  /// `theme.text` around it), as ``draw(_:into:area:theme:editor:draw:)`` keeps one it drew.
  package func take(
    _ which: Which, from canvas: Canvas, area: Rect, theme: Theme, editor: StepEditor?
  ) -> Side {
    stillSides.withLock { $0 = nil }
    taken.wrappingAdd(1, ordering: .relaxed)
    if which == .leaving, canvas.frameID != 0 {
      standing.withLock { $0 = (canvas.frameID, area, theme) }
    }
    return keep(which, from: canvas, area: area, theme: theme, editor: editor, stageDrawn: false)
  }

  /// The number of the frame the leaving side was taken from, when it showed it in `body` in
  /// `theme`: that frame's body is the slide at its start.
  package func takenFrom(body: Rect, theme: Theme) -> UInt64? {
    standing.withLock { standing in
      guard let standing, standing.body == body, standing.theme == theme else { return nil }
      return standing.id
    }
  }

  /// How many sides were taken from a frame instead of drawn (``take``), for tests.
  package var sidesTaken: Int { taken.load(ordering: .relaxed) }

  /// Keeps the rows with content of `area` of `canvas` as the side `which`.
  private func keep(
    _ which: Which, from canvas: Canvas, area: Rect, theme: Theme, editor: StepEditor?,
    stageDrawn: Bool
  ) -> Side {
    let blank = Cell(grapheme: .space, style: theme.text)
    let spans = canvas.contentSpans(in: area, blank: blank)
    var rows = Array(repeating: -1, count: spans.count)
    var count = 0
    for (y, span) in spans.enumerated() where !span.isEmpty {
      rows[y] = count
      count += 1
    }
    // The memory the side had, when its rows are as many (a slide back and forth keeps the
    // same two screens); else the pool's.
    var kept = withDrawn(which) { $0.take()?.side.canvas }
    var screen: Canvas
    if var old = kept.take(), old.width == area.width, old.height == count {
      old.clear(style: theme.text)
      screen = old
    } else if let pool {
      screen = pool.canvas(width: area.width, height: count, style: theme.text)
    } else {
      screen = Canvas(width: area.width, height: count, style: theme.text)
    }
    for (y, span) in spans.enumerated() where !span.isEmpty {
      let from = Rect(
        x: area.x + span.lower, y: area.y + y, width: span.upper - span.lower, height: 1)
      screen.blit(canvas, from: from, toX: span.lower, y: rows[y])
    }
    let side = Side(
      canvas: screen, rows: rows, spans: spans,
      drawing: drawings.wrappingAdd(1, ordering: .relaxed).newValue, stageDrawn: stageDrawn)
    withDrawn(which) {
      $0 = Drawn(side: side, width: area.width, height: area.height, theme: theme, editor: editor)
    }
    return side
  }

  /// How many frames were laid out as the frame before them (``layout(revision:width:height:barHeight:)``),
  /// for tests.
  package var framesLaidOutAsBefore: Int { laidOutAsBefore.load(ordering: .relaxed) }

  /// Counts a frame laid out as the frame before it.
  package func countLaidOutAsBefore() { laidOutAsBefore.wrappingAdd(1, ordering: .relaxed) }

  /// How many frames were drawn over an earlier frame (``FlowView``), for tests.
  package var framesDrawnOver: Int { drawnOver.load(ordering: .relaxed) }

  /// Counts a frame drawn over an earlier one.
  package func countDrawnOver() { drawnOver.wrappingAdd(1, ordering: .relaxed) }

  /// The last frame drawn of the slide, if it was one that ``record(_:)`` kept.
  package var lastFrame: Frame? { frames.withLock { $0.last } }

  /// The kept frame numbered `id`, if it showed `key`.
  package func frame(_ id: UInt64, showing key: SlideFrameKey) -> Frame? {
    frames.withLock { frames in frames.last { $0.id == id && $0.key == key } }
  }

  /// Whether the frame after the slide was drawn.
  package var hasEnded: Bool { ended.load(ordering: .relaxed) }

  /// Says that the frame after the slide was drawn: no frame after it is drawn over the
  /// slide's (they show the step standing).
  package func end() { ended.store(true, ordering: .relaxed) }

  /// Keeps a frame just drawn (or forgets the earlier ones when `frame` is `nil`: the frame
  /// drawn now showed something else).
  package func record(_ frame: Frame?) {
    frames.withLock { frames in
      guard let frame else { return frames.removeAll() }
      frames.append(frame)
      if frames.count > 4 { frames.removeFirst(frames.count - 4) }
    }
  }

  /// Always `true`: the canvases follow from the transition.
  package static func == (a: SlideCanvases, b: SlideCanvases) -> Bool { true }
}
