import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// A form drawn in a canvas of the given size.
private func draw(
  _ form: Form, width: Int, height: Int, glyphs: Glyphs = .unicode, focused: Bool = true
) -> Canvas {
  var canvas = Canvas(width: width, height: height)
  form.render(
    into: &canvas, area: canvas.bounds, theme: Theme(), glyphs: glyphs, focused: focused)
  return canvas
}

@Suite struct FieldFormRenderTests {
  @Test func theEmptyShippingForm() throws {
    let form = try PurchaseForms.shipping()
    #expect(form.layout(width: 80, context: nil) == [0..<3, 3..<6, 6..<9, 9..<12])
    #expect(form.rows(width: 40, context: nil) == 12)
    let expected = [
      "│ Name *", "│ e.g. Ann Smith", "", "  Street *", "  e.g. 1 Main St", "", "  City *",
      "  e.g. Oslo", "",
      "  Postal code *", "  e.g. 0150", "",
    ]
    expectCanvas(draw(form, width: 80, height: 12), expected)
    expectCanvas(draw(form, width: 40, height: 12), expected)
    let idle = draw(form, width: 40, height: 12, focused: false)
    expectLines(Array(idle.plainLines().prefix(2)), ["  Name *", "  e.g. Ann Smith"])
    #expect(!idle[2, 1].style.attributes.contains(.reverse), "no cursor without focus")
  }

  @Test func theShippingFormAfterARefusedNext() throws {
    var form = try PurchaseForms.shipping()
    _ = form.type("Ann")
    _ = form.set(id: "postal_code", text: "#0150")
    _ = form.validateForNext(in: nil)
    expectCanvas(
      draw(form, width: 80, height: 12),
      [
        "  Name *", "  Ann", "", "│ Street *", "│ e.g. 1 Main St", "│ ✗ Street is required",
        "  City *", "  e.g. Oslo", "  ✗ City is required", "  Postal code *", "  #0150",
        "  ✗ Postal code: must be letters, digits, spaces or dashes",
      ])
    #expect(
      form.layout(width: 40, context: nil).last == 9..<13, "the long message takes two rows at 40")
    expectCanvas(
      draw(form, width: 40, height: 13),
      [
        "  Name *", "  Ann", "", "│ Street *", "│ e.g. 1 Main St", "│ ✗ Street is required",
        "  City *", "  e.g. Oslo", "  ✗ City is required", "  Postal code *", "  #0150",
        "  ✗ Postal code: must be letters,", "    digits, spaces or dashes",
      ])
  }

  @Test func theCardFormWithCJKAndAMessage() throws {
    var form = try PurchaseForms.card()
    _ = form.type("4111 1111 1111 1112")
    form.focusNext()
    _ = form.type("12/27")
    form.focusNext()
    _ = form.type("山田 花子 Hanako Yamada")
    for _ in 0..<6 { _ = form.handle(.left, in: .detached) }
    let canvas = draw(form, width: 40, height: 10)
    expectCanvas(
      canvas,
      [
        "  Card number *", "  4111 1111 1111 1112", "  ✗ Card number: the checksum is wrong —",
        "    check the digits", "  Expiry *", "  12/27", "", "│ Name on card *",
        "│ 山田 花子 Hanako Yamada", "",
      ])
    // After the gutter, "山田 花子 " takes columns 2–11 and "Hanako " 12–18: the cursor is
    // on the "Y" at 19.
    #expect(canvas[19, 8].symbol == "Y" && canvas[19, 8].style.attributes.contains(.reverse))
  }

  @Test func aShortAreaScrollsToTheFocusedField() throws {
    var form = try PurchaseForms.card()
    expectCanvas(
      draw(form, width: 40, height: 5),
      ["│ Card number *", "│ e.g. 1234 5678 9012 3456", "", "  Expiry *", "  e.g. MM/YY"])
    form.focusNext()
    #expect(form.scrollOffset(width: 40, height: 5, context: nil) == 1)
    expectCanvas(
      draw(form, width: 40, height: 5),
      [
        "  e.g. 1234 5678 9012 3456", "  ✗ Card number is required", "│ Expiry *", "│ e.g. MM/YY",
        "",
      ],
      "leaving the card number touched it")
    form.focusNext()
    #expect(form.scrollOffset(width: 40, height: 5, context: nil) == 4)
    expectCanvas(
      draw(form, width: 40, height: 5),
      ["  e.g. MM/YY", "  ✗ Expiry is required", "│ Name on card *", "│ e.g. Ann Smith", ""])
    #expect(form.scrollOffset(width: 40, height: 9, context: nil) == 0, "everything fits")
  }

  @Test func aListTallerThanTheAreaKeepsTheHighlightedOptionVisible() throws {
    let options = (1...10).map { ChoiceOption("o\($0)", "Option \($0)") }
    var form = try Form([
      FieldSpec(id: "note", label: "Note", kind: .text()),
      FieldSpec(id: "pick", label: "Pick one", kind: .choice(options: options)),
    ])
    form.focusNext()
    // The least scrolling that shows the label and the highlighted (first) option.
    #expect(form.scrollOffset(width: 40, height: 4, context: nil) == 1)
    for _ in 0..<7 { _ = form.handle(.down, in: .detached) }
    #expect(form.focusedField?.highlighted == 7)
    expectCanvas(
      draw(form, width: 40, height: 4),
      [
        "│   ○ Option 5", "│   ○ Option 6", "│   ○ Option 7",
        "│ ▶ ○ Option 8                         ▼",
      ])
  }

  @Test func asciiGlyphsGiveASCIIOnly() throws {
    var form = try Form([
      FieldSpec(id: "card", label: "Card number", kind: .text(), check: .luhn),
      FieldSpec(id: "pin", label: "PIN", kind: .text(secure: true)),
      FieldSpec(
        id: "method", label: "Method",
        kind: .choice(options: [ChoiceOption("a", "A"), ChoiceOption("b", "B")])),
      FieldSpec(
        id: "tabs", label: "Tabs",
        kind: .choice(
          options: (1...12).map { ChoiceOption("t\($0)", "Tab \($0)") }, style: .tabs)),
      FieldSpec(id: "gift", label: "Gift wrap", kind: .confirm),
      FieldSpec(id: "rating", label: "Rating", kind: .rating(max: 5), default: .number(2)),
    ])
    _ = form.type(String(repeating: "4111 1111 1111 1112 ", count: 3))
    _ = form.set(id: "pin", text: "1234")
    _ = form.set(id: "method", text: "b")
    _ = form.set(id: "tabs", text: "t12")
    _ = form.validateForNext(in: nil)
    #expect(form.focusIndex == 0)
    let canvas = draw(form, width: 30, height: 40, glyphs: .ascii)
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        #expect(canvas[x, y].symbol.utf8.allSatisfy { $0 < 0x80 }, "cell \(x),\(y)")
      }
    }
    expectLines(
      Array(canvas.plainLines().prefix(4)),
      [
        "| Card number", "| <1 1111 1111 1112", "| x Card number: must have 12",
        "|   to 19 digits (it has 48)",
      ])
    #expect(canvas.plainText.contains("  < ( ) Tab 11   (*) Tab 12"))
  }
}
