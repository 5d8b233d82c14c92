import StepFlow
import StepFlowCommandLine
import StepFlowTerminal
import StepFlowText

/// `stepflow run NAME` and `stepflow rate`: find the flow by name (built-in, ./wizards,
/// STEPFLOW_PATH, or a path) or build the rating, then run it with the options of `run`
/// (``RunCommand``), as a program runs its own flow.
package enum RunNamedFlow {
  package static let runUsage =
    "usage: stepflow run <flow|name|path> [options]  (stepflow help run)"
  package static let rateUsage =
    "usage: stepflow rate [--max N] [--prompt TEXT] [options]  (stepflow help rate)"

  package static let rateOptions: [OptionSpec] = [
    OptionSpec("--max", value: "N", help: "the number of stars (default 5)"),
    OptionSpec(
      "--prompt", value: "TEXT", help: "the question (default: How much would you rate this?)"),
  ]

  package static func execute(_ arguments: [String], environment: [String: String], rating: Bool)
    throws(UsageError) -> Int32
  {
    let usage = rating ? rateUsage : runUsage
    let parsed = try ArgumentParser.parse(
      arguments, options: RunCommand.options + (rating ? rateOptions : []), usage: usage)
    let flow: FlowDefinition
    if rating {
      guard parsed.operands.isEmpty else {
        throw UsageError(
          "rate takes no operand, found \"\(Sanitizer.sanitize(parsed.operands[0]))\"", usage: usage
        )
      }
      let max = try ArgumentParser.integer(parsed, "--max", in: 1...50, usage: usage) ?? 5
      flow = Rating.ratingFlow(max: max, question: parsed["--prompt"] ?? Rating.question)
    } else {
      guard let name = parsed.operands.first else {
        throw UsageError(
          "run needs a flow: \(flowNames()), or a wizard file (stepflow list)", usage: usage)
      }
      guard parsed.operands.count == 1 else {
        throw UsageError(
          "run takes one flow, found also \"\(Sanitizer.sanitize(parsed.operands[1]))\"",
          usage: usage)
      }
      switch try lookUp(name, environment: environment, usage: usage) {
      case .success(let found): flow = found
      case .failure(let stop): return stop.code
      }
    }
    let user: UserSettings
    do throws(UserConfig.Failure) {
      user = try UserConfig.settings(for: parsed, environment: environment)
    } catch { return error.exitCode }
    return try RunCommand.start(
      flow, parsed: parsed, environment: environment, rating: rating, usage: usage, user: user)
  }

  /// A file that could not be used: its problems are printed; `code` is the exit status.
  package struct Unusable: Error {
    package var code: Int32
  }

  /// The flow `name` names (built-in, ./wizards, STEPFLOW_PATH, a path): an unknown name is a
  /// usage error with a did-you-mean; a file that cannot be used prints every problem as
  /// `path:line:column: message`, as `validate` does.
  package static func lookUp(_ name: String, environment: [String: String], usage: String)
    throws(UsageError) -> Result<FlowDefinition, Unusable>
  {
    // A built-in flow comes first, as in the catalogue: found without making the search path
    // (the environment's folders, the program's own path on disk).
    if let flow = StepFlowCLI.builtinFlow(named: name) { return .success(flow) }
    let catalog = StepFlowCLI.catalog(environment: environment)
    do throws(WizardCatalog.LookupError) {
      return .success(try catalog.flow(named: name))
    } catch {
      switch error {
      case .unknown(let name, let available):
        throw UsageError(
          "unknown flow \"\(Sanitizer.sanitize(name))\""
            + Suggestions.hint(for: name, in: available)
            + "; available: \(available.joined(separator: ", ")) (stepflow list)", usage: usage)
      case .file(let problem):
        for line in problem.lines { Platform.writeStderr(line + "\n") }
        return .failure(Unusable(code: problem.exitCode))
      }
    }
  }

  package static func flowNames() -> String {
    StepFlowCLI.builtinNames.joined(separator: ", ")
  }
}
