import StepFlow

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

var checksum = 0

// 1. Commands per second through the pure update.
do {
  let flow = OrderState.flow
  let commands: [Command] = [.next, .next, .previous, .next, .back, .tap(1), .next, .reset]
  let count = 2_000_000
  let time = best {
    var state = FlowState(flow: flow)
    for i in 0..<count {
      _ = FlowMachine.apply(commands[i & 7], to: &state, flow: flow)
    }
    checksum &+= state.progression.reachedCount
  }
  let perSecond = Double(count) / (time.milliseconds / 1000)
  report(
    "commands per second through update", format(perSecond / 1e6, decimals: 1) + " million/s",
    aim: ">= 5 million/s")
}

// 2. Rendering a 120x40 screen.
do {
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
do {
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
  let many = stripTime(10_000)
  report(
    "draw the strip of 4 steps, 80 columns", format(four.milliseconds * 1000, decimals: 2) + " µs",
    aim: "same as 10,000")
  report(
    "draw the strip of 10,000 steps, 80 columns",
    format(many.milliseconds * 1000, decimals: 2) + " µs", aim: "same as 4")
}

if checksum == 42 { print("") }
