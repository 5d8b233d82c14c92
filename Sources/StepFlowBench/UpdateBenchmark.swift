import StepFlow
import StepFlowCLI

/// Commands per second through the pure update.
func updateBenchmark() {
  /// Commands a second, cycling through a list of commands on a flow.
  func rate(_ flow: FlowDefinition, _ commands: [Command]) -> Double {
    let count = Bench.iterations(2_000_000)
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
