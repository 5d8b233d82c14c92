import StepFlow
import StepFlowCommandLine
import StepFlowCore
import StepFlowText

/// The options of `stepflow gauge`, parsed from its command line.
package struct GaugeOptions: Equatable, Sendable {
  /// The progressors chosen; with none of `--bar --ring --label --spinner`, a bar and a label.
  package var bar = true
  package var ring = false
  package var label = true
  package var spinner = false
  /// Whether the progressors fade in and end together instead of one after the other.
  package var sync = false
  /// Whether Esc, Enter, Space or `q` dismiss the gauge (exit 1).
  package var dismissable = false
  /// The title over the gauge.
  package var title: String?
  /// The message under the title, until the input sends one in an `XXX` block.
  package var text: String?
  /// When colours are used.
  package var color = ColorChoice.auto
  /// The glyph style asked for; `nil` to detect it from the locale.
  package var glyphs: GlyphStyle?
  /// Line-based output even on a terminal (also with `ACCESSIBLE=1`).
  package var plain = false
  /// No fades and no ending animation.
  package var noAnimation = false
  /// The gauge box's width and height in cells; `nil` to fit the content and the terminal.
  package var width: Int?
  package var height: Int?
  /// How long to wait for input before giving up with exit 124; `nil` to wait for ever.
  ///
  /// With a command: the longest the command may run.
  package var timeout: Duration?
  /// The command to run (`-- CMD ARGS…` or `--shell SCRIPT`) instead of reading stdin.
  package var command: CommandSpec?
  /// How the command's progress is read: `--percent`, `--pattern REGEX`, or not at all.
  package var progress: TaskProgressMode = .none
  /// Print the command's output after the screen is restored: always, or when it failed.
  package var showOutput = false
  package var showError = false

  package init() {}

  /// The usage line.
  package static let usage = "usage: stepflow gauge [options] [-- CMD ARGS...]"

  /// Every option, in the order `--help` lists them.
  package static let options: [OptionSpec] = [
    OptionSpec("--bar", help: "show a bar (the default, with --label)"),
    OptionSpec("--ring", help: "show a ring"),
    OptionSpec("--label", help: "show the percentage"),
    OptionSpec("--spinner", help: "show a spinner beside the message"),
    OptionSpec("--sync", help: "fade the progressors in and out together"),
    OptionSpec("--dismissable", help: "Esc, Enter, Space or q dismisses the gauge (exit 1)"),
    OptionSpec("--title", value: "TEXT", help: "the title over the gauge"),
    OptionSpec("--text", value: "TEXT", help: "the message, until the input sends one"),
    OptionSpec(
      "--color", value: "WHEN", help: "auto (the default), always or never",
      completes: .words(ColorChoice.allCases.map(\.rawValue))),
    OptionSpec(
      "--glyphs", value: "SET", help: "emoji, unicode or ascii (default: from the locale)",
      completes: .words(GlyphStyle.allCases.map(\.rawValue))),
    OptionSpec("--plain", help: "print a line per change instead (also ACCESSIBLE=1)"),
    OptionSpec("--no-animation", help: "no fades and no ending animation"),
    OptionSpec("--width", value: "W", help: "the gauge box's width in columns"),
    OptionSpec("--height", value: "H", help: "the gauge box's height in rows"),
    OptionSpec(
      "--timeout", value: "SECONDS", help: "give up when no input comes (a command: runs) so long"),
    OptionSpec("--shell", value: "SCRIPT", help: "run SCRIPT with /bin/sh -c instead of -- CMD"),
    OptionSpec("--percent", help: "the command prints percentages on stdout (as stdin above)"),
    OptionSpec("--pattern", value: "REGEX", help: "the percentage: REGEX's first group in output"),
    OptionSpec("--show-output", help: "print the command's output when it has ended"),
    OptionSpec("--show-error", help: "print the command's output when it has failed"),
  ]

  /// The help text of `stepflow gauge`, one string a line.
  package static var helpLines: [String] {
    [
      usage,
      "",
      "Shows a progress indicator fed by stdin, compatible with dialog --gauge: a line",
      "with a number 0-100 sets the percentage; a line XXX, a percentage, message lines",
      "and a closing XXX set the percentage and the message. End of input ends it.",
      "Without a terminal (or with --plain, ACCESSIBLE=1) it prints lines like",
      "\"Copying: 40%\" at most once a second or every 10 %.",
      "",
      "With -- CMD ARGS... (or --shell SCRIPT) it runs the command instead, with a",
      "spinner and the time it has run, or its real progress with --percent or",
      "--pattern, and exits with the command's own status (128+n when signal n",
      "killed it). Without a terminal the command's output passes through unchanged.",
      "",
      "Options:",
    ] + ArgumentParser.helpLines(for: options) + [
      "",
      "Exit status: 0 input ended, 1 dismissed or cancelled (q, Esc), 64 usage error,",
      "124 timeout, 130 interrupted (Ctrl-C); with a command, the command's status.",
    ]
  }

  /// Parses the arguments after `gauge`.
  /// - Throws: a ``UsageError`` naming the bad option or value.
  package static func parse(_ arguments: [String]) throws(UsageError) -> GaugeOptions {
    let (own, commandLine) = splitCommand(arguments)
    let parsed = try ArgumentParser.parse(own, options: options, usage: usage)
    if let operand = parsed.operands.first {
      throw UsageError(
        "gauge takes no operands, not \"\(Sanitizer.sanitize(operand))\" (pipe the percentages to its stdin, or give a command after --: stepflow gauge -- \(CommandSpec.quotedForDisplay(operand)))",
        usage: usage)
    }
    var result = GaugeOptions()
    if let commandLine {
      guard parsed["--shell"] == nil else {
        throw UsageError("give either -- CMD ARGS... or --shell SCRIPT, not both", usage: usage)
      }
      guard let program = commandLine.first, !program.isEmpty else {
        throw UsageError("-- needs a command after it (stepflow gauge -- make test)", usage: usage)
      }
      result.command = CommandSpec(.argv(commandLine))
    } else if let script = parsed["--shell"] {
      guard !script.isEmpty else {
        throw UsageError("option --shell needs a script to run", usage: usage)
      }
      result.command = CommandSpec(.shell(script))
    }
    if let pattern = parsed["--pattern"] {
      do {
        result.progress = .pattern(try OutputPattern(pattern))
      } catch {
        throw UsageError("option --pattern: \(error.description)", usage: usage)
      }
    }
    if parsed.has("--percent") {
      guard parsed["--pattern"] == nil else {
        throw UsageError("give either --percent or --pattern, not both", usage: usage)
      }
      result.progress = .percent
    }
    for option in ["--percent", "--pattern", "--show-output", "--show-error"]
    where result.command == nil && (parsed.has(option) || parsed[option] != nil) {
      throw UsageError(
        "option \(option) is about a command: give one after -- (stepflow gauge \(option) -- CMD)",
        usage: usage)
    }
    result.showOutput = parsed.has("--show-output")
    result.showError = parsed.has("--show-error")
    let chosen = ["--bar", "--ring", "--label", "--spinner"].filter(parsed.has)
    if !chosen.isEmpty {
      result.bar = parsed.has("--bar")
      result.ring = parsed.has("--ring")
      result.label = parsed.has("--label")
      result.spinner = parsed.has("--spinner")
    } else if result.command != nil, case .none = result.progress {
      // A command whose progress is not read: a spinner beside its elapsed time.
      result.bar = false
      result.label = false
      result.spinner = true
    }
    result.sync = parsed.has("--sync")
    result.dismissable = parsed.has("--dismissable")
    result.title = parsed["--title"]
    result.text = parsed["--text"]
    result.plain = parsed.has("--plain")
    result.noAnimation = parsed.has("--no-animation")
    if let color = try ArgumentParser.choice(
      parsed, "--color", among: ColorChoice.allCases.map(\.rawValue), usage: usage)
    {
      result.color = ColorChoice(rawValue: color) ?? .auto
    }
    if let glyphs = try ArgumentParser.choice(
      parsed, "--glyphs", among: GlyphStyle.allCases.map(\.rawValue), usage: usage)
    {
      result.glyphs = GlyphStyle(rawValue: glyphs)
    }
    result.width = try ArgumentParser.integer(parsed, "--width", in: 10...1000, usage: usage)
    result.height = try ArgumentParser.integer(parsed, "--height", in: 3...1000, usage: usage)
    result.timeout = try ArgumentParser.seconds(parsed, "--timeout", usage: usage)
    return result
  }

  /// The gauge's own arguments, and the command after the first `--` that is not an option's
  /// value (`--title -- -- make` titles the gauge "--" and runs make).
  private static func splitCommand(_ arguments: [String]) -> ([String], [String]?) {
    let takesValue = Set(options.filter { $0.value != nil }.map(\.name))
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        return (Array(arguments[..<index]), Array(arguments[(index + 1)...]))
      }
      index += takesValue.contains(argument) ? 2 : 1
    }
    return (arguments, nil)
  }

  /// The options with what the environment decides filled in: the glyph style from the locale
  /// when `--glyphs` was not given, and no animation with `STEPFLOW_REDUCED_MOTION=1`.
  package func applying(environment: [String: String]) -> GaugeOptions {
    var result = self
    if result.glyphs == nil { result.glyphs = GlyphStyle.detect(environment: environment) }
    if environment["STEPFLOW_REDUCED_MOTION"] == "1" { result.noAnimation = true }
    return result
  }

  /// Whether the gauge prints plain lines instead of drawing: with `--plain`, `ACCESSIBLE` set
  /// (to anything but `0`), `TERM=dumb`, or when standard output is not a terminal.
  package func usesPlainOutput(environment: [String: String], outputIsTerminal: Bool) -> Bool {
    if plain || !outputIsTerminal { return true }
    if let accessible = environment["ACCESSIBLE"], !accessible.isEmpty, accessible != "0" {
      return true
    }
    return environment["TERM"] == "dumb"
  }
}
