import StepFlow
import StepFlowTerminal

extension MultiSteps {
  /// Runs the flow with the command line of `stepflow run` (`--commands`, `--script`,
  /// `--frames`, `--answers`, `--state`, `--plain`, …): full screen on a terminal, line by line
  /// without one.
  ///
  /// The result is printed on stdout as `stepflow run` prints it (`--output none` to keep stdout
  /// quiet), and messages on stderr start with the program's name.
  ///
  /// For a run without the command line, with typed options and nothing printed, use
  /// ``MultiSteps/run(options:)``.
  ///
  /// - Parameters:
  ///   - arguments: the options, without the program's name (default: the process's own).
  ///   - programName: the name messages and the usage line start with (default: the base
  ///     name of `CommandLine.arguments[0]`).
  /// - Returns: How the run ended: its status, answers and exit code.
  public static func runFromCommandLine(
    _ arguments: [String] = Array(CommandLine.arguments.dropFirst()), programName: String? = nil
  ) -> Result {
    let definition = FlowDefinition(Step.self)
    var final: FlowState? = nil
    let code = RunCommand.runProgram(
      definition, arguments: arguments, name: programName ?? RunOptions.processName,
      onEnd: { final = $0 })
    return result(of: definition, exitCode: code, final: final)
  }

  /// Runs the flow from the command line (``runFromCommandLine(_:programName:)``) and ends
  /// the process with its exit code: the whole `main` of a program that is one flow.
  public static func main() -> Never {
    Platform.exitProcess(runFromCommandLine().exitCode)
  }
}
