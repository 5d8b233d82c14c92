import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

/// Answers given before a run (`--answers FILE`, `--set ID=VALUE`) and the run that finishes
/// from them alone (`--no-input`).
extension FlowRunner {
  /// The answers given before the run, each with where it was given, and every problem with
  /// them as a located message (`answers.json:3:12: wrong value: …`, `--set port=x: …`).
  /// - Returns: a ``Stop`` when the answers file cannot be read at all (66, or 65 for one
  ///   too large): that is not a problem with an answer, and nothing can be walked.
  package static func readAnswers(_ flow: FlowDefinition, settings: RunSettings) -> Result<
    (GivenAnswers, [String]), Stop
  > {
    var given = GivenAnswers()
    var problems: [String] = []
    let fields = AnswerFields(flow)
    if let path = settings.answersFile {
      let bytes: [UInt8]
      do {
        bytes = try Platform.readFile(path)
      } catch {
        Platform.writeStderr("stepflow: cannot read answers \(error.description)\n")
        return .failure(Stop(code: ExitCode.reading(error)))
      }
      given = AnswersFile.read(bytes, path: path == "-" ? "<stdin>" : path, flow: flow)
      problems += given.problems.map(\.description)
    }
    var set = GivenAnswers()
    for item in settings.sets {
      switch fields.value(text: item.value, for: item.id) {
      case .success(let value): set.add(item.id, value, from: .option(item.argument))
      case .failure(let refusal):
        problems.append("stepflow: \(Sanitizer.sanitize(item.argument)): \(refusal.message)")
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
    problems: [String]
  ) -> Int32 {
    var lines = problems
    for walked in FlowMachine.walk(start, flow: flow) {
      let step = flow.steps[walked.index]
      // A value given and refused is reported already, not as missing again.
      for error in walked.problems where !given.refused.contains(error.fieldID) {
        lines.append(unattendedMessage(error, step: step, given: given))
      }
    }
    if flow.navigation == .rating {
      lines.append(
        "stepflow: a rating needs a person or a script: --no-input has nothing to rate (--commands \"rate N; enter\")"
      )
    }
    guard lines.isEmpty else {
      for line in lines { Platform.writeStderr(line + "\n") }
      let count = lines.count == 1 ? "1 problem" : "\(lines.count) problems"
      Platform.writeStderr(
        "stepflow: --no-input: \(count); nothing was run (give the answers with --answers FILE or --set ID=VALUE)\n"
      )
      return ExitCode.dataError
    }
    // Every step passes: the steps are taken as Next takes them, then Finish, through the
    // same program a script drives.
    var noInput = settings
    noInput.commands = nil
    noInput.script = nil
    noInput.frames = false
    var refusal: String? = nil
    var final: FlowState? = nil
    noInput.onEnd = { state in
      final = state
      settings.onEnd?(state)
    }
    let code = runSteps(flow, settings: noInput, start: start) { refusal = $0 }
    if let refusal {
      Platform.writeStderr("stepflow: --no-input: \(Sanitizer.sanitize(refusal))\n")
    }
    if let final, final.status == .finished { noteIgnored(given, state: final, flow: flow) }
    return code
  }

  /// Takes the steps from `start` with Next, and Finish on the last, as a script would
  /// (saving the state after each); stops at the first refusal, which `refused` is told.
  private static func runSteps(
    _ flow: FlowDefinition, settings: RunSettings, start: FlowState,
    refused: (String) -> Void
  ) -> Int32 {
    var saver = settings.stateFile.map { StateFileWriter(path: $0, flow: flow) }
    if let path = settings.stateFile { Platform.removeAbandonedTemporaries(of: path) }
    if saver?.save(start) == false {
      Platform.writeStderr(saver?.failure ?? "")
      return ExitCode.ioError
    }
    var runner = ScriptRunner(
      program: FlowProgram(
        flow: flow,
        options: FlowOptions(
          glyphs: settings.glyphs, position: settings.position, animate: false,
          auto: settings.auto, context: settings.fieldContext),
        state: start),
      frames: nil, announce: false, writeFrame: { _ in }, writeNotice: { _ in })
    runner.start()
    var failed: String? = nil
    while runner.program.state.status == .running, failed == nil {
      let state = runner.program.state
      guard let current = state.progression.current else { break }
      let last = FlowMachine.isLastShown(current, flow, state)
      _ = runner.run(line: last ? "finish" : "next", where: "--no-input")
      if saver?.save(runner.program.state) == false {
        Platform.writeStderr(saver?.failure ?? "")
        return ExitCode.ioError
      }
      let after = runner.program.state
      if after.status == .running, after.progression == state.progression {
        failed = runner.program.message ?? "step \(current + 1) could not be left"
      }
    }
    let state = runner.program.state
    settings.onEnd?(state)
    if let failed {
      refused(failed)
      return ExitCode.dataError
    }
    writeResult(flow, settings: settings, state: state)
    return state.status == .finished ? ExitCode.finished : ExitCode.notFinished
  }

  /// A problem of a walked step, where the answer was given: `answers.json:3:12: "port" must be
  /// between 1024 and 65535`; `stepflow: missing answer for "email" (step "Account", required)`
  /// when none was; a default that does not pass says so.
  static func unattendedMessage(_ error: FieldError, step: StepDefinition, given: GivenAnswers)
    -> String
  {
    let id = error.fieldID
    let stepName = "step \(quoted(step.title))"
    if let origin = given.origins[id] {
      return origin.messagePrefix + Sanitizer.sanitize(AnswerFields.located(error, id: id))
    }
    if error.problem == .required {
      return
        "stepflow: missing answer for \(quoted(id)) (\(Sanitizer.sanitize(stepName)), required)"
    }
    if error.problem == .mustBeYes {
      return
        "stepflow: missing answer for \(quoted(id)) (\(Sanitizer.sanitize(stepName)), must be yes)"
    }
    return "stepflow: "
      + Sanitizer.sanitize("\(AnswerFields.located(error, id: id)) (\(stepName), its default)")
  }

  /// Says which given answers a finished run left out, and why: a note each on stderr.
  static func noteIgnored(_ given: GivenAnswers, state: FlowState, flow: FlowDefinition) {
    for (id, reason) in FlowMachine.ignoredAnswers(given.order, state: state, flow: flow) {
      let prefix = given.origins[id]?.messagePrefix ?? "stepflow: "
      Platform.writeStderr(
        prefix + "\(quoted(id)) is ignored: \(Sanitizer.sanitize(reason))\n")
    }
  }
}

extension RunSettings {
  /// Whether the run is answered by a person: full screen on a terminal. (A run given
  /// answers starts at the first step that still needs one then.)
  package var asksPerson: Bool { isInteractive }
}
