import StepFlowText

/// A command as a wizard file or a program writes it: one for a step's task, a choice's
/// `optionsFrom`, a field's `validate` and `stepflow gauge -- CMD`.
///
/// Answers reach it in two ways only: `{{field_id}}` inside an argument element (substituted
/// as text into that one element, never read again by a shell) and environment variables
/// (`STEPFLOW_<ID>`, `STEPFLOW_ANSWERS`, and `environment` values, which may use `{{…}}`). A
/// `shell` string gets answers only through the environment: it is never substituted into.
public struct CommandSpec: Hashable, Sendable {
  /// What runs.
  public enum Program: Hashable, Sendable {
    /// A program and its arguments, run without a shell.
    case argv([String])
    /// A script run by `/bin/sh -c`.
    case shell(String)
  }

  /// What runs.
  public var program: Program
  /// The working directory (`{{…}}` allowed); `nil` for stepflow's own.
  public var cwd: String?
  /// Variables added to the environment; values may use `{{field_id}}`.
  public var environment: [String: String]
  /// The longest it may run; then it is stopped and fails ("timed out after N s").
  public var timeout: Duration?

  /// A command that runs `program`.
  public init(
    _ program: Program, cwd: String? = nil, environment: [String: String] = [:],
    timeout: Duration? = nil
  ) {
    self.program = program
    self.cwd = cwd
    self.environment = environment
    self.timeout = timeout
  }

  /// The command as a person would read it: `swift build -c release`, or the shell script.
  public var displayText: String {
    switch program {
    case .argv(let arguments): return arguments.map(Self.quotedForDisplay).joined(separator: " ")
    case .shell(let script): return script
    }
  }

  /// An argument as a shell would need it written to mean the same element (for showing a
  /// command, never for running it): as it is when it is plain, else in single quotes.
  public static func quotedForDisplay(_ argument: String) -> String {
    let plain =
      !argument.isEmpty
      && argument.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-_./:=@%+,".unicodeScalars.contains(scalar)
      }
    if plain { return argument }
    return "'" + argument.replacing("'", with: "'\\''") + "'"
  }
}

/// How a task's progress is read from its command's output.
public enum TaskProgressMode: Hashable, Sendable {
  /// Lines of a number 0–100 and `XXX` blocks on stdout: the gauge protocol.
  case percent
  /// The first group of any output line that matches (`(\d+)%`), a number 0–100.
  case pattern(OutputPattern)
  /// No progress to read: a spinner and the elapsed time.
  case none

  /// The streams no progress is read from: their bytes are only kept in the log
  /// (``TaskLaunch/logOnly``).
  package var logOnly: Set<TaskStream> {
    switch self {
    case .none: return [.stdout, .stderr]
    case .percent: return [.stderr]
    case .pattern: return []
    }
  }
}

/// A pattern searched for in each line of a command's output, matched by stepflow's own
/// linear-time matcher; its first group (or the whole match) is the number it reads.
public struct OutputPattern: Hashable, Sendable {
  /// The pattern as written.
  public let source: String
  package let compiled: FieldPattern

  /// - Throws: ``OutputPatternError`` when the pattern is not valid or not supported (the
  ///   subset of `docs/wizard-format.md`).
  public init(_ source: String) throws(OutputPatternError) {
    self.source = source
    do {
      compiled = try FieldPattern(searching: source)
    } catch {
      throw OutputPatternError(pattern: source, reason: error.reason)
    }
  }

  /// Whether two patterns are written the same.
  public static func == (a: OutputPattern, b: OutputPattern) -> Bool { a.source == b.source }
  /// Hashes the pattern's text.
  public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// Why an ``OutputPattern`` was refused.
public struct OutputPatternError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as it was given.
  public let pattern: String
  /// What is wrong with it.
  public let reason: String
  /// The message, with the pattern made safe to print.
  public var description: String {
    "pattern \"\(Sanitizer.sanitize(pattern))\" is not a valid regular expression: \(reason)"
  }
}

/// When a step's task starts.
public enum TaskStart: String, Hashable, Sendable, CaseIterable {
  /// The step shows what will run, with a Run button; Enter starts it.
  case enter
  /// It starts when the step is reached.
  case arrival
}

/// Work a step does: a command (wizard files, or a program) or a closure (a program).
///
/// The step shows what will run, then its progress, elapsed time and the tail of its output,
/// then the outcome; a run cannot go past a required task that has not succeeded.
///
/// ```swift
/// StepTask(command: CommandSpec(.argv(["swift", "build", "-c", "release"])), progress: .none)
/// StepTask(work: StepWork { work in work.progress(0.5); return [:] })
/// ```
public struct StepTask: Hashable, Sendable {
  /// What the task does.
  public enum Work: Hashable, Sendable {
    case command(CommandSpec)
    case closure(StepWork)
  }

