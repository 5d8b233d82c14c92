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
    OptionSpec("--no-mouse", help: "leave the mouse to the terminal (no clicks, no wheel)"),
    OptionSpec("--plain", help: "line-based accessible mode (also ACCESSIBLE=1, TERM=dumb)"),
    OptionSpec(
      "--inline",
      help: "draw in the rows below the cursor, leave one line behind (no alternate screen)"),
    OptionSpec("--fullscreen", help: "draw on the whole (alternate) screen (the default of run)"),
    OptionSpec("--clear", help: "inline: erase the rows at the end, leave nothing behind"),
    OptionSpec(
      "--output", value: "FORMAT",
      help: "the result on stdout: json, text (field: value lines) or none",
      completes: .words(FlowResult.Format.allCases.map(\.rawValue))),
    OptionSpec(
      "--auto", help: "stages and tasks start when their step is reached; done, it moves on"),
    OptionSpec("--dry-run", help: "print what each task would run (argv, cwd, env); run nothing"),
    OptionSpec(
      "--answers", value: "FILE",
      help: "pre-fill fields from a JSON object of answers (- = stdin)", completes: .file),
    OptionSpec(
      "--set", value: "ID=VALUE",
      help: "an answer by field id, read as its kind reads it (repeatable; shown in the process"
        + " list: give secrets in --answers -)"),
    OptionSpec(
      "--no-input",
      help: "read nothing: finish from the answers and defaults, or list every missing one (65)"),
    OptionSpec(
      "--review",
      help: "start a run given answers at the first step, not the first that needs an answer"),
    OptionSpec(
      "--record", value: "FILE",
      help: "write the run as a script that --script FILE replays (secure answers left out)",
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
  ///   - screen: The screen without `--inline` or `--fullscreen` (`ask`: inline).
  ///   - user: What the user's config file asks for: under the environment and the options,
  ///     over the wizard's own.
  /// - Returns: The settings of the run.
  /// - Throws: A ``UsageError`` naming the first bad option or value.
  package static func settings(
    _ parsed: ParsedArguments, environment: [String: String], rating: Bool, usage: String,
    screen: ScreenMode = .fullscreen, user: UserSettings = UserSettings()
  ) throws(UsageError) -> RunSettings {
    var settings = RunSettings(environment: environment)
    // The config file first, where the environment says nothing; the options below override.
    if let glyphs = user.glyphs, settings.glyphs != .ascii { settings.glyphs = glyphs }
    if user.animation == false { settings.animationAllowed = false }
    if let mouse = user.mouse { settings.mouse = mouse }
    if let keys = user.keys { settings.keys = keys }
    settings.theme = try theme(parsed, environment: environment, user: user, usage: usage)
    if parsed.has("--inline") && parsed.has("--fullscreen") {
      throw UsageError("give either --inline or --fullscreen, not both", usage: usage)
    }
    // The config's `inline: true` changes the default of run and rate, never ask's (inline).
    let unsaid = user.inline == true ? ScreenMode.inline : screen
    settings.screen =
      parsed.has("--inline") ? .inline : parsed.has("--fullscreen") ? .fullscreen : unsaid
    if parsed.has("--clear") {
      guard settings.screen == .inline else {
        throw UsageError(
          "--clear is for inline runs: it erases the rows an inline run drew (add --inline)",
          usage: usage)
      }
      settings.clearsInline = true
    }
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
    if parsed.has("--no-mouse") { settings.mouse = false }
    if parsed.has("--plain") { settings.plain = true }
    let outputName = try ArgumentParser.choice(
      parsed, "--output", among: FlowResult.Format.allCases.map(\.rawValue), usage: usage)
    settings.output =
      outputName.flatMap(FlowResult.Format.init(rawValue:)) ?? (rating ? .text : .json)
    settings.auto = parsed.has("--auto")
    settings.dryRun = parsed.has("--dry-run")
    settings.answersFile = parsed["--answers"]
    for argument in parsed.all("--set") {
      guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
        throw UsageError(
          "option --set needs ID=VALUE (a field id, \"=\" and the answer), not \"\(Sanitizer.sanitize(argument))\"",
          usage: usage)
      }
      settings.sets.append(
        (
          String(argument[..<equals]), String(argument[argument.index(after: equals)...]),
          "--set " + argument
        ))
    }
    settings.noInput = parsed.has("--no-input")
    settings.review = parsed.has("--review")
    if settings.noInput, settings.commands != nil || settings.script != nil || settings.frames {
      let other =
        settings.commands != nil ? "--commands" : settings.script != nil ? "--script" : "--frames"
      throw UsageError(
        "--no-input finishes from the answers alone; it takes no \(other) (a script gives its own commands)",
        usage: usage)
    }
    if settings.answersFile == "-", settings.script == "-" {
      throw UsageError(
        "--answers - and --script - both read stdin; give one of them a file", usage: usage)
    }
    settings.recordFile = parsed["--record"]
    if settings.recordFile != nil, settings.noInput {
      throw UsageError(
        "--record writes what a person does; --no-input has no person (the answers given are the record)",
        usage: usage)
    }
    settings.stateFile = parsed["--state"]
    settings.resume = parsed.has("--resume")
    if settings.resume && settings.stateFile == nil {
      throw UsageError("--resume needs --state FILE (the file to resume from)", usage: usage)
    }
    if let timeout = try ArgumentParser.seconds(parsed, "--timeout", usage: usage) {
      settings.timeout = timeout
      settings.timeoutText = parsed["--timeout"] ?? ""
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
