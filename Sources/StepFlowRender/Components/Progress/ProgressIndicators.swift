import StepFlowCore

/// Progress indicators on any number of screen regions, held as a value: no global state.
///
/// Each region, identified by a key of your choice, shows at most one indicator made of
/// progressors (``ProgressorType``). Everything takes the time `now` (time since the session
/// started) and nothing reads a clock: completions are kept with the time they are due and run
/// by ``advance(to:)``, which also returns them as ``ProgressEvent``s. Draw a region with
/// ``render(_:into:area:at:glyphs:)`` wherever the layout puts it, and ask
/// ``nextDeadline(after:)`` when the next frame is needed.
///
/// ```swift
/// var progress = ProgressIndicators<String>()
/// try progress.start(in: "photo", .blur(.dark), .sync([.ring(), .label()]), at: now) {
///   // the ring and the label have faded in
/// }
/// progress.update(0.37, in: "photo", at: now)
/// progress.end(in: "photo", at: now) { /* the ring closed, counted to 100 % and faded out */ }
/// progress.advance(to: now)  // runs the completions that are due
/// ```
///
/// Every completion runs exactly once: a start completion when the start animations are done
/// (at once if the region is dismissed or started again before), an end completion when the
/// indicator is gone, a dismiss completion at the time of the dismiss.
public struct ProgressIndicators<Region: Hashable & Sendable>: Sendable {
  /// Fades, ending duration and frame rate; see ``ProgressTiming``.
  public var timing: ProgressTiming
  /// The custom progressors `.custom(identifier:parameter:)` may name.
  public var registry: ProgressorRegistry

  @usableFromInline var indicators: [Region: ProgressIndicator] = [:]
  @usableFromInline var pending: [PendingCompletion] = []
  private var sequence = 0

  /// A completion waiting for its time.
  @usableFromInline struct PendingCompletion: Sendable {
    var due: Duration
    var order: Int
    var event: ProgressEvent<Region>
    var action: (@Sendable () -> Void)?
  }

  /// No indicator yet; `timing` for all of them, `registry` for custom progressors.
  public init(timing: ProgressTiming = ProgressTiming(), registry: ProgressorRegistry = .init()) {
    self.timing = timing
    self.registry = registry
  }

  /// How long a progressor fades in or out; 0.2 s by default.
  public var fadingDuration: Duration {
    get { timing.fadingDuration }
    set { timing.fadingDuration = newValue }
  }

  /// The ending animation's duration from 0 %; 1 s by default.
  ///
  /// Ending from `p` takes `(1 − p)` of it.
  public var maxEndingDuration: Duration {
    get { timing.maxEndingDuration }
    set { timing.maxEndingDuration = newValue }
  }

  /// Registers a custom progressor type under an identifier for `.custom(identifier:parameter:)`.
  public mutating func register<P: ProgressorView>(_ type: P.Type, identifier: String) {
    registry.register(type, identifier: identifier)
  }

  // MARK: Start, update, end, dismiss

  /// Starts an indicator made of `progressors` on `region` at `now`, replacing (dismissing) one
  /// already there.
  ///
  /// `completion` runs when every start animation has finished.
  ///
  /// - Throws: ``ProgressError/unknownProgressor(identifier:registered:)`` for an unregistered
  ///   custom progressor; nothing is started then.
  public mutating func start(
    in region: Region, _ progressors: [ProgressorType], at now: Duration,
    completion: (@Sendable () -> Void)? = nil
  ) throws(ProgressError) {
    let indicator = try ProgressIndicator(
      progressors, at: now, timing: timing, registry: registry)
    if indicators[region] != nil { settle(region, at: now) }
    indicators[region] = indicator
    schedule(.started(region), at: indicator.startFinish, completion)
  }

  /// Starts an indicator; the progressors listed start one after the other (members of
  /// ``ProgressorType/sync(_:)`` together).
  public mutating func start(
    in region: Region, _ progressors: ProgressorType..., at now: Duration,
    completion: (@Sendable () -> Void)? = nil
  ) throws(ProgressError) {
    try start(in: region, progressors, at: now, completion: completion)
  }

  /// Sets the completion ratio (clamped to 0…1) of the indicator on `region`; nothing happens
  /// when there is none or it is ending.
  public mutating func update(_ ratio: Double, in region: Region, at now: Duration) {
    indicators[region]?.update(ratio)
  }

  /// Ends the indicator on `region`: after the start animations, each progressor in reverse order
  /// runs its ending animation — the label counts up to 100 %, the bar fills, the ring closes, in
  /// `(1 − ratio) × maxEndingDuration` — and fades out.
  ///
  /// `completion` runs when the indicator is gone (at once when there is none). Ending twice
  /// changes nothing, but each completion still runs when the indicator is gone.
  public mutating func end(
    in region: Region, at now: Duration, completion: (@Sendable () -> Void)? = nil
  ) {
    let due = indicators[region]?.end(at: now, timing: timing) ?? now
    schedule(.ended(region), at: due, completion)
  }

  /// Removes the indicator on `region` at once, without an ending animation.
  ///
  /// Its pending completions and then `completion` run at the next ``advance(to:)``.
  public mutating func dismiss(
    in region: Region, at now: Duration, completion: (@Sendable () -> Void)? = nil
  ) {
    settle(region, at: now)
    indicators[region] = nil
    schedule(.dismissed(region), at: now, completion)
  }