  /// What the task does.
  public var work: Work
  /// How progress is read from the command's output (closures report their own).
  public var progress: TaskProgressMode
  /// The answer that the command's trimmed stdout (at most 64 KiB) becomes.
  public var capture: String?
  /// Whether the run may go on past it when it fails (Skip).
  public var optional: Bool
  /// When it starts.
  public var start: TaskStart
  /// The indicators that show the progress: `bar`, `ring`, `label`, `spinner`.
  ///
  /// Default: a bar and a label when progress is read, a spinner when it is not.
  public var indicators: [String]
  /// A name for the work (`Building`); default: the step's title.
  public var label: String?

  /// A task that runs a command.
  public init(
    command: CommandSpec, progress: TaskProgressMode = .none, capture: String? = nil,
    optional: Bool = false, start: TaskStart = .enter, indicators: [String]? = nil,
    label: String? = nil
  ) {
    self.init(
      work: .command(command), progress: progress, capture: capture, optional: optional,
      start: start, indicators: indicators, label: label)
  }

  /// A task that runs closure work, which reports its own progress.
  public init(
    work: StepWork, optional: Bool = false, start: TaskStart = .enter,
    indicators: [String]? = nil, label: String? = nil
  ) {
    self.init(
      work: .closure(work), progress: .percent, capture: nil, optional: optional, start: start,
      indicators: indicators, label: label)
  }

  private init(
    work: Work, progress: TaskProgressMode, capture: String?, optional: Bool, start: TaskStart,
    indicators: [String]?, label: String?
  ) {
    self.work = work
    self.progress = progress
    self.capture = capture
    self.optional = optional
    self.start = start
    self.label = label
    if let indicators {
      self.indicators = indicators
    } else if case .none = progress, case .command = work {
      self.indicators = ["spinner"]
    } else {
      self.indicators = ["bar", "label"]
    }
  }

  /// The indicator names a task may use.
  public static let indicatorNames = ["bar", "ring", "label", "spinner"]
}

extension CommandSpec {
  /// The argument that the program reads as code, when the argv runs an interpreter on a
  /// script given inline: the script of `sh -c SCRIPT` (any common shell, `-ec` too),
  /// `python -c`, `perl -e`, `ruby -e`, `node -e`/`--eval`, `php -r` — also behind `env`,
  /// `nice`, `nohup`, `sudo`, `timeout N`.
  ///
  /// An answer must never be substituted there: it would be run as code.
  ///
  /// (A check for the common cases; the rule is not to put `{{…}}` in code.)
  public static func codeArgumentIndex(_ argv: [String]) -> Int? {
    var index = 0
    // Wrappers that run the rest as a command.
    while index < argv.count {
      let name = programName(argv[index])
      if ["env", "nice", "nohup", "command", "exec", "sudo", "doas", "time", "stdbuf"].contains(
        name)
      {
        index += 1
        // Their own options and, for env, VAR=value assignments.
        while index < argv.count, argv[index].hasPrefix("-") || argv[index].contains("=") {
          index += 1
        }
      } else if name == "timeout" {
        index += 1
        while index < argv.count, argv[index].hasPrefix("-") { index += 1 }
        index += 1  // the duration
      } else {
        break
      }
    }
    guard index < argv.count else { return nil }
    let name = programName(argv[index])
    let shells = [
      "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox",
    ]
    let flags: [String]
    if shells.contains(name) {
      flags = ["c"]
    } else if name.hasPrefix("python") || name.hasPrefix("pypy") {
      flags = ["c"]
    } else if name.hasPrefix("perl") || name.hasPrefix("ruby") {
      flags = ["e", "E"]
    } else if name == "node" || name == "nodejs" || name == "deno" || name == "bun" {
      flags = ["e", "p", "-eval", "-print"]
    } else if name.hasPrefix("php") {
      flags = ["r"]
    } else {
      return nil
    }
    for i in (index + 1)..<argv.count {
      let argument = argv[i]
      guard argument.hasPrefix("-"), argument.count > 1 else { break }
      let body = argument.dropFirst()
      if body.hasPrefix("-") {
        if flags.contains(String(body)) { return i + 1 < argv.count ? i + 1 : nil }
        continue
      }
      // A group of short options, `-ec`: the code follows when one of them is the flag.
      if body.contains(where: { flags.contains(String($0)) }) {
        return i + 1 < argv.count ? i + 1 : nil
      }
    }
    return nil
  }

  /// `/usr/bin/python3` → `python3`.
  private static func programName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
