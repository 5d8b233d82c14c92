/// A view a program wrote in Swift — a custom strip cell, a custom step screen — kept in a flow's
/// description.
///
/// The pure core only keeps it and compares it by identity; the drawing layers (`StepFlowRender`,
/// `StepFlow`) give it its meaning. Programs make one through those layers
/// (`StripStyle(position:content:extra:)`, `ScreenBlock.custom(_:)`), never directly.
public struct CustomView: Hashable, Sendable {
  /// What the drawing layer stored: its own box around the view.
  package let object: any AnyObject & Sendable
  /// A step screen's keys and the fields it answers, when it takes the focus.
  package let keys: ScreenKeys?

  /// Keeps `object`, with what the update needs to know about the view.
  package init(_ object: any AnyObject & Sendable, keys: ScreenKeys? = nil) {
    self.object = object
    self.keys = keys
  }

  /// Whether the view takes the focus (and keys) on a step's screen.
  package var takesFocus: Bool { keys != nil }

  /// The fields of the step the view answers itself (the form leaves them out).
  package var fieldIDs: [String] { keys?.fieldIDs ?? [] }

  /// Whether the two keep the same view (identity: views are not compared by content).
  public static func == (a: CustomView, b: CustomView) -> Bool { a.object === b.object }

  /// Hashes the view's identity, as ``==`` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}
