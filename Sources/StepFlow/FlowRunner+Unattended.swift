import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

/// A message about an answer given before a run: where it was given (a place in the answers
/// file, which starts the line as compilers write it, or an argument such as `--set port=80`),
/// and what is wrong.
package struct AnswerMessage: Equatable, Sendable {
  /// The whole text after the program's name, or the whole line when ``located`` is true.
  package var text: String
  /// Whether the text starts with a file's place (`answers.json:3:12: …`), not the program's
  /// name.
  package var located: Bool

  /// A message at an answer's origin.
  package init(_ origin: AnswerOrigin?, _ what: String) {
    switch origin {
    case .file?:
      text = "\(origin?.description ?? ""): \(what)"
      located = true
    case .option(let argument)?:
      text = "\(Sanitizer.sanitize(argument)): \(what)"
      located = false
    case nil:
      text = what
      located = false
    }
  }

  /// A message already located in a file (a ``Diagnostic``).
  package init(diagnostic: Diagnostic) {
    text = diagnostic.description
    located = true
  }

  /// Tells it as the run tells its messages.
  package func report(_ settings: RunSettings) { settings.report(text, named: !located) }
}

/// Answers given before a run (`--answers FILE`, `--set ID=VALUE`, a program's own values) and
/// the run that finishes from them alone (`--no-input`).
extension FlowRunner {
  /// The answers given before the run.
  ///
  /// Each comes with where it was given, and every problem with them is said (`answers.json:3:12: wrong value: …`, `--set port=x: …`, an unknown id). A program's
  /// values come first, then the answers file, then each `--set`: a later one wins.
  /// - Returns: a ``Stop`` when the answers file cannot be read at all (66, or 65 for one
  ///   too large): that is not a problem with an answer, and nothing can be walked.
  package static func readAnswers(_ flow: FlowDefinition, settings: RunSettings) -> Result<
    (GivenAnswers, [AnswerMessage]), Stop
  > {
    var given = GivenAnswers()
    var problems: [AnswerMessage] = []
    let fields = AnswerFields(flow)
    for id in settings.answers.keys.sorted() {
      guard let value = settings.answers[id] else { continue }
      if fields.spec(id) == nil, !fields.ids.contains(id) {
        problems.append(
          AnswerMessage(
            nil,
            "no field \(quoted(id)) in \(quoted(flow.id)) for the answer given"
              + Suggestions.hint(for: id, in: fields.ids)))
        continue
      }
      given.add(id, value, from: .option("the answer given for \(quoted(id))"))
    }
    if let path = settings.answersFile {
      let bytes: [UInt8]
      do {
        bytes = try Platform.readFile(path)
      } catch {
        settings.report("cannot read answers \(error.description)")
        return .failure(Stop(code: ExitCode.reading(error)))
      }
      let file = AnswersFile.read(bytes, path: path == "-" ? "<stdin>" : path, flow: flow)
      problems += file.problems.map(AnswerMessage.init(diagnostic:))
      given.merge(file)
    }
    var set = GivenAnswers()
    for item in settings.sets {
      let origin = AnswerOrigin.option(item.argument)
      switch fields.value(text: item.value, for: item.id) {
      case .success(let value): set.add(item.id, value, from: origin)
      case .failure(let refusal):
        problems.append(AnswerMessage(origin, refusal.message))
        if case .wrongValue = refusal { set.refused.insert(item.id) }
      }
    }
    given.merge(set)
    return .success((given, problems))
  }

  /// A run that reads nothing (`--no-input`): the given answers and the defaults are walked
  /// through every shown step with the interactive rules; either the flow finishes and its
  /// result is printed (0), or every missing or wrong answer is reported at once, where it was
  /// given, and nothing goes to stdout (65).
  package static func runUnattended(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState, given: GivenAnswers,
    problems: [AnswerMessage]
  ) -> Int32 {
    var messages = problems
    for walked in FlowMachine.walk(start, flow: flow) {
      let step = flow.steps[walked.index]
      // A value given and refused is reported already, not as missing again.
      for error in walked.problems where !given.refused.contains(error.fieldID) {
        messages.append(unattendedMessage(error, step: step, given: given))
      }
    }
    if flow.navigation == .rating {
      messages.append(
        AnswerMessage(
          nil,
          "a rating needs a person or a script: --no-input has nothing to rate (--commands \"rate N; enter\")"
        ))
    }
    guard messages.isEmpty else {
      for message in messages { message.report(settings) }
      let count = messages.count == 1 ? "1 problem" : "\(messages.count) problems"
      settings.report(
        "--no-input: \(count); nothing was run (give the answers with --answers FILE or --set ID=VALUE)"
      )
      return ExitCode.dataError
    }
    // Every step passes: the steps are taken as Next takes them, then Finish, through the
    // same program a script drives.
    var refusal: String? = nil
    var final: FlowState? = nil
    var noInput = settings
    noInput.onEnd = { state in
      final = state
      settings.onEnd?(state)
    }
    let code = runSteps(flow, settings: noInput, start: start) { refusal = $0 }
    if let refusal { settings.report("--no-input: \(Sanitizer.sanitize(refusal))") }
    if let final, final.status == .finished {
      noteIgnored(given, state: final, flow: flow, settings: settings)
    }
    return code
  }

