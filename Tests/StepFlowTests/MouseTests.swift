import Foundation
import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCLI
@testable import StepFlowTerminal

/// Clicks and the wheel on a running flow: each lands where the frame drew what it acts on,
/// and does through the pure update what the key for it does.
@Suite struct MouseTests {
  /// A program on a screen of `width` × `height`, as the terminal's first resize makes it.
  private func program(_ flow: FlowDefinition, width: Int = 64, height: Int = 22) -> FlowProgram {
    var program = FlowProgram(flow: flow, options: FlowOptions(glyphs: .unicode))
    _ = program.handle(.resize(width: width, height: height), at: .zero)
    return program
  }

  /// Where `text` is drawn on the program's screen (its first column and row).
  private func position(of text: String, in program: FlowProgram, after row: Int = 0) -> (
    Int, Int
  )? {
    let size = program.screenSize ?? (64, 22)
    let lines = program.view(width: size.width, height: size.height, at: .zero).plainLines()
    for (y, line) in lines.enumerated() where y >= row {
      guard let range = line.range(of: text) else { continue }
      return (line.distance(from: line.startIndex, to: range.lowerBound), y)
    }
    return nil
  }

  private func click(
    _ program: inout FlowProgram, _ at: (Int, Int)?, at now: Duration = .zero,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let (x, y) = at else {
      Issue.record("nothing to click", sourceLocation: sourceLocation)
      return
    }
    _ = program.handle(.key(.mouse(MouseEvent(.press(.left), column: x, row: y))), at: now)
    _ = program.handle(.key(.mouse(MouseEvent(.release(.left), column: x, row: y))), at: now)
  }

  @Test func theButtonsPressAsTheirKeysDo() {
    var program = program(OrderState.flow)
    click(&program, position(of: "[ Next ]", in: program))
    #expect(program.state.progression.current == 1)
    click(&program, position(of: "[ Back ]", in: program))
    #expect(program.state.progression.current == 0 && program.state.progression.reachedCount == 1)
  }

  @Test func aClickOnAStepTapsItWhenReleased() {
    var program = program(OrderState.flow)
    click(&program, position(of: "[ Next ]", in: program))
    // The cart's icon, above its bar.
    let cart = position(of: "¤", in: program)
    guard let (x, y) = cart else {
      Issue.record("no cart icon on the strip")
      return
    }
    _ = program.handle(.key(.mouse(MouseEvent(.press(.left), column: x, row: y + 1))), at: .zero)
    #expect(program.state.progression.current == 1, "a press alone waits for its release")
    _ = program.handle(
      .key(.mouse(MouseEvent(.release(.left), column: x, row: y + 1))), at: .milliseconds(100))
    #expect(program.state.progression.current == 0, "tap 1: the reached cart is revisited")
    #expect(program.state.progression.reachedCount == 2)
  }

  @Test func aPressHeldOnTheStripIsTheLongPressThatStartsOver() {
    var program = program(FoodDeliveryState.flow)
    _ = program.apply(.next, at: .zero)
    _ = program.apply(.next, at: .zero)
    guard let (x, y) = position(of: "●", in: program) else {
      Issue.record("no strip")
      return
    }
    _ = program.handle(.key(.mouse(MouseEvent(.press(.left), column: x, row: y))), at: .seconds(1))
    #expect(program.nextDeadline(after: .seconds(1)) == .milliseconds(1600))
    _ = program.handle(.tick, at: .milliseconds(1599))
    #expect(program.state.progression.current == 2)
    _ = program.handle(.tick, at: .milliseconds(1600))
    #expect(program.state.progression.current == 0 && program.state.progression.reachedCount == 1)
    // The release after a long press taps nothing.
    _ = program.handle(
      .key(.mouse(MouseEvent(.release(.left), column: x, row: y))), at: .milliseconds(1700))
    #expect(program.state.progression.current == 0)
  }

