import StepFlowCore

/// When colours are used (`--color`), and the environment's conventions for `auto`
/// (`NO_COLOR`, `CLICOLOR_FORCE`, `TERM=dumb`).
public enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour only on a terminal, honouring `NO_COLOR`, `CLICOLOR_FORCE` and `TERM=dumb`.
  case auto
  /// Colour always, as deep as the terminal says it shows (`COLORTERM`, `TERM`), at least 16.
  case always
  /// No colour: reached, current and pending steps still differ by their glyphs.
  case never

  /// The colour depth to use, or `nil` for no colour at all.
  package func depth(environment: [String: String], isTerminal: Bool) -> ColorDepth? {
    let detected = ColorDepth.detect(environment: environment)
    switch self {
    case .never: return nil
    case .always: return detected == .none ? .ansi16 : detected
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
      if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
        return detected == .none ? .ansi16 : detected
      }
      guard isTerminal, environment["TERM"] != "dumb" else { return nil }
      return detected == .none ? nil : detected
    }
  }
}
