// A program of its own, as an adopter writes one: it imports only StepFlow's public API. The
// end-to-end tests run it (Tests/StepFlowCLITests/LibraryRunTests.swift) to see what the
// library does in a process that is not `stepflow`: what it prints, what it names itself.
import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

enum Signup: FlowSteps {
  case account, profile, confirm

  /// Addresses that have an account already: the program's own check refuses them.
  static let taken: Set = ["admin@example.com", "root@example.com"]

  static let email = FieldSpec.text(
    "email", "E-mail", placeholder: "ann@example.com", required: true, check: .email
  ) { value in
    guard case .text(let address) = value else { return nil }
    return taken.contains(address.lowercased()) ? "is taken — sign in instead" : nil
  }
  static let password = FieldSpec.text("password", "Password", secure: true)
  static let repeated = FieldSpec.text("repeat", "Repeat", secure: true)

  var fields: [FieldSpec] {
    switch self {
    case .account: return [Self.email]
    case .profile: return [Self.password, Self.repeated]
    case .confirm: return []
    }
  }

  /// The two passwords must be the same.
  var check: StepCheck? {
    guard self == .profile else { return nil }
    return StepCheck { answers in
      answers["password"] == answers["repeat"] ? [:] : ["repeat": "must be the same password"]
    }
  }
}

/// A flow declared with two mistakes: it must not run.
enum Broken: FlowSteps {
  case only

  var fields: [FieldSpec] {
    [.text("code", "Code", pattern: "[a-z"), .rating("stars", "Stars", stars: 20)]
  }
}

/// A loop of its own on the library's terminal session: + counts, a click counts too, q ends.
struct Counter: ScreenProgram {
  var count = 0
  var size = (width: 0, height: 0)

  mutating func handle(_ event: ScreenEvent, at now: Duration) -> ScreenAction {
    switch event {
    case .key(.character("+")): count += 1
    case .key(.mouse(let mouse)) where mouse.action == .press(.left): count += 1
    case .key(.character("q")): return .exit(7)
    case .resize(let width, let height): size = (width, height)
    default: break
    }
    return .continue
  }

  func view(width: Int, height: Int, at now: Duration) -> Canvas {
    var canvas = Canvas(width: width, height: min(height, 2))
    canvas.draw("count \(count) at \(size.width)x\(size.height)", x: 0, y: 0, style: .plain)
    canvas.draw("+ or a click adds, q quits", x: 0, y: 1, style: Style(foreground: .ansi(2)))
    return canvas
  }
}

/// A step screen of the program's own that takes keys: + and - count cups, and the count is
/// the step's answer `cups` (a number field of 1 to 3, which it draws with its message).
struct Cups: FocusableScreenView {
  var answeredFields: [String] { ["cups"] }

  func height(width: Int) -> Int { 2 }

  static func cups(_ answers: [String: FieldValue]) -> Int {
    if case .number(let n)? = answers["cups"] { return n }
    return 0
  }

  func render(into canvas: inout Canvas, area: Rect, context: StepScreenContext) {
    let hint = context.focused ? " (+ and -)" : ""
    canvas.draw(
      "cups: \(Self.cups(context.answers))" + hint, x: area.x + 2, y: area.y, style: .plain.bold)
    if let problem = context.problems["cups"] {
      canvas.draw(problem, x: area.x + 2, y: area.y + 1, style: .plain)
    }
  }

  func handle(key: Key, context: ScreenKeyContext) -> ScreenKeyOutcome {
    let cups = Self.cups(context.answers)
    switch key {
    case .character("+"): return .handled(answers: ["cups": .number(cups + 1)])
    case .character("-"): return .handled(answers: ["cups": .number(cups - 1)])
    default: return .ignored
    }
  }

  func plainLines(context: StepScreenContext) -> [String] { ["cups of coffee, 1 to 3"] }
}

/// A flow whose first step is the program's own screen.
enum Order: FlowSteps {
  case cups, done

  var step: StepDefinition {
    guard self == .cups else {
      return StepDefinition(id: "done", title: "Done", blocks: [.summary])
    }
    return StepDefinition(
      id: "cups", title: "Cups", blocks: [.custom(Cups())],
      fields: [.number("cups", "Cups", rules: NumberRules(min: 1, max: 3), required: true)])
  }
}

/// A user name looked up asynchronously (a simulated server: 0.3 s, or 30 s for "slow").
enum Lookup: FlowSteps {
  case account, done

  static let username = FieldSpec.text("username", "Username", required: true)
    .validatingAsync { value in
      guard case .text(let name) = value else { return nil }
      try? await Task.sleep(for: name == "slow" ? .seconds(30) : .milliseconds(300))
      return ["admin", "root"].contains(name) ? "is taken — try another" : nil
    }

  var fields: [FieldSpec] { self == .account ? [Self.username] : [] }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "script":
  // The typed run: nothing printed by the library; this program prints what it got.
  let result = MultiSteps<Signup>.run(
    options: RunOptions(mode: .script(arguments.dropFirst().joined(separator: " "))))
  print("status: \(result.status)")
  print("current: \(result.current.map { "\($0)" } ?? "none")")
  print("email: \(result.answers.text("email") ?? "none")")
  for message in result.messages { print("message: \(message)") }
  exit(result.exitCode)
case "screen":
  // The public session: full screen (or inline), the mouse on.
  var counter = Counter()
  let placement: TerminalScreen.Placement = arguments.contains("--inline") ? .inline : .fullscreen
  do {
    let code = try TerminalScreen.run(&counter, options: .init(placement: placement, mouse: true))
    print("count: \(counter.count)")
    exit(code)
  } catch {
    print("no terminal: \(error)")
    exit(66)
  }
case "ansi":
  // A canvas printed as ANSI text for a colour depth.
  var canvas = Canvas(width: 6, height: 1)
  canvas.draw("ok", x: 0, y: 0, style: Style(foreground: .ansi(2), attributes: .bold))
  print(canvas.ansiText(depth: arguments.contains("none") ? .none : .ansi16))
  exit(0)
case "inline":
  // The typed run inline: the rows below the cursor, one line left behind.
  let result = MultiSteps<Signup>.run(options: RunOptions(mode: .terminal, inline: true))
  print("status: \(result.status)")
  exit(result.exitCode)
case "broken":
  exit(MultiSteps<Broken>.runFromCommandLine(Array(arguments.dropFirst())).exitCode)
case "order":
  exit(MultiSteps<Order>.runFromCommandLine(Array(arguments.dropFirst())).exitCode)
case "lookup":
  exit(MultiSteps<Lookup>.runFromCommandLine(Array(arguments.dropFirst())).exitCode)
case "cli":
  // The command line of `stepflow run`, for a tool that wants it.
  exit(MultiSteps<Signup>.runFromCommandLine(Array(arguments.dropFirst())).exitCode)
default:
  print(
    "usage: stepflow-probe script COMMANDS | cli|broken|order|lookup ARGUMENTS… | screen | ansi")
  exit(64)
}
