import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowText

private let cart = NavigationItem(title: "Shopping cart", tint: .blue)
private let payment = NavigationItem(
  title: "Payment", prompt: "Step 2 of 4", largeTitle: "Pay for your order", tint: .orange)
private let separator40 = String(repeating: "─", count: 40)

/// The bar drawn at `now` on a canvas exactly as high as the bar is then.
private func frame(
  _ bar: NavigationBar, width: Int = 40, at now: Duration = .zero, theme: Theme = Theme(),
  glyphs: Glyphs = .unicode
) -> Canvas {
  var canvas = Canvas(width: width, height: bar.height(at: now))
  bar.render(into: &canvas, area: canvas.bounds, at: now, theme: theme, glyphs: glyphs)
  return canvas
}

/// A bar whose transitions are linear and 200 ms long, so fractions are easy to compute.
private func linearBar(_ items: [NavigationItem]) -> NavigationBar {
  NavigationBar(items: items, duration: .milliseconds(200), easing: .linear)
}

@Suite struct NavigationBarTests {
  @Test func aSingleItemHasNoBackButton() {
    let bar = NavigationBar(items: [cart])
    #expect(bar.height(at: .zero) == 2)
    expectCanvas(frame(bar), ["             Shopping cart", separator40])
  }

  @Test func backTitleDefaultsToThePreviousTitleWithPromptAndLargeTitle() {
    let bar = NavigationBar(items: [cart, payment])
    #expect(bar.height(at: .zero) == 4)
    expectCanvas(
      frame(bar, width: 50),
      [
        "                   Step 2 of 4",
        " ‹ Shopping cart     Payment",
        " Pay for your order",
        String(repeating: "─", count: 50),
      ])
  }

  @Test func anExplicitBackTitleAndEachOptionalRowAlone() {
    let promptOnly = NavigationItem(title: "Payment", backTitle: "Cart", prompt: "Step 2 of 4")
    expectCanvas(
      frame(NavigationBar(items: [cart, promptOnly])),
      ["              Step 2 of 4", " ‹ Cart         Payment", separator40])
    let largeOnly = NavigationItem(title: "Payment", largeTitle: "Pay")
    expectCanvas(
      frame(NavigationBar(items: [largeOnly])), ["                Payment", " Pay", separator40])
  }

  @Test func asciiGlyphs() {
    let bar = NavigationBar(items: [cart, NavigationItem(title: "Payment")])
    let canvas = frame(bar, width: 30, glyphs: .ascii)
    expectCanvas(canvas, [" < Shop... Payment", String(repeating: "-", count: 30)])
    #expect(canvas.cells.allSatisfy { $0.symbol.unicodeScalars.allSatisfy(\.isASCII) })
  }

  @Test func theBackTitleShortensFirstThenTheTitle() {
    let bar = NavigationBar(items: [cart, NavigationItem(title: "Payment")])
    expectLines(frame(bar, width: 40).plainLines(), [" ‹ Shopping ca… Payment", separator40])
    expectLines(frame(bar, width: 24).plainLines()[0...0].map { $0 }, [" ‹ Sho… Payment"])
    expectLines(frame(bar, width: 14).plainLines()[0...0].map { $0 }, [" ‹ Payment"])
    expectLines(frame(bar, width: 10).plainLines()[0...0].map { $0 }, [" ‹ Pay…"])
    let wide = NavigationBar(items: [cart, NavigationItem(title: "お支払い方法")])
    expectLines(frame(wide, width: 16).plainLines()[0...0].map { $0 }, [" ‹ お支払い…"])
  }

