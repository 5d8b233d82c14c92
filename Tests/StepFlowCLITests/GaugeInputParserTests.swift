import Testing

@testable import StepFlowCLI
@testable import StepFlowCore

@Suite struct GaugeInputParserTests {
  func feed(_ text: String, into parser: inout GaugeInputParser) -> [GaugeUpdate] {
    parser.feed(Array(text.utf8))
  }

  @Test func aNumberPerLineSetsThePercentage() {
    var parser = GaugeInputParser()
    #expect(
      feed("0\n10\n55\n", into: &parser)
        == [GaugeUpdate(percent: 0), GaugeUpdate(percent: 10), GaugeUpdate(percent: 55)])
  }

  @Test func partialLinesWaitForTheirNewline() {
    var parser = GaugeInputParser()
    #expect(feed("3", into: &parser) == [])
    #expect(feed("7\n4", into: &parser) == [GaugeUpdate(percent: 37)])
    #expect(feed("2", into: &parser) == [])
    #expect(parser.finish() == [GaugeUpdate(percent: 42)], "end of input takes the last line")
    #expect(parser.finish() == [])
  }

  @Test func numbersAreClampedAndFractionsCut() {
    var parser = GaugeInputParser()
    let updates = feed("150\n-5\n37.9\n+20\n99999999999999999999\n", into: &parser)
    #expect(updates.map(\.percent) == [100, 0, 37, 20, 100])
  }

  @Test func blanksAndCarriageReturnsDoNotCount() {
    var parser = GaugeInputParser()
    #expect(feed("  42 \r\n\t7\t\n", into: &parser).map(\.percent) == [42, 7])
  }

  @Test func otherLinesAreIgnored() {
    var parser = GaugeInputParser()
    #expect(feed("hello\n12abc\n\n1.2.3\n-\n.5\nxxx\n", into: &parser) == [])
    #expect(!parser.isInBlock, "only XXX in capitals opens a block")
  }

  @Test func blockSetsPercentageAndMessage() {
    var parser = GaugeInputParser()
    #expect(feed("XXX\n50\nCopying photos\n", into: &parser) == [])
    #expect(parser.isInBlock)
    #expect(
      feed("  from the card\nXXX\n60\n", into: &parser)
        == [
          GaugeUpdate(percent: 50, message: "Copying photos\n  from the card"),
          GaugeUpdate(percent: 60),
        ])
  }

  @Test func blockWithoutPercentageOrMessage() {
    var parser = GaugeInputParser()
    #expect(
      feed("XXX\nJust text\nXXX\nXXX\n80\nXXX\n", into: &parser)
        == [GaugeUpdate(message: "Just text"), GaugeUpdate(percent: 80, message: "")])
  }

  @Test func numbersAfterTheFirstBlockLineAreMessage() {
    var parser = GaugeInputParser()
    #expect(
      feed("XXX\n10\n20\nXXX\n", into: &parser) == [GaugeUpdate(percent: 10, message: "20")])
  }

  @Test func backslashNStartsANewMessageLine() {
    var parser = GaugeInputParser()
    #expect(
      feed("XXX\n5\nfirst\\nsecond\nXXX\n", into: &parser)
        == [GaugeUpdate(percent: 5, message: "first\nsecond")])
  }

  @Test func endOfInputAppliesAnOpenBlock() {
    var parser = GaugeInputParser()
    #expect(feed("XXX\n70\nAlmost", into: &parser) == [])
    #expect(parser.finish() == [GaugeUpdate(percent: 70, message: "Almost")])
    #expect(!parser.isInBlock)
  }

  @Test func utf8SplitAcrossChunks() {
    var parser = GaugeInputParser()
    let bytes = Array("XXX\n1\nCafé 注文\nXXX\n".utf8)
    var updates: [GaugeUpdate] = []
    for byte in bytes { updates += parser.feed([byte]) }
    #expect(updates == [GaugeUpdate(percent: 1, message: "Café 注文")])
  }
}
