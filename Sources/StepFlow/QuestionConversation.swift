import StepFlowCore
import StepFlowRender
import StepFlowTerminal
import StepFlowText

extension FlowRunner {
  /// The most options a question lists line by line; the rest are chosen by name.
  package static let listedOptions = 20

  /// Asks a one-question flow line by line (plain mode, `TERM=dumb`, a terminal too small to draw
  /// it, or no terminal at all): the question as plain mode words it, the options numbered, then a
  /// prompt.
  ///
  /// The line typed is the answer — given to the field as `set FIELD=LINE` gives it, so the rules
  /// and messages are the field's own; an empty line keeps the default; a choice also takes its
  /// number, a multichoice numbers or ids separated by commas. A person (on the terminal) is asked
  /// again after a refusal; piped input is not (exit 65). The input ending is a cancel (exit 1).
  ///
  /// The terminal is `/dev/tty` whatever stdin is (its lines are read and the question written
  /// there); without one, stdin is read and the question goes to stderr.
  package static func askLineByLine(_ flow: FlowDefinition, settings: RunSettings, start: FlowState)
    -> Int32
  {
    let terminal = Platform.openControllingTerminal()
    defer { terminal.map(Platform.closeDescriptor) }
    let person = terminal != nil || Platform.isTerminal(0)
    let glyphs = Glyphs.for(settings.glyphs)
    func tell(_ text: String) {
      let safe = Symbols.asciiSafe(text, style: glyphs.style)
      if let terminal {
        Platform.write(terminal, Array(safe.utf8))
      } else {
        Platform.writeStderr(safe)
      }
    }
    var options = FlowOptions(
      glyphs: settings.glyphs, animate: false, colorDepth: .none, context: settings.fieldContext,
      keys: settings.keys)
    options.layout = .question
    var program = FlowProgram(flow: flow, options: options, state: start)
    guard let spec = flow.steps.first?.fields.first else { return ExitCode.notFinished }
    var reader = LineReader(fd: terminal ?? 0)
    var code: Int32?
    asking: while program.state.status == .running {
      tell(questionText(program, spec: spec, glyphs: glyphs))
      if person { tell("> ") }
      var secure = false
      if case .text(_, true, _) = spec.kind { secure = true }
      let typed: LineReader.Line
      switch readAnswer(
        secure: secure, terminal: terminal, reader: &reader, timeout: settings.timeout, tell: tell)
      {
      case .read(let read): typed = read
      case .interrupted(let code):
        settings.onEnd?(program.state)
        return code
      }
      switch typed {
      case .end:
        if person { tell("\n") }
        code = ExitCode.notFinished
        break asking
      case .timedOut:
        if person { tell("\n") }
        settings.report("no input for \(settings.timeoutText) seconds")
        code = ExitCode.timeout
        break asking
      case .tooLong:
        settings.report(
          "the answer is longer than \(Platform.sizeText(Platform.maxLineLength)), the most a line may be"
        )
        code = ExitCode.dataError
        break asking
      case .line(let typed):
        let line = typed.last == "\r" ? String(typed.dropLast()) : typed
        if !line.isEmpty {
          let value = PlainConversation.answerText(line, for: spec)
          if case .refused(let why) = program.apply(.set(field: spec.id, value: value), at: .zero) {
            tell(Sanitizer.sanitize(why) + "\n")
            guard person else {
              code = ExitCode.dataError
              break asking
            }
            continue asking
          }
        }
        if case .refused(let why) = program.apply(.enter, at: .zero) {
          tell(Sanitizer.sanitize(why) + "\n")
          guard person else {
            code = ExitCode.dataError
            break asking
          }
        }
      }
    }
    settings.onEnd?(program.state)
    if program.state.status == .finished {
      writeResult(flow, settings: settings, state: program.state)
      return ExitCode.finished
    }
    return code ?? ExitCode.notFinished
  }

  /// The question in words.
  ///
  /// Plain mode's line for the field (`Branch (required): none chosen`) without the value when
  /// there is none yet, and a choice's options numbered.
  private static func questionText(_ program: FlowProgram, spec: FieldSpec, glyphs: Glyphs)
    -> String
  {
    guard let field = program.state.editor?.form.fields.first else { return spec.label + "\n" }
    var lines = [field.accessibleText] + PlainConversation.optionLines(spec.kind.options)
    if case .multichoice = spec.kind { lines.append("  (numbers or names, separated by commas)") }
    return lines.map(Sanitizer.sanitize).joined(separator: "\n") + "\n"
  }
}
