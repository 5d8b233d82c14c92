import Testing

@testable import StepFlowCore

/// Options and checks from commands, in the pure update: a choice's `optionsFrom` asked for
/// (as data) when its step is reached, its printed lines becoming the options; a text field's
/// `validate` asked for on Next, once per distinct value, Next moving on when it accepts — and
/// answers reaching both only as data.
@Suite struct FieldCommandFlowTests {
  /// Ask a name (checked by a command), pick a branch (listed by a command), a last step.
  static func flow(
    options: CommandSpec = CommandSpec(.argv(["list", "--for", "{{name}}"])),
    check: CommandSpec = CommandSpec(.argv(["check-name"]))
  ) throws -> FlowDefinition {
    FlowDefinition(
      id: "f", title: "F",
      steps: [
        StepDefinition(
          id: "who", title: "Who",
          fields: [try FieldSpec(id: "name", label: "Name", kind: .text(), commandCheck: check)]),
        StepDefinition(
          id: "pick", title: "Pick",
          fields: [
            try FieldSpec(
              id: "branch", label: "Branch", kind: .choice(options: []), required: true,
              optionsSource: options)
          ]),
        StepDefinition(id: "done", title: "Done"),
      ], strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
  }

  struct Run {
    let flow: FlowDefinition
    var state: FlowState
    var effects: [TaskEffect] = [] {
      didSet {
        for case .run(let id, _) in effects { lastRun = id }
      }
    }
    /// The latest run asked for: the one ``end(_:stdout:stderr:truncated:)`` ends.
    var lastRun: TaskID?

    init(_ flow: FlowDefinition) {
      self.flow = flow
      state = FlowState(flow: flow)
      let before = state
      FlowMachine.arrive(&state, flow)
      effects = FlowMachine.taskEffects(from: before, to: state)
    }

    @discardableResult
    mutating func send(_ line: String) throws -> Outcome {
      let before = state
      let outcome = FlowMachine.apply(try Command.parse(line), to: &state, flow: flow)
      effects = FlowMachine.taskEffects(from: before, to: state)
      return outcome
    }

    @discardableResult
    mutating func end(
      _ outcome: TaskOutcome, stdout: String = "", stderr: String = "", truncated: Bool = false
    ) -> Outcome? {
      guard let id = lastRun else { return nil }
      let before = state
      let result = FlowMachine.fieldTaskEnded(
        id,
        TaskEnd(
          outcome: outcome, duration: .milliseconds(20), captured: Array(stdout.utf8),
          capturedTruncated: truncated),
        errorOutput: Array(stderr.utf8), state: &state, flow: flow)
      effects = FlowMachine.taskEffects(from: before, to: state)
      return result
    }

    var launch: TaskLaunch? {
      for case .run(_, .command(let launch)) in effects { return launch }
      return nil
    }

    var current: Int? { state.progression.current }
  }

  // MARK: Checks

  @Test func nextChecksTheValueOnceAndMovesOnWhenItIsAccepted() throws {
    var run = Run(try Self.flow())
    #expect(run.effects.isEmpty, "the first step lists nothing")
    try run.send("set name=ann")
    #expect(try run.send("next") == .changed, "Next waits for the check")
    #expect(run.current == 0)
    guard case .run(let id, _)? = run.effects.first else {
      Issue.record("no check asked for: \(run.effects)")
      return
    }
    #expect(id.subject == .check(field: "name"))
    let launch = try #require(run.launch)
    #expect(launch.arguments == ["check-name"])
    #expect(launch.input == "ann", "the value on stdin")
    #expect(launch.environment["STEPFLOW_VALUE"] == "ann")
    #expect(launch.environment["STEPFLOW_NAME"] == "ann")
    #expect(try run.send("next") == .refused("a value is being checked; wait for it"))
    #expect(run.effects.isEmpty, "not asked twice")
    let moved = run.end(.exited(0))
    #expect(moved == .moved(from: 0, to: 1, direction: .forward))
    // Back and Next again: the same value is not checked again.
    try run.send("back")
    try run.send("next")
    #expect(run.current == 1)
    #expect(!run.effects.contains { $0.id.subject == .check(field: "name") })
  }

  @Test func aRefusalIsTheFirstLineOfItsOutputAndIsKeptForThatValue() throws {
    var run = Run(try Self.flow())
    try run.send("set name=bob")
    try run.send("next")
    let refused = run.end(.exited(1), stdout: "\n  bob is taken\nsecond line\n")
    #expect(refused == .refused("Name: bob is taken"))
    #expect(run.current == 0)
    #expect(try run.send("next") == .refused("Name: bob is taken"), "not run again for bob")
    #expect(run.effects.isEmpty)
    try run.send("set name=carl")
    #expect(try run.send("next") == .changed)
    #expect(run.launch?.input == "carl", "a new value is checked")
    // stderr comes first; without any output, the status says it.
    #expect(
      run.end(.exited(3), stderr: "\u{1B}[31mno\u{1B}[0m\n")
        == .refused("Name: \\x1B[31mno\\x1B[0m"))
    try run.send("set name=dora")
    try run.send("next")
    #expect(run.end(.exited(4)) == .refused("Name: it exited with status 4"))
  }

