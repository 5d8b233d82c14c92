import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// A flow written as one Swift enum, running: the typed state, the pure update and the view.
/// `StepFlowCommandLine` adds ``run(_:)``: a run on the terminal or from a script with the
/// whole `stepflow run` command line.
///
/// ```swift
/// import StepFlow
///
/// enum Signup: FlowSteps { case account, profile, confirm }
///
/// var signup = MultiSteps<Signup>()     // reached [.account], current .account
/// signup.send(.next)                    // reached [.account, .profile], current .profile
/// signup.send(.back)                    // reached [.account] (Back un-reaches)
/// let screen = signup.view(width: 80, height: 24)
///
/// import StepFlowCommandLine
/// let result = MultiSteps<Signup>.run() // keys on a terminal, or --commands / --script
/// if result.isFinished { print(result.answers) }
/// ```
public struct MultiSteps<Step: FlowSteps>: Sendable {
  /// The flow the enum describes.
  public let definition: FlowDefinition
  package private(set) var program: FlowProgram

  /// The flow at its start, with answers given beforehand (`id → value`).
  public init(
    answers: [String: FieldValue] = [:], glyphs: GlyphStyle = .unicode, animated: Bool = false
  ) {
    definition = FlowDefinition(Step.self)
    let context = Platform.fieldContext(environment: Platform.environment())
    program = FlowProgram(
      flow: definition, options: FlowOptions(glyphs: glyphs, animate: animated, context: context),
      state: FlowState(flow: definition, answers: answers, context: context))
  }

  private static func step(at index: Int?) -> Step? {
    guard let index else { return nil }
    let all = Step.allCases
    return all[all.index(all.startIndex, offsetBy: index)]
  }

  /// The step shown (`nil` only before anything is rated in a rating flow).
  public var current: Step? { Self.step(at: program.state.progression.current) }

  /// The reached steps, in order: always the first steps of `Step.allCases`.
  public var reached: [Step] { Array(Step.allCases.prefix(program.state.progression.reachedCount)) }

  /// The answers of the reached steps, by field id.
  public var answers: [String: FieldValue] { Self.answers(definition, program.state) }

  private static func answers(_ flow: FlowDefinition, _ state: FlowState) -> [String: FieldValue] {
    Dictionary(FlowResult.answers(flow: flow, state: state), uniquingKeysWith: { _, last in last })
  }

  /// Whether the flow was finished (`finish` on the last step).
  public var isFinished: Bool { program.state.status == .finished }

  /// Whether the flow was cancelled (`quit`).
  public var isCancelled: Bool { program.state.status == .cancelled }

  /// The last refusal or notice, as the screen shows it.
  public var message: String? { program.message }

  /// What a command did.
  public enum Change: Equatable, Sendable {
    /// The current step changed.
    case moved(from: Step?, to: Step?)
    /// The selected tab changed, or an answer or the focus did.
    case changed
    /// Nothing changed; the message says why (`next` on a field that is required, say).
    case refused(String)
    case finished
    case cancelled
  }

  /// Applies a command (the same as a key or a script line) at a moment of time (transitions
  /// animate when the flow was made `animated`).
  @discardableResult
  public mutating func send(_ command: Command, at now: Duration = .zero) -> Change {
    switch program.apply(command, at: now) {
    case .moved(let from, let to, _), .startedOver(let from, let to):
      return .moved(from: Self.step(at: from), to: Self.step(at: to))
    case .tabChanged, .changed: return .changed
    case .refused(let message): return .refused(message)
    case .finished: return .finished
    case .cancelled: return .cancelled
    }
  }

  /// The whole screen at a moment of time, as the terminal would show it.
  public func view(width: Int, height: Int, at now: Duration = .zero) -> Canvas {
    program.view(width: width, height: height, at: now)
  }

  /// How a run ended.
  public struct Result: Sendable {
    /// The process exit code `stepflow run` gives for the same run (0 finished, 1 not
    /// finished or cancelled, 64 a bad option, 130 Ctrl-C, … — `stepflow help exit-codes`).
    public var exitCode: Int32
    public var isFinished: Bool
    /// Where the run stopped; `nil` when it never started (a bad option, say).
    public var current: Step?
    /// The reached steps, as the JSON result lists them (a step skipped by its condition is
    /// passed, not reached).
    public var reached: [Step]
    public var answers: [String: FieldValue]
  }

  /// The result of a run of the flow (`definition`, made from `Step`) that ended with `code` in
  /// `final` (`nil` when the run never started: a bad option, say).
  package static func result(
    of definition: FlowDefinition, exitCode code: Int32, final: FlowState?
  ) -> Result {
    guard let final else {
      return Result(exitCode: code, isFinished: false, current: nil, reached: [], answers: [:])
    }
    return Result(
      exitCode: code, isFinished: final.status == .finished,
      current: step(at: final.progression.current),
      reached: FlowResult.shownReached(flow: definition, state: final).compactMap { step(at: $0) },
      answers: answers(definition, final))
  }
}
