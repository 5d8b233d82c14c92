import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// Card / PayPal / Cash with linear 200 ms changes, so fractions are easy to compute.
private func payment(selected: Int = 0) -> Tabs {
  Tabs(
    titles: ["Card", "PayPal", "Cash"], selectedIndex: selected, duration: .milliseconds(200),
    easing: .linear)
}

private func frame(
  _ tabs: Tabs, width: Int = 40, at now: Duration = .zero, theme: Theme = Theme(),
  glyphs: Glyphs = .unicode
) -> Canvas {
  var canvas = Canvas(width: width, height: Tabs.height)
  tabs.render(into: &canvas, area: canvas.bounds, at: now, theme: theme, glyphs: glyphs)
  return canvas
}

private func line(_ parts: (String, Int)...) -> String {
  parts.map { String(repeating: $0.0, count: $0.1) }.joined()
}

@Suite struct TabsTests {
  let titles = "     Card        PayPal        Cash"

  @Test func eachIndexUnderlinesItsTitle() {
    // Segments 14 + 13 + 13 columns: the spare column goes to the first.
    expectCanvas(frame(payment(selected: 0)), [titles, line(("━", 14), ("─", 26))])
    expectCanvas(frame(payment(selected: 1)), [titles, line(("─", 14), ("━", 13), ("─", 13))])
    expectCanvas(frame(payment(selected: 2)), [titles, line(("─", 27), ("━", 13))])
  }

  @Test func asciiGlyphs() {
    let canvas = frame(payment(selected: 1), glyphs: .ascii)
    expectCanvas(canvas, [titles, line(("-", 14), ("=", 13), ("-", 13))])
    #expect(canvas.cells.allSatisfy { $0.symbol.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func midSlideTheUnderlineIsBetweenTheTwoTitles() {
    var tabs = payment()
    tabs.select(1, animated: true, at: .milliseconds(1000))
    // Half-way from 0…14 to 14…27: columns 7…21.
    expectCanvas(
      frame(tabs, at: .milliseconds(1100)), [titles, line(("─", 7), ("━", 14), ("─", 19))])
    expectCanvas(frame(tabs, at: .milliseconds(1200)), frame(payment(selected: 1)).plainLines())
    // Back to 0 from the end state: a quarter of the way is 10.5…23.75 → 11…24.
    tabs.select(0, animated: true, at: .milliseconds(2000))
    expectCanvas(
      frame(tabs, at: .milliseconds(2050)), [titles, line(("─", 11), ("━", 13), ("─", 16))])
  }

  @Test func theSelectedTitleIsBoldInTheAccentTheOthersInactive() {
    let theme = Theme(accent: .blue, inactive: .gray)
    var tabs = payment()
    let still = frame(tabs, theme: theme)
    #expect(still[5, 0].symbol == "C" && still[5, 0].style == Style(foreground: .blue).bold)
    #expect(still[17, 0].symbol == "P" && still[17, 0].style == Style(foreground: .gray))
    #expect(still[0, 1].style.foreground == .blue && still[20, 1].style.foreground == .gray)
    tabs.select(1, animated: true, at: .zero)
    let mid = frame(tabs, at: .milliseconds(100), theme: theme)
    let half = Color.gray.blended(with: .blue, by: 0.5)
    #expect(mid[5, 0].style == Style(foreground: half))
    #expect(mid[17, 0].style == Style(foreground: half).bold)
    let end = frame(tabs, at: .milliseconds(200), theme: theme)
    #expect(end[5, 0].style == Style(foreground: .gray))
    #expect(end[17, 0].style == Style(foreground: .blue).bold)
  }

  @Test func focusReversesTheSelectedTitle() {
    var tabs = payment(selected: 1)
    #expect(!frame(tabs).cells.contains { $0.style.attributes.contains(.reverse) })
    tabs.isFocused = true
    let canvas = frame(tabs)
    let reversed = (0..<40).filter { canvas[$0, 0].style.attributes.contains(.reverse) }
    #expect(reversed == Array(16..<24))  // " PayPal "
    #expect(canvas.plainLines()[0] == titles)
  }

