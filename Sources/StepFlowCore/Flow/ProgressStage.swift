/// A step's progress stage: work the step shows progress for, lasting `duration`, after which
/// an automatic run moves on.
public struct ProgressStage: Equatable, Sendable {
  /// The indicators to show, by name: `bar`, `ring`, `label`, `spinner`.
  public var indicators: [String]
  /// How long the work takes.
  public var duration: Duration
  /// Text shown with the indicator (`Preparing order`).
  public var label: String?

  /// A stage of `duration`, shown by `indicators`.
  public init(indicators: [String], duration: Duration, label: String? = nil) {
    self.indicators = indicators
    self.duration = duration
    self.label = label
  }
}