  @Test func theTitleNeverOverlapsTheBackButton() {
    let titles = ["Payment", "お支払い方法と配送先", "A rather long title for a step", ""]
    let backs = ["Shopping cart", "🛒 カート", "", "x"]
    for width in 0...60 {
      for (title, back) in titles.flatMap({ t in backs.map { (t, $0) } }) {
        for glyphs in [Glyphs.unicode, .ascii] {
          let line = NavigationBarLine(title: title, backTitle: back, width: width, glyphs: glyphs)
          let backEnd = line.backX + DisplayWidth.of(line.backLabel ?? "")
          let titleWidth = DisplayWidth.of(line.title)
          if titleWidth > 0 { #expect(backEnd < line.titleX) }
          #expect(line.titleX + titleWidth <= max(width, 0))
        }
      }
    }
  }

  @Test func midPushTheNewBarSlidesInFromTheRight() {
    var bar = linearBar([cart])
    bar.push(payment, animated: true, at: .milliseconds(1000))
    // Half-way: shifted 20 columns, 3 rows high (2 → 4).
    expectCanvas(
      frame(bar, at: .milliseconds(1100)),
      [
        "g cart               ‹ Shopping ca… Paym",
        "                     Pay for your order",
        separator40,
      ])
  }

  @Test func midPopTheOldBarSlidesOutToTheRight() {
    var bar = linearBar([cart, payment])
    bar.pop(animated: true, at: .milliseconds(1000))
    // A quarter: the old bar is 10 columns right, the old rows still all there (height 3.5 → 4).
    expectCanvas(
      frame(bar, at: .milliseconds(1050)),
      [
        "                        Step 2 of 4",
        "           ‹ Shopping ca… Payment",
        "           Pay for your order",
        separator40,
      ])
    // Three quarters: the root title comes in from the left; the bar is 3 rows (2.5 → 3).
    expectCanvas(
      frame(bar, at: .milliseconds(1150)),
      [
        "   Shopping cart               ‹ Shoppin",
        "                               Pay for y",
        separator40,
      ])
    expectCanvas(frame(bar, at: .milliseconds(1200)), ["             Shopping cart", separator40])
  }

  @Test func notAnimatedShowsTheEndStateAtOnce() {
    var bar = NavigationBar(items: [cart])
    bar.push(payment, animated: false, at: .milliseconds(10))
    #expect(bar.height(at: .milliseconds(10)) == 4)
    #expect(!bar.isAnimating(at: .milliseconds(10)))
    #expect(bar.nextDeadline(after: .milliseconds(10)) == nil)
    #expect(frame(bar, at: .milliseconds(10)) == frame(NavigationBar(items: [cart, payment])))
  }

  @Test func stackOperations() {
    var bar = NavigationBar(items: [cart])
    #expect(bar.pop(animated: true, at: .zero) == nil)
    #expect(bar.transition == nil)
    bar.push(payment, animated: true, at: .zero)
    #expect(
      bar.topItem == payment && bar.backItem == cart && bar.transition?.direction == .fromTrailing)
    #expect(bar.pop(animated: true, at: .zero) == payment)
    #expect(bar.items == [cart] && bar.transition?.direction == .fromLeading)
    let shipping = NavigationItem(title: "Shipping")
    bar.setItems([cart, payment, shipping], animated: true, at: .zero)
    #expect(bar.transition?.direction == .fromTrailing)
    bar.setItems([cart], animated: true, at: .zero)
    #expect(bar.transition?.direction == .fromLeading)
    bar.setItems([], animated: false, at: .zero)
    #expect(bar.height(at: .zero) == 0 && bar.accessibleText.isEmpty)
  }

  @Test func accessibleTextSaysTheBackButtonInWords() {
    #expect(NavigationBar(items: [cart]).accessibleText == "Shopping cart")
    #expect(
      NavigationBar(items: [cart, payment]).accessibleText
        == "Payment, Pay for your order, Step 2 of 4, Back: Shopping cart")
    let plain = NavigationBar(items: [cart, NavigationItem(title: "Payment", backTitle: "")])
    #expect(plain.accessibleText == "Payment, Back")
  }

  @Test func controlCharactersInTitlesAreShownEscaped() {
    let bar = NavigationBar(items: [NavigationItem(title: "Pay\u{1B}[2J")])
    expectLines([frame(bar, width: 20).plainLines()[0]], ["     Pay\\x1B[2J"])
  }
}