  @Test func tooManyTitlesScrollToTheSelectedOneWithMarks() {
    var tabs = Tabs(titles: ["One", "Two", "Three", "Four", "Five", "Six", "Seven"])
    expectCanvas(frame(tabs, width: 20), [" One  Two  Three  F›", line(("━", 5), ("─", 15))])
    tabs.select(3, animated: false, at: .zero)
    expectCanvas(
      frame(tabs, width: 20),
      ["‹Three  Four  Five ›", line(("─", 7), ("━", 6), ("─", 7))])
    tabs.select(6, animated: false, at: .zero)
    expectCanvas(frame(tabs, width: 20), ["‹  Five  Six  Seven", line(("─", 13), ("━", 7))])
    expectCanvas(
      frame(tabs, width: 20, glyphs: .ascii), ["<  Five  Six  Seven", line(("-", 13), ("=", 7))])
  }

  @Test func midScrollTheRowFollowsTheUnderline() {
    var tabs = Tabs(
      titles: ["One", "Two", "Three", "Four", "Five", "Six", "Seven"],
      duration: .milliseconds(200), easing: .linear)
    tabs.select(3, animated: true, at: .zero)
    // Half-way from One (0…5) to Four (17…23): 8.5…14 → 9…14, centred: scrolled by 1.
    expectCanvas(
      frame(tabs, width: 20, at: .milliseconds(100)),
      ["‹ne  Two  Three  Fo›", line(("─", 8), ("━", 5), ("─", 7))])
  }

  @Test func theSelectedTitleIsAlwaysWhollyInView() {
    let names = ["Card", "PayPal", "Cash", "Bank transfer", "カード", "Gift card", "Crypto 🪙"]
    for width in 8...50 {
      for index in names.indices {
        let tabs = Tabs(titles: names, selectedIndex: index)
        let canvas = frame(tabs, width: width)
        let strip = TabStrip(titles: names, width: width, glyphs: .unicode)
        #expect(canvas.plainLines()[0].contains(strip.segments[index].title))
        let bar = (0..<width).filter { canvas[$0, 1].symbol == "━" }
        #expect(bar.count == strip.segments[index].width, "width \(width), index \(index)")
        #expect(bar.last.map { $0 - bar[0] + 1 } == bar.count)
      }
    }
  }

  @Test func wideTitlesCutAtTheEdgeBecomeBlanks() {
    let tabs = Tabs(titles: ["カード", "ペイパル", "現金", "銀行振込"], selectedIndex: 1)
    // Segments 8, 10, 6, 10 = 34 columns; ペイパル centred in 16 columns: scrolled by 5.
    // ド (view columns 0–1) and 現 (14–15) lose a half to the marks and become blanks.
    let canvas = frame(tabs, width: 16)
    expectCanvas(canvas, ["‹   ペイパル   ›", line(("─", 3), ("━", 10), ("─", 3))])
    #expect(canvas[1, 0].symbol == " " && canvas[14, 0].symbol == " ")
  }

