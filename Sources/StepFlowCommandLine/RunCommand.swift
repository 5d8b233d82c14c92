import StepFlow
import StepFlowTerminal
import StepFlowText

/// The command line of `run`, in one place: its options table (what the parser accepts and what
/// `--help` lists), argv into typed ``RunSettings``, and a run of a program's own flow with those
/// options.
///
/// `stepflow run NAME` and `stepflow rate` (`StepFlowCLI`) use the same.
package enum RunCommand {
  /// The options of `run` (and of `rate`, which adds its own), in the order `--help` lists them.
  package static let options: [OptionSpec] = [
    OptionSpec(
      "--commands", value: "TEXT", help: "scripted run: commands separated by ; or newlines"),
    OptionSpec(
      "--script", value: "FILE", help: "scripted run: one command a line (- = stdin)",
      completes: .file),
    OptionSpec(
      "--frames", help: "print every frame as text, each after a --- frame N: COMMAND --- line"),
    OptionSpec("--width", value: "W", help: "frame width without a terminal (default 80)"),
    OptionSpec("--height", value: "H", help: "frame height without a terminal (default 24)"),
    OptionSpec(
      "--color", value: "WHEN", help: "auto, always or never (honours NO_COLOR, CLICOLOR_FORCE)",
      completes: .words(ColorChoice.allCases.map(\.rawValue))),
    OptionSpec(
      "--glyphs", value: "SET", help: "emoji, unicode or ascii (default: from the locale)",
      completes: .words(GlyphStyle.allCases.map(\.rawValue))),
    OptionSpec(
      "--position", value: "POS", help: "extra content above, inline or ontop",
      completes: .words(ExtraContentPosition.allCases.map(\.rawValue))),
    OptionSpec(
      "--theme", value: "NAME",
      help: "colours over the wizard's: " + ThemePreset.names.joined(separator: ", "),
      completes: .words(ThemePreset.names)),
    OptionSpec("--no-animation", help: "no transitions (also STEPFLOW_REDUCED_MOTION=1)"),
    OptionSpec("--plain", help: "line-based accessible mode (also ACCESSIBLE=1, TERM=dumb)"),
    OptionSpec(
      "--output", value: "FORMAT",
      help: "the result on stdout: json, text (field: value lines) or none",
      completes: .words(FlowResult.Format.allCases.map(\.rawValue))),
    OptionSpec(
      "--auto", help: "stages and tasks start when their step is reached; done, it moves on"),
    OptionSpec("--dry-run", help: "print what each task would run (argv, cwd, env); run nothing"),
    OptionSpec(
      "--answers", value: "FILE", help: "pre-fill fields from a JSON object of answers",
      completes: .file),
    OptionSpec(
      "--state", value: "FILE", help: "save progress after every step (atomically)",
      completes: .file),
    OptionSpec("--resume", help: "continue from the --state file"),
    OptionSpec("--timeout", value: "SECONDS", help: "give up waiting for input (exit 124)"),
    OptionSpec(
      "--no-config", help: "do not read $XDG_CONFIG_HOME/stepflow/config.json: the defaults"),
  ]

  /// The settings the options of `run` ask for, on top of the environment's conventions.
  /// - Parameters:
  ///   - parsed: The command line, parsed with ``options``.
  ///   - environment: The process's environment.
  ///   - rating: Whether the flow is a rating (its result is the bare number unless `--output`
  ///     says otherwise).
  ///   - usage: The usage line for messages.
  ///   - user: What the user's config file asks for: under the environment and the options,
  ///     over the wizard's own.
  /// - Returns: The settings of the run.
  /// - Throws: A ``UsageError`` naming the first bad option or value.
  package static func settings(
    _ parsed: ParsedArguments, environment: [String: String], rating: Bool, usage: String,
    user: UserSettings = UserSettings()
  ) throws(UsageError) -> RunSettings {
    var settings = RunSettings(environment: environment)
    // The config file first, where the environment says nothing; the options below override.
    if let glyphs = user.glyphs, settings.glyphs != .ascii { settings.glyphs = glyphs }
    if user.animation == false { settings.animationAllowed = false }
    settings.theme = try theme(parsed, environment: environment, user: user, usage: usage)
    settings.commands = parsed["--commands"]
    settings.script = parsed["--script"]
    if settings.commands != nil && settings.script != nil {
      throw UsageError("give either --commands or --script, not both", usage: usage)
    }
    settings.frames = parsed.has("--frames")
    settings.width =
      try ArgumentParser.integer(parsed, "--width", in: 10...1000, usage: usage) ?? 80
    settings.height =
      try ArgumentParser.integer(parsed, "--height", in: 5...1000, usage: usage) ?? 24
    let colorName = try ArgumentParser.choice(
      parsed, "--color", among: ColorChoice.allCases.map(\.rawValue), usage: usage)
    if let color = colorName.flatMap(ColorChoice.init(rawValue:)) { settings.color = color }
    let glyphName = try ArgumentParser.choice(
      parsed, "--glyphs", among: GlyphStyle.allCases.map(\.rawValue), usage: usage)
    if let glyphs = glyphName.flatMap(GlyphStyle.init(rawValue:)) { settings.glyphs = glyphs }
    let positionName = try ArgumentParser.choice(
      parsed, "--position", among: ExtraContentPosition.allCases.map(\.rawValue), usage: usage)
    settings.position = positionName.flatMap(ExtraContentPosition.init(rawValue:))
    if parsed.has("--no-animation") { settings.animationAllowed = false }
    if parsed.has("--plain") { settings.plain = true }
    let outputName = try ArgumentParser.choice(
      parsed, "--output", among: FlowResult.Format.allCases.map(\.rawValue), usage: usage)
    settings.output =
      outputName.flatMap(FlowResult.Format.init(rawValue:)) ?? (rating ? .text : .json)
    settings.auto = parsed.has("--auto")
    settings.dryRun = parsed.has("--dry-run")
    settings.answersFile = parsed["--answers"]
    settings.stateFile = parsed["--state"]
    settings.resume = parsed.has("--resume")
    if settings.resume && settings.stateFile == nil {
      throw UsageError("--resume needs --state FILE (the file to resume from)", usage: usage)
    }
    if let text = parsed["--timeout"] {
      guard let seconds = Double(text), seconds > 0, seconds < 1e9 else {
        throw UsageError(
          "option --timeout needs a number of seconds above 0, not \"\(Sanitizer.sanitize(text))\"",
          usage: usage)
      }
      settings.timeout = .milliseconds(Int64(seconds * 1000))
      settings.timeoutText = text
    }
    return settings
  }

  /// The theme: `--theme`, else `STEPFLOW_THEME`, else the config file's, else the default.
  /// - Throws: a ``UsageError`` for a name that is no theme, with a did-you-mean.
  package static func theme(
    _ parsed: ParsedArguments, environment: [String: String], user: UserSettings, usage: String
  ) throws(UsageError) -> ThemePreset {
    let given: (name: String, source: String)?
    if let name = parsed["--theme"] {
      given = (name, "--theme")
    } else if let name = environment["STEPFLOW_THEME"], !name.isEmpty {
      given = (name, "STEPFLOW_THEME")
    } else {
      given = nil
    }
    guard let given else { return user.theme ?? .standard }
    guard let preset = ThemePreset.named(given.name) else {
      throw UsageError(
        "unknown theme \"\(Sanitizer.sanitize(given.name))\" in \(given.source)"
          + Suggestions.hint(for: given.name.lowercased(), in: ThemePreset.names)
          + "; themes: \(ThemePreset.names.joined(separator: ", ")) (stepflow help themes)",
        usage: usage)
    }
    return preset
  }

  /// Runs `flow` with the options of `run` already parsed: settings from them, then the run.
  package static func start(
    _ flow: FlowDefinition, parsed: ParsedArguments, environment: [String: String], rating: Bool,
    usage: String, user: UserSettings = UserSettings(), onEnd: ((FlowState) -> Void)? = nil
  ) throws(UsageError) -> Int32 {
    var settings = try settings(
      parsed, environment: environment, rating: rating, usage: usage, user: user)
    settings.onEnd = onEnd
    return FlowRunner.start(flow, settings: settings)
  }

  /// Runs a flow given by a Swift program with the options of `run` (no flow operand);
  /// messages and the usage line start with `name`.
  package static func execute(
    _ flow: FlowDefinition, arguments: [String], environment: [String: String], name: String,
    onEnd: ((FlowState) -> Void)? = nil
  )
    throws(UsageError) -> Int32
  {
    let usage = "usage: \(name) [options]"
    let parsed = try ArgumentParser.parse(arguments, options: options, usage: usage)
    if let operand = parsed.operands.first {
      throw UsageError("unexpected \"\(Sanitizer.sanitize(operand))\"", usage: usage)
    }
    var settings = try settings(parsed, environment: environment, rating: false, usage: usage)
    settings.programName = name
    settings.onEnd = onEnd
    return FlowRunner.start(flow, settings: settings)
  }

  /// Runs a flow given by a Swift program (`MultiSteps.runFromCommandLine()`) with the
  /// options of `stepflow run`, as the `stepflow` command runs its own: standard descriptors
  /// reserved, SIGQUIT's default action back, a usage error printed (64), lost output on
  /// stdout 74 — every message starting with the program's `name`, never `stepflow`.
  package static func runProgram(
    _ flow: FlowDefinition, arguments: [String], name: String,
    onEnd: ((FlowState) -> Void)? = nil
  ) -> Int32 {
    Platform.reserveStandardDescriptors()
    Platform.restoreDefaultQuitAction()
    FatalSignals.installOutsideSessions()
    do throws(UsageError) {
      return FlowRunner.outputChecked(
        try execute(
          flow, arguments: arguments, environment: Platform.environment(), name: name,
          onEnd: onEnd),
        name: name)
    } catch {
      Platform.writeStderr("\(name): \(error.message)\n\(error.usage)\n")
      return ExitCode.usage
    }
  }
}
