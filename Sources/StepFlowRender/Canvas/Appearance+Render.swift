import StepFlowCore

// The part of the appearance model (Core) that needs the renderer's cell style.

extension Theme {
  /// The base style of text on this theme's background.
  public var text: Style { Style(foreground: foreground, background: background) }
}
