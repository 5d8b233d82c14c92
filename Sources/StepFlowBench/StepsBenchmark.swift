import StepFlow
import StepFlowTerminal
import StepFlowWizards

/// A move, a key and a save at 10 and at 100,000 steps, side by side, and the memory a step
/// costs.
///
/// The walk is what a person (or a script) does on every step of a wizard with a text field
/// each: type a letter, press Enter, the frame drawn after each key as the loop draws it. The
/// 10-step wizard is walked again and again from its start; the large one once, from its first
/// step to its last, and its keys and moves are timed in windows of 1,000 steps, so that a cost
/// that grows with the steps walked shows as the last tenth's cost over the 10-step wizard's
/// (the best window there, as the small wizard's figure is the best of its rounds). A walk that
/// has not reached the end after a minute stops there and says where (a cost that grows with the
/// steps walked makes the walk quadratic).
func stepsBenchmark() {
  let largeCount = Bench.size(100_000, smoke: 40)
  let smallCount = 10
  guard let small = try? WizardFile.load(wizardText(steps: smallCount, fields: true), path: "a")
  else {
    report("walk", "FAILED to load", aim: "")
    return
  }
  // Resident figures after the allocator gave its free memory back: what the data alive takes.
  Platform.trimHeap()
  Platform.resetPeakMemory()
  let start = Platform.memory()
  guard let large = try? WizardFile.load(wizardText(steps: largeCount, fields: true), path: "b")
  else {
    report("walk", "FAILED to load", aim: "")
    return
  }
  Platform.trimHeap()
  let loaded = Platform.memory()
  // What a first program and its frames take whatever the wizard's size (key tables, hint
  // lines, measures made when first asked): counted in the walk's figure, shown on its own.
  var firstWalk = Walk(flow: small)
  _ = firstWalk.steps(smallCount - 1)
  checksum &+= firstWalk.checksum
  Platform.trimHeap()
  let firstProgram = Platform.memory()

  // The 10-step wizard: per key and per move, best of several rounds of whole walks.
  let walks = Bench.iterations(200)
  var smallKey = Duration.seconds(1_000_000)
  var smallMove = Duration.seconds(1_000_000)
  for _ in 0..<(Bench.isSmoke ? 1 : 7) {
    var keys = Duration.zero
    var moves = Duration.zero
    for _ in 0..<walks {
      var walk = Walk(flow: small)
      let time = walk.steps(smallCount - 1)
      keys += time.key
      moves += time.move
    }
    smallKey = min(smallKey, keys / (walks * (smallCount - 1)))
    smallMove = min(smallMove, moves / (walks * (smallCount - 1)))
  }

  // The large one, walked once, in windows of 1,000 steps: the first and the last tenth's.
  let window = min(1000, largeCount / 4)
  var walk = Walk(flow: large)
  let began = Platform.monotonicNow()
  var first: (key: Duration, move: Duration)? = nil
  // The best window of the walk's last tenth, as the small wizard's figure is the best of its
  // rounds: one window alone is one sample, which a busy machine makes slow.
  var last = (key: Duration.seconds(1_000_000), move: Duration.seconds(1_000_000))
  var lastFrom = 0
  var walked = 0
  while walked + window < largeCount {
    let time = walk.steps(window)
    walked += window
    if first == nil { first = time }
    let stopping = Platform.monotonicNow() - began > .seconds(60)
    if walked >= largeCount * 9 / 10 - window || stopping {
      if lastFrom == 0 { lastFrom = walked }
      last = (min(last.key, time.key), min(last.move, time.move))
    }
    if stopping { break }
  }
  let total = Platform.monotonicNow() - began
  let walkedAll = walked + window >= largeCount
  let firstWindow = first ?? last
  func perStep(_ d: Duration) -> Double { d.milliseconds * 1000 / Double(window) }
  let position =
    walkedAll
    ? "at steps \(lastFrom)-\(walked)"
    : "at step \(walked) (stopped after 60 s)"
  let reached = (walk.screen.program.state.progression.current ?? 0) + 1
  report(
    "walk \(largeCount) steps: to step \(reached) in",
    format(total.milliseconds / 1000, decimals: 2) + " s",
    aim: walkedAll ? "linear" : "linear; the walk did not end in a minute")
  for (what, small, large) in [
    ("a key (a letter typed)", smallKey, last.key), ("a move (Enter)", smallMove, last.move),
  ] {
    let (perSmall, perLarge) = (small.milliseconds * 1000, perStep(large))
    report(
      "\(what): 10 steps / \(position)", format(perSmall) + " / " + format(perLarge) + " µs",
      aim: "within 1.5x")
    reportRatio("  ratio", perLarge / max(0.001, perSmall), of: "10 steps", aim: "<= 1.5x")
  }
  report(
    "  the same walk's first \(window) steps: key / move",
    format(perStep(firstWindow.key)) + " / " + format(perStep(firstWindow.move)) + " µs", aim: "")
  Platform.trimHeap()
  let walkedMemory = Platform.memory()
  if let start, let loaded, let walkedMemory {
    let loadedBytes = (loaded.resident - start.resident) / largeCount
    let perStepBytes = (walkedMemory.resident - start.resident) / max(1, walked + window)
    report(
      "memory: \(largeCount) steps loaded / walked (resident)",
      "\((loaded.resident - start.resident) / 1_048_576) MB / "
        + "\((walkedMemory.resident - start.resident) / 1_048_576) MB",
      aim: "under 60 MB")
    report(
      "  a step: loaded / loaded and walked (resident)",
      "\(loadedBytes) B / \(perStepBytes) B", aim: "<= 400 B walked")
    reportRatio("  ratio", Double(perStepBytes) / 400, of: "the aim (400 B)", aim: "<= 1x")
    if let firstProgram {
      let fixed = firstProgram.resident - loaded.resident
      report(
        "  of which a first program of any size (once)",
        "\(fixed / 1024) KB = \(fixed / max(1, walked + window)) B a step here", aim: "")
    }
    report(
      "  peak during load and walk, above the start",
      "\((walkedMemory.peak - start.resident) / 1_048_576) MB", aim: "")
  }
  report(
    "  sizes: a step / a field spec / its kind / a field / an editor",
    "\(MemoryLayout<StepDefinition>.stride) / \(MemoryLayout<FieldSpec>.stride) / "
      + "\(MemoryLayout<FieldKind>.stride) / \(MemoryLayout<Field>.stride) / "
      + "\(MemoryLayout<StepEditor>.stride) B", aim: "")
  checksum &+= walk.checksum

  // A save with the same 9 answers, at 10 and at the large size: the state written to a file.
  savesBenchmark(small: small, large: large)
}

