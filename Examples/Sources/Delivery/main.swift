import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// The seed's food delivery, as an adopter writes it.
///
/// The order moves through four states, each with its own colours, a large status icon and the
/// status text. Enter (or a tap anywhere, or a click) advances; a long press on the strip (or
/// `r`) starts over.
enum Delivery: String, FlowSteps {
  case received = "checkmark.circle"
  case preparing = "takeoutbag.and.cup.and.straw"
  case onItsWay = "bicycle"
  case delivered = "house"

  var title: String {
    switch self {
    case .received: return "Order Received"
    case .preparing: return "Preparing Order"
    case .onItsWay: return "On its way!"
    case .delivered: return "Delivered"
    }
  }

  var icon: Icon? { .symbol(rawValue) }

  /// The screen's colour and the strip's accent in each state.
  var colors: (background: Color, accent: Color) {
    switch self {
    case .received: return (.teal, .green)
    case .preparing: return (.cyan, .yellow)
    case .onItsWay: return (.blue, .orange)
    case .delivered: return (.mint, .secondary)
    }
  }

  var step: StepDefinition {
    StepDefinition(
      id: id, title: title, icon: icon, accent: colors.accent, background: colors.background,
      foreground: .white, blocks: [.hero, .status(caption: "YOUR ORDER STATUS:", text: title)])
  }

  static var strip: StripStyle { StripStyle(position: .inline, shape: .dots(4)) }
  static var navigation: NavigationStyle { .tap }
  static var theme: Theme {
    Theme(accent: .green, inactive: .rgb(210, 235, 240), foreground: .white, background: .teal)
  }
}

// Keys on a terminal, or a script: `--commands "next; next; reset"` (reset is the long press).
let result = MultiSteps<Delivery>.runFromCommandLine()
if let state = result.current {
  print("order: \(state.title) (\(result.reached.count) of \(Delivery.allCases.count))")
}
exit(result.exitCode)
