import StepFlowCore
import StepFlowJSON
import StepFlowRender
import StepFlowTerminal
import StepFlowWizards

/// Where a run's commands come from.
package enum ScriptSourceKind {
  case items([(number: Int, line: String)], label: String)
  case stdin
}

/// The run options after parsing and after reading the environment.
package struct RunSettings {
  package var commands: String?
  package var script: String?
  package var frames: Bool
  package var width: Int
  package var height: Int
  package var color: String
  package var glyphs: GlyphStyle
  package var position: ExtraContentPosition?
  package var animationAllowed: Bool
  package var plain: Bool
  package var output: FlowResult.Format
  package var auto: Bool
  package var answersFile: String?
  package var stateFile: String?
  package var resume: Bool
  package var timeout: Duration?
  /// `--timeout` as given, for messages.
  package var timeoutText = ""
  package var environment: [String: String]
  /// What fields see of the machine: today, the file system, this environment.
  package var fieldContext: FieldContext
  /// Called with the final state when the run ends (a Swift program's typed result).
  package var onEnd: ((FlowState) -> Void)? = nil

  package init(
    _ parsed: ParsedArguments, environment: [String: String], rating: Bool, usage: String
  )
    throws(UsageError)
  {
    self.environment = environment
    fieldContext = Platform.fieldContext(environment: environment)
    commands = parsed["--commands"]
    script = parsed["--script"]
    if commands != nil && script != nil {
      throw UsageError("give either --commands or --script, not both", usage: usage)
    }
    frames = parsed.has("--frames")
    width = try ArgumentParser.integer(parsed, "--width", in: 10...1000, usage: usage) ?? 80
    height = try ArgumentParser.integer(parsed, "--height", in: 5...1000, usage: usage) ?? 24
    color =
      try ArgumentParser.choice(
        parsed, "--color", among: ["auto", "always", "never"], usage: usage)
      ?? "auto"
    let glyphName = try ArgumentParser.choice(
      parsed, "--glyphs", among: GlyphStyle.allCases.map(\.rawValue), usage: usage)
    glyphs =
      glyphName.flatMap(GlyphStyle.init(rawValue:)) ?? GlyphStyle.detect(environment: environment)
    let positionName = try ArgumentParser.choice(
      parsed, "--position", among: ExtraContentPosition.allCases.map(\.rawValue), usage: usage)
    position = positionName.flatMap(ExtraContentPosition.init(rawValue:))
    let reduced = environment["STEPFLOW_REDUCED_MOTION"].map { !$0.isEmpty && $0 != "0" } ?? false
    animationAllowed = !parsed.has("--no-animation") && !reduced
    let accessible = environment["ACCESSIBLE"].map { !$0.isEmpty && $0 != "0" } ?? false
    plain = parsed.has("--plain") || accessible || environment["TERM"] == "dumb"
    let outputName = try ArgumentParser.choice(
      parsed, "--output", among: FlowResult.Format.allCases.map(\.rawValue), usage: usage)
    output = outputName.flatMap(FlowResult.Format.init(rawValue:)) ?? (rating ? .text : .json)
    auto = parsed.has("--auto")
    answersFile = parsed["--answers"]
    stateFile = parsed["--state"]
    resume = parsed.has("--resume")
    if resume && stateFile == nil {
      throw UsageError("--resume needs --state FILE (the file to resume from)", usage: usage)
    }
    if let text = parsed["--timeout"] {
      guard let seconds = Double(text), seconds > 0, seconds < 1e9 else {
        throw UsageError(
          "option --timeout needs a number of seconds above 0, not \"\(Sanitizer.sanitize(text))\"",
          usage: usage)
      }
      timeout = .milliseconds(Int64(seconds * 1000))
      timeoutText = text
    }
  }

  /// Whether the run is full screen on the terminal: no script, no frames, not plain, and
  /// stdin is a terminal (commands piped into stdin are a script).
  package var isInteractive: Bool {
    commands == nil && script == nil && !frames && !plain && Platform.isTerminal(0)
  }

  /// Whether to write the text form after every command: when commands come from stdin
  /// (piped, or a person typing in plain mode) rather than a script given up front.
  package func announce(source: ScriptSourceKind) -> Bool {
    if case .stdin = source { return script == nil && !frames }
    return false
  }

  /// The colour depth of printed frames, `nil` for plain text.
  package var frameDepth: ColorDepth? {
    ColorChoice.depth(choice: color, environment: environment, isTerminal: Platform.isTerminal(1))
  }
}

/// `--color` and the environment conventions (NO_COLOR, CLICOLOR_FORCE, TERM=dumb).
package enum ColorChoice {
  /// The colour depth to use, or `nil` for no colour at all.
  package static func depth(choice: String, environment: [String: String], isTerminal: Bool)
    -> ColorDepth?
  {
    let detected = ColorDepth.detect(environment: environment)
    switch choice {
    case "never": return nil
    case "always": return detected == .none ? .ansi16 : detected
    default:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
      if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" {
        return detected == .none ? .ansi16 : detected
      }
      guard isTerminal, environment["TERM"] != "dumb" else { return nil }
      return detected == .none ? nil : detected
    }
  }
}
