import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// A field drawn alone in a canvas exactly as tall as it says it is.
private func draw(
  _ field: Field, width: Int, focused: Bool, message: FieldError? = nil,
  glyphs: Glyphs = .unicode, theme: Theme = Theme()
) -> Canvas {
  var canvas = Canvas(width: width, height: field.rows(width: width, message: message))
  field.render(
    into: &canvas, area: canvas.bounds, theme: theme, glyphs: glyphs, focused: focused,
    message: message)
  return canvas
}

private let paymentOptions = [
  ChoiceOption("card", "Credit card"), ChoiceOption("paypal", "PayPal"),
  ChoiceOption("cash", "Cash on delivery"), ChoiceOption("invoice", "Invoice"),
]

@Suite struct FieldRenderTests {
  let email: Field

  init() throws {
    email = Field(
      try FieldSpec(
        id: "email", label: "E-mail", help: "we send the receipt here",
        kind: .text(placeholder: "name@example.com"), required: true, check: .email))
  }

  @Test func anEmptyTextField() {
    for width in [80, 40] {
      expectCanvas(
        draw(email, width: width, focused: false),
        ["  E-mail *  we send the receipt here", "  e.g. name@example.com", ""], "width \(width)")
      let focused = draw(email, width: width, focused: true)
      expectCanvas(
        focused, ["│ E-mail *  we send the receipt here", "│ e.g. name@example.com", ""],
        "width \(width)")
      #expect(focused[2, 1].style == Style.plain.reversed, "the cursor on the placeholder")
      #expect(focused[3, 1].style.foreground == Theme().inactive)
    }
  }

  @Test func aFilledTextField() throws {
    var city = Field(try FieldSpec(id: "city", label: "City", kind: .text(), required: true))
    _ = city.type("Oslo")
    for width in [80, 40] {
      expectCanvas(draw(city, width: width, focused: false), ["  City *", "  Oslo", ""])
      let canvas = draw(city, width: width, focused: true)
      expectCanvas(canvas, ["│ City *", "│ Oslo", ""])
      #expect(canvas[6, 1].style == Style.plain.reversed, "the cursor after the text")
    }
  }

  @Test func theCursorMidTextAmongWideCharacters() throws {
    var city = Field(try FieldSpec(id: "city", label: "City", kind: .text()))
    _ = city.type("東京都 千代田区 丸の内 1-9-1 Tokyo Station")
    for _ in 0..<20 { _ = city.handle(.left, in: .detached) }
    // The cursor is on the space after 丸の内: column 2 + 22.
    let wide = draw(city, width: 80, focused: true)
    expectCanvas(wide, ["│ City", "│ 東京都 千代田区 丸の内 1-9-1 Tokyo Station", ""])
    #expect(wide[24, 1].symbol == " " && wide[24, 1].style.attributes.contains(.reverse))
    #expect(wide[22, 1].symbol == "内" && wide[23, 1].isContinuation)
    let narrow = draw(city, width: 40, focused: true)
    expectCanvas(narrow, ["│ City", "│ 東京都 千代田区 丸の内 1-9-1 Tokyo St›", ""])
    #expect(narrow[24, 1].style.attributes.contains(.reverse))
    // At the end of the text (column 42, the cursor cell making 43) the 38 columns scroll by
    // 19: column 19 holds `‹`, 内 starts at 20.
    for _ in 0..<20 { _ = city.handle(.right, in: .detached) }
    expectCanvas(
      draw(city, width: 40, focused: true), ["│ City", "│ ‹内 1-9-1 Tokyo Station", ""])
  }

  @Test func anInvalidFieldShowsItsMessageInTheErrorColour() throws {
    var field = email
    _ = field.type("ann@")
    let message = field.validate(in: nil)
    let wide = draw(field, width: 80, focused: true, message: message)
    expectCanvas(
      wide,
      [
        "│ E-mail *  we send the receipt here", "│ ann@",
        "│ ✗ E-mail: must look like name@example.com",
      ])
    #expect(wide[2, 2].style.foreground == Theme().error)
    #expect(wide[10, 2].style.foreground == Theme().error)
    #expect(wide[0, 2].style.foreground == Theme().accent)
    expectCanvas(
      draw(field, width: 40, focused: false, message: message),
      [
        "  E-mail *  we send the receipt here", "  ann@", "  ✗ E-mail: must look like",
        "    name@example.com",
      ])
    #expect(field.rows(width: 40, message: message) == 4)
    #expect(field.rows(width: 40, message: nil) == 3)
  }

  @Test func aSecureField() throws {
    var pin = Field(try FieldSpec(id: "pin", label: "PIN", kind: .text(secure: true)))
    _ = pin.type("1234")
    expectCanvas(draw(pin, width: 40, focused: false), ["  PIN", "  ••••", ""])
    expectCanvas(draw(pin, width: 40, focused: false, glyphs: .ascii), ["  PIN", "  ****", ""])
  }

