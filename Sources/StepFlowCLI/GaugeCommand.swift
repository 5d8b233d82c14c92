import StepFlow
import StepFlowCommandLine
import StepFlowTerminal

/// `stepflow gauge`: a progress display fed by stdin, drawn on the terminal, or printed as
/// plain lines when there is no terminal to draw on.
package enum GaugeCommand {
  package static func execute(_ arguments: [String], environment: [String: String])
    throws(UsageError)
    -> Int32
  {
    let options = try GaugeOptions.parse(arguments).applying(environment: environment)
    if options.usesPlainOutput(environment: environment, outputIsTerminal: Platform.isTerminal(1)) {
      return GaugePlainRunner(options: options).run()
    }
    let glyphs = options.glyphs ?? GlyphStyle.detect(environment: environment)
    var program = GaugeProgram(options: options, glyphs: glyphs)
    let depth =
      options.color.depth(environment: environment, isTerminal: true) ?? .none
    do {
      return try TerminalSession.run(
        &program,
        options: TerminalSession.Options(
          timeout: options.timeout, glyphs: glyphs, colorDepth: depth))
    } catch {
      // No terminal to draw on after all: print plain lines.
      return GaugePlainRunner(options: options).run()
    }
  }
}
