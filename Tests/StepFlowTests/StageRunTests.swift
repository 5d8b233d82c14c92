import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowTerminal
@testable import StepFlowWizards

/// Progress stages in an automatic run (`--auto`): a stage runs whenever its step is reached —
/// by a key, a script command or an earlier stage — and a completed stage shows full, not run
/// again, while its step stays reached.
@Suite struct StageRunTests {
  static func program(_ flow: FlowDefinition) -> FlowProgram {
    FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode, auto: true))
  }

  static func run(_ program: inout FlowProgram, _ lines: [String], at now: Duration) throws {
    for line in lines { program.apply(try Command.parse(line), at: now) }
  }

  static func screen(_ program: FlowProgram, at now: Duration) -> String {
    program.view(width: 60, height: 20, at: now).plainLines().joined(separator: "\n")
  }

  /// The release wizard does real work, not timers: its tree check starts when reached (a
  /// `git status` through the effects), its build runs the command it asks for on Enter.
  @Test func releaseRunsRealCommandsNotTimers() throws {
    let flow = try WizardParityTests.load("release")
    #expect(flow.steps.allSatisfy { $0.progress == nil }, "no simulated stage left")
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode))
    try Self.run(
      &program, ["set version=1.4.0", "next", "set ci_green=yes", "set changelog=yes", "next"],
      at: .seconds(1))
    let effects = program.takeEffects()
    guard case .run(_, .command(let check))? = effects.first else {
      Issue.record("the tree check did not start: \(effects)")
      return
    }
    #expect(check.arguments[0...1] == ["/bin/sh", "-c"])
    #expect(check.arguments[2].contains("git status --porcelain"))
    program.receive(
      .ended(effects[0].id, TaskEnd(outcome: .exited(0), duration: .milliseconds(20))),
      at: .seconds(2))
    try Self.run(&program, ["next", "enter"], at: .seconds(3))
    guard case .run(_, .command(let build))? = program.takeEffects().first else {
      Issue.record("Enter did not run the build")
      return
    }
    #expect(build.arguments == ["/bin/sh", "-c", "set -f; exec $STEPFLOW_BUILD_COMMAND"])
    #expect(
      build.environment["STEPFLOW_BUILD_COMMAND"]
        == "git archive --format=tar.gz --output=release.tar.gz HEAD")
  }

  /// A key does not stop the stages: the next step reached runs its stage and moves on.
  @Test func aKeyKeepsStagesRunning() {
    var program = Self.program(FoodDeliveryState.flow)
    _ = program.handle(.key(.enter), at: .milliseconds(500))
    #expect(program.state.progression.current == 1)
    #expect(program.stages.running?.step == 1)
    _ = program.handle(.tick, at: .milliseconds(2500))
    #expect(program.state.progression.current == 2, "the stage of step 2 ended after 2 s")
    #expect(program.stages.running?.step == 2)
  }

  /// Back to a step whose stage completed: it shows full and stays; it does not run again.
  @Test func aCompletedStageShowsFullAndDoesNotRunAgain() throws {
    var program = Self.program(FoodDeliveryState.flow)
    try Self.run(&program, ["next"], at: .zero)
    program.apply(.tick(milliseconds: 2000), at: .seconds(2))
    #expect(program.state.progression.current == 2)
    try Self.run(&program, ["previous"], at: .seconds(3))
    #expect(program.state.progression.current == 1)
    #expect(program.stages.running == nil, "not run again")
    #expect(program.stages.shown == 1)
    #expect(Self.screen(program, at: .seconds(3)).contains("100%"))
    program.apply(.tick(milliseconds: 5000), at: .seconds(8))
    #expect(program.state.progression.current == 1, "stays where the person went")
    #expect(Self.screen(program, at: .seconds(8)).contains("100%"))
  }

  /// A stage left before its end is dismissed, and runs again from the start when its step is
  /// reached again; un-reaching a completed step (Back) or starting over forgets it.
  @Test func leftOrUnreachedStagesRunAgain() throws {
    var program = Self.program(FoodDeliveryState.flow)
    try Self.run(&program, ["next"], at: .zero)
    program.apply(.tick(milliseconds: 1000), at: .seconds(1))
    try Self.run(&program, ["next"], at: .seconds(1))
    #expect(program.stages.running?.step == 2)
    #expect(!program.stages.isShowing(step: 1))
    try Self.run(&program, ["previous"], at: .seconds(2))
    #expect(program.stages.running?.step == 1)
    #expect(program.stages.running?.start == .seconds(2), "from the start")

    program.apply(.tick(milliseconds: 2000), at: .seconds(4))
    #expect(program.state.progression.current == 2)
    #expect(program.completedStages.contains(1))
    try Self.run(&program, ["back"], at: .seconds(5))
    try Self.run(&program, ["back"], at: .seconds(5))
    #expect(program.state.progression.current == 0)
    #expect(program.completedStages.isEmpty, "back un-reached the steps")
    try Self.run(&program, ["next"], at: .seconds(6))
    #expect(program.stages.running?.step == 1)

    program.apply(.tick(milliseconds: 2000), at: .seconds(8))
    try Self.run(&program, ["reset"], at: .seconds(9))
    #expect(program.completedStages.isEmpty)
    #expect(program.stages.running?.step == 0, "starting over runs the first stage again")
  }

  /// Starting over is one thing however it is asked for: `r` (nothing answered, so it does not
  /// ask) runs the first stage again, as `reset` does.
  @Test func startingOverByKeyRunsTheFirstStageAgain() throws {
    for ask in ["press r", "reset"] {
      var program = Self.program(FoodDeliveryState.flow)
      program.apply(.tick(milliseconds: 5000), at: .seconds(5))
      #expect(program.completedStages.contains(0), "\(ask): the first stage ran to its end")
      #expect(program.state.progression.current != 0)
      try Self.run(&program, [ask], at: .seconds(6))
      #expect(program.state.progression.current == 0)
      #expect(program.state.pendingConfirmation == nil, "nothing was answered: no question")
      #expect(program.completedStages.isEmpty, "\(ask)")
      #expect(program.stages.running?.step == 0, "\(ask): the first stage runs again")
    }
  }

  /// With no room for its indicators (delivery at 40×12: no room for the hero), the footer
  /// says how far the stage is, and that it is done when its step is current again.
  @Test func aStageWithoutRoomIsShownInWords() throws {
    var program = Self.program(FoodDeliveryState.flow)
    try Self.run(&program, ["next"], at: .zero)
    program.apply(.tick(milliseconds: 1000), at: .seconds(1))
    var lines = program.view(width: 40, height: 12, at: .seconds(1)).plainLines()
    #expect(lines[10] == " Cooking 50%", "\(lines)")
    #expect(!program.view(width: 60, height: 24, at: .seconds(1)).plainText.contains("Cooking"))
    program.apply(.tick(milliseconds: 1000), at: .seconds(2))
    try Self.run(&program, ["previous"], at: .seconds(3))
    lines = program.view(width: 40, height: 12, at: .seconds(3)).plainLines()
    #expect(lines[10] == " Cooking done", "\(lines)")
  }

  /// The y/n question is not hidden by a stage shown in words: the stage line waits.
  @Test func theQuestionIsNotCoveredByAStageInWords() throws {
    let text = """
      { id: "cook", title: "Cook", navigation: "tap", strip: { position: "inline", shape: "dots", dots: 2 },
        steps: [
          { id: "name", title: "Name", fields: [{ id: "name", label: "Name" }] },
          { id: "cooking", title: "Cooking", blocks: [{ hero: true }, { status: { caption: "STATUS:", text: "Cooking" } }],
            progress: { indicators: ["ring", "label"], duration: 2000, label: "Cooking" } },
          { id: "done", title: "Done" },
        ] }
      """
    var program = Self.program(try WizardFile.load(Array(text.utf8), path: "cook.json"))
    try Self.run(&program, ["set name=Ann", "next"], at: .zero)
    program.apply(.tick(milliseconds: 1000), at: .seconds(1))
    var lines = program.view(width: 40, height: 12, at: .seconds(1)).plainLines()
    #expect(lines.contains(" Cooking 50%"), "no room for the ring: in words, \(lines)")
    program.press(.character("q"), at: .seconds(1))
    #expect(program.state.pendingConfirmation == .quit)
    lines = program.view(width: 40, height: 12, at: .seconds(1)).plainLines()
    #expect(lines.contains(" Quit and lose your answers? y/n"), "\(lines)")
    #expect(!lines.contains { $0.contains("Cooking 50%") }, "\(lines)")
  }

  /// Without `--auto` no stage runs.
  @Test func withoutAutoNoStageRuns() throws {
    var program = FlowProgram(flow: FoodDeliveryState.flow, options: FlowOptions())
    try Self.run(&program, ["next"], at: .zero)
    program.apply(.tick(milliseconds: 5000), at: .seconds(5))
    #expect(program.state.progression.current == 1)
    #expect(program.stages.shown == nil)
  }
}