@Suite struct NavigationBarTransitionTests {
  /// The row where content placed at `contentArea(in:at:)` appears, sampled every 16 ms from
  /// `start` until well after the transition.
  private func contentRows(_ bar: NavigationBar, from start: Duration) -> [Int] {
    stride(from: 0, through: 400, by: 16).map { ms in
      let now = start + .milliseconds(ms)
      var canvas = Canvas(width: 40, height: 10)
      bar.render(into: &canvas, area: canvas.bounds, at: now)
      let content = bar.contentArea(in: canvas.bounds, at: now)
      canvas.draw("CONTENT", x: 0, y: content.y, style: .plain)
      return canvas.plainLines().firstIndex { $0.hasPrefix("CONTENT") } ?? -1
    }
  }

  private func expectSmooth(_ rows: [Int], from: Int, to: Int) {
    #expect(rows.first == from)
    #expect(rows.last == to)
    for (a, b) in zip(rows, rows.dropFirst()) {
      #expect(abs(b - a) <= 1, "a jump of \(b - a) rows in \(rows)")
      #expect(to >= from ? b >= a : b <= a, "not monotonic: \(rows)")
    }
  }

  @Test func contentGlidesDownOnPushAndUpOnPop() {
    var bar = NavigationBar(items: [cart])
    bar.push(payment, animated: true, at: .milliseconds(500))
    let down = contentRows(bar, from: .milliseconds(500))
    expectSmooth(down, from: 2, to: 4)
    #expect(Set(down) == [2, 3, 4])
    #expect(bar.height(at: .milliseconds(750)) == 4)
    bar.pop(animated: true, at: .milliseconds(2000))
    let up = contentRows(bar, from: .milliseconds(2000))
    expectSmooth(up, from: 4, to: 2)
    #expect(Set(up) == [2, 3, 4])
    #expect(bar.height(at: .milliseconds(2250)) == 2)
  }

  @Test func heightChangesOneRowPerFrameAtMost() {
    for (a, b) in [(cart, payment), (payment, cart)] {
      var bar = NavigationBar(items: [a])
      bar.setItems([b], animated: true, at: .zero)
      var now = Duration.zero
      var heights = [bar.height(at: now)]
      while let next = bar.nextDeadline(after: now) {
        now = next
        heights.append(bar.height(at: now))
      }
      expectSmooth(heights, from: a == cart ? 2 : 4, to: a == cart ? 4 : 2)
      #expect(now == .milliseconds(250))
    }
  }

  @Test func anInterruptedTransitionContinuesFromWhereTheBarIs() {
    var bar = NavigationBar(items: [cart])
    bar.push(payment, animated: true, at: .zero)
    let before = bar.height(at: .milliseconds(150))
    bar.pop(animated: true, at: .milliseconds(150))
    #expect(bar.height(at: .milliseconds(150)) == before)
    expectSmooth(contentRows(bar, from: .milliseconds(150)), from: before, to: 2)
  }

  @Test func theTintBlendsBetweenTheTwoItemsTints() {
    var bar = linearBar([cart])
    bar.push(payment, animated: true, at: .zero)
    let mid = bar.tint(at: .milliseconds(100))
    guard case .rgb(let r, let g, let b) = mid else {
      Issue.record("not an RGB colour: \(mid)")
      return
    }
    // blue (0, 122, 255) → orange (255, 149, 0)
    #expect(r > 0 && r < 255 && g > 122 && g < 149 && b > 0 && b < 255)
    #expect(mid == Color.rgb(128, 136, 128))
    #expect(bar.tint(at: .zero) == .blue && bar.tint(at: .milliseconds(200)) == .orange)
  }

