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
package final class SlideCanvases: Equatable, Sendable {
  /// One side of the slide as it was drawn, and what it was drawn for.
  private struct Drawn {
    var canvas: Canvas
    var theme: Theme
    var editor: StepEditor?
    var stageDrawn: Bool
  }

  private let leaving = Mutex<Drawn?>(nil)
  private let arriving = Mutex<Drawn?>(nil)

  package init() {}

  /// The screen being left, `width` × `height`, in `theme`: drawn by `draw` the first time and
  /// whenever the size or the theme changes.
  package func outgoing(
    width: Int, height: Int, theme: Theme, draw: (inout Canvas) -> Void
  ) -> Canvas {
    Self.canvas(
      in: leaving, width: width, height: height, theme: theme, editor: nil, reusable: true
    ) { canvas in
      draw(&canvas)
      return false
    }.canvas
  }

  /// The screen arriving, `width` × `height`, in `theme`, showing `editor`: drawn by `draw`
  /// the first time, whenever one of those changes, and at every frame when it is not
  /// `reusable` (something on it moves by itself).
  /// - Returns: the canvas and what `draw` returned (whether a stage was drawn).
  package func incoming(
    width: Int, height: Int, theme: Theme, editor: StepEditor?, reusable: Bool,
    draw: (inout Canvas) -> Bool
  ) -> (canvas: Canvas, stageDrawn: Bool) {
    Self.canvas(
      in: arriving, width: width, height: height, theme: theme, editor: editor,
      reusable: reusable, draw: draw)
  }

  private static func canvas(
    in side: borrowing Mutex<Drawn?>, width: Int, height: Int, theme: Theme,
    editor: StepEditor?, reusable: Bool, draw: (inout Canvas) -> Bool
  ) -> (canvas: Canvas, stageDrawn: Bool) {
    side.withLock { drawn in
      if reusable, let kept = drawn, kept.canvas.width == width, kept.canvas.height == height,
        kept.theme == theme, kept.editor == editor
      {
        return (kept.canvas, kept.stageDrawn)
      }
      // Drawn again into the same memory when the size is the same (taken out of the cache
      // first, so that it is not shared while it changes).
      var canvas = drawn.take()?.canvas ?? Canvas(width: 0, height: 0)
      if canvas.width == width, canvas.height == height {
        canvas.clear(style: theme.text)
      } else {
        canvas = Canvas(width: width, height: height, style: theme.text)
      }
      let stageDrawn = draw(&canvas)
      drawn = Drawn(canvas: canvas, theme: theme, editor: editor, stageDrawn: stageDrawn)
      return (canvas, stageDrawn)
    }
  }

  /// Always `true`: the canvases follow from the transition.
  package static func == (a: SlideCanvases, b: SlideCanvases) -> Bool { true }
}
