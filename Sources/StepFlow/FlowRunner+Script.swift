import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

extension FlowRunner {
  /// Runs the flow from script lines (`--commands`, `--script`, or stdin).
  package static func runScript(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    saver: inout StateFileWriter?
  ) -> Int32 {
    var options = FlowOptions(
      glyphs: settings.glyphs, position: settings.position, animate: false, auto: settings.auto,
      colorDepth: settings.frames ? settings.frameDepth ?? .none : .none,
      context: settings.fieldContext, theme: settings.theme, keys: settings.keys)
    options.layout = settings.layout
    // Plain mode with a terminal reads what a person types there, whatever stdin is; only
    // `--script -`, or no terminal at all, makes stdin the commands.
    let terminal = settings.readsTerminalLines ? Platform.openControllingTerminal() : nil
    defer { terminal.map(Platform.closeDescriptor) }
    let tell: (String) -> Void = { text in
      if let terminal {
        Platform.write(terminal, Array(text.utf8))
      } else {
        Platform.writeStderr(text)
      }
    }
    let source: ScriptSourceKind
    if let commands = settings.commands {
      do throws(ScriptSource.UnclosedQuote) {
        source = .items(try ScriptSource.items(ofCommands: commands), label: "command")
      } catch {
        settings.report(
          "command \(error.number): the double quote in \(quoted(error.text, limit: 60)) is not closed (a quote inside a quoted value is \\\")"
        )
        return ExitCode.dataError
      }
    } else if let path = settings.script, path != "-" {
      let bytes: [UInt8]
      do {
        bytes = try Platform.readFile(path)
      } catch {
        settings.report("cannot read script \(error.description)")
        return ExitCode.reading(error)
      }
      source = .lines(ScriptLines(bytes))
    } else {
      source = .stdin
      if settings.answersFile == "-" {
        settings.report(
          "--answers - read stdin, so the commands cannot come from it too: add --no-input, or give them with --commands or --script FILE"
        )
        return ExitCode.usage
      }
    }
    if settings.animationAllowed {
      // Time passes in a script only through tick: animate when the script lets time pass.
      let ticks: ((number: Int, line: String)) -> Bool = {
        (try? Command.parse($0.line)).map(isTick) ?? false
      }
      switch source {
      case .items(let items, _): options.animate = items.contains(where: ticks)
      case .lines(let lines): options.animate = lines.contains(where: ticks)
      case .stdin: break
      }
    }
    var runner = ScriptRunner(
      program: FlowProgram(flow: flow, options: options, state: start),
      frames: settings.frames
        ? ScriptRunner.FrameSettings(
          width: settings.width, height: settings.height, depth: settings.frameDepth)
        : nil,
      announce: settings.announce(source: source),
      driver: settings.dryRun
        ? DryRunDriver(flow: flow, write: { Platform.writeStderr($0) }) : ExecutorDriver(),
      writeFrame: { Platform.writeStdout($0) },
      writeNotice: tell,
      writeRefusal: { message in
        if terminal != nil, settings.messages == nil {
          tell(settings.programName + ": " + message + "\n")
        } else {
          settings.report(message)
        }
      })
    // A person on the terminal (not `--script -`) is in a conversation: questions, answers.
    let conversation = terminal != nil && { if case .stdin = source { true } else { false } }()
    runner.screenAfterEachLine = !conversation
    runner.start()
    var exitCode: Int32? = nil
    var cancelled = false
    func runLine(_ line: String, _ location: String) -> Bool {
      finished(runner.run(line: line, where: location))
    }
    func finished(_ step: ScriptRunner.Step) -> Bool {
      if saver?.save(runner.program.state) == false {
        settings.report(saver?.failure ?? "")
        exitCode = ExitCode.ioError
        return false
      }
      switch step {
      case .next: return true
      case .ended: return false
      case .interrupted(let code):
        exitCode = code
        return false
      case .invalid(let message):
        settings.report("\(Sanitizer.sanitize(message))")
        exitCode = ExitCode.dataError
        return false
      }
    }
    switch source {
    case .stdin where conversation:
      let end = converse(
        terminal: terminal ?? -1, settings: settings, tell: tell,
        program: { runner.program },
        run: { command in
          guard finished(runner.run(command, where: "the answer")) else { return false }
          // A command it started is waited for (its progress and its end are told) before
          // the next question, which depends on how it ended.
          if let code = runner.waitForTasks() {
            exitCode = code
            return false
          }
          return true
        },
        refusal: { runner.lastRefusal },
        confirm: { command in runner.asks(command) })
      switch end {
      case .flowEnded, .stopped: break
      case .gaveUp: cancelled = true
      case .exit(let code): exitCode = code
      }
    case .items(let items, let label):
      for item in items where !runLine(item.line, "\(label) \(item.number)") { break }
    case .lines(let lines):
      for item in lines where !runLine(item.line, "script line \(item.number)") { break }
    case .stdin:
      // A person typing in plain mode gets a prompt, and a typo does not end the run.
      let person = terminal != nil || Platform.isTerminal(0)
      var reader = LineReader(fd: terminal ?? 0)
      var number = 0
      reading: while true {
        if person { tell("> ") }
        switch reader.nextLine(timeout: settings.timeout) {
        case .end:
          // Ctrl-D from a person typing gives up, as `quit` does; a pipe that ends is a script
          // that ended (its state is the result).
          if person { cancelled = true }
          break reading
        case .timedOut:
          settings.report("no input for \(settings.timeoutText) seconds")
          exitCode = ExitCode.timeout
          break reading
        case .tooLong:
          number += 1
          settings.report(
            "script line \(number) is longer than"
              + " \(Platform.sizeText(Platform.maxLineLength)), the most a command line may be")
          exitCode = ExitCode.dataError
          break reading
        case .line(let typed):
          number += 1
          // While y/n is asked, n is no, not next.
          let asking = runner.program.state.pendingConfirmation != nil
          var line = person && !asking ? Command.shortcuts[Command.trim(typed)] ?? typed : typed
          if ScriptSource.isBlank(line) { continue }
          if person {
            // quit and reset ask y/n first once something is answered; y or n answers.
            guard let asked = runner.typed(line) else { continue }
            line = asked
          }
          if person, ["help", "?"].contains(Command.trim(line)) {
            tell(ScriptHelp.commands)
            continue
          }
          if person, case .invalid(let message) = runner.check(line, where: "line \(number)") {
            if terminal != nil, settings.messages == nil {
              tell(settings.programName + ": " + Sanitizer.sanitize(message) + "\n")
            } else {
              settings.report("\(Sanitizer.sanitize(message))")
            }
            continue
          }
          if !runLine(line, "script line \(number)") { break reading }
        }
      }
    }
    // The last command's task runs to its end (and an automatic run on) before the result.
    if let code = runner.finish(), exitCode == nil { exitCode = code }
    if saver?.save(runner.program.state) == false {
      Platform.writeStderr(saver?.failure ?? "")
      exitCode = ExitCode.ioError
    }
    let state = runner.program.state
    settings.onEnd?(state)
    let interrupted = exitCode.map { $0 > 128 } ?? false
    // A timeout, a person giving up, a signal, or a state file that failed (74) prints nothing.
    if !settings.frames, exitCode != ExitCode.timeout, exitCode != ExitCode.ioError, !cancelled,
      !interrupted
    {
      writeResult(flow, settings: settings, state: state)
    }
    return exitCode ?? (state.status == .finished ? ExitCode.finished : ExitCode.notFinished)
  }

  private static func isTick(_ command: Command) -> Bool {
    if case .tick = command { return true }
    return false
  }
}
