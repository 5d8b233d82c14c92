import StepFlow
import StepFlowCommandLine
import StepFlowCore
import StepFlowTerminal
import StepFlowText

/// `stepflow gauge`: a progress display fed by stdin, drawn on the terminal, or printed as
/// plain lines when there is no terminal to draw on.
package enum GaugeCommand {
  package static func execute(_ arguments: [String], environment: [String: String])
    throws(UsageError)
    -> Int32
  {
    let options = try GaugeOptions.parse(arguments).applying(environment: environment)
    if options.usesPlainOutput(environment: environment, outputIsTerminal: Platform.isTerminal(1)) {
      if let command = options.command {
        return GaugePlainRunner(options: options).runCommand(command)
      }
      return GaugePlainRunner(options: options).run()
    }
    let glyphs = options.glyphs ?? GlyphStyle.detect(environment: environment)
    var program = GaugeProgram(options: options, glyphs: glyphs)
    let depth =
      options.color.depth(environment: environment, isTerminal: true) ?? .none
    let code: Int32
    do {
      code = try TerminalSession.run(
        &program,
        options: TerminalSession.Options(
          timeout: options.command == nil ? options.timeout : nil, glyphs: glyphs,
          colorDepth: depth))
    } catch {
      // No terminal to draw on after all: print plain lines, or let the output through.
      if let command = options.command {
        return GaugePlainRunner(options: options).runCommand(command)
      }
      return GaugePlainRunner(options: options).run()
    }
    guard options.command != nil else { return code }
    // The screen is restored: what the command printed, when asked for, then why it failed.
    let failed = program.commandEnd.map { !$0.outcome.succeeded } ?? true
    if options.showOutput || (options.showError && failed) {
      Platform.write(1, program.log.bytes(of: .stdout))
      Platform.write(2, program.log.bytes(of: .stderr))
      if program.log.droppedBytes > 0 {
        Platform.writeStderr(
          "stepflow: gauge: the first \(program.log.droppedBytes) bytes of the output were left out (the last \(Platform.sizeText(program.log.limit)) are kept)\n"
        )
      }
    }
    guard let end = program.commandEnd, code == GaugeProgram.exitStatus(end) else { return code }
    return report(end, timeout: options, errorOutput: 2)
  }

  /// Says on stderr why a command did not run or was stopped, and gives its exit status.
  package static func report(_ end: TaskEnd, timeout options: GaugeOptions, errorOutput: Int32)
    -> Int32
  {
    switch end.outcome {
    case .notStarted(_, let reason):
      Platform.write(errorOutput, Array("stepflow: gauge: \(reason)\n".utf8))
    case .timedOut:
      Platform.write(
        errorOutput,
        Array("stepflow: gauge: the command ran longer than \(options.timeoutText); stopped\n".utf8)
      )
    default:
      break
    }
    return GaugeProgram.exitStatus(end)
  }
}
