import Testing

@testable import StepFlowCore

/// Tasks in the pure update: the effects a change asks for (data, nothing runs), what an end
/// does, what is refused while a task runs or has not succeeded, and how answers reach a
/// command — never as code.
@Suite struct TaskFlowTests {
  /// Ask a name, build with it, a last step.
  static func flow(
    argv: [String] = ["make", "NAME={{name}}"], start: TaskStart = .enter, optional: Bool = false,
    capture: String? = nil, environment: [String: String] = [:], shell: String? = nil
  ) throws -> FlowDefinition {
    let program: CommandSpec.Program = shell.map { .shell($0) } ?? .argv(argv)
    return FlowDefinition(
      id: "t", title: "T",
      steps: [
        StepDefinition(
          id: "name", title: "Name",
          fields: [try FieldSpec(id: "name", label: "Name", kind: .text(), default: .text("Ann"))]),
        StepDefinition(
          id: "build", title: "Build",
          task: StepTask(
            command: CommandSpec(program, environment: environment), capture: capture,
            optional: optional, start: start)),
        StepDefinition(id: "done", title: "Done"),
      ], strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
  }

  struct Run {
    let flow: FlowDefinition
    var state: FlowState
    var effects: [TaskEffect] = []

    init(_ flow: FlowDefinition, automatic: Bool = false) {
      self.flow = flow
      state = FlowState(flow: flow)
      state.automatic = automatic
    }

    @discardableResult
    mutating func send(_ line: String) throws -> Outcome {
      let before = state
      let outcome = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
      effects = FlowMachine.taskEffects(from: before, to: state)
      return outcome
    }

    @discardableResult
    mutating func end(_ id: TaskID, _ outcome: TaskOutcome, captured: String = "") -> Outcome? {
      let before = state
      let result = FlowMachine.taskEnded(
        id, TaskEnd(outcome: outcome, duration: .seconds(2), captured: Array(captured.utf8)),
        state: &state, flow: flow)
      effects = FlowMachine.taskEffects(from: before, to: state)
      return result
    }

    var launch: TaskLaunch? {
      for case .run(_, .command(let launch)) in effects { return launch }
      return nil
    }
    var runID: TaskID? {
      for case .run(let id, _) in effects { return id }
      return nil
    }
  }

  static func isRefused(_ outcome: Outcome) -> Bool {
    if case .refused = outcome { return true }
    return false
  }

  @Test func enterRunsTheTaskAndNextWaitsForItToSucceed() throws {
    var run = Run(try Self.flow())
    try run.send("next")
    #expect(run.effects == [], "an Enter task does not start on arrival")
    #expect(FlowMachine.taskPhase(ofStep: 1, run.state, run.flow) == .ready(changed: false))
    #expect(Self.isRefused(try run.send("next")))
    try run.send("enter")
    let id = try #require(run.runID)
    #expect(id == TaskID(.step(1), run: 1))
    #expect(run.launch?.arguments == ["make", "NAME=Ann"])
    #expect(run.launch?.environment["STEPFLOW_NAME"] == "Ann")
    #expect(run.launch?.environment["STEPFLOW_ANSWERS"] == "{\"name\":\"Ann\"}")
    #expect(FlowMachine.taskPhase(ofStep: 1, run.state, run.flow) == .running)
    for line in ["next", "back", "previous", "tap 1", "enter", "retry"] {
      #expect(Self.isRefused(try run.send(line)), "\(line) while it runs")
      #expect(run.effects == [])
    }
    #expect(run.end(id, .exited(0)) == .changed)
    #expect(run.effects == [], "an end asks for nothing more")
    #expect(run.state.tasks[1]?.status == .succeeded)
    #expect(try run.send("next") == .moved(from: 1, to: 2, direction: .forward))
    #expect(try run.send("finish") == .finished)
  }

  @Test func anArrivalTaskStartsWhenReachedAndNotAgainUnlessAnAnswerItUsesChanged() throws {
    var run = Run(try Self.flow(start: .arrival))
    try run.send("next")
    let first = try #require(run.runID)
    run.end(first, .exited(0))
    try run.send("back")
    try run.send("next")
    #expect(run.effects.isEmpty, "back and forth with the same answers: no second run")
    #expect(run.state.tasks[1]?.status == .succeeded)
    try run.send("previous")
    try run.send("set name=Bob")
    try run.send("next")
    #expect(run.launch?.arguments == ["make", "NAME=Bob"], "an answer it uses changed: it runs")
    #expect(run.runID?.run == 2)
  }

  @Test func anAnswerItDoesNotUseChangesNothing() throws {
    let flow = FlowDefinition(
      id: "t", title: "T",
      steps: [
        StepDefinition(
          id: "a", title: "A",
          fields: [
            try FieldSpec(id: "used", label: "Used", kind: .text(), default: .text("1")),
            try FieldSpec(id: "other", label: "Other", kind: .text()),
          ]),
        StepDefinition(
          id: "b", title: "B",
          task: StepTask(
            command: CommandSpec(.shell("echo \"$STEPFLOW_USED\"")), start: .arrival)),
      ], strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
    var run = Run(flow)
    try run.send("next")
    run.end(try #require(run.runID), .exited(0))
    try run.send("previous")
    try run.send("set other=x")
    try run.send("next")
    #expect(run.effects.isEmpty, "the script names only $STEPFLOW_USED")
    try run.send("previous")
    try run.send("set used=2")
    try run.send("next")
    #expect(run.runID != nil)
  }

  @Test func aFailedRequiredTaskHoldsTheRunAndItsOutcomeOffersRetryBackQuit() throws {
    var run = Run(try Self.flow())
    try run.send("next")
    try run.send("enter")
    run.end(try #require(run.runID), .exited(2))
    #expect(FlowMachine.taskPhase(ofStep: 1, run.state, run.flow) == .failed)
    #expect(FlowMachine.focusContext(of: run.state, flow: run.flow) == .taskFailed)
    #expect(FlowMachine.taskActions(ofStep: 1, run.state, run.flow) == [.retry, .back, .quit])
    #expect(Self.isRefused(try run.send("next")))
    #expect(Self.isRefused(try run.send("skip")), "a required task cannot be skipped")
    #expect(Self.isRefused(try run.send("tap 3")))
    try run.send("retry")
    #expect(run.runID?.run == 2)
    run.end(try #require(run.runID), .signaled(15))
    try run.send("back")
    #expect(run.state.progression.current == 0)
  }

  @Test func anOptionalTaskCanBeSkippedAndTheRunFinishes() throws {
    var run = Run(try Self.flow(optional: true))
    try run.send("next")
    try run.send("enter")
    run.end(try #require(run.runID), .notStarted(exitCode: 127, reason: "make: command not found"))
    #expect(
      FlowMachine.taskActions(ofStep: 1, run.state, run.flow) == [.retry, .back, .skip, .quit])
    #expect(try run.send("skip") == .moved(from: 1, to: 2, direction: .forward))
    #expect(run.state.tasks[1]?.status == .skipped)
    #expect(try run.send("finish") == .finished)
  }

  @Test func finishingIsRefusedPastARequiredTaskThatHasNotSucceeded() throws {
    var run = Run(try Self.flow())
    try run.send("next")
    try run.send("enter")
    let id = try #require(run.runID)
    run.end(id, .exited(0))
    try run.send("next")
    try run.send("tap 2")
    try run.send("retry")
    run.end(try #require(run.runID), .exited(1))
    try run.send("previous")
    try run.send("tap 3")
    #expect(run.state.progression.current != 2, "a tap forward passes no failed task")
    #expect(run.state.status == .running)
  }

  @Test func stopQuitAndResetCancelTheRunningTask() throws {
    var run = Run(try Self.flow())
    try run.send("next")
    try run.send("enter")
    let id = try #require(run.runID)
    try run.send("stop")
    #expect(run.effects == [.cancel(id)])
    #expect(FlowMachine.taskPhase(ofStep: 1, run.state, run.flow) == .stopped)
    #expect(run.end(id, .stopped) == .changed)
    try run.send("retry")
    let second = try #require(run.runID)
    try run.send("reset")
    #expect(run.effects == [.cancel(second)])
    try run.send("next")
    try run.send("enter")
    let third = try #require(run.runID)
    #expect(third.run == 3, "runs keep counting over a reset")
    try run.send("quit")
    #expect(run.effects == [.cancel(third)])
    #expect(run.end(second, .stopped) == nil, "the end of an old run changes nothing")
  }

  @Test func theCaptureBecomesAnAnswerAndAnAutomaticRunMovesOn() throws {
    var run = Run(try Self.flow(start: .enter, capture: "built"), automatic: true)
    try run.send("next")
    let id = try #require(run.runID, "--auto starts every task on arrival")
    let moved = run.end(id, .exited(0), captured: "\n  v1.2.3 \n\n")
    #expect(moved == .moved(from: 1, to: 2, direction: .forward))
    #expect(run.state.answers["built"] == .text("v1.2.3"))
    #expect(run.state.tasks[1]?.produced == ["built"])
  }

  @Test func effectsAreDataAndTheCoreRunsNothing() throws {
    var run = Run(try Self.flow(environment: ["OUT": "dist/{{name}}"]))
    try run.send("next")
    try run.send("enter")
    #expect(
      run.effects == [
        .run(
          TaskID(.step(1), run: 1),
          .command(
            TaskLaunch(
              arguments: ["make", "NAME=Ann"],
              environment: [
                "STEPFLOW_NAME": "Ann", "STEPFLOW_ANSWERS": "{\"name\":\"Ann\"}",
                "OUT": "dist/Ann",
              ], capturePart: .end, logOnly: [.stdout, .stderr])))
      ], "a capture keeps the end; with no progress read, both streams are only logged")
  }

  // MARK: Answers never run as code

  static let hostile = [
    "$(touch pwned)", "`id`", "; rm -rf x", "a\nnext", "'; touch pwned; '", "\"$(id)\"",
  ]

  @Test(arguments: hostile) func aHostileAnswerIsOneArgumentElementAsIs(answer: String) throws {
    var run = Run(try Self.flow(argv: ["echo", "{{name}}", "x{{name}}y"]))
    try run.send("next")
    // As typed, whatever a script's quoting would make of it.
    run.state.answers["name"] = .text(answer)
    try run.send("enter")
    #expect(run.launch?.arguments == ["echo", answer, "x\(answer)y"])
    #expect(run.launch?.environment["STEPFLOW_NAME"] == answer)
  }

  @Test func aShellScriptIsNeverFilledIn() throws {
    var run = Run(try Self.flow(shell: "echo {{name}} \"$STEPFLOW_NAME\""))
    try run.send("set name=$(touch pwned)")
    try run.send("next")
    try run.send("enter")
    #expect(run.launch?.arguments == ["/bin/sh", "-c", "echo {{name}} \"$STEPFLOW_NAME\""])
    #expect(run.launch?.environment["STEPFLOW_NAME"] == "$(touch pwned)")
  }

  @Test func aLeadingDashBeforeDoubleDashIsRefusedAndAfterItPasses() throws {
    var run = Run(try Self.flow(argv: ["git", "tag", "{{name}}"]))
    try run.send("set name=--delete")
    try run.send("next")
    try run.send("enter")
    #expect(run.effects == [], "nothing runs")
    guard case .notStarted(126, let reason)? = run.state.tasks[1]?.outcome else {
      Issue.record("\(String(describing: run.state.tasks[1]))")
      return
    }
    #expect(reason.contains("starts with \"-\""))
    var safe = Run(try Self.flow(argv: ["git", "tag", "--", "{{name}}"]))
    try safe.send("set name=--delete")
    try safe.send("next")
    try safe.send("enter")
    #expect(safe.launch?.arguments == ["git", "tag", "--", "--delete"])
  }

  @Test func anAnswerInAnInterpretersCodeIsRefused() throws {
    for argv in [
      ["sh", "-c", "echo {{name}}"], ["/bin/bash", "-ec", "echo {{name}}"],
      ["env", "X=1", "python3", "-c", "print('{{name}}')"], ["perl", "-e", "print '{{name}}'"],
      ["timeout", "5", "node", "--eval", "{{name}}"],
    ] {
      var run = Run(try Self.flow(argv: argv))
      try run.send("next")
      try run.send("enter")
      #expect(run.effects == [], "\(argv)")
      #expect(run.state.tasks[1]?.status == .failed)
    }
    #expect(CommandSpec.codeArgumentIndex(["sh", "-c", "echo \"$1\"", "sh", "{{name}}"]) == 2)
    #expect(CommandSpec.codeArgumentIndex(["make", "-C", "x"]) == nil)
  }

  @Test func theOutputPaneWatchesTheRunningTasksLogWhileItIsOpen() throws {
    var run = Run(try Self.flow())
    try run.send("next")
    try run.send("enter")
    let id = try #require(run.runID)
    func press(_ key: Key) {
      let before = run.state
      _ = FlowMachine.handleKey(key, state: &run.state, flow: run.flow)
      run.effects = FlowMachine.taskEffects(from: before, to: run.state)
    }
    press(.character("l"))
    #expect(run.state.showsLog)
    #expect(run.effects == [.watchLog(id, true)], "opening the pane asks for the whole log")
    press(.character("l"))
    #expect(run.effects == [.watchLog(id, false)], "closing it, for the end the step shows")
    press(.character("l"))
    #expect(run.effects == [.watchLog(id, true)])
    try run.send("stop")
    #expect(run.effects == [.cancel(id)], "a stopped run is not unwatched: it is gone")
    press(.escape)
    #expect(run.effects == [])
    // A run that ended: the pane opens on its log, nothing to watch.
    try run.send("retry")
    let second = try #require(run.runID)
    run.end(second, .exited(0))
    press(.character("l"))
    #expect(run.state.showsLog && run.effects == [])
  }

  @Test func aNULInAnAnswerIsRefused() throws {
    var run = Run(try Self.flow())
    run.state.answers["name"] = .text("a\u{0}b")
    try run.send("next")
    try run.send("enter")
    #expect(run.effects == [])
    #expect(run.state.tasks[1]?.status == .failed)
  }
}