  @Test func aChoiceList() throws {
    var method = Field(
      try FieldSpec(
        id: "method", label: "Payment method", kind: .choice(options: paymentOptions),
        required: true))
    let empty = [
      "  Payment method *", "    ○ Credit card", "    ○ PayPal", "    ○ Cash on delivery",
      "    ○ Invoice", "",
    ]
    expectCanvas(draw(method, width: 80, focused: false), empty)
    expectCanvas(draw(method, width: 40, focused: false), empty)
    _ = method.handle(.down, in: .detached)
    _ = method.handle(.character(" "), in: .detached)
    _ = method.handle(.down, in: .detached)
    let canvas = draw(method, width: 40, focused: true)
    expectCanvas(
      canvas,
      [
        "│ Payment method *", "│   ○ Credit card", "│   ◉ PayPal", "│ ▶ ○ Cash on delivery",
        "│   ○ Invoice", "",
      ])
    #expect(canvas[6, 2].style.foreground == Theme().accent, "the chosen option")
    #expect(canvas[6, 3].style.attributes.contains(.bold), "the highlighted option")
    expectCanvas(
      draw(method, width: 40, focused: true, glyphs: .ascii),
      [
        "| Payment method *", "|   ( ) Credit card", "|   (*) PayPal", "| > ( ) Cash on delivery",
        "|   ( ) Invoice", "",
      ])
  }

  @Test func aChoiceAsTabs() throws {
    var method = Field(
      try FieldSpec(
        id: "method", label: "Payment method",
        kind: .choice(options: paymentOptions, style: .tabs)))
    expectCanvas(
      draw(method, width: 80, focused: false),
      ["  Payment method", "  ○ Credit card   ○ PayPal   ○ Cash on delivery   ○ Invoice", ""])
    expectCanvas(
      draw(method, width: 40, focused: true),
      ["│ Payment method", "│ ○ Credit card   ○ PayPal             ›", ""])
    for _ in 0..<3 { _ = method.handle(.right, in: .detached) }
    expectCanvas(
      draw(method, width: 80, focused: true),
      ["│ Payment method", "│ ○ Credit card   ○ PayPal   ○ Cash on delivery   ◉ Invoice", ""])
    let narrow = draw(method, width: 40, focused: true)
    expectCanvas(narrow, ["│ Payment method", "│ ‹ ○ Cash on delivery   ◉ Invoice", ""])
    #expect(narrow[25, 1].style == Style(foreground: Theme().accent, attributes: .bold))
  }

  @Test func aConfirm() throws {
    var gift = Field(try FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm))
    for width in [80, 40] {
      expectCanvas(
        draw(gift, width: width, focused: false), ["  Gift wrap", "    Yes   [ No ]", ""])
    }
    _ = gift.handle(.character("y"), in: .detached)
    let canvas = draw(gift, width: 40, focused: true)
    expectCanvas(canvas, ["│ Gift wrap", "│ [ Yes ]   No", ""])
    #expect(canvas[4, 1].style == Style(foreground: Theme().accent, attributes: .bold))
    #expect(canvas[12, 1].style.foreground == Theme().inactive)
  }

  @Test func aRating() throws {
    var rating = Field(try FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5)))
    for width in [80, 40] {
      expectCanvas(
        draw(rating, width: width, focused: false), ["  Rating", "  ☆ ☆ ☆ ☆ ☆  not rated", ""])
    }
    _ = rating.handle(.character("3"), in: .detached)
    let canvas = draw(rating, width: 40, focused: true)
    expectCanvas(canvas, ["│ Rating", "│ ★ ★ ★ ☆ ☆  3 of 5", ""])
    #expect(canvas[6, 1].style.foreground == Theme().accent)
    #expect(canvas[8, 1].style.foreground == Theme().inactive)
    expectCanvas(
      draw(rating, width: 40, focused: true, glyphs: .ascii),
      ["| Rating", "| * * * . .  3 of 5", ""])
  }

  @Test func theFieldFillsItsAreaWithTheThemeBackground() throws {
    let theme = Theme(accent: .orange, background: .rgb(0, 30, 60))
    let canvas = draw(email, width: 40, focused: false, theme: theme)
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        #expect(canvas[x, y].style.background == theme.background, "cell \(x),\(y)")
      }
    }
  }

  @Test func aNarrowAreaCutsWithoutSpillingOver() throws {
    var canvas = Canvas(width: 12, height: 4)
    var field = email
    _ = field.type("ann@example.com")
    field.render(
      into: &canvas, area: Rect(x: 1, y: 1, width: 10, height: 2), theme: Theme(),
      glyphs: .unicode, focused: true)
    // 8 columns for 15 characters and the cursor: scrolled by 4 twice, `‹` over column 8.
    expectCanvas(canvas, ["", " │ E-mail *", " │ ‹le.com", ""])
  }
}
