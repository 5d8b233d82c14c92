import StepFlow
import StepFlowCLI
import StepFlowTerminal

/// Bytes the frame writer sends to a terminal.
func framesBenchmark() {
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
  let rounds = Bench.iterations(2000)
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
