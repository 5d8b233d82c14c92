import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// A flow written as one Swift enum, running: the typed state, the pure update and the view —
/// a multi-step view over any `CaseIterable` enum, for the terminal.
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
/// let result = MultiSteps<Signup>.run(options: RunOptions())   // full screen on a terminal
/// if result.isFinished { print(result.answers.text("email") ?? "") }
/// ```
///
/// `StepFlowCommandLine` adds `runFromCommandLine()`: the same run with the whole `stepflow run`
/// command line, for a tool that wants it.
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

  /// The answers of the reached steps, by field id, read typed (`answers.text("email")`).
  public var answers: Answers { Self.answers(definition, program.state) }

  private static func answers(_ flow: FlowDefinition, _ state: FlowState) -> Answers {
    Answers(
      Dictionary(
        FlowResult.answers(flow: flow, state: state), uniquingKeysWith: { _, last in last }))
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
    /// Nothing changed; the refusal says why (`next` on a field that is required, say), and
    /// which fields show a message.
    case refused(Refusal)
    /// The flow was finished.
    case finished
    /// The flow was cancelled.
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
    case .refused(let message):
      return .refused(Refusal(message: message, fields: Self.shownErrors(program.state)))
    case .finished: return .finished
    case .cancelled: return .cancelled
    }
  }

  /// The messages shown under the fields of the current step, in the order of the form.
  private static func shownErrors(_ state: FlowState) -> [FieldError] {
    guard let editor = state.editor else { return [] }
    var errors: [FieldError] = []
    for form in [editor.screenForm, editor.form] + (editor.tabForm.map { [$0] } ?? []) {
      errors += form.fields.indices.compactMap { form.visibleError(at: $0, in: state.context) }
    }
    return errors
  }

  /// The whole screen at a moment of time, as the terminal would show it.
  public func view(width: Int, height: Int, at now: Duration = .zero) -> Canvas {
    program.view(width: width, height: height, at: now)
  }

  /// The next time after `now` at which the screen changes by itself — a transition's next
  /// frame, a spinner's, a frame a program's own view asks for
  /// (``StepScreenView/nextFrame(after:)``) — or `nil` when it changes only with a command.
  ///
  /// A program that draws the flow itself (``view(width:height:at:)``) draws again then; a run
  /// (``run(options:)``) does so by itself.
  public func nextFrame(after now: Duration) -> Duration? { program.nextDeadline(after: now) }

  // MARK: Work, in process

  /// The work the flow asks for since the last call — a step's ``StepWork`` (or command) to
  /// start, or one to cancel — described as data: ``run(options:)`` runs it; a program (or a
  /// test, with a fake) that drives the flow with ``send(_:at:)`` runs it itself and tells the
  /// flow what happened with ``deliver(_:at:)``.
  public mutating func takeEffects() -> [TaskEffect] { program.takeEffects() }

  /// Tells the flow what its work did: progress it reported, output, and its end (answers it
  /// returned become the flow's; a failure shows Retry, Back and Quit).
  ///
  /// Another run's events (one that was cancelled) change nothing.
  /// - Returns: what it did to the flow (an automatic run moves on when the work succeeded).
  @discardableResult
  public mutating func deliver(_ event: TaskEvent, at now: Duration = .zero) -> Change {
    let before = program.state.progression.current
    program.receive(event, at: now)
    let after = program.state.progression.current
    if before != after { return .moved(from: Self.step(at: before), to: Self.step(at: after)) }
    return .changed
  }

  /// Where the current step's work stands: `nil` when the step has none.
  public var workStatus: WorkStatus? {
    guard let current = program.state.progression.current,
      let phase = FlowMachine.taskPhase(ofStep: current, program.state, program.flow)
    else { return nil }
    switch phase {
    case .ready: return .notRun
    case .running: return .running
    case .succeeded: return .succeeded
    case .skipped: return .skipped
    case .failed, .stopped:
      let outcome = program.state.tasks[current]?.outcome
      return .failed(FlowProgram.outcomeSentence(outcome, ran: .zero))
    }
  }

  /// Where a step's work stands.
  public enum WorkStatus: Equatable, Sendable {
    /// It has not run: Enter (the `enter` command) runs it.
    case notRun
    case running
    case succeeded
    case skipped
    /// It threw, or was cancelled; the words say how.
    case failed(String)
  }

  /// How a run ended: where it stopped, typed, and why.
  public struct Result: Sendable {
    /// Why a run ended.
    public enum Status: Equatable, Sendable {
      /// The flow was finished (`finish`, Enter on the last step).
      case finished
      /// The run ended before the flow was finished: a script that ended early.
      case notFinished
      /// The person cancelled (q, Esc, a script's `quit`).
      case cancelled
      /// No input came within the timeout.
      case timedOut
      /// A signal ended the run (Ctrl-C: SIGINT, 2; SIGTERM, 15; the terminal hung up: SIGHUP, 1);
      /// the terminal was given back first.
      case interrupted(signal: Int32)
      /// The run could not start or go on (a state file that cannot be read or written, a
      /// script command that is not one, no terminal in ``RunOptions/Mode/terminal``): the
      /// messages say why.
      case failed
    }

    /// Why the run ended.
    public var status: Status
    /// The process exit code `stepflow run` gives for the same run (0 finished, 1 not
    /// finished or cancelled, 64 a bad option, 130 Ctrl-C, … — `stepflow help exit-codes`).
    public var exitCode: Int32
    /// Whether the flow was finished.
    public var isFinished: Bool
    /// Where the run stopped; `nil` when it never started (a bad option, say).
    public var current: Step?
    /// The reached steps, as the JSON result lists them (a step skipped by its condition is
    /// passed, not reached).
    public var reached: [Step]
    /// The answers of the reached steps, read typed (`answers.text("email")`).
    public var answers: Answers
    /// What the run had to say, in order: notices (a state file resumed), refused script
    /// commands, and why it failed — the lines `stepflow run` writes on stderr, without the
    /// program's name.
    public var messages: [String]
  }

  /// The result of a run of the flow (`definition`, made from `Step`) that ended with `code` in
  /// `final` (`nil` when the run never started: a bad option, say).
  package static func result(
    of definition: FlowDefinition, exitCode code: Int32, final: FlowState?,
    messages: [String] = []
  ) -> Result {
    let status: Result.Status
    switch code {
    case ExitCode.finished: status = .finished
    case ExitCode.notFinished: status = final?.status == .cancelled ? .cancelled : .notFinished
    case ExitCode.timeout: status = .timedOut
    case 129...(128 + 64): status = .interrupted(signal: code - 128)
    default: status = .failed
    }
    guard let final else {
      return Result(
        status: status, exitCode: code, isFinished: false, current: nil, reached: [],
        answers: Answers(), messages: messages)
    }
    return Result(
      status: status, exitCode: code, isFinished: final.status == .finished,
      current: step(at: final.progression.current),
      reached: FlowResult.shownReached(flow: definition, state: final).compactMap { step(at: $0) },
      answers: answers(definition, final), messages: messages)
  }

  /// Every mistake in the declaration of the enum's flow (``FlowDefinition/problems``).
  ///
  /// They are fields declared with a mistake and ids used twice. A run of a flow with mistakes fails at start
  /// and lists them; a test asserts there are none.
  ///
  /// ```swift
  /// @Test func theSignupIsDeclaredRight() { #expect(MultiSteps<Signup>.problems == []) }
  /// ```
  public static var problems: [String] { FlowDefinition(Step.self).problems }

  /// Runs the flow — full screen on a terminal, line by line without one, or from a script —
  /// with typed options, and returns how it ended.
  ///
  /// Nothing is printed: not the result (it is returned), not the messages (they are in
  /// ``Result/messages``); the screen is drawn on the terminal (`/dev/tty`) and given back as it
  /// was found.
  ///
  /// ```swift
  /// let result = MultiSteps<Signup>.run(options: RunOptions(timeout: .seconds(600)))
  /// switch result.status {
  /// case .finished: print("welcome, \(result.answers.text("name") ?? "")")
  /// case .cancelled: print("maybe later")
  /// default: print(result.messages.joined(separator: "\n"))
  /// }
  /// ```
  public static func run(options: RunOptions = RunOptions()) -> Result {
    let definition = FlowDefinition(Step.self)
    var final: FlowState? = nil
    var messages: [String] = []
    var settings = options.settings { messages.append($0) }
    settings.onEnd = { final = $0 }
    Platform.reserveStandardDescriptors()
    let code = FlowRunner.start(definition, settings: settings)
    return result(of: definition, exitCode: code, final: final, messages: messages)
  }
}
