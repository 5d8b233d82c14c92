import StepFlowCore
import Testing

/// The pure update, driven the way a test reads best: start a flow, send script lines, expect where
/// it stands.
///
/// Every command goes through ``FlowMachine/apply(_:to:flow:)`` — no screen, no terminal, no time.
///
/// ```swift
/// var flow = UpdateScenario(.steps(4))
/// flow.send("next", expect: .moved)
/// flow.expect(current: 2, reached: 2)
/// ```
package struct UpdateScenario {
  package let flow: FlowDefinition
  package private(set) var state: FlowState

  package init(_ flow: FlowDefinition, answers: [String: FieldValue] = [:]) {
    self.flow = flow
    state = FlowState(flow: flow, answers: answers)
  }

  /// What a command did, as far as a rule cares.
  package enum Effect: Equatable, Sendable {
    case moved, changed, refused, finished, cancelled

    init(_ outcome: Outcome) {
      switch outcome {
      case .moved, .startedOver: self = .moved
      case .tabChanged, .changed: self = .changed
      case .refused: self = .refused
      case .finished: self = .finished
      case .cancelled: self = .cancelled
      }
    }
  }

  /// Sends one script line (`next`, `tap 3`, `set email=a@b.co`) and checks what it did.
  ///
  /// A refused command must leave where the flow stands and its answers as they were (a refused
  /// Next may show messages and move the focus), and say why.
  @discardableResult
  package mutating func send(
    _ line: String, expect effect: Effect, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome? {
    let command: Command
    do {
      command = try Command.parse(line)
    } catch {
      Issue.record("\"\(line)\" does not parse: \(error)", sourceLocation: sourceLocation)
      return nil
    }
    let before = state
    let outcome = FlowMachine.apply(command, to: &state, flow: flow)
    #expect(Effect(outcome) == effect, "\(line): \(outcome)", sourceLocation: sourceLocation)
    if case .refused(let message) = outcome {
      #expect(
        state.progression == before.progression && state.status == before.status
          && state.answers == before.answers,
        "a refused \(line) moved the flow or changed an answer", sourceLocation: sourceLocation)
      #expect(!message.isEmpty, "a refusal says why", sourceLocation: sourceLocation)
    }
    return outcome
  }

  /// Checks the current step and the reached count, both counted from 1 as the commands count
  /// (`current: nil` when nothing is reached).
  package func expect(
    current: Int?, reached: Int, status: FlowState.Status = .running,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      state.progression.current.map { $0 + 1 } == current, "current step",
      sourceLocation: sourceLocation)
    #expect(
      state.progression.reachedCount == reached, "reached steps", sourceLocation: sourceLocation)
    #expect(state.status == status, "status", sourceLocation: sourceLocation)
  }
}

extension FlowDefinition {
  /// A flow of `count` plain steps with Back/Next buttons (`s1`, `s2`, …).
  package static func steps(_ count: Int, fields: [Int: [FieldSpec]] = [:]) -> FlowDefinition {
    FlowDefinition(
      id: "steps", title: "Steps",
      steps: (1...count).map { n in
        StepDefinition(id: "s\(n)", title: "Step \(n)", fields: fields[n] ?? [])
      },
      strip: StripStyle(position: .above, shape: .bar), navigation: .buttons)
  }

  /// A rating of `count` stars.
  package static func stars(_ count: Int) -> FlowDefinition {
    FlowDefinition(
      id: "stars", title: "Stars",
      steps: (1...count).map { StepDefinition(id: "\($0)", title: "\($0) stars") },
      strip: StripStyle(position: .ontop, shape: .symbol("star")), navigation: .rating,
      blocks: [.rating(question: "How many?", answer: "{n}")])
  }
}