  @Test func theOldBarFadesAndTheBackButtonTakesTheTint() {
    var bar = linearBar([cart])
    bar.push(payment, animated: true, at: .zero)
    let theme = Theme(foreground: .white, background: .black)
    let mid = frame(bar, at: .milliseconds(100), theme: theme)
    // "g cart" is the old title half faded; ‹ at column 21 the new back button half faded in.
    #expect(mid[2, 0].symbol == "c" && mid[2, 0].style.foreground == .rgb(128, 128, 128))
    #expect(mid[2, 0].style.attributes.contains(.bold))
    #expect(mid[21, 0].symbol == "‹")
    #expect(mid[21, 0].style.foreground == Color.rgb(128, 136, 128).blended(with: .black, by: 0.5))
    #expect(mid[0, 2].style.foreground == theme.inactive)
    let end = frame(bar, at: .milliseconds(200), theme: theme)
    #expect(end[1, 1].symbol == "‹" && end[1, 1].style.foreground == .orange)
    #expect(
      end[16, 1].symbol == "P"
        && end[16, 1].style == Style(foreground: .white, background: .black).bold)
    #expect(end[20, 0].style.foreground == theme.inactive)
    #expect(end.cells.allSatisfy { $0.style.background == .black })
  }

  @Test func onTheTerminalsDefaultBackgroundTheOldBarDims() {
    var bar = linearBar([cart])
    bar.push(payment, animated: true, at: .zero)
    // At 0.3 the old title (from column 1) is still clear and the new back button (column
    // 29) dim; at 0.55 the old title (its "c" now at column 0) is dim and the new one (column 19) clear.
    let early = frame(bar, at: .milliseconds(60))
    #expect(early[1, 0].symbol == "S" && !early[1, 0].style.attributes.contains(.dim))
    #expect(early[29, 0].symbol == "‹" && early[29, 0].style.attributes.contains(.dim))
    let late = frame(bar, at: .milliseconds(110))
    #expect(late[0, 0].symbol == "c" && late[0, 0].style.attributes.contains(.dim))
    #expect(late[19, 0].symbol == "‹" && !late[19, 0].style.attributes.contains(.dim))
  }

  @Test func deadlinesOnlyWhileMoving() {
    var bar = NavigationBar(items: [cart])
    #expect(bar.nextDeadline(after: .zero) == nil)
    bar.push(payment, animated: true, at: .milliseconds(100))
    #expect(bar.isAnimating(at: .milliseconds(100)))
    #expect(bar.nextDeadline(after: .milliseconds(100)) == .milliseconds(116))
    #expect(bar.nextDeadline(after: .milliseconds(340)) == .milliseconds(350))
    #expect(!bar.isAnimating(at: .milliseconds(350)))
    #expect(bar.nextDeadline(after: .milliseconds(350)) == nil)
  }
}

/// The bar's transition drawn straight into the canvas is what drawing each face into a row of
/// its own, fading it and sliding the two rows (``Slide/draw``) gives — the way it was drawn
/// before, kept here as the reference — with the bar's blanks left unfaded.
@Suite struct NavigationBarDirectDrawingTests {
  /// One row of the transition drawn the reference way into `line` of `canvas`.
  private func reference(
    _ t: NavigationBarTransition, to: NavigationBarFace?, row: NavigationBarRow,
    into canvas: inout Canvas, line: Rect, fraction: Double, theme: Theme
  ) {
    let width = line.width
    let blank = Cell(grapheme: .space, style: theme.text)
    let rowRect = Rect(x: 0, y: 0, width: width, height: 1)
    var outgoing = Canvas(width: width, height: 1, style: theme.text)
    if let from = t.from, from.has(row) {
      from.draw(row, into: &outgoing, rect: rowRect, tint: .blue, theme: theme, glyphs: .unicode)
      NavigationBarTransition.fade(
        &outgoing, row: 0, ColumnSpan(0, width), by: fraction, toward: theme.background,
        sparing: blank)
    }
    var incoming = Canvas(width: width, height: 1, style: theme.text)
    if let to, to.has(row) {
      to.draw(row, into: &incoming, rect: rowRect, tint: .blue, theme: theme, glyphs: .unicode)
      NavigationBarTransition.fade(
        &incoming, row: 0, ColumnSpan(0, width), by: 1 - fraction, toward: theme.background,
        sparing: blank)
    }
    Slide.draw(
      outgoing: outgoing, incoming: incoming, direction: t.direction, fraction: fraction,
      into: &canvas, area: line, fill: theme.text)
  }