  /// Dismisses every dismissable indicator (started with `.dismissable`) when `key` is one of
  /// ``DismissableProgressor/dismissKeys``.
  /// - Returns: the regions dismissed.
  @discardableResult
  public mutating func dismiss(by key: Key, at now: Duration) -> [Region] {
    guard DismissableProgressor.dismisses(key) else { return [] }
    let regions = indicators.filter { $0.value.isDismissable }.map(\.key)
    for region in regions { dismiss(in: region, at: now) }
    return regions
  }

  // MARK: Time

  /// Removes the indicators that are gone by `now` and runs the completions that are due, in
  /// the order of their times (and of their calls, for equal times).
  ///
  /// Asked at every tick of any animation: with nothing shown or waiting it returns at once,
  /// in the caller's own code (a call into the generic code costs more than the check).
  /// - Returns: the events of the completions that ran.
  @discardableResult @inlinable
  public mutating func advance(to now: Duration) -> [ProgressEvent<Region>] {
    guard !isIdle else { return [] }
    return advanceAll(to: now)
  }

  /// Whether no indicator shows and no completion waits.
  @inlinable var isIdle: Bool { indicators.isEmpty && pending.isEmpty }

  /// ``advance(to:)`` when something shows or waits.
  @usableFromInline mutating func advanceAll(to now: Duration) -> [ProgressEvent<Region>] {
    for (region, indicator) in indicators {
      if let finish = indicator.endFinish, finish <= now { indicators[region] = nil }
    }
    // Asked at every tick of an animation: nothing is gathered when nothing is due.
    guard pending.contains(where: { $0.due <= now }) else { return [] }
    let due = pending.filter { $0.due <= now }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
    pending.removeAll { $0.due <= now }
    for completion in due { completion.action?() }
    return due.map(\.event)
  }

  /// The next time after `now` at which a frame is needed or a completion is due (`now` itself
  /// for a completion already due but not yet run); `nil` when nothing moves or waits — an
  /// endless progressor or a spinner always moves, a proportional bar between updates does not.
  @inlinable
  public func nextDeadline(after now: Duration) -> Duration? {
    isIdle ? nil : nextDeadlineOfAll(after: now)
  }

  /// ``nextDeadline(after:)`` when something shows or waits.
  @usableFromInline func nextDeadlineOfAll(after now: Duration) -> Duration? {
    var next: Duration?
    for completion in pending {
      let due = max(completion.due, now)
      next = min(next ?? due, due)
    }
    for indicator in indicators.values {
      if let frame = indicator.nextFrame(after: now, frameInterval: timing.frameInterval) {
        next = min(next ?? frame, frame)
      }
    }
    return next
  }

  // MARK: Drawing and state

  /// Draws the indicator on `region` (if any) over what `canvas` holds in `area`.
  public func render(
    _ region: Region, into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs
  ) {
    indicators[region]?.render(into: &canvas, area: area, at: now, glyphs: glyphs)
  }

  /// Draws the indicator of every region that has an area in `areas` (regions whose areas
  /// overlap are drawn in no particular order; draw them one by one to choose).
  public func render(
    into canvas: inout Canvas, areas: [Region: Rect], at now: Duration, glyphs: Glyphs
  ) {
    for (region, area) in areas {
      render(region, into: &canvas, area: area, at: now, glyphs: glyphs)
    }
  }

  /// The regions with an indicator (ending ones included, until ``advance(to:)`` removes them).
  public var regions: [Region] { Array(indicators.keys) }

  /// Whether `region` has an indicator.
  public func isShowing(_ region: Region) -> Bool { indicators[region] != nil }

  /// Whether the indicator on `region` is ending.
  public func isEnding(_ region: Region) -> Bool { indicators[region]?.isEnding ?? false }

  /// The completion ratio of the indicator on `region`.
  public func progress(in region: Region) -> Double? { indicators[region]?.progress }

  /// Whether the indicator on `region` can be dismissed by a key.
  public func isDismissable(_ region: Region) -> Bool {
    indicators[region]?.isDismissable ?? false
  }

  // MARK: Completions

  private mutating func schedule(
    _ event: ProgressEvent<Region>, at due: Duration, _ action: (@Sendable () -> Void)?
  ) {
    sequence += 1
    pending.append(PendingCompletion(due: due, order: sequence, event: event, action: action))
  }

  /// Moves the region's pending completions to `now`: its indicator is going away.
  private mutating func settle(_ region: Region, at now: Duration) {
    for i in pending.indices where pending[i].event.region == region && pending[i].due > now {
      pending[i].due = now
    }
  }
}

/// A completion that ran, as data: which region, and what finished.
public enum ProgressEvent<Region: Hashable & Sendable>: Hashable, Sendable {
  /// The start animations finished.
  case started(Region)
  /// The ending animation finished and the indicator is gone.
  case ended(Region)
  /// The indicator was dismissed.
  case dismissed(Region)

  /// The region the event is about.
  public var region: Region {
    switch self {
    case .started(let region), .ended(let region), .dismissed(let region): return region
    }
  }
}