/// A save at 10 and at many steps, with the same answers (9): what `--state` costs a step.
private func savesBenchmark(small: FlowDefinition, large: FlowDefinition) {
  guard let directory = Platform.makeScratchDirectory(prefix: "stepflow-bench") else {
    report("save", "FAILED: cannot make a folder under /tmp", aim: "")
    return
  }
  defer { Platform.removeScratchDirectory(directory) }
  func states(_ flow: FlowDefinition) -> (FlowState, FlowState) {
    var walk = Walk(flow: flow)
    _ = walk.steps(8)
    let a = walk.screen.program.state
    _ = walk.steps(1)
    return (a, walk.screen.program.state)
  }
  let (smallA, smallB) = states(small)
  let (largeA, largeB) = states(large)
  var smallSaver = StateFileWriter(path: directory + "/small.json", flow: small)
  var largeSaver = StateFileWriter(path: directory + "/large.json", flow: large)
  let saves = Bench.iterations(100)
  var failed = false
  let times = bestInterleaved(
    rounds: 5,
    [
      {
        for i in 0..<saves { failed = !smallSaver.save(i & 1 == 0 ? smallA : smallB) || failed }
      },
      {
        for i in 0..<saves { failed = !largeSaver.save(i & 1 == 0 ? largeA : largeB) || failed }
      },
    ]
  ).map { $0.milliseconds * 1000 / Double(saves) }
  report(
    "a save (9 answers): 10 steps / \(large.steps.count) steps",
    format(times[0]) + " / " + format(times[1]) + " µs" + (failed ? " (FAILED)" : ""),
    aim: "within 1.5x")
  reportRatio("  ratio", times[1] / max(0.001, times[0]), of: "10 steps", aim: "<= 1.5x")
}

/// A program walked step by step as a person does it: a letter typed into the step's field,
/// Enter, each key's frame drawn.
private struct Walk {
  var screen: Screen
  var checksum = 0

  init(flow: FlowDefinition) {
    screen = Screen(flow: flow, animate: false, width: 80, height: 24)
  }

  /// Walks `count` steps on; the time the keys and the moves took.
  mutating func steps(_ count: Int) -> (key: Duration, move: Duration) {
    var key = Duration.zero
    var move = Duration.zero
    for _ in 0..<count {
      let a = Platform.monotonicNow()
      screen.program.press(.character("x"), at: .zero)
      checksum &+= screen.draw(at: .zero)
      let b = Platform.monotonicNow()
      screen.program.press(.enter, at: .zero)
      checksum &+= screen.draw(at: .zero)
      let c = Platform.monotonicNow()
      key += b - a
      move += c - b
    }
    checksum &+= screen.program.state.progression.current ?? 0
    return (key, move)
  }
}
