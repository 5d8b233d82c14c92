import StepFlowCore
import StepFlowTerminal

/// Where a run's commands come from.
package enum ScriptSourceKind {
  /// `--commands`, split up front (a command line is small).
  case items([(number: Int, line: String)], label: String)
  /// A script file, its lines made one at a time.
  case lines(ScriptLines)
  case stdin
}

/// How a flow is run, as typed values: what ``FlowRunner`` is driven by.
///
/// The command line (`StepFlowCommandLine`) makes one from `stepflow run`'s options; a program can
/// make one directly.
package struct RunSettings {
  /// Script commands separated by `;` or newlines (`--commands`).
  package var commands: String? = nil
  /// A file of script commands, one a line; `-` for stdin (`--script`).
  package var script: String? = nil
  /// Whether every frame is printed as text (`--frames`).
  package var frames = false
  /// The frame size without a terminal.
  package var width = 80
  package var height = 24
  /// When printed frames and the screen have colour.
  package var color = ColorChoice.auto
  /// The theme applied on top of the flow's colours (`--theme`, `STEPFLOW_THEME`, the config
  /// file); `monochrome` also means no colour at all.
  package var theme = ThemePreset.standard
  /// The keys the user moved (the config file's `keys`); a library run has none.
  package var keys = KeyRemaps.none
  package var glyphs: GlyphStyle
  /// Where the strip puts each step's icon; `nil` for the flow's own choice.
  package var position: ExtraContentPosition? = nil
  /// Whether transitions may animate.
  package var animationAllowed: Bool
  /// The line-based accessible mode.
  package var plain: Bool
  /// The result's form on stdout.
  package var output = FlowResult.Format.json
  /// Whether a step's progress stage runs whenever it is reached, then advances, and every
  /// task starts on arrival and moves on when it succeeds (`--auto`).
  package var auto = false
  /// Whether tasks are only described — argv, working directory, environment — and nothing
  /// runs (`--dry-run`); the run is line by line then, never full screen.
  package var dryRun = false
  /// A JSON object of answers that pre-fill the fields; `-` for stdin.
  package var answersFile: String? = nil
  /// Answers given one by one (`--set ID=VALUE`, in order; a later one wins), each with the
  /// argument as given, for messages.
  package var sets: [(id: String, value: String, argument: String)] = []
  /// Whether the run finishes from the answers alone, reading nothing (`--no-input`): it
  /// walks every shown step and either finishes or reports every problem at once (exit 65).
  package var noInput = false
  /// Where the run is written as a script that replays it (`--record FILE`).
  package var recordFile: String?

  /// Whether a run given answers starts at the first step anyway (`--review`), not at the
  /// first step that still needs an answer.
  package var review = false
  /// Where the state is saved after every step.
  package var stateFile: String? = nil
  /// Whether the run continues from ``stateFile``.
  package var resume = false
  /// How long to wait for input before giving up (exit 124).
  package var timeout: Duration? = nil
  /// `--timeout` as given, for messages.
  package var timeoutText = ""
  package var environment: [String: String]
  /// What fields see of the machine: today, the file system, this environment.
  package var fieldContext: FieldContext
  /// Called with the final state when the run ends (a Swift program's typed result).
  package var onEnd: ((FlowState) -> Void)? = nil
  /// The name messages start with: `stepflow`, or a program's own name for its flow.
  package var programName = "stepflow"
  /// Whether the result is written on stdout (`stepflow run`); a library run returns it.
  package var writesResult = true
  /// Where messages go (notices, a script's refusals, why a run stops), in words; `nil` for
  /// stderr, as `name: message` lines.
  package var messages: ((String) -> Void)? = nil
  /// Whether a run on the terminal takes the mouse: clicks on the strip, the buttons, the
  /// tabs and the options, the wheel (`--no-mouse` turns it off).
  ///
  /// Full screen only: an inline run leaves the mouse to the terminal.
  package var mouse = true
  /// Whether the run is full screen on the terminal or not at all (a library run's
  /// `.terminal` mode): no falling back to the line-based mode.
  package var requiresTerminal = false
  /// Answers given as values (a library run), on top of those of ``answersFile``.
  package var answers: [String: FieldValue] = [:]
  /// On a terminal: the whole (alternate) screen, or inline in the rows below the cursor
  /// (`--inline`, `--fullscreen`; `stepflow ask` is inline unless told otherwise).
  package var screen = ScreenMode.fullscreen
  /// Inline: erase the rows at the end instead of leaving the record line (`--clear`).
  package var clearsInline = false
  /// A wizard's screen, or one question (`stepflow ask`).
  package var layout = FlowLayout.wizard

  /// A run with nothing asked for: the environment's conventions decide the glyphs (the
  /// locale), whether anything animates (`STEPFLOW_REDUCED_MOTION`) and plain mode
  /// (`ACCESSIBLE`, `TERM=dumb`).
  package init(environment: [String: String]) {
    self.environment = environment
    fieldContext = Platform.fieldContext(environment: environment)
    glyphs = GlyphStyle.detect(environment: environment)
    let reduced = environment["STEPFLOW_REDUCED_MOTION"].map { !$0.isEmpty && $0 != "0" } ?? false
    animationAllowed = !reduced
    let accessible = environment["ACCESSIBLE"].map { !$0.isEmpty && $0 != "0" } ?? false
    plain = accessible || environment["TERM"] == "dumb"
  }

  /// Whether the run is interactive on the terminal: no script, no frames, not plain.
  ///
  /// The terminal is `/dev/tty`, whatever stdin is (a pipe, a file: `cat install.sh | bash`), as
  /// with dialog and gum; only when it cannot be opened (a CI job) are commands read from stdin.
  /// `--script -` reads them from stdin in any case.
  package var isInteractive: Bool {
    commands == nil && script == nil && !frames && !plain && !dryRun
  }

  /// Whether a line-based run reads what a person types on the terminal (plain mode with a
  /// terminal).
  ///
  /// Not when the commands are a script (`--script`, `--commands`) or frames are printed.
  package var readsTerminalLines: Bool { commands == nil && script == nil && !frames }

  /// Whether to write the text form after every command: when commands come from stdin
  /// (`--script -`, piped without a terminal, or a person typing in plain mode) rather than a
  /// script given up front.
  package func announce(source: ScriptSourceKind) -> Bool {
    // `--script -` is how commands come from stdin when a terminal is there (and piped in
    // without one): either way stdin is read as it comes, and answered as it comes.
    if case .stdin = source { return !frames }
    return false
  }

  /// Tells a message: to ``messages``, or on stderr after the program's name.
  /// - Parameters:
  ///   - message: The message, one line or more.
  ///   - named: Whether the line starts with the program's name (a located problem of a file
  ///     names the file instead).
  package func report(_ message: String, named: Bool = true) {
    if let messages {
      messages(message)
    } else {
      Platform.writeStderr((named ? programName + ": " : "") + message + "\n")
    }
  }

  /// The colour depth of printed frames, `nil` for plain text.
  package var frameDepth: ColorDepth? {
    colorDepth(isTerminal: Platform.isTerminal(1))
  }

  /// The colour depth of a screen, `nil` for none: what `--color` and the environment allow,
  /// and none at all under the monochrome theme.
  package func colorDepth(isTerminal: Bool) -> ColorDepth? {
    theme.isMonochrome ? nil : color.depth(environment: environment, isTerminal: isTerminal)
  }
}
