import StepFlow
import StepFlowWizards

/// A wizard file of `count` steps, each with an id, a title and an icon, and with `fields` a
/// required text field of its own.
func wizardText(steps count: Int, fields: Bool) -> [UInt8] {
  var text =
    "{ id: \"big\", title: \"Many steps\", strip: { position: \"inline\", shape: \"dots\" },\n"
  text += " steps: [\n"
  for i in 0..<count {
    text += "  { id: \"step\(i)\", title: \"Step \(i)\", icon: \"star\""
    if fields {
      text += ", fields: [{ id: \"answer\(i)\", label: \"Answer \(i)\", required: true }]"
    }
    text += " },\n"
  }
  text += "] }\n"
  return Array(text.utf8)
}

/// Loading and validating a 10,000-step wizard file, and drawing its strip.
func wizardBenchmark() {
  let count = Bench.size(10_000, smoke: 20)
  let bytes = wizardText(steps: count, fields: true)
  var loaded: FlowDefinition? = nil
  let load = best(rounds: 5) {
    loaded = try? WizardFile.load(bytes, path: "big.json")
  }
  let plainBytes = wizardText(steps: count, fields: false)
  let plainLoad = best(rounds: 5) {
    checksum &+= (try? WizardFile.load(plainBytes, path: "steps.json"))?.steps.count ?? 0
  }
  report(
    "load + validate \(count) steps (\(plainBytes.count / 1024) KB: id, title, icon)",
    format(plainLoad.milliseconds) + " ms", aim: "<= 50 ms")
  report(
    "load + validate \(count) steps, a field each (\(bytes.count / 1024) KB)",
    format(load.milliseconds) + " ms" + (loaded == nil ? " (FAILED)" : ""), aim: "<= 50 ms")
  guard let flow = loaded else { return }
  let p = Progression(
    count: flow.steps.count, startsEmpty: false, reachedCount: count / 2, current: count / 2 - 1)
  let strip = StepStrip(flow: flow, progression: p, theme: flow.theme, glyphs: .unicode)
  var canvas = Canvas(width: 80, height: strip.height)
  let rounds = Bench.iterations(20_000)
  let small = FlowDefinition(
    id: "four", title: "Four", steps: Array(flow.steps.prefix(4)), strip: flow.strip,
    navigation: .tap)
  let smallStrip = StepStrip(
    flow: small,
    progression: Progression(count: 4, startsEmpty: false, reachedCount: 2, current: 1),
    theme: small.theme, glyphs: .unicode)
  let times = bestInterleaved([
    { for _ in 0..<rounds { strip.render(into: &canvas, area: canvas.bounds) } },
    { for _ in 0..<rounds { smallStrip.render(into: &canvas, area: canvas.bounds) } },
  ])
  let (big, four) = (times[0] / rounds, times[1] / rounds)
  let visible = strip.visibleSteps(width: 80).count
  report(
    "strip of that wizard: \(visible) visible of \(count)",
    format(big.milliseconds * 1000, decimals: 2) + " µs",
    aim: "like 4 steps: " + format(four.milliseconds * 1000, decimals: 2) + " µs")
  checksum &+= canvas.width
}

/// The load of the 10,000-step wizard with a field each, 40 times, for a profiler.
func wizardProfile() {
  let bytes = wizardText(steps: 10_000, fields: true)
  for _ in 0..<Bench.iterations(40) {
    checksum &+= (try? WizardFile.load(bytes, path: "big.json"))?.steps.count ?? 0
  }
}
