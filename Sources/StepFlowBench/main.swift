import StepFlow
import StepFlowCLI
import StepFlowTerminal
import StepFlowWizards

// stepflow-bench: the speed and size figures the README reports. Run with
//   swift run -c release stepflow-bench
// Each figure is the best of several rounds, so that a busy machine disturbs it less.

/// Runs `body` `rounds` times and returns the fastest round's duration.
func best(rounds: Int = 7, _ body: () -> Void) -> Duration {
  var fastest = Duration.seconds(1_000_000)
  for _ in 0..<rounds {
    let start = Platform.monotonicNow()
    body()
    fastest = min(fastest, Platform.monotonicNow() - start)
  }
  return fastest
}

func format(_ value: Double, decimals: Int = 1) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  return "\(rounded)"
}

func report(_ name: String, _ value: String, aim: String) {
  let pad = String(repeating: " ", count: max(1, 52 - name.count))
  print("\(name)\(pad)\(value)   (aim: \(aim))")
}

nonisolated(unsafe) var checksum = 0

/// `stepflow-bench [NAME...]` runs only the sections named (update, render, strip, frames,
/// gauge, wizard).
let only = Set(CommandLine.arguments.dropFirst())
func section(_ name: String, _ body: () -> Void) {
  guard only.isEmpty || only.contains(name) || only.contains(name + "-profile") else { return }
  body()
}

// 1. Commands per second through the pure update.
section("update") {
  /// Commands a second, cycling through a list of commands on a flow.
  func rate(_ flow: FlowDefinition, _ commands: [Command]) -> Double {
    let count = 2_000_000
    let time = best {
      var state = FlowState(flow: flow)
      for i in 0..<count {
        _ = FlowMachine.apply(commands[i % commands.count], to: &state, flow: flow)
      }
      checksum &+= state.progression.reachedCount
    }
    return Double(count) / (time.milliseconds / 1000)
  }
  let navigation: [Command] = [.next, .next, .previous, .next, .back, .tap(1), .next, .reset]
  report(
    "commands per second through update (delivery)",
    format(rate(FoodDeliveryState.flow, navigation) / 1e6) + " million/s", aim: ">= 5 million/s")
  report(
    "commands per second through update (rating)",
    format(rate(Rating.flow, [.rate(3), .next, .previous, .back, .tap(5), .reset]) / 1e6)
      + " million/s", aim: ">= 5 million/s")
  report(
    "  purchase: forms rebuilt and validated on moves",
    format(rate(OrderState.flow, navigation) / 1e6) + " million/s", aim: "")
}

// 2. Rendering a 120x40 screen.
section("render") {
  var program = FlowProgram(flow: OrderState.flow, options: FlowOptions(glyphs: .unicode))
  program.apply(.next, at: .zero)
  let frames = 2000
  let time = best {
    for _ in 0..<frames {
      let canvas = program.view(width: 120, height: 40, at: .zero)
      checksum &+= canvas.width
    }
  }
  report(
    "render a 120x40 purchase screen", format(time.milliseconds * 1000 / Double(frames)) + " µs",
    aim: "<= 50 µs")
  var delivery = FlowProgram(flow: FoodDeliveryState.flow, options: FlowOptions(glyphs: .emoji))
  delivery.apply(.next, at: .zero)
  let deliveryTime = best {
    for _ in 0..<frames {
      checksum &+= delivery.view(width: 120, height: 40, at: .zero).height
    }
  }
  report(
    "render a 120x40 delivery screen",
    format(deliveryTime.milliseconds * 1000 / Double(frames)) + " µs", aim: "<= 50 µs")
}

