import Testing

@testable import StepFlowText

@Suite struct DisplayWidthTests {
  @Test func asciiIsOneCellEach() {
    #expect(DisplayWidth.of("Hello") == 5)
  }

  @Test func wideAndZeroWidthGraphemes() {
    #expect(DisplayWidth.of(Character("漢")) == 2)
    #expect(DisplayWidth.of(Character("🚲")) == 2)
    #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
    #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
    #expect(DisplayWidth.of(Character("🇳🇴")) == 2)
    #expect(DisplayWidth.of(Character("❤️")) == 2)
    #expect(DisplayWidth.of(Character("❤")) == 1)
    #expect(DisplayWidth.of(Character("1️⃣")) == 2)
    #expect(DisplayWidth.of(Character("한")) == 2)
    #expect(DisplayWidth.of("注文 🚲") == 7)
  }
}
