import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

/// Runs a flow as `stepflow run` does, driven by typed ``RunSettings``: the state to start from
/// (`--answers`, `--state`, `--resume`), full screen on a terminal or line by line from script
/// lines, the state saved after every step, and the result on stdout.
///
/// The command line (parsing argv into settings) is `StepFlowCommandLine`'s.
package enum FlowRunner {
  /// `code`, or 74 with a message when something written to stdout was lost: the output is
  /// what a caller asked for, and a run whose result did not arrive has not succeeded.
  ///
  /// A pipe whose reader has gone raises SIGPIPE, whose default action ends the process
  /// quietly, like `cat` and `ls` (a shell reports 141); only when SIGPIPE is ignored does the
  /// write fail with EPIPE and end up here.
  package static func outputChecked(_ code: Int32, name: String = "stepflow") -> Int32 {
    guard let reason = Platform.standardOutputFailure else { return code }
    Platform.writeStderr("\(name): cannot write to standard output: \(reason)\n")
    return ExitCode.ioError
  }

  /// Runs `flow` from the state the settings ask for (``startingState(_:settings:answers:)``):
  /// the answers given (`--answers`, `--set`) filled in, and — for a person — the first step
  /// that still needs an answer (unless `--review`); with `--no-input`, to its end from the
  /// answers alone (``runUnattended(_:settings:start:given:problems:)``).
  package static func start(_ flow: FlowDefinition, settings: RunSettings) -> Int32 {
    // A flow declared with mistakes (a program's) does not run at all: every one is said.
    let mistakes = flow.problems
    guard mistakes.isEmpty else {
      let count = mistakes.count == 1 ? "a mistake" : "\(mistakes.count) mistakes"
      settings.report("the flow \(quoted(flow.id)) has \(count) in its declaration:")
      // On stderr, indented under the line that names the program; as values, each alone.
      let indent = settings.messages == nil ? "  " : ""
      for mistake in mistakes { settings.report(indent + mistake, named: false) }
      return ExitCode.dataError
    }
    let given: GivenAnswers
    let problems: [AnswerMessage]
    switch readAnswers(flow, settings: settings) {
    case .success(let read): (given, problems) = read
    case .failure(let stop): return stop.code
    }
    // Outside --no-input an answer that cannot be used stops the run before it starts.
    if !problems.isEmpty, !settings.noInput {
      for problem in problems { problem.report(settings) }
      return ExitCode.dataError
    }
    var start: FlowState
    switch startingState(flow, settings: settings, answers: given.values) {
    case .success(let state): start = state
    case .failure(let stop): return stop.code
    }
    if settings.noInput {
      return runUnattended(flow, settings: settings, start: start, given: given, problems: problems)
    }
    if !given.isEmpty, !settings.review, !settings.resume, settings.asksPerson {
      FlowMachine.skipAnswered(&start, flow: flow)
    }
    guard !given.isEmpty else { return run(flow, settings: settings, start: start) }
    // Answers the run left out (a step its condition hides) are said, never dropped silently.
    var watched = settings
    var final: FlowState? = nil
    watched.onEnd = { state in
      final = state
      settings.onEnd?(state)
    }
    let code = run(flow, settings: watched, start: start)
    if let final, final.status == .finished {
      noteIgnored(given, state: final, flow: flow, settings: settings)
    }
    return code
  }

  /// Why a run stops before it starts: the message is already printed.
  package struct Stop: Error {
    package let code: Int32
  }

  /// The state a run starts from: `--resume`d from the state file, or the start with the
  /// given answers filled in.
  package static func startingState(
    _ flow: FlowDefinition, settings: RunSettings, answers: [String: FieldValue]
  ) -> Result<FlowState, Stop> {
    guard let path = settings.stateFile else {
      return .success(FlowState(flow: flow, answers: answers, context: settings.fieldContext))
    }
    let shown = Sanitizer.sanitize(path)
    // One rule for what is at the state path: it is used (--resume) or replaced only when it is
    // a regular file holding a state of this wizard; anything else is refused and left as it is.
    let bytes: [UInt8]
    switch Platform.kind(of: path) {
    case .missing:
      if settings.resume {
        settings.report("no saved state in \(shown) yet; starting at the beginning")
      }
      return .success(FlowState(flow: flow, answers: answers, context: settings.fieldContext))
    case .other(let what):
      settings.report(
        "state file \(shown) is \(what), not a regular file; it is left as it is (give --state another path)"
      )
      return .failure(Stop(code: ExitCode.dataError))
    case .regularFile:
      do throws(Platform.FileError) {
        bytes = try Platform.readFile(path)
      } catch {
        settings.report("cannot read the state file \(error.description)")
        return .failure(Stop(code: ExitCode.reading(error)))
      }
    }
    if settings.resume {
      // An empty file is where a run starts (`state=$(mktemp)`): nothing saved yet.
      if SavedState.isBlank(bytes) {
        settings.report(
          "no saved state in \(shown) yet (the file is empty); starting at the beginning")
        return .success(FlowState(flow: flow, answers: answers, context: settings.fieldContext))
      }
      do throws(SavedState.Refusal) {
        let resumed = try SavedState.decode(
          bytes, path: path, flow: flow, context: settings.fieldContext)
        for note in resumed.notes { settings.report(note) }
        return .success(resumed.state)
      } catch {
        settings.report("\(error.message)")
        return .failure(Stop(code: ExitCode.dataError))
      }
    }
    guard SavedState.mayReplace(bytes, flow: flow) else {
      settings.report(
        "state file \(shown) is not a stepflow state file of \(quoted(flow.id)); it is left as it is (give --state another path, or remove it)"
      )
      return .failure(Stop(code: ExitCode.dataError))
    }
    if !bytes.isEmpty {
      settings.report(
        "\(shown) held a saved run; starting over and replacing it (--resume continues it)")
    }
    return .success(FlowState(flow: flow, answers: answers, context: settings.fieldContext))
  }

  package static func run(_ flow: FlowDefinition, settings: RunSettings, start: FlowState) -> Int32
  {
    guard let path = settings.recordFile else {
      return runRecorded(flow, settings: settings, start: start)
    }
    // The record is written when the run ends; a path that cannot be written is said at once,
    // and the run goes on (its result is printed) and ends with 74.
    let started = RecordedScript.text(flow, state: start, started: true)
    let unwritable = RecordFile.write(path, started)
    if let problem = unwritable {
      settings.report(problem + "; the run goes on, its answers are printed, and it ends with 74")
    }
    var final: FlowState? = nil
    var recording = settings
    recording.onEnd = { state in
      final = state
      settings.onEnd?(state)
    }
    let code = runRecorded(flow, settings: recording, start: start)
    guard let final else { return code }
    if let failure = RecordFile.write(path, RecordedScript.text(flow, state: final)) {
      if unwritable == nil { settings.report(failure + "; the answers are in the result") }
      return ExitCode.ioError
    }
    return code
  }

  private static func runRecorded(_ flow: FlowDefinition, settings: RunSettings, start: FlowState)
    -> Int32
  {
    var saver = settings.stateFile.map { StateFileWriter(path: $0, flow: flow) }
    // What a run of this state file killed mid-write left behind goes first.
    if let path = settings.stateFile { Platform.removeAbandonedTemporaries(of: path) }
    // A resumed run that had finished is finished: its result, at once.
    if start.status == .finished {
      if let path = settings.stateFile {
        settings.report(
          "the run saved in \(Sanitizer.sanitize(path)) was finished already; its result follows (remove the file to start over)"
        )
      }
      settings.onEnd?(start)
      writeResult(flow, settings: settings, state: start)
      return ExitCode.finished
    }
    // A state file that cannot be written would lose the run: refuse before it starts.
    if saver?.save(start) == false {
      settings.report(saver?.failure ?? "")
      return ExitCode.ioError
    }
    if settings.requiresTerminal {
      if let code = runInteractively(flow, settings: settings, start: start, saver: &saver) {
        return code
      }
      settings.report("no terminal to run on: /dev/tty cannot be opened")
      return ExitCode.noInput
    }
    if settings.layout == .question, settings.isInteractive, settings.screen == .inline,
      let size = TerminalSession.controllingTerminalSize(),
      size.width < FlowProgram.questionMinimum.width
        || size.height < FlowProgram.questionMinimum.height
    {
      // Not even the question's two rows fit: it is asked line by line on the terminal.
      let (need, have) = (FlowProgram.questionMinimum, size)
      settings.report(
        "the terminal is too small to draw the question (need \(need.width)×\(need.height), have \(have.width)×\(have.height)); asking line by line"
      )
      return askLineByLine(flow, settings: settings, start: start)
    }
    if settings.isInteractive,
      let code = runInteractively(flow, settings: settings, start: start, saver: &saver)
    {
      return code
    }
    if settings.layout == .question, settings.readsTerminalLines {
      // One question without a screen: asked line by line, the answer typed (or piped) in.
      return askLineByLine(flow, settings: settings, start: start)
    }
    return runScript(flow, settings: settings, start: start, saver: &saver)
  }

  /// Runs the flow full screen on the terminal; `nil` when the terminal cannot be used (then
  /// the line-based mode takes over).
  package static func runInteractively(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    saver: inout StateFileWriter?
  ) -> Int32? {
    let depth = settings.colorDepth(isTerminal: true) ?? .none
    var options = FlowOptions(
      glyphs: settings.glyphs, position: settings.position,
      animate: settings.animationAllowed, auto: settings.auto, colorDepth: depth,
      context: settings.fieldContext, theme: settings.theme, handsOverTerminal: true,
      keys: settings.keys)
    options.layout = settings.layout
    var program = SavingProgram(
      program: FlowProgram(flow: flow, options: options, state: start), saver: saver)
    let code: Int32
    do {
      code = try TerminalSession.run(
        &program,
        options: TerminalSession.Options(
          timeout: settings.timeout, glyphs: settings.glyphs, colorDepth: depth,
          // Inline, the rows are the shell's: its own selection and scrolling stay, and a
          // click's row would not be known relative to them (the writer moves relatively).
          mouse: settings.mouse && settings.screen == .fullscreen, mode: settings.screen,
          clearsInline: settings.clearsInline))
    } catch {
      return nil
    }
    saver = program.saver
    // A state file that could not be written ends the run (the writer said why).
    if saver?.save(program.program.state) == false {
      settings.report(saver?.failure ?? "")
      return ExitCode.ioError
    }
    settings.onEnd?(program.program.state)
    // Cancelled (q, Esc), timed out, interrupted or terminated: nothing on stdout.
    if code == ExitCode.finished {
      writeResult(flow, settings: settings, state: program.program.state)
    }
    return code
  }

  /// Writes the result on stdout — unless the run was cancelled: then stdout stays empty, as
  /// with dialog and gum, so `n=$(stepflow rate)` holds nothing after `q`.
  package static func writeResult(_ flow: FlowDefinition, settings: RunSettings, state: FlowState) {
    guard settings.writesResult, state.status != .cancelled else { return }
    Platform.writeStdout(
      FlowResult.render(settings.output, flow: flow, state: state, glyphs: settings.glyphs))
  }
}
