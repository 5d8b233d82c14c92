/// Where a flow stands: how many steps are reached and which one is current.
///
/// The reached steps are always a prefix of the steps in order (`0..<reachedCount`) and the
/// current step is one of them, so the whole state is two integers: moving, rendering and
/// saving cost the same for a 4-step flow and a 10,000-step one. A flow that starts with nothing
/// reached (a rating) has no current step until something is reached.
public struct Progression: Hashable, Sendable {
  /// The number of steps in the flow (at least 1).
  public let count: Int
  /// Whether the flow starts with nothing reached (a rating), rather than with the first step.
  public let startsEmpty: Bool
  /// How many steps, from the first, are reached.
  public private(set) var reachedCount: Int
  /// The index of the current step; `nil` only when nothing is reached.
  public private(set) var current: Int?

  /// A flow at its start: the first step reached and current, or nothing when `startsEmpty`.
  public init(count: Int, startsEmpty: Bool = false) {
    self.count = max(1, count)
    self.startsEmpty = startsEmpty
    reachedCount = startsEmpty ? 0 : 1
    current = startsEmpty ? nil : 0
  }

  /// A flow restored at a given place (clamped into a valid state).
  public init(count: Int, startsEmpty: Bool, reachedCount: Int, current: Int?) {
    self.init(count: count, startsEmpty: startsEmpty)
    let reached = min(self.count, max(startsEmpty ? 0 : 1, reachedCount))
    self.reachedCount = reached
    self.current = reached == 0 ? nil : min(reached - 1, max(0, current ?? reached - 1))
  }

  /// Why a move did not happen.
  public enum Refusal: Error, Equatable, Sendable {
    /// `next` on the last step.
    case atLastStep
    /// `previous` or `back` on the first step.
    case atFirstStep
    /// `back` with only one step reached.
    case nothingToUndo
    /// A step number outside 1…count.
    case noSuchStep(number: Int)
    /// `tap N` on a step that is not reached yet.
    case notReached(index: Int)
    /// `tap N` on a step whose condition does not hold.
    case skipped(index: Int)
  }

  /// Whether step `index` is reached.
  public func isReached(_ index: Int) -> Bool { index < reachedCount }

  /// Whether the current step is the last one.
  public var isAtLastStep: Bool { current == count - 1 }

  /// `next`: the step after the current one becomes current and is reached (clamped at the end).
  public mutating func next() -> Refusal? {
    guard let c = current else {
      reachedCount = 1
      current = 0
      return nil
    }
    guard c + 1 < count else { return .atLastStep }
    current = c + 1
    reachedCount = max(reachedCount, c + 2)
    return nil
  }

  /// `previous`: the step before becomes current; the reached steps stay reached.
  public mutating func previous() -> Refusal? {
    guard let c = current, c > 0 else { return .atFirstStep }
    current = c - 1
    return nil
  }

  /// `back` (the Back button): un-reach the current step and every step after it, and go to the one
  /// before.
  ///
  /// Refused when only one step is reached or the current step is first.
  ///
  /// In a flow that starts empty, going back from the first step un-reaches it too.
  public mutating func back() -> Refusal? {
    guard let c = current else { return .nothingToUndo }
    if c == 0 {
      guard startsEmpty else { return reachedCount > 1 ? .atFirstStep : .nothingToUndo }
      reachedCount = 0
      current = nil
      return nil
    }
    guard reachedCount > 1 else { return .nothingToUndo }
    reachedCount = c
    current = c - 1
    return nil
  }

  /// Revisits step `number` (counted from 1) if it is reached.
  public mutating func revisit(_ number: Int) -> Refusal? {
    guard (1...count).contains(number) else { return .noSuchStep(number: number) }
    guard isReached(number - 1) else { return .notReached(index: number - 1) }
    current = number - 1
    return nil
  }

  /// Reaches exactly the first `number` steps, the last of them current (a rating of `number`).
  public mutating func reach(exactly number: Int) -> Refusal? {
    guard (1...count).contains(number) else { return .noSuchStep(number: number) }
    reachedCount = number
    current = number - 1
    return nil
  }

  /// Back to the start.
  public mutating func reset() {
    self = Progression(count: count, startsEmpty: startsEmpty)
  }
}
