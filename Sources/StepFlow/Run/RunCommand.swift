/// `stepflow run` and `stepflow rate`: resolve the flow, pick the mode, run, print the result.
enum RunCommand {
  static let runUsage = "usage: stepflow run <flow|name|path> [options]  (stepflow help run)"
  static let rateUsage =
    "usage: stepflow rate [--max N] [--prompt TEXT] [options]  (stepflow help rate)"

  static let options: [OptionSpec] = [
    OptionSpec(
      "--commands", value: "TEXT", help: "scripted run: commands separated by ; or newlines"),
    OptionSpec("--script", value: "FILE", help: "scripted run: one command a line (- = stdin)"),
    OptionSpec(
      "--frames", help: "print every frame as text, each after a --- frame N: COMMAND --- line"),
    OptionSpec("--width", value: "W", help: "frame width without a terminal (default 80)"),
    OptionSpec("--height", value: "H", help: "frame height without a terminal (default 24)"),
    OptionSpec(
      "--color", value: "WHEN", help: "auto, always or never (honours NO_COLOR, CLICOLOR_FORCE)"),
    OptionSpec(
      "--glyphs", value: "SET", help: "emoji, unicode or ascii (default: from the locale)"),
    OptionSpec("--position", value: "POS", help: "extra content above, inline or ontop"),
    OptionSpec("--no-animation", help: "no transitions (also STEPFLOW_REDUCED_MOTION=1)"),
    OptionSpec("--plain", help: "line-based accessible mode (also ACCESSIBLE=1, TERM=dumb)"),
    OptionSpec("--output", value: "FORMAT", help: "the result on stdout: json, text or none"),
    OptionSpec("--auto", help: "steps with a progress stage advance by themselves"),
    OptionSpec("--answers", value: "FILE", help: "pre-fill fields from a JSON object of answers"),
    OptionSpec("--state", value: "FILE", help: "save progress after every step (atomically)"),
    OptionSpec("--resume", help: "continue from the --state file"),
    OptionSpec("--timeout", value: "SECONDS", help: "give up waiting for input (exit 124)"),
  ]

  static let rateOptions: [OptionSpec] = [
    OptionSpec("--max", value: "N", help: "the number of stars (default 5)"),
    OptionSpec(
      "--prompt", value: "TEXT", help: "the question (default: How much would you rate this?)"),
  ]