  @Test(arguments: [SlideDirection.fromTrailing, .fromLeading])
  func everyFrameIsTheRowsSlidAsBefore(direction: SlideDirection) {
    // Wide graphemes that the edges and the seam cut at some shift, on a bar that is part of a
    // wider canvas (cut at its own edges, not the canvas's), and on the whole of one.
    let faces = [
      NavigationBarFace(items: [
        NavigationItem(title: "購物車"), NavigationItem(title: "付款確認 🙂", prompt: "第二步"),
      ]),
      NavigationBarFace(items: [
        NavigationItem(title: "Shopping cart"),
        NavigationItem(title: "Payment", backTitle: "カート", largeTitle: "お支払い 💳"),
      ]),
      NavigationBarFace(items: [NavigationItem(title: "Ready")]),
    ]
    for theme in [Theme(), Theme(foreground: .white, background: .black)] {
      // A tint the faces share (their rows are drawn once and copied) and one the back
      // button blends from (its row is drawn at every frame).
      for ((a, b), fromTint) in [(0, 1), (1, 0), (1, 2), (2, 0)].flatMap({ pair in
        [Color.blue, .orange].map { (pair, $0) }
      }) {
        let t = NavigationBarTransition(
          from: faces[a], fromHeight: 2, fromTint: fromTint, direction: direction,
          timing: Transition(start: .zero, duration: .milliseconds(100), easing: .linear))
        for (x, width, canvasWidth) in [(0, 23, 23), (3, 17, 25), (5, 30, 35), (2, 80, 90)] {
          for step in 0...20 {
            let fraction = Double(step) / 20
            let rows = t.visibleRows(to: faces[b], height: 4, fraction: fraction)
            var direct = Canvas(width: canvasWidth, height: rows.count, style: theme.text)
            let rect = Rect(x: x, y: 0, width: width, height: rows.count)
            direct.fill(rect, style: theme.text)
            let covered = t.render(
              to: faces[b], into: &direct, rect: rect, fraction: fraction, tint: .blue,
              theme: theme, glyphs: .unicode)
            // Outside the columns it says the titles cover, a row is the bar's blank.
            for (i, row) in rows.enumerated() where row != .separator {
              for x in rect.x..<rect.maxX where x < covered[i].lower || x >= covered[i].upper {
                #expect(direct[x, i] == Cell(style: theme.text), "\(a)→\(b) at \(fraction), \(x)")
              }
            }
            var expected = Canvas(width: canvasWidth, height: rows.count, style: theme.text)
            expected.fill(rect, style: theme.text)
            for (i, row) in rows.enumerated() {
              let line = Rect(x: x, y: i, width: width, height: 1)
              if row == .separator {
                (faces[b] ?? faces[a])?.draw(
                  row, into: &expected, rect: line, tint: .blue, theme: theme, glyphs: .unicode)
              } else {
                reference(
                  t, to: faces[b], row: row, into: &expected, line: line, fraction: fraction,
                  theme: theme)
              }
            }
            #expect(
              direct == expected,
              "\(a)→\(b) at \(fraction), \(width) of \(canvasWidth) from \(x):\n\(direct.plainLines())\n\(expected.plainLines())"
            )
          }
        }
      }
    }
  }

  @Test func theBarsBlanksDoNotFadeOrDim() {
    var bar = linearBar([cart])
    bar.push(payment, animated: true, at: .zero)
    let blank = Cell(grapheme: .space, style: Theme().text)
    // Past half-way the old title dims on the default background; the blanks around it stay
    // as they are (a dim blank looks the same, and changing it costs bytes at every frame).
    for ms in [60, 110, 150] {
      let mid = frame(bar, at: .milliseconds(ms))
      let line = bar.height(at: .milliseconds(ms)) > 2 ? 1 : 0
      let blanks = (0..<40).filter { mid[$0, line].symbol == " " }
      #expect(!blanks.isEmpty)
      for x in blanks where mid[x, line].style != blank.style {
        // Only a space inside a title or the back button ("‹ Shopping cart") is theirs, and
        // fades with them: text on both sides of it.
        let text = (0..<40).filter { mid[$0, line].symbol != " " }
        #expect(
          text.contains { $0 < x } && text.contains { $0 > x }, "column \(x) at \(ms) ms")
      }
    }
    let late = frame(bar, at: .milliseconds(110))
    #expect(late[0, 0].style.attributes.contains(.dim))
    #expect(late[39, 0] == blank || late[39, 0].symbol != " ")
  }
}

