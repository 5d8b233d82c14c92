import StepFlow
import StepFlowCLI

/// Rendering a 120x40 screen.
func renderBenchmark() {
  var program = FlowProgram(flow: OrderState.flow, options: FlowOptions(glyphs: .unicode))
  program.apply(.next, at: .zero)
  let frames = Bench.iterations(2000)
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
