/// The `stepflow` command line: parses arguments, picks a mode, runs, and returns the exit code.
///
/// It lives in the library so that a Swift program can offer the same command line for its own
/// flows; the `stepflow` executable is one line that calls ``main(_:)``.
public enum StepFlowCLI {
  public static let version = "0.1.0"

  /// The built-in flows by name.
  public static let builtinFlows: [FlowDefinition] = [
    FoodDeliveryState.flow, OrderState.flow, Rating.flow,
  ]

  static let usage =
    "usage: stepflow <run|rate|gauge|list|validate|help> [options]  (stepflow --help)"

  /// Runs the command line `arguments` (without the program name) and returns the exit code.
  public static func main(_ arguments: [String]) -> Int32 {
    let environment = Platform.environment()
    guard let command = arguments.first else {
      Platform.writeStderr("stepflow: no command given\n\(usage)\n")
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h"), let text = HelpText.command(command) {
      Platform.writeStdout(text)
      return 0
    }
    do throws(UsageError) {
      switch command {
      case "--help", "-h", "help":
        if let topic = rest.first, command == "help" {
          guard let text = HelpText.command(topic) else {
            throw UsageError(
              "no help for \"\(topic)\"" + Suggestions.hint(for: topic, in: HelpText.topics),
              usage: usage)
          }
          Platform.writeStdout(text)
        } else {
          Platform.writeStdout(HelpText.main)
        }
        return 0
      case "--version", "-V", "version":
        Platform.writeStdout("stepflow \(version)\n")
        return 0
      case "run":
        return try RunCommand.execute(rest, environment: environment, rating: false)
      case "rate":
        return try RunCommand.execute(rest, environment: environment, rating: true)
      case "gauge":
        return try GaugeCommand.execute(rest, environment: environment)
      case "list":
        _ = try ArgumentParser.parse(rest, options: [], usage: "usage: stepflow list")
        return listFlows()
      default:
        let commands = ["run", "rate", "gauge", "list", "validate", "help"]
        throw UsageError(
          "unknown command \"\(Sanitizer.sanitize(command))\""
            + Suggestions.hint(for: command, in: commands), usage: usage)
      }
    } catch {
      Platform.writeStderr("stepflow: \(error.message)\n\(error.usage)\n")
      return ExitCode.usage
    }
  }

  static func listFlows() -> Int32 {
    var lines: [String] = []
    let width = (builtinFlows.map { $0.id.count }.max() ?? 0) + 2
    for flow in builtinFlows {
      let pad = String(repeating: " ", count: width - flow.id.count)
      lines.append("\(flow.id)\(pad)\(flow.title) (\(flow.steps.count) steps) — built in")
    }
    Platform.writeStdout(lines.joined(separator: "\n") + "\n")
    return 0
  }
}