/// A bar drawn over its own drawing at another moment of the same transition (a slide's
/// earlier frame) blanks and draws only where that drawing's titles were: the result must be
/// the bar drawn from nothing.
@Suite struct NavigationBarOverEarlierFrameTests {
  @Test(arguments: [false, true])
  func drawingOverAnEarlierMomentIsDrawingAnew(pop: Bool) {
    let shipping = NavigationItem(title: "配送先 🚚", tint: .green)
    let wide = NavigationItem(title: "お支払い 💳 Payment", backTitle: "カート 🛒")
    // Faces with the same rows (the bar line and the separator), then with others (a prompt
    // and a large title): those are drawn whole.
    for (below, top) in [(cart, shipping), (shipping, wide), (cart, payment)] {
      for theme in [Theme(), Theme(foreground: .white, background: .black)] {
        var bar = linearBar([below])
        if pop {
          bar = linearBar([below, top])
          _ = bar.pop(animated: true, at: .zero)
        } else {
          bar.push(top, animated: true, at: .zero)
        }
        for width in [23, 40] {
          let moments = stride(from: 0, through: 200, by: 10).map { Duration.milliseconds($0) }
          for earlier in moments {
            var canvas = Canvas(width: width, height: 6, style: theme.text)
            let drawn = bar.render(into: &canvas, area: canvas.bounds, at: earlier, theme: theme)
            for now in moments where bar.height(at: now) == bar.height(at: earlier) {
              var over = canvas
              let spans = bar.render(
                into: &over, area: over.bounds, at: now, theme: theme, over: drawn)
              var fresh = Canvas(width: width, height: 6, style: theme.text)
              let freshSpans = bar.render(
                into: &fresh, area: fresh.bounds, at: now, theme: theme)
              #expect(
                over.cells == fresh.cells && spans == freshSpans,
                "\(top.title) \(pop ? "pop" : "push") at \(now) over \(earlier), \(width) wide")
            }
          }
        }
      }
    }
  }
}

/// The rows a bar transition copies are laid out once, not at every frame — also while the
/// back button's tint blends from one item's to the other's (that row alone is drawn anew).
@Suite struct NavigationBarDrawnRowsTests {
  @Test(arguments: [Color.blue, .orange])
  func eachFaceRowIsLaidOutOnceATransition(from tint: Color) {
    let below = NavigationBarFace(items: [NavigationItem(title: "Shopping cart")])
    let top = NavigationBarFace(items: [
      NavigationItem(title: "Shopping cart"),
      NavigationItem(title: "Payment", prompt: "Step 2 of 4", largeTitle: "Pay 💳"),
    ])
    let t = NavigationBarTransition(
      from: below, fromHeight: 2, fromTint: tint, direction: .fromTrailing,
      timing: Transition(start: .zero, duration: .milliseconds(100), easing: .linear))
    for step in 0...20 {
      let fraction = Double(step) / 20
      let blended = tint.blended(with: .blue, by: fraction)
      var canvas = Canvas(width: 40, height: 4)
      t.render(
        to: top, into: &canvas, rect: canvas.bounds, fraction: fraction, tint: blended,
        theme: Theme(), glyphs: .unicode)
    }
    // The old face's bar row, the new face's prompt and large title, and its bar row (with
    // the back button) when its tint does not change.
    #expect(t.drawnRows.rowsDrawn == (tint == .blue ? 4 : 3))
  }

