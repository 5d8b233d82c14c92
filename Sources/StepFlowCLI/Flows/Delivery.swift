import StepFlow

/// The food delivery: the order moves through four states, each with its own colours,
/// a large status icon and the status text; Enter (or a tap anywhere) advances, a long press
/// (`r`) starts over.
package enum FoodDeliveryState: String, FlowSteps {
  case orderReceived = "checkmark.circle"
  case preparingOrder = "takeoutbag.and.cup.and.straw"
  case onItsWay = "bicycle"
  case delivered = "house"

  /// The step's id in results and scripts: the case's name (written out, as reflection is
  /// slow to start).
  package var id: String {
    switch self {
    case .orderReceived: return "orderReceived"
    case .preparingOrder: return "preparingOrder"
    case .onItsWay: return "onItsWay"
    case .delivered: return "delivered"
    }
  }

  /// The status text under `YOUR ORDER STATUS:`.
  package var status: String {
    switch self {
    case .orderReceived: return "Order Received"
    case .preparingOrder: return "Preparing Order"
    case .onItsWay: return "On its way!"
    case .delivered: return "Delivered"
    }
  }

  /// The screen's background colour in this state.
  package var color: Color {
    switch self {
    case .orderReceived: return .teal
    case .preparingOrder: return .cyan
    case .onItsWay: return .blue
    case .delivered: return .mint
    }
  }

  /// The strip's accent colour in this state.
  package var accent: Color {
    switch self {
    case .orderReceived: return .green
    case .preparingOrder: return .yellow
    case .onItsWay: return .orange
    case .delivered: return .secondary
    }
  }

  /// The work shown while the order is in this state, when it advances by itself (`--auto`).
  package var stage: ProgressStage? {
    switch self {
    case .orderReceived:
      return ProgressStage(indicators: ["spinner"], duration: .seconds(2), label: "Confirming")
    case .preparingOrder:
      return ProgressStage(indicators: ["ring", "label"], duration: .seconds(2), label: "Cooking")
    case .onItsWay:
      return ProgressStage(indicators: ["bar", "label"], duration: .seconds(2), label: "Riding")
    case .delivered: return nil
    }
  }

  package var title: String { status }
  package var icon: Icon? { .symbol(rawValue) }

  package var step: StepDefinition {
    StepDefinition(
      id: id, title: status, icon: icon, accent: accent, background: color, foreground: .white,
      blocks: [.hero, .status(caption: "YOUR ORDER STATUS:", text: status)], progress: stage)
  }

  package static var flowID: String { "delivery" }
  package static var flowTitle: String { "Food delivery" }
  package static var strip: StripStyle { StripStyle(position: .inline, shape: .dots(4)) }
  package static var navigation: NavigationStyle { .tap }
  package static var theme: Theme {
    Theme(accent: .green, inactive: .rgb(210, 235, 240), foreground: .white, background: .teal)
  }

  /// The `delivery` flow.
  package static let flow = FlowDefinition(Self.self)
}