  @Test func theContentSlidesInFromTheSideOfTheChange() {
    var card = Canvas(width: 10, height: 1)
    card.draw("CARD_PAGE!", x: 0, y: 0, style: .plain)
    var cash = Canvas(width: 10, height: 1)
    cash.draw("cash-page?", x: 0, y: 0, style: .plain)
    var tabs = payment()
    #expect(tabs.content(outgoing: card, incoming: cash, at: .zero) == cash)
    tabs.select(2, animated: true, at: .zero)
    #expect(tabs.slideDirection == .fromTrailing && tabs.previousIndex == 0)
    expectCanvas(
      tabs.content(outgoing: card, incoming: cash, at: .milliseconds(100)), ["PAGE!cash-"])
    #expect(tabs.content(outgoing: card, incoming: cash, at: .milliseconds(200)) == cash)
    // Back to 0: a quarter of the way (3 columns), the card page comes in from the left.
    tabs.select(0, animated: true, at: .milliseconds(500))
    #expect(tabs.slideDirection == .fromLeading && tabs.previousIndex == 2)
    expectCanvas(
      tabs.content(outgoing: cash, incoming: card, at: .milliseconds(550)), ["GE!cash-pa"])
    var screen = Canvas(width: 14, height: 3)
    tabs.drawContent(
      outgoing: cash, incoming: card, into: &screen, area: Rect(x: 2, y: 1, width: 10, height: 1),
      at: .milliseconds(550))
    expectCanvas(screen, ["", "  GE!cash-pa", ""])
    tabs.drawContent(
      outgoing: cash, incoming: card, into: &screen, area: Rect(x: 2, y: 1, width: 10, height: 1),
      at: .milliseconds(700))
    expectCanvas(screen, ["", "  CARD_PAGE!", ""])
  }

  @Test func selection() {
    var tabs = Tabs()
    #expect(tabs.selectedTitle == nil && tabs.accessibleText == "no tabs")
    let selectedNothing = tabs.select(0, animated: true, at: .zero)
    #expect(!selectedNothing)
    tabs.append("Card")
    tabs.append("PayPal")
    tabs.append("Cash")
    #expect(tabs.titles == ["Card", "PayPal", "Cash"] && tabs.selectedIndex == 0)
    #expect(tabs.accessibleText == "tab 1 of 3: Card")
    #expect(
      !tabs.select(3, animated: true, at: .zero) && !tabs.select(-1, animated: true, at: .zero))
    #expect(tabs.select(0, animated: true, at: .zero) && !tabs.isAnimating(at: .zero))
    #expect(tabs.selectNext(animated: false, at: .zero) && tabs.selectedIndex == 1)
    #expect(tabs.accessibleText == "tab 2 of 3: PayPal")
    #expect(tabs.selectNext(animated: false, at: .zero) && tabs.selectedIndex == 2)
    #expect(!tabs.selectNext(animated: false, at: .zero) && tabs.selectedIndex == 2)
    #expect(tabs.selectNext(wrapping: true, animated: false, at: .zero) && tabs.selectedIndex == 0)
    let stayed = tabs.selectPrevious(animated: false, at: .zero)
    let wrapped = tabs.selectPrevious(wrapping: true, animated: false, at: .zero)
    #expect(!stayed && wrapped)
    #expect(tabs.selectedIndex == 2 && !tabs.isAnimating(at: .zero))
    tabs.append("Tab\u{7}")
    #expect(tabs.titles.last == "Tab\\x07")
  }

  @Test func notAnimatedShowsTheEndStateAtOnce() {
    var tabs = payment()
    tabs.select(2, animated: false, at: .milliseconds(10))
    #expect(frame(tabs, at: .milliseconds(10)) == frame(payment(selected: 2)))
    #expect(tabs.nextDeadline(after: .milliseconds(10)) == nil)
  }

  @Test func anInterruptedSlideContinuesFromWhereTheUnderlineIs() {
    var tabs = payment()
    tabs.select(2, animated: true, at: .zero)
    let before = frame(tabs, at: .milliseconds(100))
    tabs.select(1, animated: true, at: .milliseconds(100))
    #expect(frame(tabs, at: .milliseconds(100)).plainLines()[1] == before.plainLines()[1])
    #expect(tabs.isAnimating(at: .milliseconds(250)) && !tabs.isAnimating(at: .milliseconds(300)))
  }

  @Test func deadlinesOnlyWhileMoving() {
    var tabs = payment()
    #expect(tabs.nextDeadline(after: .zero) == nil)
    tabs.select(1, animated: true, at: .milliseconds(40))
    #expect(tabs.nextDeadline(after: .milliseconds(40)) == .milliseconds(56))
    #expect(tabs.nextDeadline(after: .milliseconds(230)) == .milliseconds(240))
    #expect(tabs.nextDeadline(after: .milliseconds(240)) == nil)
  }
}
