import StepFlowCore

/// Makes an indicator dismissable by a key (on a terminal a key stands for a tap).
///
/// It draws nothing. The indicator it belongs to reports ``ProgressorView/isDismissable``, and
/// ``ProgressIndicators/dismiss(by:at:)`` dismisses every such indicator when a key in
/// ``dismissKeys`` is pressed.
public struct DismissableProgressor: ProgressorView {
  /// The keys that dismiss: Esc, Enter, Space and `q`.
  public static let dismissKeys: [Key] = [.escape, .enter, .character(" "), .character("q")]

  /// The marker; it has nothing to set.
  public init() {}

  /// Always: that is what it is for.
  public var isDismissable: Bool { true }

  /// Whether `key` dismisses a dismissable indicator.
  public static func dismisses(_ key: Key) -> Bool {
    dismissKeys.contains(key)
  }

  /// Draws nothing.
  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {}
}
