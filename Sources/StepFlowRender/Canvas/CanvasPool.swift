import Synchronization

/// Canvases to draw frame after frame into the same memory: a screen of 400×120 is 48,000
/// cells, and making one anew for every frame of an animation costs more than drawing it (the
/// fresh pages fault in the kernel).
///
/// The pool hands out the canvas it was given back the longest ago, cleared. Whoever draws
/// the frames keeps at most the last one (the frame writer compares the next with it), so a
/// view asks for any but that one (`sparingLast`): the one handed out is no longer shared and
/// is changed in place; were it still shared, it would be copied first, as any value is — a
/// pool never changes a canvas someone else holds (``canvasesCopied`` counts those copies).
///
/// ```swift
/// var canvas = pool.canvas(width: 80, height: 24, style: theme.text)
/// // … draw …
/// pool.keep(canvas)
/// return canvas
/// ```
package final class CanvasPool: Sendable {
  /// The canvases given back, the oldest first (at most ``capacity``).
  private let spare = Mutex<[Canvas]>([])
  /// How many canvases the pool keeps: the frame being drawn and the one before it.
  package static let capacity = 2
  private let made = Atomic<Int>(0)
  private let copied = Atomic<Int>(0)

  /// How many canvases ``canvas(width:height:style:sparingLast:)`` made anew (none reused),
  /// for tests.
  package var canvasesMade: Int { made.load(ordering: .relaxed) }

  /// How many canvases it handed out were still shared, and so copied whole to be cleared,
  /// for tests: a frame's canvas should never be.
  package var canvasesCopied: Int { copied.load(ordering: .relaxed) }

  package init() {}

  /// A canvas of this size with every cell a blank in `style`: the oldest one given back if
  /// it has the size, else a new one.
  ///
  /// `sparingLast`: not the one given back last, which the frame writer still holds (an
  /// animation's frames take turns in two canvases, and the pool grows to two at its second
  /// frame instead of copying the first).
  package func canvas(width: Int, height: Int, style: Style, sparingLast: Bool = false)
    -> Canvas
  {
    var reused = spare.withLock { spare -> Canvas? in
      guard
        let i = spare.dropLast(sparingLast ? 1 : 0).firstIndex(where: {
          $0.width == width && $0.height == height
        })
      else { return nil }
      return spare.remove(at: i)
    }
    // Taken out of the optional, so that the canvas is not shared while it is cleared.
    guard var canvas = reused.take() else {
      made.wrappingAdd(1, ordering: .relaxed)
      return Canvas(width: width, height: height, style: style)
    }
    let before = canvas.storageAddress
    canvas.clear(style: style)
    if canvas.storageAddress != before { copied.wrappingAdd(1, ordering: .relaxed) }
    return canvas
  }

  /// A canvas given back, as it was (not cleared), whose frame number `wanted` says yes to.
  ///
  /// For a view that draws a frame by changing what differs in an earlier
  /// one. The oldest of those `wanted` says yes to, or `nil`.
  package func reuse(width: Int, height: Int, wanted: (UInt64) -> Bool) -> Canvas? {
    var reused = spare.withLock { spare -> Canvas? in
      guard
        let i = spare.firstIndex(where: {
          $0.width == width && $0.height == height && $0.frameID != 0 && wanted($0.frameID)
        })
      else { return nil }
      return spare.remove(at: i)
    }
    return reused.take()
  }

  /// The canvas given back numbered `frameID` (``Canvas/frameID``), left in the pool and
  /// unchanged: to read what that frame showed.
  package func kept(frameID: UInt64, width: Int, height: Int) -> Canvas? {
    guard frameID != 0 else { return nil }
    return spare.withLock { spare in
      spare.last { $0.frameID == frameID && $0.width == width && $0.height == height }
    }
  }

  /// Gives a canvas back, to be handed out again once newer ones have been given back.
  package func keep(_ canvas: Canvas) {
    spare.withLock { spare in
      spare.append(canvas)
      if spare.count > Self.capacity { spare.removeFirst(spare.count - Self.capacity) }
    }
  }
}