  /// The rows a transition shows: rows both faces have, then those of the face that dominates
  /// (the old one in the first half), then the other's — as many as the height holds, top to
  /// bottom; and a face's row count and rows agree with what it shows.
  @Test func theRowsShownMidTransitionFollowTheirPriority() {
    let items = [
      NavigationItem(title: "Plain"), NavigationItem(title: "Asks", prompt: "Step 2"),
      NavigationItem(title: "Large", largeTitle: "Large title"),
      NavigationItem(title: "Both", prompt: "Step 4", largeTitle: "Both rows"),
    ]
    let faces: [NavigationBarFace?] = [nil] + items.map { NavigationBarFace(items: [$0]) }
    // The order as first written: sets of rows filtered, joined, cut and sorted.
    func expected(_ from: NavigationBarFace?, _ to: NavigationBarFace?, _ height: Int, _ f: Double)
      -> [NavigationBarRow]
    {
      let priority: [NavigationBarRow] = [.bar, .separator, .largeTitle, .prompt]
      let old = Set(from?.rows ?? [])
      let new = Set(to?.rows ?? [])
      let (first, second) = f < 0.5 ? (old, new) : (new, old)
      let ordered =
        priority.filter { old.contains($0) && new.contains($0) }
        + priority.filter { first.contains($0) && !second.contains($0) }
        + priority.filter { second.contains($0) && !first.contains($0) }
      return ordered.prefix(max(0, height)).sorted()
    }
    for from in faces {
      #expect(from.map { $0.rowCount == $0.rows.count } ?? true)
      for to in faces {
        #expect(NavigationBarFace.sameRows(from, to) == ((from?.rows ?? []) == (to?.rows ?? [])))
        let t = NavigationBarTransition(
          from: from, fromHeight: 2, fromTint: .default, direction: .fromTrailing,
          timing: Transition(start: .zero))
        for height in -1...5 {
          for fraction in [0, 0.25, 0.49, 0.5, 0.75, 1] {
            #expect(
              t.visibleRows(to: to, height: height, fraction: fraction)
                == expected(from, to, height, fraction),
              "\(String(describing: from?.title)) → \(String(describing: to?.title)), \(height) rows at \(fraction)"
            )
          }
        }
      }
    }
    #expect(NavigationBarFace.sameRows(nil, nil))
    #expect(!NavigationBarFace.sameRows(nil, faces[1]))
  }

  /// The fraction of a transition, asked of 64-bit attoseconds up to 9 s and of the
  /// duration's components beyond: the same either way.
  @Test func theFractionIsTheTimeDoneOverTheDuration() {
    for (duration, done, fraction) in [
      (Duration.milliseconds(250), Duration.milliseconds(125), 0.5),
      (.milliseconds(250), .milliseconds(-5), 0), (.milliseconds(250), .seconds(1), 1),
      (.seconds(20), .seconds(5), 0.25), (.seconds(20), .seconds(15), 0.75),
      (.seconds(8), .seconds(12), 1), (.zero, .zero, 1), (.milliseconds(-3), .zero, 1),
    ] {
      let start = Duration.seconds(100)
      #expect(
        animationFraction(start: start, duration: duration, now: start + done) == fraction,
        "\(done) of \(duration)")
    }
  }
}
