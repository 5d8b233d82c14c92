import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI

@Suite struct ProgressionTests {
  enum Checkout: String, FlowSteps { case cart, payment, shipping, done }

  @Test func nextAndPreviousOfCasesAreClampedAtTheEnds() {
    #expect(Checkout.cart.next() == .payment)
    #expect(Checkout.done.next() == .done)
    #expect(Checkout.cart.previous() == .cart)
    #expect(Checkout.shipping.previous() == .payment)
  }

  @Test func multiStepsFollowsTheSeedsSemantics() {
    var steps = MultiSteps<Checkout>()
    #expect(steps.reached == [.cart])
    #expect(steps.current == .cart)
    #expect(steps.send(.next) == .moved(from: .cart, to: .payment))
    steps.send(.next)
    #expect(steps.reached == [.cart, .payment, .shipping])
    steps.send(.previous)
    #expect(steps.current == .payment)
    #expect(steps.reached == [.cart, .payment, .shipping], "previous keeps what is reached")
    steps.send(.next)
    #expect(steps.current == .shipping)
    steps.send(.back)
    #expect(steps.current == .payment)
    #expect(steps.reached == [.cart, .payment], "back un-reaches the step it leaves")
    guard case .refused = steps.send(.tap(3)) else {
      Issue.record("tapping a step that is not reached must be refused")
      return
    }
    #expect(steps.send(.tap(1)) == .moved(from: .payment, to: .cart))
    steps.send(.reset)
    #expect(steps.reached == [.cart] && steps.current == .cart)
  }

  @Test func nextIsClampedAtTheLastStep() {
    var p = Progression(count: 2)
    #expect(p.next() == nil)
    #expect(p.next() == .atLastStep)
    #expect(p.current == 1 && p.reachedCount == 2)
  }

  @Test func backNeedsMoreThanOneReachedStep() {
    var p = Progression(count: 4)
    #expect(p.back() == .nothingToUndo)
    _ = p.next()
    _ = p.previous()
    #expect(p.back() == .atFirstStep, "the first step cannot be un-reached while later ones are")
    #expect(p.reachedCount == 2 && p.current == 0)
  }

  @Test func aRatingStartsEmptyAndReachesExactly() {
    var p = Progression(count: 5, startsEmpty: true)
    #expect(p.current == nil && p.reachedCount == 0)
    #expect(p.reach(exactly: 4) == nil)
    #expect(p.reachedCount == 4 && p.current == 3)
    #expect(p.reach(exactly: 2) == nil)
    #expect(p.reachedCount == 2)
    #expect(p.reach(exactly: 6) == .noSuchStep(number: 6))
    #expect(p.back() == nil)
    #expect(p.back() == nil)
    #expect(p.current == nil && p.reachedCount == 0)
  }

  static func randomCommand(_ rng: inout SeededGenerator, steps: Int) -> Command {
    switch Int.random(in: 0..<9, using: &rng) {
    case 0, 1: return .next
    case 2: return .previous
    case 3: return .back
    case 4: return .tap(Int.random(in: 0...(steps + 2), using: &rng))
    case 5: return .rate(Int.random(in: 0...(steps + 1), using: &rng))
    case 6: return .reset
    case 7: return .enter
    default: return .tab(.next)
    }
  }

  @Test(arguments: StepFlowCLI.builtinFlows.map(\.id))
  func randomCommandSequencesKeepTheInvariants(flowID: String) {
    let flow = StepFlowCLI.builtinFlows.first { $0.id == flowID }!
    var rng = SeededGenerator(seed: 2026)
    let start = FlowState(flow: flow)
    for _ in 0..<300 {
      var state = FlowState(flow: flow)
      for _ in 0..<Int.random(in: 1...40, using: &rng) {
        let command = Self.randomCommand(&rng, steps: flow.steps.count)
        let before = state
        let outcome = FlowMachine.apply(command, to: &state, flow: flow)
        if case .refused = outcome {
          // A refused command moves nothing and answers nothing (a refused Next may show the
          // step's validation messages, which is the editor's business).
          let same =
            state.progression == before.progression && state.status == before.status
            && state.answers == before.answers && state.selectedTabs == before.selectedTabs
          #expect(same, "a refused \(command.text) changed the flow")
        }
        let p = state.progression
        #expect(p.reachedCount <= flow.steps.count)
        if flow.navigation == .rating {
          #expect(p.current == (p.reachedCount == 0 ? nil : p.reachedCount - 1))
        } else {
          #expect(p.reachedCount >= 1, "reached is never empty outside a rating")
          #expect(p.current.map { $0 < p.reachedCount } ?? false, "the current step is reached")
        }
        if command == .reset {
          #expect(state == start, "reset restores the start")
        }
        if state.status != .running { break }
      }
    }
  }
}
