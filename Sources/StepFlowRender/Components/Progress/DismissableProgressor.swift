import StepFlowCore

/// Makes an indicator dismissable by a key (the seed's `.dismissable`, where a tap dismisses).
///
/// It draws nothing. The indicator it belongs to reports ``ProgressorView/isDismissable``, and
/// ``ProgressIndicators/dismiss(by:at:)`` dismisses every such indicator when a key in
/// ``dismissKeys`` is pressed.
public struct DismissableProgressor: ProgressorView {
  /// The keys that dismiss: Esc, Enter, Space and `q`.
  public static let dismissKeys: [Key] = [.escape, .enter, .character(" "), .character("q")]

  public init() {}

  public var isDismissable: Bool { true }

  /// Whether `key` dismisses a dismissable indicator.
  public static func dismisses(_ key: Key) -> Bool {
    dismissKeys.contains(key)
  }

  public func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {}
}
