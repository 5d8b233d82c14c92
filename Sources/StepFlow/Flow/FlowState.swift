/// The state of a running flow: where it stands, what was answered, what is selected.
///
/// A value: copying it is how a transition keeps the screen it leaves.
public struct FlowState: Equatable, Sendable {
  /// Whether the flow is still running.
  public enum Status: Equatable, Sendable {
    case running
    case finished
    case cancelled
  }

  public var progression: Progression
  public var status: Status = .running
  /// The selected tab of each step that has tabs, by step index (0 when absent).
  public var selectedTabs: [Int: Int] = [:]

  /// A flow at its start.
  public init(flow: FlowDefinition) {
    progression = Progression(count: flow.steps.count, startsEmpty: flow.startsEmpty)
  }

  /// The selected tab of a step.
  public func selectedTab(ofStep index: Int) -> Int { selectedTabs[index] ?? 0 }

  /// The rating: how many steps are reached (rating flows).
  public var rating: Int { progression.reachedCount }
}

/// Which way a step change goes: forward pushes the new screen in from the trailing edge.
public enum Direction: Equatable, Sendable {
  case forward
  case backward
}

/// What applying a command did.
public enum Outcome: Equatable, Sendable {
  /// The current step changed.
  case moved(from: Int?, to: Int?, direction: Direction)
  /// The selected tab of the current step changed.
  case tabChanged(from: Int, to: Int)
  /// Something changed on the current step (an answer, the focus).
  case changed
  /// The command was refused; the state is unchanged. The message says why.
  case refused(String)
  /// The flow was finished.
  case finished
  /// The flow was cancelled.
  case cancelled
}