// 3. The strip costs the same for 4 steps and for 10,000.
section("strip") {
  func stripTime(_ count: Int) -> Duration {
    let steps = (0..<count).map {
      StepDefinition(id: "s\($0)", title: "Step \($0)", icon: .symbol("star"))
    }
    let flow = FlowDefinition(
      id: "n", title: "n", steps: steps, strip: StripStyle(position: .inline, shape: .dots(4)),
      navigation: .tap)
    let p = Progression(
      count: count, startsEmpty: false, reachedCount: count / 2 + 1, current: count / 2)
    let strip = StepStrip(flow: flow, progression: p, theme: flow.theme, glyphs: .unicode)
    var canvas = Canvas(width: 80, height: strip.height)
    let rounds = 20_000
    return best {
      for _ in 0..<rounds { strip.render(into: &canvas, area: canvas.bounds) }
      checksum &+= canvas.width
    } / rounds
  }
  let four = stripTime(4)
  let hundred = stripTime(100)
  let many = stripTime(10_000)
  report(
    "draw the strip: 4 steps (all 4 shown), 80 columns",
    format(four.milliseconds * 1000, decimals: 2) + " µs", aim: "")
  report(
    "draw the strip: 100 steps (a window of 11), 80 columns",
    format(hundred.milliseconds * 1000, decimals: 2) + " µs", aim: "same as 10,000")
  report(
    "draw the strip: 10,000 steps (a window of 11), 80 columns",
    format(many.milliseconds * 1000, decimals: 2) + " µs", aim: "same as 100")
}

// 4. Bytes the frame writer sends to a terminal.
section("frames") {
  func bytes(after command: Command, flow: FlowDefinition, width: Int, height: Int) -> (Int, Int) {
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .emoji))
    var writer = FrameWriter(depth: .truecolor)
    let full = writer.frame(program.view(width: width, height: height, at: .zero)).count
    program.apply(command, at: .zero)
    return (writer.frame(program.view(width: width, height: height, at: .zero)).count, full)
  }
  let (purchaseNext, purchaseFull) = bytes(
    after: .next, flow: OrderState.flow, width: 80, height: 24)
  report(
    "bytes for next, purchase, 80x24, no animation", "\(purchaseNext) B",
    aim: "well under a full repaint (\(purchaseFull) B)")
  let (ratingNext, ratingFull) = bytes(after: .rate(3), flow: Rating.flow, width: 80, height: 24)
  report(
    "bytes for rate 3, rating, 80x24", "\(ratingNext) B",
    aim: "well under a full repaint (\(ratingFull) B)")
  let (deliveryNext, deliveryFull) = bytes(
    after: .next, flow: FoodDeliveryState.flow, width: 80, height: 24)
  report(
    "bytes for next, delivery (new background), 80x24", "\(deliveryNext) B",
    aim: "a repaint: \(deliveryFull) B")

  var program = FlowProgram(flow: OrderState.flow, options: FlowOptions(glyphs: .emoji))
  var writer = FrameWriter(depth: .truecolor)
  _ = writer.frame(program.view(width: 80, height: 24, at: .zero))
  program.apply(.tick(milliseconds: 100), at: .milliseconds(100))
  let idle = writer.frame(program.view(width: 80, height: 24, at: .milliseconds(100))).count
  report("bytes for a frame where nothing changed", "\(idle) B", aim: "0")

  // Diffing two 200x60 canvases: the cart and the payment screen (most cells differ).
  var a = FlowProgram(flow: OrderState.flow, options: FlowOptions(glyphs: .unicode))
  let first = a.view(width: 200, height: 60, at: .zero)
  a.apply(.next, at: .zero)
  let second = a.view(width: 200, height: 60, at: .zero)
  let rounds = 2000
  let diff = best {
    var w = FrameWriter(depth: .truecolor)
    _ = w.frame(first)
    for i in 0..<rounds {
      checksum &+= w.frame(i & 1 == 0 ? second : first).count
    }
  }
  report(
    "diff two 200x60 canvases (two screens)",
    format(diff.milliseconds * 1000 / Double(rounds)) + " µs", aim: "<= 100 µs")
  var copy = first
  copy.draw("x", x: 100, y: 30, style: .plain)
  let small = best {
    var w = FrameWriter(depth: .truecolor)
    _ = w.frame(first)
    for i in 0..<rounds {
      checksum &+= w.frame(i & 1 == 0 ? copy : first).count
    }
  }
  report(
    "diff two 200x60 canvases (one cell differs)",
    format(small.milliseconds * 1000 / Double(rounds)) + " µs", aim: "<= 100 µs")
}

