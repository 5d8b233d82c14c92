import StepFlowCore
import StepFlowRender
import Synchronization

/// The two screens a step transition slides between, each drawn once and kept for the
/// length of the slide: a frame of the slide is then two row copies, not two screens drawn.
///
/// A screen is drawn again only when what it shows changes while it slides: the colours (a
/// step with a theme of its own blends into the next), the size, or — the arriving screen —
/// something that moves by itself (a stage, a task, the program's own blocks) or an editor
/// that changed. It is drawn again into the same canvas, so a slide allocates its two
/// canvases once. A transition is a value that copies share; this is the cache it shares.
///
/// It also keeps the last frames of the slide (``Frame``): a frame can then be drawn over an
/// earlier one by changing only what moved (``FlowView``).
package final class SlideCanvases: Equatable, Sendable {
  /// One side of the slide as drawn.
  package struct Side: Sendable {
    /// The screen.
    package var canvas: Canvas
    /// Per row, the columns that are not blank.
    package var spans: [ColumnSpan]
    /// How many times this side was drawn: another number, another screen.
    package var drawing: Int
    /// Whether a stage was drawn on it.
    package var stageDrawn: Bool
  }

  /// One side of the slide as it was drawn, and what it was drawn for.
  private struct Drawn {
    var side: Side
    var theme: Theme
    var editor: StepEditor?
  }

  /// A frame of the slide drawn with nothing but the slide (and the bar) moving: its number
  /// (``Canvas/frameID``), all that the frame showed besides those, and how far it had slid.
  package struct Frame: Sendable {
    package var id: UInt64
    package var key: SlideFrameKey
    package var shift: Int
  }

  /// Where the screens' canvases come from and go back to (a run's slides share it).
  private let pool: CanvasPool?
  private let leaving = Mutex<Drawn?>(nil)
  private let arriving = Mutex<Drawn?>(nil)
  private let drawings = Atomic<Int>(0)
  private let drawnOver = Atomic<Int>(0)
  /// The last frames, the newest last (at most four).
  private let frames = Mutex<[Frame]>([])
  /// Whether the frame after the slide was drawn (``end()``).
  private let ended = Atomic<Bool>(false)

  /// Screens drawn into canvases from `pool` (new ones when `nil`), given back to it when the
  /// transition is gone.
  package init(pool: CanvasPool? = nil) {
    self.pool = pool
  }

  deinit {
    guard let pool else { return }
    // Nothing else holds the screens now: the next slide draws into the same memory.
    for side in [leaving.withLock { $0.take() }, arriving.withLock { $0.take() }] {
      if let side { pool.keep(side.side.canvas) }
    }
  }

  /// The screen being left, `width` × `height`, in `theme`: drawn by `draw` the first time and
  /// whenever the size or the theme changes.
  package func outgoing(
    width: Int, height: Int, theme: Theme, draw: (inout Canvas) -> Void
  ) -> Side {
    canvas(in: leaving, width: width, height: height, theme: theme, editor: nil, reusable: true) {
      canvas in
      draw(&canvas)
      return false
    }
  }

  /// The screen arriving, `width` × `height`, in `theme`, showing `editor`.
  ///
  /// Drawn by `draw` the first time, whenever one of those changes, and at every frame when it is not
  /// `reusable` (something on it moves by itself). `draw` returns whether a stage was drawn.
  package func incoming(
    width: Int, height: Int, theme: Theme, editor: StepEditor?, reusable: Bool,
    draw: (inout Canvas) -> Bool
  ) -> Side {
    canvas(
      in: arriving, width: width, height: height, theme: theme, editor: editor,
      reusable: reusable, draw: draw)
  }

  private func canvas(
    in side: borrowing Mutex<Drawn?>, width: Int, height: Int, theme: Theme,
    editor: StepEditor?, reusable: Bool, draw: (inout Canvas) -> Bool
  ) -> Side {
    side.withLock { drawn in
      if reusable, let kept = drawn, kept.side.canvas.width == width,
        kept.side.canvas.height == height, kept.theme == theme, kept.editor == editor
      {
        return kept.side
      }
      // Drawn again into the same memory when the size is the same (taken out of the cache
      // first, so that it is not shared while it changes); else into the pool's.
      var canvas: Canvas
      if var kept = drawn.take()?.side.canvas, kept.width == width, kept.height == height {
        kept.clear(style: theme.text)
        canvas = kept
      } else if let pool {
        canvas = pool.canvas(width: width, height: height, style: theme.text)
      } else {
        canvas = Canvas(width: width, height: height, style: theme.text)
      }
      let stageDrawn = draw(&canvas)
      let side = Side(
        canvas: canvas,
        spans: canvas.contentSpans(blank: Cell(grapheme: .space, style: theme.text)),
        drawing: drawings.wrappingAdd(1, ordering: .relaxed).newValue, stageDrawn: stageDrawn)
      drawn = Drawn(side: side, theme: theme, editor: editor)
      return side
    }
  }

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
