import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// A line that moves while the order does: a spinner beside what is going on.
///
/// It draws from the frame's time and asks for a frame every 100 ms (``nextFrame(after:)``) —
/// the only frames the screen draws while nobody types.
struct Busy: StepScreenView {
  var text: String

  func height(width: Int) -> Int { 1 }

  func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let frames =
      context.glyphs.style == .ascii
      ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"]
    let line = frames[Int(context.now / .milliseconds(100)) % frames.count] + " " + text
    canvas.draw(
      line, x: area.x + max(0, (area.width - line.count) / 2), y: area.y, style: context.baseStyle)
  }

  func nextFrame(after now: Duration) -> Duration? {
    .milliseconds(100) * (Int(now / .milliseconds(100)) + 1)
  }
}

/// The seed's food delivery, as an adopter writes it.
///
/// The order moves through four states, each with its own colours, a large status icon and the
/// status text; while it is prepared and on its way, a spinner says so. Enter (or a tap
/// anywhere, or a click) advances; a long press on the strip (or `r`) starts over.
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

  /// What is going on, while the order is not there yet.
  var busy: String? {
    switch self {
    case .preparing: return "the kitchen is on it"
    case .onItsWay: return "the rider is riding"
    case .received, .delivered: return nil
    }
  }

  var step: StepDefinition {
    StepDefinition(
      id: id, title: title, icon: icon, accent: colors.accent, background: colors.background,
      foreground: .white,
      blocks: [.hero, .status(caption: "YOUR ORDER STATUS:", text: title)]
        + (busy.map { [.custom(Busy(text: $0))] } ?? []))
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