// 5. The gauge: bytes per 1 % update and per spinner frame, at 80 columns.
section("gauge") {
  func gaugeBytes(
    _ arguments: [String], updates: Int, step: (inout GaugeProgram, Int, inout Duration) -> Void
  ) -> Double {
    guard let options = try? GaugeOptions.parse(arguments) else { return .nan }
    var options2 = options
    options2.noAnimation = true
    var program = GaugeProgram(options: options2, glyphs: .unicode)
    var writer = FrameWriter(depth: .ansi256)
    var now = Duration.zero
    _ = program.handle(.resize(width: 80, height: 24), at: now)
    _ = writer.frame(program.view(width: 80, height: 24, at: now))
    var total = 0
    for i in 1...updates {
      step(&program, i, &now)
      total += writer.frame(program.view(width: 80, height: 24, at: now)).count
    }
    return Double(total) / Double(updates)
  }
  let perPercent = gaugeBytes(["--bar", "--label"], updates: 100) { program, i, now in
    now += .milliseconds(30)
    _ = program.handle(.input(Array("\(i)\n".utf8)), at: now)
  }
  report(
    "gauge --bar --label: bytes per 1 % update", format(perPercent) + " B",
    aim: "<= 32 B (dialog: ~64)")
  let perSpin = gaugeBytes(["--spinner", "--label"], updates: 50) { program, _, now in
    now += .milliseconds(80)
    _ = program.handle(.tick, at: now)
  }
  report("gauge --spinner: bytes per spinner frame", format(perSpin) + " B", aim: "<= 24 B")
}

// 6. Loading and validating a 10,000-step wizard file, and drawing its strip.
section("wizard") {
  var text =
    "{ id: \"big\", title: \"Ten thousand steps\", strip: { position: \"inline\", shape: \"dots\" },\n steps: [\n"
  for i in 0..<10_000 {
    text +=
      "  { id: \"step\(i)\", title: \"Step \(i)\", icon: \"star\", fields: [{ id: \"answer\(i)\", label: \"Answer \(i)\", required: true }] },\n"
  }
  text += "] }\n"
  let bytes = Array(text.utf8)
  if only.contains("wizard-profile") {
    for _ in 0..<40 {
      checksum &+= (try? WizardFile.load(bytes, path: "big.json"))?.steps.count ?? 0
    }
    return
  }
  var loaded: FlowDefinition? = nil
  let load = best(rounds: 5) {
    loaded = try? WizardFile.load(bytes, path: "big.json")
  }
  var plain = "{ id: \"steps\", title: \"Ten thousand steps\", steps: [\n"
  for i in 0..<10_000 { plain += "  { id: \"step\(i)\", title: \"Step \(i)\", icon: \"star\" },\n" }
  plain += "] }\n"
  let plainBytes = Array(plain.utf8)
  let plainLoad = best(rounds: 5) {
    checksum &+= (try? WizardFile.load(plainBytes, path: "steps.json"))?.steps.count ?? 0
  }
  report(
    "load + validate 10,000 steps (\(plainBytes.count / 1024) KB: id, title, icon)",
    format(plainLoad.milliseconds) + " ms", aim: "<= 50 ms")
  report(
    "load + validate 10,000 steps, a field each (\(bytes.count / 1024) KB)",
    format(load.milliseconds) + " ms" + (loaded == nil ? " (FAILED)" : ""), aim: "<= 50 ms")
  if let flow = loaded {
    let p = Progression(
      count: flow.steps.count, startsEmpty: false, reachedCount: 5000, current: 4999)
    let strip = StepStrip(flow: flow, progression: p, theme: flow.theme, glyphs: .unicode)
    var canvas = Canvas(width: 80, height: strip.height)
    let rounds = 20_000
    let big =
      best { for _ in 0..<rounds { strip.render(into: &canvas, area: canvas.bounds) } } / rounds
    let small = FlowDefinition(
      id: "four", title: "Four", steps: Array(flow.steps.prefix(4)), strip: flow.strip,
      navigation: .tap)
    let smallStrip = StepStrip(
      flow: small,
      progression: Progression(count: 4, startsEmpty: false, reachedCount: 2, current: 1),
      theme: small.theme, glyphs: .unicode)
    let four =
      best { for _ in 0..<rounds { smallStrip.render(into: &canvas, area: canvas.bounds) } }
      / rounds
    let visible = strip.visibleSteps(width: 80).count
    report(
      "strip of that wizard: \(visible) visible of 10,000",
      format(big.milliseconds * 1000, decimals: 2) + " µs",
      aim: "like 4 steps: " + format(four.milliseconds * 1000, decimals: 2) + " µs")
    checksum &+= canvas.width
  }
}

if checksum == 42 { print("") }
