import StepFlow
import StepFlowTerminal

extension MultiSteps {
  /// Runs the flow with the options of `stepflow run` (`--commands`, `--script`, `--frames`,
  /// `--answers`, `--state`, `--plain`, …): full screen on a terminal, line by line without
  /// one. The result is also printed on stdout as `stepflow run` prints it (`--output none`
  /// to keep stdout quiet).
  public static func run(_ arguments: [String] = Array(CommandLine.arguments.dropFirst()))
    -> Result
  {
    let definition = FlowDefinition(Step.self)
    var final: FlowState? = nil
    let code = RunCommand.runProgram(definition, arguments: arguments, onEnd: { final = $0 })
    return result(of: definition, exitCode: code, final: final)
  }

  /// Runs the flow (``run(_:)``) and ends the process with its exit code: the whole `main`
  /// of a program that is one flow.
  public static func main() -> Never {
    Platform.exitProcess(run().exitCode)
  }
}