  @Test func aHostileValueIsOnlyData() throws {
    for value in ["$(touch pwned)", "`id`", "; rm -rf x", "-rf", "a\nb"] {
      var run = Run(try Self.flow(check: CommandSpec(.argv(["check", "--", "{{name}}"]))))
      run.state.answers["name"] = .text(value)
      run.state.openEditor(flow: run.flow)
      try run.send("next")
      let launch = try #require(run.launch, "\(value)")
      #expect(launch.arguments == ["check", "--", value], "one element, as it is")
      #expect(launch.input == value)
      #expect(launch.environment["STEPFLOW_VALUE"] == value)
    }
    // Before `--`, a leading "-" would be an option: refused, nothing runs.
    var run = Run(try Self.flow(check: CommandSpec(.argv(["check", "{{name}}"]))))
    try run.send("set name=-rf")
    let outcome = try run.send("next")
    guard case .refused(let text) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(text.hasPrefix("Name: "))
    #expect(run.effects.isEmpty, "nothing runs")
  }

  // MARK: Options

  @Test func theOptionsAreListedOnArrivalAndBecomeTheChoices() throws {
    var run = Run(try Self.flow())
    try run.send("set name=ann")
    try run.send("next")
    run.end(.exited(0))
    #expect(run.current == 1)
    guard case .run(let id, _)? = run.effects.first else {
      Issue.record("no listing asked for: \(run.effects)")
      return
    }
    #expect(id.subject == .options(field: "branch"))
    #expect(run.launch?.arguments == ["list", "--for", "ann"])
    #expect(run.launch?.input == nil, "stdin is /dev/null")
    #expect(
      try run.send("next") == .refused("Branch: its options are being listed; wait for them"))
    run.end(.exited(0), stdout: "main\tMain line\r\nfeat-1\n\nmain\tagain\n  spaced \t Spaced \n")
    let field = try #require(run.state.editor?.form.fields.first)
    #expect(
      field.options == [
        ChoiceOption("main", "Main line"), ChoiceOption("feat-1", "feat-1"),
        ChoiceOption("spaced", "Spaced"),
      ])
    if case .refused = try run.send("set branch=nope") {} else { Issue.record("nope is no option") }
    #expect(try run.send("set branch=feat-1") == .changed)
    #expect(try run.send("next") == .moved(from: 1, to: 2, direction: .forward))
    // Back on the step: listed already, with the same answers: not run again.
    try run.send("back")
    #expect(run.effects.isEmpty)
  }

  @Test func aFailedListingSaysWhyAndRetryListsAgain() throws {
    var run = Run(try Self.flow())
    try run.send("set name=ann")
    try run.send("next")
    run.end(.exited(0))
    run.end(.exited(128), stderr: "fatal: not a git repository\n")
    #expect(
      try run.send("next")
        == .refused(
          "Branch: its options could not be listed (fatal: not a git repository); Enter or retry lists them again"
        ))
    #expect(try run.send("retry") == .changed)
    guard case .run(let id, _)? = run.effects.first else {
      Issue.record("retry asked for nothing: \(run.effects)")
      return
    }
    #expect(id.subject == .options(field: "branch"))
    run.end(.exited(0), stdout: "main\n")
    #expect(try run.send("set branch=main") == .changed)
  }

  @Test func listingsThatAreTooLongOrEmptyFail() throws {
    let many = (0...FlowMachine.maxListedOptions).map { "o\($0)" }.joined(separator: "\n")
    #expect(
      FlowMachine.parseOptions(Array(many.utf8)).failureReason
        == "it listed more than 10000 options")
    #expect(FlowMachine.parseOptions(Array(" \n\n".utf8)).failureReason == "it listed no options")
    var run = Run(try Self.flow())
    try run.send("set name=ann")
    try run.send("next")
    run.end(.exited(0))
    run.end(.exited(0), stdout: "a\n", truncated: true)
    #expect(run.state.fieldTasks["branch"]?.status == .failed("it printed more than 1 MiB"))
  }

  @Test func quittingStopsAListingThatRuns() throws {
    var run = Run(try Self.flow())
    try run.send("set name=ann")
    try run.send("next")
    run.end(.exited(0))
    let id = try #require(run.effects.first?.id)
    try run.send("quit")
    #expect(run.effects == [.cancel(id)])
  }

  @Test func aChoiceWithACommandNeedsNoOptionsButOtherKindsCannotHaveOne() throws {
    #expect(throws: Never.self) {
      try FieldSpec(
        id: "b", label: "B", kind: .multichoice(options: []),
        optionsSource: CommandSpec(.argv(["ls"])))
    }
    #expect(throws: FieldSpecError.self) {
      try FieldSpec(id: "b", label: "B", kind: .text(), optionsSource: CommandSpec(.argv(["ls"])))
    }
    #expect(throws: FieldSpecError.self) {
      try FieldSpec(id: "b", label: "B", kind: .confirm, commandCheck: CommandSpec(.argv(["ls"])))
    }
  }
}

extension Result where Failure == FlowMachine.TaskProblem {
  fileprivate var failureReason: String? {
    if case .failure(let problem) = self { return problem.reason }
    return nil
  }
}
