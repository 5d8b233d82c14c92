import StepFlow
import StepFlowCommandLine
import StepFlowJSON
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

/// The `stepflow` command line: parses arguments, picks a mode, runs, and returns the exit code.
///
/// The `stepflow` executable is one line that calls ``main(_:)``; a Swift program that wants
/// the command line of `run` for its own flow imports `StepFlowCommandLine` instead.
package enum StepFlowCLI {
  package static let version = "0.1.0"

  /// The names of the built-in flows.
  package static let builtinNames = ["delivery", "purchase", "rating"]

  /// A built-in flow by name, made only when asked for (a run builds only its own flow).
  package static func builtinFlow(named name: String) -> FlowDefinition? {
    switch name {
    case "delivery": return FoodDeliveryState.flow
    case "purchase": return OrderState.flow
    case "rating": return Rating.flow
    default: return nil
    }
  }

  /// Ends the process with an exit code (the terminal is restored by then).
  package static func exit(_ code: Int32) -> Never { Platform.exitProcess(code) }

  /// Where `run NAME` and `list` look: the built-in flows, then the wizard folders, the
  /// installed ones (beside this program: `PREFIX/share/stepflow/wizards`) last.
  package static func catalog(environment: [String: String]) -> WizardCatalog {
    WizardCatalog(
      builtinNames: builtinNames, builtin: builtinFlow(named:), environment: environment,
      installed: Platform.executablePath().flatMap(WizardCatalog.installedFolder(executable:)))
  }

  /// Every built-in flow.
  package static var builtinFlows: [FlowDefinition] { builtinNames.compactMap(builtinFlow(named:)) }

  package static var usage: String {
    "usage: stepflow <\(commandNames.joined(separator: "|"))> [options]  (stepflow --help)"
  }

  /// The process's arguments from their bytes (a file name that is not UTF-8 opens as given).
  package static func arguments() -> [String] { Platform.arguments() }

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  package static func main(_ arguments: [String]) -> Int32 {
    Platform.reserveStandardDescriptors()
    Platform.restoreDefaultQuitAction()
    FatalSignals.installOutsideSessions()
    return FlowRunner.outputChecked(command(arguments))
  }

  private static func command(_ arguments: [String]) -> Int32 {
    let environment = Platform.environment()
    guard let command = arguments.first else {
      Platform.writeStderr("stepflow: no command given\n\(usage)\n")
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    // The command table is read only when a -h or --help is there to judge (it is every
    // command's options: a run that asks for no help never builds it).
    if rest.contains(where: { $0 == "-h" || $0 == "--help" }),
      ArgumentParser.asksForHelp(rest, options: optionsTable(of: command)),
      let text = HelpText.command(command)
    {
      Platform.writeStdout(text)
      return 0
    }
    do throws(UsageError) {
      switch command {
      case "--help", "-h", "help":
        if let topic = rest.first, command == "help" {
          var keys = KeyRemaps.none
          if topic == "keys" {
            // The keys as this user's runs have them: with the config file's remaps.
            switch UserConfig.settings(noConfig: false, environment: environment) {
            case .success(let user): keys = user.keys ?? .none
            case .failure:
              Platform.writeStderr(
                "stepflow: the config file has mistakes (stepflow run shows them): the keys"
                  + " without its remaps\n")
            }
          }
          if let text = HelpText.command(topic, keys: keys) {
            Platform.writeStdout(text)
            return 0
          }
          // Not a command: a wizard, whose help is what it asks.
          guard
            StepFlowCLI.builtinNames.contains(topic) || WizardCatalog.isPath(topic)
              || catalog(environment: environment).file(named: topic) != nil
          else {
            let names = catalog(environment: environment).entries(loadingFiles: false).map(\.name)
            throw UsageError(
              "no help for \"\(Sanitizer.sanitize(topic))\": not a command or a wizard"
                + Suggestions.hint(for: topic, in: HelpText.topics + names)
                + " (commands: \(HelpText.topics.joined(separator: ", ")); wizards: stepflow list)",
              usage: usage)
          }
          switch try RunNamedFlow.lookUp(topic, environment: environment, usage: usage) {
          case .success(let flow): Platform.writeStdout(WizardHelp.text(flow, name: topic))
          case .failure(let stop): return stop.code
          }
        } else {
          Platform.writeStdout(HelpText.main)
        }
        return 0
      case "--version", "-V", "version":
        Platform.writeStdout("stepflow \(version)\n")
        return 0
      case "run":
        return try RunNamedFlow.execute(rest, environment: environment, rating: false)
      case "rate":
        return try RunNamedFlow.execute(rest, environment: environment, rating: true)
      case "gauge":
        return try GaugeCommand.execute(rest, environment: environment)
      case "ask":
        return try AskCommand.execute(rest, environment: environment)
      case "schema":
        return try schema(rest, environment: environment)
      case "list":
        let usage = "usage: stepflow list [--names | --folders]"
        let parsed = try ArgumentParser.parse(rest, options: listOptions, usage: usage)
        if let extra = parsed.operands.first {
          throw UsageError(
            "list takes nothing after it, found \"\(Sanitizer.sanitize(extra))\"", usage: usage)
        }
        if parsed.has("--names") && parsed.has("--folders") {
          throw UsageError("give either --names or --folders, not both", usage: usage)
        }
        return listFlows(
          environment: environment,
          only: parsed.has("--names") ? .names : parsed.has("--folders") ? .folders : nil)
      case "validate":
        let parsed = try ArgumentParser.parse(
          rest, options: [], usage: "usage: stepflow validate <file>...")
        guard !parsed.operands.isEmpty else {
          throw UsageError(
            "validate needs the wizard files to check", usage: "usage: stepflow validate <file>...")
        }
        return validate(parsed.operands)
      case "completions":
        let usage = "usage: stepflow completions bash|zsh|fish"
        let parsed = try ArgumentParser.parse(rest, options: [], usage: usage)
        let shells = Completions.Shell.allCases.map(\.rawValue)
        guard parsed.operands.count == 1, let name = parsed.operands.first else {
          throw UsageError(
            "completions needs one shell: \(shells.joined(separator: ", "))", usage: usage)
        }
        guard let shell = Completions.Shell(rawValue: name) else {
          throw UsageError(
            "unknown shell \"\(Sanitizer.sanitize(name))\""
              + Suggestions.hint(for: name, in: shells)
              + "; shells: \(shells.joined(separator: ", "))", usage: usage)
        }
        Platform.writeStdout(Completions.script(for: shell))
        return 0
      case "man":
        let parsed = try ArgumentParser.parse(rest, options: [], usage: "usage: stepflow man")
        if let extra = parsed.operands.first {
          throw UsageError(
            "man takes nothing after it, found \"\(Sanitizer.sanitize(extra))\"",
            usage: "usage: stepflow man")
        }
        Platform.writeStdout(ManPage.page)
        return 0
      default:
        throw UsageError(
          "unknown command \"\(Sanitizer.sanitize(command))\""
            + Suggestions.hint(for: command, in: commandNames), usage: usage)
      }
    } catch {
      Platform.writeStderr("stepflow: \(error.message)\n\(error.usage)\n")
      return ExitCode.usage
    }
  }

  /// The options a command takes (from the command table), so that a value such as
  /// `--label -h` is not a request for help.
  private static func optionsTable(of command: String) -> [OptionSpec] {
    commandTable.first { $0.name == command }?.options ?? []
  }

  /// Prints a JSON Schema on stdout: of wizard files (`stepflow schema`), or of a wizard's
  /// answers object (`stepflow schema WIZARD`).
  package static func schema(_ arguments: [String], environment: [String: String])
    throws(UsageError) -> Int32
  {
    let usage = "usage: stepflow schema [flow|name|path]"
    let parsed = try ArgumentParser.parse(arguments, options: [], usage: usage)
    guard let name = parsed.operands.first else {
      Platform.writeStdout(JSONWriter.pretty(WizardSchema.fileSchemaDocument) + "\n")
      return 0
    }
    guard parsed.operands.count == 1 else {
      throw UsageError(
        "schema takes one wizard, found also \"\(Sanitizer.sanitize(parsed.operands[1]))\"",
        usage: usage)
    }
    switch try RunNamedFlow.lookUp(name, environment: environment, usage: usage) {
    case .success(let flow):
      Platform.writeStdout(JSONWriter.pretty(AnswersSchema.schema(flow)) + "\n")
      return 0
    case .failure(let stop):
      return stop.code
    }
  }

  /// The options of `list`.
  package static let listOptions: [OptionSpec] = [
    OptionSpec("--names", help: "only the names, one a line (what shell completion reads)"),
    OptionSpec("--folders", help: "only the folders searched, in order, and why each is"),
  ]

  /// What `stepflow list` prints when asked for one part.
  package enum ListPart: Sendable {
    case names
    case folders
  }

  /// `stepflow list`: every wizard that runs by name, with its title and where it comes from;
  /// the files a name found earlier hides, with what wins; the folders searched.
  package static func listFlows(environment: [String: String], only: ListPart? = nil) -> Int32 {
    let catalog = StepFlowCLI.catalog(environment: environment)
    var lines: [String] = []
    switch only {
    case .names:
      lines = catalog.entries(loadingFiles: false).map { Sanitizer.sanitize($0.name) }
    case .folders:
      lines = folderLines(catalog)
    case nil:
      lines = entryLines(catalog)
      lines.append("")
      lines.append("Searched in this order (a name found earlier wins):")
      lines += folderLines(catalog).map { "  " + $0 }
    }
    guard !lines.isEmpty else { return 0 }
    Platform.writeStdout(lines.joined(separator: "\n") + "\n")
    return 0
  }

  private static func origin(_ entry: WizardCatalog.Entry) -> String {
    guard let path = entry.path, let folder = entry.folder else { return "built in" }
    return "\(Sanitizer.sanitize(path)) (\(folder.origin.rawValue))"
  }

  private static func entryLines(_ catalog: WizardCatalog) -> [String] {
    let entries = catalog.entries()
    // The column is sized by the names as printed: escaped, in display columns.
    let names = entries.map { Sanitizer.sanitize($0.name) }
    let width = (names.map { DisplayWidth.of($0) }.max() ?? 0) + 2
    var lines: [String] = []
    for (entry, name) in zip(entries, names) {
      let pad = String(repeating: " ", count: max(1, width - DisplayWidth.of(name)))
      switch entry.summary {
      case .success(let summary):
        let steps = summary.steps == 1 ? "1 step" : "\(summary.steps) steps"
        lines.append(
          "\(name)\(pad)\(Sanitizer.sanitize(summary.title)) (\(steps)) — \(origin(entry))")
      case .failure:
        let path = Sanitizer.sanitize(entry.path ?? "")
        lines.append("\(name)\(pad)(invalid: stepflow validate \(path)) — \(origin(entry))")
      }
    }
    for hidden in catalog.shadowedFiles() {
      let wins =
        hidden.winner.path == nil
        ? "the built-in flow wins" : "\(origin(hidden.winner)) wins"
      lines.append(
        "  \(Sanitizer.sanitize(hidden.name)) also in \(Sanitizer.sanitize(hidden.path))"
          + " (\(hidden.folder.origin.rawValue)): \(wins); run it by its path")
    }
    return lines
  }

  private static func folderLines(_ catalog: WizardCatalog) -> [String] {
    let paths = catalog.folders.map { Sanitizer.sanitize($0.path) }
    let width = paths.map { DisplayWidth.of($0) }.max() ?? 0
    return zip(catalog.folders, paths).map { folder, path in
      let pad = String(repeating: " ", count: width - DisplayWidth.of(path) + 2)
      let missing = Platform.isDirectory(folder.path) ? "" : ", not there"
      return path + pad + "(" + folder.origin.rawValue + missing + ")"
    }
  }

  /// `stepflow validate FILE...`: every problem of every file as `path:line:column: message`.
  package static func validate(_ paths: [String]) -> Int32 {
    var code: Int32 = 0
    for path in paths {
      do throws(WizardFile.LoadError) {
        let flow = try WizardFile.load(path: path)
        let steps = flow.steps.count == 1 ? "1 step" : "\(flow.steps.count) steps"
        Platform.writeStdout("\(Sanitizer.sanitize(path)): ok (\(steps))\n")
      } catch {
        for line in error.lines { Platform.writeStderr(line + "\n") }
        // A missing file outranks an invalid one: 66 before 65.
        code = code == ExitCode.noInput ? code : error.exitCode
      }
    }
    return code
  }
}