  static func execute(_ arguments: [String], environment: [String: String], rating: Bool)
    throws(UsageError) -> Int32
  {
    let usage = rating ? rateUsage : runUsage
    let parsed = try ArgumentParser.parse(
      arguments, options: options + (rating ? rateOptions : []), usage: usage)
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
      let catalog = WizardCatalog(environment: environment)
      do throws(WizardCatalog.LookupError) {
        flow = try catalog.flow(named: name)
      } catch {
        switch error {
        case .unknown(let name, let available):
          throw UsageError(
            "unknown flow \"\(Sanitizer.sanitize(name))\""
              + Suggestions.hint(for: name, in: available)
              + "; available: \(available.joined(separator: ", ")) (stepflow list)", usage: usage)
        case .file(let problem):
          // Each problem as `path:line:column: message`, as `validate` prints it.
          for line in problem.lines { Platform.writeStderr(line + "\n") }
          return problem.exitCode
        }
      }
    }
    return try start(flow, parsed: parsed, environment: environment, rating: rating, usage: usage)
  }

  /// Runs a flow given by a Swift program with the options of `run` (no flow operand).
  static func execute(_ flow: FlowDefinition, arguments: [String], environment: [String: String])
    throws(UsageError) -> Int32
  {
    let usage = "usage: \(flow.id) [options]"
    let parsed = try ArgumentParser.parse(arguments, options: options, usage: usage)
    if let operand = parsed.operands.first {
      throw UsageError("unexpected \"\(Sanitizer.sanitize(operand))\"", usage: usage)
    }
    return try start(flow, parsed: parsed, environment: environment, rating: false, usage: usage)
  }

  private static func start(
    _ flow: FlowDefinition, parsed: ParsedArguments, environment: [String: String], rating: Bool,
    usage: String
  ) throws(UsageError) -> Int32 {
    let settings = try RunSettings(parsed, environment: environment, rating: rating, usage: usage)
    let start: FlowState
    switch startingState(flow, settings: settings) {
    case .success(let state): start = state
    case .failure(let stop): return stop.code
    }
    return run(flow, settings: settings, start: start)
  }

  static func flowNames() -> String {
    StepFlowCLI.builtinNames.joined(separator: ", ")
  }

  /// Why a run stops before it starts: the message is already printed.
  struct Stop: Error {
    let code: Int32
  }

  /// The state a run starts from: `--resume`d from the state file, or the start with the
  /// `--answers` filled in.
  static func startingState(_ flow: FlowDefinition, settings: RunSettings) -> Result<
    FlowState, Stop
  > {
    var answers: [String: FieldValue] = [:]
    if let path = settings.answersFile {
      do {
        let bytes = try Platform.readFile(path)
        answers = try AnswersFile.load(bytes, path: path, flow: flow)
      } catch let error as Platform.FileError {
        Platform.writeStderr("stepflow: cannot read answers \(error.description)\n")
        return .failure(Stop(code: ExitCode.noInput))
      } catch let error as Diagnostics {
        for problem in error.all { Platform.writeStderr(problem.description + "\n") }
        return .failure(Stop(code: ExitCode.dataError))
      } catch {
        return .failure(Stop(code: ExitCode.dataError))
      }
    }
    guard let path = settings.stateFile else {
      return .success(FlowState(flow: flow, answers: answers))
    }
    let shown = Sanitizer.sanitize(path)
    // One rule for what is at the state path: it is used (--resume) or replaced only when it is
    // a regular file holding a state of this wizard; anything else is refused and left as it is.
    let bytes: [UInt8]
    switch Platform.kind(of: path) {
    case .missing:
      if settings.resume {
        Platform.writeStderr(
          "stepflow: no saved state in \(shown) yet; starting at the beginning\n")
      }
      return .success(FlowState(flow: flow, answers: answers))
    case .other(let what):
      Platform.writeStderr(
        "stepflow: state file \(shown) is \(what), not a regular file; it is left as it is (give --state another path)\n"
      )
      return .failure(Stop(code: ExitCode.dataError))
    case .regularFile:
      do throws(Platform.FileError) {
        bytes = try Platform.readFile(path)
      } catch {
        Platform.writeStderr("stepflow: cannot read the state file \(error.description)\n")
        return .failure(Stop(code: ExitCode.noInput))
      }
    }
    if settings.resume {
      do throws(SavedState.Refusal) {
        return .success(try SavedState.decode(bytes, path: path, flow: flow))
      } catch {
        Platform.writeStderr("stepflow: \(error.message)\n")
        return .failure(Stop(code: ExitCode.dataError))
      }
    }
    guard SavedState.mayReplace(bytes, flow: flow) else {
      Platform.writeStderr(
        "stepflow: state file \(shown) is not a stepflow state file of \(quoted(flow.id)); it is left as it is (give --state another path, or remove it)\n"
      )
      return .failure(Stop(code: ExitCode.dataError))
    }
    if !bytes.isEmpty {
      Platform.writeStderr(
        "stepflow: \(shown) held a saved run; starting over and replacing it (--resume continues it)\n"
      )
    }
    return .success(FlowState(flow: flow, answers: answers))
  }

  static func run(_ flow: FlowDefinition, settings: RunSettings, start: FlowState) -> Int32 {
    var saver = settings.stateFile.map { StateFileWriter(path: $0, flow: flow) }
    // A resumed run that had finished is finished: its result, at once.
    if start.status == .finished {
      if let path = settings.stateFile {
        Platform.writeStderr(
          "stepflow: the run saved in \(Sanitizer.sanitize(path)) was finished already; its result follows (remove the file to start over)\n"
        )
      }
      Platform.writeStdout(
        FlowResult.render(settings.output, flow: flow, state: start, glyphs: settings.glyphs))
      return ExitCode.finished
    }
    // A state file that cannot be written would lose the run: refuse before it starts.
    if saver?.save(start) == false {
      Platform.writeStderr(saver?.failure ?? "")
      return ExitCode.ioError
    }
    if settings.isInteractive,
      let code = runInteractively(flow, settings: settings, start: start, saver: &saver)
    {
      return code
    }
    return runScript(flow, settings: settings, start: start, saver: &saver)
  }

  /// Runs the flow full screen on the terminal; `nil` when the terminal cannot be used (then
  /// the line-based mode takes over).
  static func runInteractively(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    saver: inout StateFileWriter?
  ) -> Int32? {
    var program = SavingProgram(
      program: FlowProgram(
        flow: flow,
        options: FlowOptions(
          glyphs: settings.glyphs, position: settings.position,
          animate: settings.animationAllowed, auto: settings.auto),
        state: start),
      saver: saver)
    let depth =
      ColorChoice.depth(choice: settings.color, environment: settings.environment, isTerminal: true)
      ?? .none
    let code: Int32
    do {
      code = try TerminalSession.run(
        &program,
        options: TerminalSession.Options(
          timeout: settings.timeout, glyphs: settings.glyphs, colorDepth: depth))
    } catch {
      return nil
    }
    saver = program.saver
    // A state file that could not be written ends the run (the writer said why).
    if saver?.save(program.program.state) == false {
      Platform.writeStderr(saver?.failure ?? "")
      return ExitCode.ioError
    }
    if [ExitCode.finished, ExitCode.notFinished, ExitCode.timeout].contains(code) {
      Platform.writeStdout(
        FlowResult.render(
          settings.output, flow: flow, state: program.program.state, glyphs: settings.glyphs))
    }
    return code
  }

  /// Runs the flow from script lines (`--commands`, `--script`, or stdin).
  static func runScript(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    saver: inout StateFileWriter?
  ) -> Int32 {
    var options = FlowOptions(
      glyphs: settings.glyphs, position: settings.position, animate: false, auto: settings.auto)
    let source: ScriptSourceKind
    if let commands = settings.commands {
      source = .items(ScriptSource.items(ofCommands: commands), label: "command")
    } else if let path = settings.script, path != "-" {
      let bytes: [UInt8]
      do {
        bytes = try Platform.readFile(path)
      } catch {
        Platform.writeStderr("stepflow: cannot read script \(error.description)\n")
        return ExitCode.noInput
      }
      source = .items(
        ScriptSource.items(ofScript: String(decoding: bytes, as: UTF8.self)), label: "script line")
    } else {
      source = .stdin
    }
    if case .items(let items, _) = source, settings.animationAllowed {
      // Time passes in a script only through tick: animate when the script lets time pass.
      options.animate = items.contains { (try? Command.parse($0.line)).map(isTick) ?? false }
    }
    var runner = ScriptRunner(
      program: FlowProgram(flow: flow, options: options, state: start),
      frames: settings.frames
        ? ScriptRunner.FrameSettings(
          width: settings.width, height: settings.height, depth: settings.frameDepth)
        : nil,
      announce: settings.announce(source: source),
      writeFrame: { Platform.writeStdout($0) },
      writeNotice: { Platform.writeStderr($0) })
    runner.start()
    var exitCode: Int32? = nil
    func runLine(_ line: String, _ location: String) -> Bool {
      let step = runner.run(line: line, where: location)
      if saver?.save(runner.program.state) == false {
        Platform.writeStderr(saver?.failure ?? "")
        exitCode = ExitCode.ioError
        return false
      }
      switch step {
      case .next: return true
      case .ended: return false
      case .invalid(let message):
        Platform.writeStderr("stepflow: \(Sanitizer.sanitize(message))\n")
        exitCode = ExitCode.dataError
        return false
      }
    }
    switch source {
    case .items(let items, let label):
      for item in items where !runLine(item.line, "\(label) \(item.number)") { break }
    case .stdin:
      // A person typing in plain mode gets a prompt, and a typo does not end the run.
      let person = Platform.isTerminal(0)
      var reader = LineReader(fd: 0)
      var number = 0
      reading: while true {
        if person { Platform.writeStderr("> ") }
        switch reader.nextLine(timeout: settings.timeout) {
        case .end: break reading
        case .timedOut:
          Platform.writeStderr("stepflow: no input for \(settings.timeoutText) seconds\n")
          exitCode = ExitCode.timeout
          break reading
        case .line(let typed):
          number += 1
          let line = person ? Command.shortcuts[Command.trim(typed)] ?? typed : typed
          if ScriptSource.isBlank(line) { continue }
          if person, ["help", "?"].contains(Command.trim(line)) {
            Platform.writeStderr(HelpText.commands)
            continue
          }
          if person, case .invalid(let message) = runner.check(line, where: "line \(number)") {
            Platform.writeStderr("stepflow: \(Sanitizer.sanitize(message))\n")
            continue
          }
          if !runLine(line, "script line \(number)") { break reading }
        }
      }
    }
    let state = runner.program.state
    // A run whose state file failed stops without a result (exit 74).
    if !settings.frames, exitCode != ExitCode.ioError {
      Platform.writeStdout(
        FlowResult.render(settings.output, flow: flow, state: state, glyphs: settings.glyphs))
    }
    return exitCode ?? (state.status == .finished ? ExitCode.finished : ExitCode.notFinished)
  }

  private static func isTick(_ command: Command) -> Bool {
    if case .tick = command { return true }
    return false
  }
}
