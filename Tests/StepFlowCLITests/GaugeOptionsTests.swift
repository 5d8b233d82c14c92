import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowCommandLine
@testable import StepFlowCore

@Suite struct GaugeOptionsTests {
  @Test func defaultsAreABarAndALabel() throws {
    let options = try GaugeOptions.parse([])
    #expect(options.bar && options.label)
    #expect(!options.ring && !options.spinner && !options.sync && !options.dismissable)
    #expect(options.color == .auto)
    #expect(options.glyphs == nil && options.width == nil && options.timeout == nil)
    #expect(options == GaugeOptions())
  }

  @Test func choosingAProgressorReplacesTheDefault() throws {
    let ring = try GaugeOptions.parse(["--ring"])
    #expect(ring.ring && !ring.bar && !ring.label && !ring.spinner)
    let some = try GaugeOptions.parse(["--spinner", "--label", "--sync", "--dismissable"])
    #expect(some.spinner && some.label && !some.bar && some.sync && some.dismissable)
  }

  @Test func everyValueOption() throws {
    let options = try GaugeOptions.parse([
      "--title", "Copying", "--text=Photos", "--color", "never", "--glyphs", "ascii", "--plain",
      "--no-animation", "--width", "50", "--height", "12", "--timeout", "2.5",
    ])
    #expect(options.title == "Copying")
    #expect(options.text == "Photos")
    #expect(options.color == .never)
    #expect(options.glyphs == .ascii)
    #expect(options.plain && options.noAnimation)
    #expect(options.width == 50 && options.height == 12)
    #expect(options.timeout == .milliseconds(2500))
    #expect(options.timeoutText == "2.5 seconds")
    #expect(try GaugeOptions.parse(["--timeout", "1"]).timeoutText == "1 second")
  }

  @Test func mistakesAreUsageErrors() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try GaugeOptions.parse(arguments)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message(["--rign"]) == "unknown option \"--rign\" (did you mean \"--ring\"?)")
    #expect(
      message(["--color", "sometimes"])
        == "option --color must be one of auto, always, never, not \"sometimes\"")
    #expect(
      message(["--glyphs", "asci"])
        == "option --glyphs must be one of emoji, unicode, ascii, not \"asci\" (did you mean \"ascii\"?)"
    )
    #expect(
      message(["--width", "5"]) == "option --width needs a whole number from 10 to 1000, not \"5\"")
    #expect(message(["--title"]) == "option --title needs a value (--title TEXT)")
    #expect(
      message(["--timeout", "-1"])
        == "option --timeout needs a number of seconds above 0 and at most 1000000000, not \"-1\"")
    #expect(message(["--timeout", "1e9"]) == nil)
    #expect(
      message(["--timeout", "1e10"])
        == "option --timeout needs a number of seconds above 0 and at most 1000000000, not \"1e10\""
    )
    #expect(message(["--timeout", "nan"]) != nil)
    #expect(
      message(["file.txt"])
        == "gauge takes no operands, not \"file.txt\" (pipe the percentages to its stdin, or give a command after --: stepflow gauge -- file.txt)"
    )
  }

  @Test func helpListsEveryOption() {
    expectLines(
      GaugeOptions.helpLines,
      [
        "usage: stepflow gauge [options] [-- CMD ARGS...]",
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
        "  --bar              show a bar (the default, with --label)",
        "  --ring             show a ring",
        "  --label            show the percentage",
        "  --spinner          show a spinner beside the message",
        "  --sync             fade the progressors in and out together",
        "  --dismissable      Esc, Enter, Space or q dismisses the gauge (exit 1)",
        "  --title TEXT       the title over the gauge",
        "  --text TEXT        the message, until the input sends one",
        "  --color WHEN       auto (the default), always or never",
        "  --glyphs SET       emoji, unicode or ascii (default: from the locale)",
        "  --plain            print a line per change instead (also ACCESSIBLE=1)",
        "  --no-animation     no fades and no ending animation",
        "  --width W          the gauge box's width in columns",
        "  --height H         the gauge box's height in rows",
        "  --timeout SECONDS  give up when no input comes (a command: runs) so long",
        "  --shell SCRIPT     run SCRIPT with /bin/sh -c instead of -- CMD",
        "  --percent          the command prints percentages on stdout (as stdin above)",
        "  --pattern REGEX    the percentage: REGEX's first group in output",
        "  --show-output      print the command's output when it has ended",
        "  --show-error       print the command's output when it has failed",
        "",
        "Exit status: 0 input ended, 1 dismissed or cancelled (q, Esc), 64 usage error,",
        "124 timeout, 130 interrupted (Ctrl-C); with a command, the command's status.",
      ])
    #expect(GaugeOptions.helpLines.allSatisfy { $0.count <= 80 })
  }

  @Test func environmentFillsInGlyphsAndReducedMotion() throws {
    let options = try GaugeOptions.parse([])
    let utf8 = options.applying(environment: ["LANG": "en_US.UTF-8"])
    #expect(utf8.glyphs == .emoji && !utf8.noAnimation)
    let ascii = options.applying(environment: ["LANG": "C", "STEPFLOW_REDUCED_MOTION": "1"])
    #expect(ascii.glyphs == .ascii && ascii.noAnimation)
    let chosen = try GaugeOptions.parse(["--glyphs", "unicode"]).applying(environment: [:])
    #expect(chosen.glyphs == .unicode)
  }

  @Test func plainOutputWithoutATerminalOrWhenAsked() throws {
    let options = try GaugeOptions.parse([])
    #expect(!options.usesPlainOutput(environment: [:], outputIsTerminal: true))
    #expect(options.usesPlainOutput(environment: [:], outputIsTerminal: false))
    #expect(options.usesPlainOutput(environment: ["ACCESSIBLE": "1"], outputIsTerminal: true))
    #expect(!options.usesPlainOutput(environment: ["ACCESSIBLE": "0"], outputIsTerminal: true))
    #expect(options.usesPlainOutput(environment: ["TERM": "dumb"], outputIsTerminal: true))
    #expect(
      try GaugeOptions.parse(["--plain"]).usesPlainOutput(environment: [:], outputIsTerminal: true))
  }
}

@Suite struct GaugeCommandOptionsTests {
  @Test func aCommandAfterTheDoubleDashOrAShellScript() throws {
    let argv = try GaugeOptions.parse(["--title", "--", "--", "make", "-j4", "--bar"])
    #expect(argv.title == "--", "a -- that is an option's value is the value")
    #expect(argv.command == CommandSpec(.argv(["make", "-j4", "--bar"])))
    #expect(argv.spinner && !argv.bar && !argv.label, "no progress read: a spinner")
    let shell = try GaugeOptions.parse(["--shell", "make && make test", "--show-error"])
    #expect(shell.command == CommandSpec(.shell("make && make test")))
    #expect(shell.showError && !shell.showOutput)
  }

  @Test func progressFromTheOutput() throws {
    let percent = try GaugeOptions.parse(["--percent", "--", "./build.sh"])
    #expect(percent.progress == .percent)
    #expect(percent.bar && percent.label && !percent.spinner)
    let pattern = try GaugeOptions.parse(["--pattern", "(\\d+)%", "--ring", "--", "curl", "-#"])
    #expect(pattern.progress == .pattern(try OutputPattern("(\\d+)%")))
    #expect(pattern.ring && !pattern.bar)
  }
}