  @Test func theLongPressAsksFirstOnceSomethingIsAnswered() {
    var program = program(OrderState.flow)
    click(&program, position(of: "[ Next ]", in: program))
    _ = program.apply(.set(field: "card_number", value: "4242 4242 4242 4242"), at: .zero)
    guard let (x, y) = position(of: "━", in: program) else {
      Issue.record("no strip")
      return
    }
    _ = program.handle(.key(.mouse(MouseEvent(.press(.left), column: x, row: y))), at: .zero)
    _ = program.handle(.tick, at: .milliseconds(600))
    #expect(program.state.pendingConfirmation == .reset)
    #expect(program.state.progression.current == 1, "nothing is lost before y")
  }

  @Test func aClickOnATabSelectsIt() {
    var program = program(OrderState.flow)
    click(&program, position(of: "[ Next ]", in: program))
    click(&program, position(of: "PayPal", in: program))
    #expect(program.state.selectedTab(ofStep: 1) == 1)
    #expect(program.state.answers["payment_method"] == .choice("paypal"))
    #expect(program.state.editor?.focus == .tabBar)
  }

  @Test func clicksPickOptionsStarsAndYesOrNo() {
    var program = program(KeyBindingTests.flow, width: 64, height: 30)
    click(&program, position(of: "Pro", in: program))
    #expect(program.state.answers["plan"] == .choice("pro"))
    if case .field(let i)? = program.state.editor?.focus {
      #expect(program.state.editor?.form.fields[i].id == "plan")
    } else {
      Issue.record("the clicked field has the focus")
    }
    click(&program, position(of: "Yes", in: program))
    #expect(program.state.answers["news"] == .bool(true))
    guard let (x, y) = position(of: "☆", in: program) else {
      Issue.record("no stars")
      return
    }
    click(&program, (x + 6, y))  // the fourth star: one column and a space each
    #expect(program.state.answers["stars"] == .number(4))
    click(&program, position(of: "Name", in: program))
    #expect(program.focusContext == .textField)
  }

  @Test func theWheelIsUpAndDownWhereTheFocusIs() {
    var program = program(KeyBindingTests.flow, width: 64, height: 30)
    click(&program, position(of: "Basic", in: program))
    let before = program.state.editor?.focusedField?.highlighted
    _ = program.handle(.key(.mouse(MouseEvent(.wheelDown, column: 10, row: 10))), at: .zero)
    #expect(program.state.editor?.focusedField?.highlighted == (before ?? 0) + 1)
    _ = program.handle(.key(.mouse(MouseEvent(.wheelUp, column: 10, row: 10))), at: .zero)
    #expect(program.state.editor?.focusedField?.highlighted == before)
  }

  @Test func aStarOfTheRatingRatesThroughTheTapAction() {
    var program = program(Rating.flow, width: 64, height: 12)
    guard let (x, y) = position(of: "☆", in: program) else {
      Issue.record("no stars")
      return
    }
    click(&program, (x + 3 * 4, y))  // the fourth star of the strip: three columns and a gap each
    #expect(program.state.rating == 4)
  }

  @Test func aClickClosesTheHelpAndDoesNothingElse() {
    var program = program(OrderState.flow)
    _ = program.press(.character("?"), at: .zero)
    #expect(program.state.showsHelp)
    let next = position(of: "[ Next ]", in: program)
    click(&program, next)
    #expect(!program.state.showsHelp && program.state.progression.current == 0)
  }

  @Test func clicksWaitWhileTheYesNoQuestionIsAsked() {
    var program = program(OrderState.flow)
    click(&program, position(of: "[ Next ]", in: program))
    _ = program.apply(.set(field: "card_number", value: "4242 4242 4242 4242"), at: .zero)
    _ = program.press(.character("q"), at: .zero)
    #expect(program.state.pendingConfirmation == .quit)
    click(&program, position(of: "[ Back ]", in: program))
    #expect(program.state.pendingConfirmation == .quit && program.state.progression.current == 1)
  }
}

extension MouseTests {
  @Test func aTapAnywhereAdvancesAFlowDrivenByTaps() {
    var program = program(FoodDeliveryState.flow)
    guard let (x, y) = position(of: "YOUR ORDER STATUS:", in: program) else {
      Issue.record("no status")
      return
    }
    click(&program, (x, y))
    #expect(program.state.progression.current == 1)
  }
}