  /// Takes the steps from `start` with Next, and Finish on the last, as a script would.
  ///
  /// The state is saved after each; a step's task runs first, as Enter runs it, and the run
  /// waits for it. Stops at the first refusal, which `refused` is told (65); a required task
  /// that fails ends the run unfinished (1) with its result, an optional one is skipped.
  private static func runSteps(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    refused: (String) -> Void
  ) -> Int32 {
    var saver = settings.stateFile.map { StateFileWriter(path: $0, flow: flow) }
    if let path = settings.stateFile { Platform.removeAbandonedTemporaries(of: path) }
    if saver?.save(start) == false {
      settings.report(saver?.failure ?? "")
      return ExitCode.ioError
    }
    var runner = ScriptRunner(
      program: FlowProgram(
        flow: flow,
        options: FlowOptions(
          glyphs: settings.glyphs, position: settings.position, animate: false,
          auto: settings.auto, context: settings.fieldContext, keys: settings.keys),
        state: start),
      frames: nil, announce: false,
      driver: settings.dryRun
        ? DryRunDriver(flow: flow, write: { Platform.writeStderr($0) }) : ExecutorDriver(),
      writeFrame: { _ in }, writeNotice: { _ in }, writeRefusal: { _ in })
    runner.start()
    var failed: String? = nil
    var taskFailed = false
    var interrupted: Int32? = nil
    while runner.program.state.status == .running, failed == nil, !taskFailed,
      interrupted == nil
    {
      let state = runner.program.state
      guard let current = state.progression.current else { break }
      let line: String
      switch FlowMachine.taskPhase(ofStep: current, state, flow) {
      case .ready?, .stopped?:
        line = "retry"
      case .failed?:
        let name = FlowMachine.taskName(current, flow)
        if flow.steps[current].task?.optional == true {
          settings.report(
            "--no-input: \(Sanitizer.sanitize(name)) did not succeed; it is optional, so it is skipped"
          )
          line = "skip"
        } else {
          settings.report("--no-input: \(Sanitizer.sanitize(name)) did not succeed; the run stops")
          taskFailed = true
          continue
        }
      case .running?:
        // A task that starts on arrival: wait for it, then look again.
        interrupted = runner.waitForTasks()
        continue
      case .succeeded?, .skipped?, nil:
        line = FlowMachine.isLastShown(current, flow, state) ? "finish" : "next"
      }
      if case .interrupted(let code) = runner.run(line: line, where: "--no-input") {
        interrupted = code
      }
      // A task that started (Enter) is waited for before the step is looked at again.
      if line == "retry", interrupted == nil { interrupted = runner.waitForTasks() }
      if saver?.save(runner.program.state) == false {
        settings.report(saver?.failure ?? "")
        _ = runner.finish()
        return ExitCode.ioError
      }
      let after = runner.program.state
      if after.status == .running, after.progression == state.progression,
        after.tasks[current] == state.tasks[current], interrupted == nil
      {
        failed = runner.program.message ?? "step \(current + 1) could not be left"
      }
    }
    if let code = runner.finish(), interrupted == nil { interrupted = code }
    if saver?.save(runner.program.state) == false {
      settings.report(saver?.failure ?? "")
      return ExitCode.ioError
    }
    let state = runner.program.state
    settings.onEnd?(state)
    if let interrupted { return interrupted }
    if let failed {
      refused(failed)
      return ExitCode.dataError
    }
    writeResult(flow, settings: settings, state: state)
    return state.status == .finished ? ExitCode.finished : ExitCode.notFinished
  }

  /// A problem of a walked step, where the answer was given: `answers.json:3:12: "port" must be
  /// between 1024 and 65535`; `missing answer for "email" (step "Account", required)` when
  /// none was; a default that does not pass says so.
  static func unattendedMessage(_ error: FieldError, step: StepDefinition, given: GivenAnswers)
    -> AnswerMessage
  {
    let id = error.fieldID
    let stepName = Sanitizer.sanitize("step \(quoted(step.title))")
    if let origin = given.origins[id] {
      return AnswerMessage(origin, Sanitizer.sanitize(AnswerFields.located(error, id: id)))
    }
    switch error.problem {
    case .required:
      return AnswerMessage(nil, "missing answer for \(quoted(id)) (\(stepName), required)")
    case .mustBeYes:
      return AnswerMessage(nil, "missing answer for \(quoted(id)) (\(stepName), must be yes)")
    default:
      return AnswerMessage(
        nil, Sanitizer.sanitize(AnswerFields.located(error, id: id)) + " (\(stepName), its default)"
      )
    }
  }

  /// Says which given answers a finished run left out, and why: a note each.
  static func noteIgnored(
    _ given: GivenAnswers, state: FlowState, flow: FlowDefinition, settings: RunSettings
  ) {
    for (id, reason) in FlowMachine.ignoredAnswers(given.order, state: state, flow: flow) {
      AnswerMessage(given.origins[id], "\(quoted(id)) is ignored: \(Sanitizer.sanitize(reason))")
        .report(settings)
    }
  }
}

extension RunSettings {
  /// Whether the run is answered by a person: full screen on a terminal. (A run given
  /// answers starts at the first step that still needs one then.)
  package var asksPerson: Bool { isInteractive }
}
