import StepFlow
import StepFlowCommandLine
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
  package var timeout: Duration?

  package init() {}

  /// The usage line.
  package static let usage = "usage: stepflow gauge [options]   (percentages on stdin, one a line)"

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
    OptionSpec("--color", value: "WHEN", help: "auto (the default), always or never"),
    OptionSpec(
      "--glyphs", value: "SET", help: "emoji, unicode or ascii (default: from the locale)"),
    OptionSpec("--plain", help: "print a line per change instead (also ACCESSIBLE=1)"),
    OptionSpec("--no-animation", help: "no fades and no ending animation"),
    OptionSpec("--width", value: "W", help: "the gauge box's width in columns"),
    OptionSpec("--height", value: "H", help: "the gauge box's height in rows"),
    OptionSpec("--timeout", value: "SECONDS", help: "give up when no input comes for SECONDS"),
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
      "Options:",
    ] + ArgumentParser.helpLines(for: options) + [
      "",
      "Exit status: 0 input ended, 1 dismissed or cancelled (q, Esc), 64 usage error,",
      "124 timeout, 130 interrupted (Ctrl-C).",
    ]
  }

  /// Parses the arguments after `gauge`.
  /// - Throws: a ``UsageError`` naming the bad option or value.
  package static func parse(_ arguments: [String]) throws(UsageError) -> GaugeOptions {
    let parsed = try ArgumentParser.parse(arguments, options: options, usage: usage)
    if let operand = parsed.operands.first {
      throw UsageError(
        "gauge takes no operands, not \"\(Sanitizer.sanitize(operand))\" (pipe the percentages to its stdin)",
        usage: usage)
    }
    var result = GaugeOptions()
    let chosen = ["--bar", "--ring", "--label", "--spinner"].filter(parsed.has)
    if !chosen.isEmpty {
      result.bar = parsed.has("--bar")
      result.ring = parsed.has("--ring")
      result.label = parsed.has("--label")
      result.spinner = parsed.has("--spinner")
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
    if let text = parsed["--timeout"] {
      guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 1e9 else {
        throw UsageError(
          "option --timeout needs a number of seconds greater than 0, not \"\(Sanitizer.sanitize(text))\"",
          usage: usage)
      }
      result.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
    }
    return result
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
