import StepFlowTestSupport
import Testing

/// The mouse on the real binary on a pseudo-terminal: SGR reports in (as a terminal sends them
/// after `?1000h ?1006h`), the screen read back, and reporting off again on the way out.
@Suite(.serialized) struct MouseInteractiveTests {
  /// A press and a release of the left button on a cell (SGR reports count from 1).
  private func click(_ pty: PseudoTerminal, _ at: (column: Int, row: Int)?) {
    guard let at else {
      Issue.record("nothing to click on: \(pty.model.lines)")
      return
    }
    pty.send("\u{1B}[<0;\(at.column + 1);\(at.row + 1)M\u{1B}[<0;\(at.column + 1);\(at.row + 1)m")
  }

  @Test func clicksPressTheButtonsAndTapTheStrip() throws {
    let (pty, before) = try InteractiveTests.start(["run", "purchase"])
    #expect(pty.waitForText("Espresso beans"))
    #expect(pty.model.mouseReporting && pty.model.sgrMouse, "clicks reported, in SGR form")
    click(pty, pty.model.position(of: "[ Next ]"))
    #expect(pty.waitForText("Card number"), "a click on Next moves on")
    // The cart's step on the strip (its icon, the bar under it): a tap revisits it.
    click(pty, pty.model.position(of: "━"))
    #expect(
      pty.waitFor { !$0.model.contains("Card number") && $0.model.contains("Espresso beans") },
      "a click on a reached step goes back to it")
    pty.send("q")
    #expect(pty.waitForText("y/n"))
    pty.send("y")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func aClickOnAStarOfTheRatingRatesIt() throws {
    let (pty, before) = try InteractiveTests.start(["run", "rating"])
    #expect(pty.waitForText("How much would you rate this?"))
    // The strip's five stars (the first row of them): tap 4 is the fourth.
    guard let row = pty.model.position(of: "☆")?.row else {
      Issue.record("no stars: \(pty.model.lines)")
      return
    }
    let stars = pty.model.positions(of: "☆").filter { $0.row == row }
    #expect(stars.count == 5)
    guard stars.count == 5 else { return }
    click(pty, stars[3])
    #expect(pty.waitForText("4 stars"), "tap 4 rates 4")
    pty.signal(15)
    #expect(pty.waitForExit() == .exited(143))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func aPressHeldOnTheStripStartsTheDeliveryOver() throws {
    let (pty, before) = try InteractiveTests.start(["run", "delivery"])
    // The status under the caption: its box, the three rows under it.
    let status = { (pty: PseudoTerminal) -> String? in
      pty.model.lines.drop { !$0.contains("YOUR ORDER STATUS:") }.dropFirst().prefix(3)
        .joined(separator: "\n")
    }
    #expect(pty.waitForText("YOUR ORDER STATUS:"))
    pty.send("\r")
    // The box itself, not the strip's caption, which shows the new step first (the move
    // animates): on a busy machine the box follows later.
    #expect(
      pty.waitFor(timeout: .seconds(5)) { status($0)?.contains("Preparing Order") == true },
      "\(pty.model.lines)")
    guard let bar = pty.model.position(of: "●") else {
      Issue.record("no strip: \(pty.model.lines)")
      return
    }
    pty.send("\u{1B}[<0;\(bar.column + 1);\(bar.row + 1)M")
    // Held 0.6 s, the press starts over: the status is the first state's again.
    #expect(
      pty.waitFor(timeout: .seconds(3)) { status($0)?.contains("Order Received") == true },
      "held 0.6 s: reset")
    pty.send("\u{1B}[<0;\(bar.column + 1);\(bar.row + 1)m")
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
  }

  @Test func noMouseLeavesTheMouseToTheTerminal() throws {
    let (pty, before) = try InteractiveTests.start(["run", "purchase", "--no-mouse"])
    #expect(pty.waitForText("Espresso beans"))
    #expect(!pty.model.mouseReporting && !pty.model.sgrMouse)
    pty.send("q")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)
    #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?1000h"))
  }
}
