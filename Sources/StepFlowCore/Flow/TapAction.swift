/// What a tap on a step does: the answer of a flow's ``TapAction``, which says what happens
/// instead of doing it, so that the update stays pure and a test can read the answer.
public enum TapResponse: Hashable, Sendable {
  /// Go to the tapped step: back to it when it is reached, or forward to it, every step on the
  /// way answered as Next would ask (a step that is not answered refuses, naming itself).
  case move
  /// Rate N: the first N steps reached, the Nth current (a rating flow's tap).
  case rate(Int)
  /// Stay, and show this message (as any refused command does).
  case refuse(String)
  /// Nothing happens, and nothing is said (a strip that only shows progress).
  case nothing
}

/// What a ``TapAction`` is told about a tap: which step, and where the flow stands.
public struct TapContext: Sendable {
  /// The tapped step, counted from 0 (`tap 2` is index 1).
  public let index: Int
  /// How many steps the flow has.
  public let stepCount: Int
  /// How many steps are reached (they are always the first ones).
  public let reachedCount: Int
  /// The step shown, from 0; `nil` only while nothing is rated in a rating flow.
  public let current: Int?
  /// Every answer given so far, by field id.
  public let answers: [String: FieldValue]
  /// What the built-in flows do for this tap: revisit a reached step (refusing one that is not
  /// reached, or skipped by its condition), and in a rating flow rate N.
  public let standardResponse: TapResponse

  /// A context for a tap; `standardResponse` is what the built-in flows answer.
  public init(
    index: Int, stepCount: Int, reachedCount: Int, current: Int?, answers: [String: FieldValue],
    standardResponse: TapResponse
  ) {
    self.index = index
    self.stepCount = stepCount
    self.reachedCount = reachedCount
    self.current = current
    self.answers = answers
    self.standardResponse = standardResponse
  }

  /// Whether the tapped step is reached.
  public var isReached: Bool { index < reachedCount }
}

/// What a tap on a step of the strip does — by key N, by the `tap N` command, or by a click on
/// the step — decided by the flow, not by the runner.
///
/// The built-in flows use ``standard``: revisit a reached step, rate N in a rating flow.
///
/// ```swift
/// // Only the steps already passed can be tapped, and never the last one.
/// let action = TapAction { index, context in
///   guard index < context.stepCount - 1 else { return .refuse("the receipt cannot be reopened") }
///   return context.isReached ? .move : .nothing
/// }
/// ```
///
/// Two actions are equal when they are the same action (made by the same call): closures
/// cannot be compared.
public struct TapAction: Sendable, Equatable {
  private final class Identity: Sendable {}

  private let respond: @Sendable (Int, TapContext) -> TapResponse
  private let identity = Identity()

  /// An action that answers every tap with `respond(index, context)`.
  public init(_ respond: @escaping @Sendable (_ index: Int, _ context: TapContext) -> TapResponse) {
    self.respond = respond
  }

  /// What the built-in flows do: ``TapContext/standardResponse``.
  public static let standard = TapAction { _, context in context.standardResponse }

  /// What the tap on step `index` (from 0) does.
  public func response(toTap index: Int, context: TapContext) -> TapResponse {
    respond(index, context)
  }

  /// Whether the two are the same action (identity: closures cannot be compared).
  public static func == (a: TapAction, b: TapAction) -> Bool { a.identity === b.identity }
}
