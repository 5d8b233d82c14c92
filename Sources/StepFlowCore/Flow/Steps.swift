import StepFlowJSON

extension CaseIterable where Self: Equatable {
  /// The case after this one in `allCases`, or this one when it is the last (the seed's
  /// clamped `next()`).
  public func next() -> Self {
    let all = Self.allCases
    guard let index = all.firstIndex(of: self) else { return self }
    let after = all.index(after: index)
    return after == all.endIndex ? self : all[after]
  }

  /// The case before this one in `allCases`, or this one when it is the first.
  public func previous() -> Self {
    let all = Self.allCases
    guard let index = all.firstIndex(of: self), index != all.startIndex else { return self }
    var before = all.startIndex
    var cursor = all.startIndex
    while cursor != index {
      before = cursor
      cursor = all.index(after: cursor)
    }
    return all[before]
  }

  /// The position of this case in `allCases`.
  public var stepIndex: Int {
    var i = 0
    for candidate in Self.allCases {
      if candidate == self { return i }
      i += 1
    }
    return i
  }
}

/// The steps of a flow written as one Swift enum: the ordered list of reached steps and the
/// current step, moved by the same commands as every stepflow flow.
///
/// ```swift
/// enum Checkout: String, CaseIterable { case cart, payment, shipping, done }
///
/// var steps = StepProgress<Checkout>()   // reached [.cart], current .cart
/// steps.next()                           // reached [.cart, .payment], current .payment
/// steps.back()                           // reached [.cart], current .cart
/// ```
public struct StepProgress<Step: CaseIterable & Hashable>: Hashable {
  /// The index-based state underneath (shared with wizard files).
  public private(set) var progression: Progression

  /// A flow at its start: the first step reached, or nothing when `startsEmpty` (a rating).
  public init(startsEmpty: Bool = false) {
    progression = Progression(count: Step.allCases.count, startsEmpty: startsEmpty)
  }

  /// The reached steps, in order: always a prefix of `Step.allCases`.
  public var reached: [Step] { Array(Step.allCases.prefix(progression.reachedCount)) }

  /// The current step (`nil` only when nothing is reached).
  public var current: Step? {
    guard let index = progression.current else { return nil }
    return Array(Step.allCases)[index]
  }

  /// Moves to the next step and reaches it; clamped at the last step.
  @discardableResult public mutating func next() -> Progression.Refusal? { progression.next() }

  /// Moves to the previous step, keeping what is reached.
  @discardableResult public mutating func previous() -> Progression.Refusal? {
    progression.previous()
  }

  /// Un-reaches the current step and moves to the previous one (the seed's Back button).
  @discardableResult public mutating func back() -> Progression.Refusal? { progression.back() }

  /// Revisits a reached step, counted from 1.
  @discardableResult public mutating func revisit(_ number: Int) -> Progression.Refusal? {
    progression.revisit(number)
  }

  /// Reaches exactly the first `number` steps (a rating).
  @discardableResult public mutating func reach(exactly number: Int) -> Progression.Refusal? {
    progression.reach(exactly: number)
  }

  /// Back to the start.
  public mutating func reset() { progression.reset() }
}
