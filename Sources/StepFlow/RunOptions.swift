import StepFlowCore
import StepFlowTerminal

/// How a program runs its flow with ``MultiSteps/run(options:)``: typed options, where
/// `stepflow run` has strings on its command line.
///
/// Every option has the default a person at a terminal expects; the environment's conventions
/// (`NO_COLOR`, the locale, `STEPFLOW_REDUCED_MOTION`, `ACCESSIBLE`) still apply on top.
///
/// ```swift
/// var options = RunOptions()
/// options.stateFile = "signup.state"   // save after every step, resume with options.resume
/// options.timeout = .seconds(300)
/// let result = MultiSteps<Signup>.run(options: options)
/// ```
public struct RunOptions: Sendable {
  /// Where the run takes its input from.
  public enum Mode: Equatable, Sendable {
    /// Full screen on the terminal when there is one; else line by line from stdin (what the
    /// screen says written as text on stderr), as `stepflow run` does.
    case automatic
    /// Full screen on the terminal only: without one the run fails (``MultiSteps/Result/Status/failed``).
    case terminal
    /// Line by line, the accessible mode: what the screen says as text on stderr, commands
    /// from stdin (also chosen by `ACCESSIBLE=1` and `TERM=dumb` in ``automatic``).
    case plain
    /// The commands of a script (`next; set email=ann@example.com; finish`), one after the
    /// other, with nothing drawn and nothing read: the run a test or a tool makes.
    case script(String)
  }

  /// Where the input comes from.
  ///
  /// Default: ``Mode/automatic``.
  public var mode: Mode
  /// When the screen has colours.
  ///
  /// Default: ``ColorChoice/auto``.
  public var color: ColorChoice
  /// The icon set; `nil` for the locale's (`ascii` when it is not UTF-8).
  public var glyphs: GlyphStyle?
  /// Where the strip puts each step's extra content; `nil` for the flow's own.
  public var position: ExtraContentPosition?
  /// Whether step changes animate.
  ///
  /// Default: yes (never with `STEPFLOW_REDUCED_MOTION=1`).
  public var animation: Bool
  /// Whether a step with a progress stage runs it whenever it is reached, then advances.
  public var automaticStages: Bool
  /// Whether the screen takes the mouse: clicks on steps, buttons, tabs and options; the wheel.
  ///
  /// Default: yes; the terminal's own selection then needs Shift held.
  public var mouse: Bool
  /// Answers the run starts with, by field id (each must be a field of the flow).
  public var answers: [String: FieldValue]
  /// Where the run's state is saved after every step, atomically; `nil` for nowhere.
  public var stateFile: String?
  /// Whether the run continues from ``stateFile``.
  public var resume: Bool
  /// How long to wait for input before giving up (``MultiSteps/Result/Status/timedOut``).
  public var timeout: Duration?
  /// The environment whose conventions apply; `nil` for the process's.
  public var environment: [String: String]?
  /// On a terminal: in the rows below the cursor on the main screen instead of the whole
  /// (alternate) screen, leaving one line behind (`✔ Signup`), as `stepflow run --inline`.
  ///
  /// Inline runs leave the mouse to the terminal.
  public var inline: Bool

  /// Options with every default: full screen on a terminal, colours and icons as the
  /// environment says, animated, nothing saved, no time limit.
  public init(
    mode: Mode = .automatic, color: ColorChoice = .auto, glyphs: GlyphStyle? = nil,
    position: ExtraContentPosition? = nil, animation: Bool = true, automaticStages: Bool = false,
    mouse: Bool = true,
    answers: [String: FieldValue] = [:], stateFile: String? = nil, resume: Bool = false,
    timeout: Duration? = nil, environment: [String: String]? = nil, inline: Bool = false
  ) {
    self.mode = mode
    self.color = color
    self.glyphs = glyphs
    self.position = position
    self.animation = animation
    self.automaticStages = automaticStages
    self.mouse = mouse
    self.answers = answers
    self.stateFile = stateFile
    self.resume = resume
    self.timeout = timeout
    self.environment = environment
    self.inline = inline
  }

  /// The base name of the running program (`/usr/local/bin/signup` → `signup`).
  package static var processName: String {
    let path = CommandLine.arguments.first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "program" : name
  }

  /// The runner's settings for these options: nothing on stdout, messages to `messages`.
  package func settings(messages: @escaping (String) -> Void) -> RunSettings {
    var settings = RunSettings(environment: environment ?? Platform.environment())
    // Messages go to the result without a name; a program prints them with its own.
    settings.programName = Self.processName
    settings.writesResult = false
    settings.output = .none
    settings.messages = messages
    settings.color = color
    if let glyphs { settings.glyphs = glyphs }
    settings.position = position
    if !animation { settings.animationAllowed = false }
    settings.auto = automaticStages
    settings.mouse = mouse
    if inline { settings.screen = .inline }
    settings.answers = answers
    settings.stateFile = stateFile
    settings.resume = resume
    settings.timeout = timeout
    if let timeout {
      let (seconds, attoseconds) = timeout.components
      settings.timeoutText =
        attoseconds == 0 ? "\(seconds)" : "\(Double(seconds) + Double(attoseconds) / 1e18)"
    }
    switch mode {
    case .automatic: break
    case .terminal: settings.requiresTerminal = true
    case .plain: settings.plain = true
    case .script(let commands): settings.commands = commands
    }
    return settings
  }
}
