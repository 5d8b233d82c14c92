import StepFlowCore

extension Canvas {
  /// The canvas as lines of text with ANSI styles (SGR) for a colour depth — each line ends
  /// with its style reset, colours reduced to `depth` (`.none`: attributes only).
  ///
  /// For a program that prints a drawing rather than run a screen: a strip, a progress bar,
  /// a frame.
  public func ansiLines(depth: ColorDepth) -> [String] {
    ANSI.styledLines(of: self, depth: depth)
  }

  /// The canvas as text with ANSI styles for a colour depth: ``ansiLines(depth:)`` joined by
  /// newlines.
  public func ansiText(depth: ColorDepth) -> String {
    ansiLines(depth: depth).joined(separator: "\n")
  }
}
