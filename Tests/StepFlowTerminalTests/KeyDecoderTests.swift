import Testing

@testable import StepFlowCore
@testable import StepFlowTerminal

@Suite struct KeyDecoderTests {
  private func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array(text.utf8))
    #expect(!decoder.isAwaitingMoreBytes, "bytes left pending after \(Array(text.utf8))")
    return keys
  }

  @Test func printableTextAndUTF8() {
    #expect(
      keys("aZ 1?") == [
        .character("a"), .character("Z"), .character(" "), .character("1"), .character("?"),
      ])
    #expect(keys("é漢🚲") == [.character("é"), .character("漢"), .character("🚲")])
  }

  @Test func graphemesOfSeveralScalarsArriveAsOneCharacter() {
    #expect(keys("e\u{301}x") == [.character("e\u{301}"), .character("x")])
    #expect(keys("🇳🇴") == [.character("🇳🇴")])
    #expect(keys("👍🏽") == [.character("👍🏽")])
  }

  @Test func utf8SplitAcrossFeedsCompletesOnTheNextFeed() {
    var decoder = KeyDecoder()
    let bytes = Array("漢🚲".utf8)
    #expect(decoder.feed(bytes[0..<2]) == [])
    #expect(decoder.isAwaitingMoreBytes)
    #expect(decoder.feed(bytes[2..<4]) == [.character("漢")])
    #expect(decoder.feed(bytes[4..<7]) == [.character("🚲")])
  }

  @Test func invalidUTF8IsDroppedAndWhatFollowsSurvives() {
    var decoder = KeyDecoder()
    // A stray continuation byte, invalid lead bytes, an overlong form, a surrogate, a cut
    // sequence followed by ASCII.
    let bytes: [UInt8] = [0x80, 0x61, 0xFF, 0xC0, 0xAF, 0x62, 0xED, 0xA0, 0x80, 0xE6, 0xBC, 0x63]
    #expect(decoder.feed(bytes) == [.character("a"), .character("b"), .character("c")])
    #expect(!decoder.isAwaitingMoreBytes)
  }

  @Test func controlBytes() {
    var decoder = KeyDecoder()
    let bytes: [UInt8] = [0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x03, 0x01, 0x1A, 0x00, 0x1C, 0x1F]
    #expect(
      decoder.feed(bytes) == [
        .enter, .enter, .tab, .backspace, .backspace, .ctrl("c"), .ctrl("a"), .ctrl("z"),
      ])
  }

  @Test func arrowsInEveryForm() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    // With modifiers (Ctrl, Shift, Alt) the key is the plain arrow.
    #expect(keys("\u{1B}[1;5C\u{1B}[1;2A\u{1B}[1;3D") == [.right, .up, .left])
  }

  @Test func editingAndNavigationKeys() {
    let home = "\u{1B}[H\u{1B}[1~\u{1B}[7~\u{1B}OH"
    #expect(keys(home) == [.home, .home, .home, .home])
    #expect(keys("\u{1B}[F\u{1B}[4~\u{1B}[8~\u{1B}OF") == [.end, .end, .end, .end])
    #expect(keys("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [.insert, .delete, .pageUp, .pageDown])
    #expect(keys("\u{1B}[3;5~") == [.delete])
    #expect(keys("\u{1B}[Z") == [.backTab])
    #expect(keys("\u{1B}OM") == [.enter])
  }

  @Test func functionKeys() {
    let ss3 = "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS"
    let tilde = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].map { "\u{1B}[\($0)~" }.joined()
    #expect(keys(ss3 + tilde) == (1...4).map { Key.function($0) } + (1...12).map { .function($0) })
    #expect(keys("\u{1B}[1;2P\u{1B}[1;5S") == [.function(1), .function(4)])
  }

  @Test func loneEscapeWaitsForFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isAwaitingMoreBytes)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isAwaitingMoreBytes)
    #expect(decoder.flush() == [])
  }

  @Test func escapeFollowedByACharacterIsAlt() {
    #expect(keys("\u{1B}a\u{1B}é\u{1B}1") == [.alt("a"), .alt("é"), .alt("1")])
  }

  @Test func escapeBeforeAControlKeyIsEscapeThenTheKey() {
    #expect(keys("\u{1B}\r\u{1B}\u{7F}") == [.escape, .enter, .escape, .backspace])
  }

  @Test func escapeEscapeIsOneEscapeAndAPendingOne() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
  }

  @Test func sequenceSplitAcrossFeeds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.isAwaitingMoreBytes)
    #expect(decoder.feed([0x31, 0x3B]) == [])
    #expect(decoder.feed([0x35, 0x43, 0x71]) == [.right, .character("q")])
  }

  @Test func flushResolvesUnfinishedSequences() {
    var decoder = KeyDecoder()
    _ = decoder.feed([0x1B, 0x5B])
    #expect(decoder.flush() == [.alt("[")])
    _ = decoder.feed([0x1B, 0x4F])
    #expect(decoder.flush() == [.alt("O")])
    _ = decoder.feed([0x1B, 0x5B, 0x31, 0x3B])
    #expect(decoder.flush() == [])
    _ = decoder.feed([0xE6, 0xBC])
    #expect(decoder.flush() == [])
    #expect(decoder.feed([0x41]) == [.character("A")])
  }

  @Test func bracketedPasteIsOneKeyAcrossFeeds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("x\u{1B}[200~hello\r".utf8)) == [.character("x")])
    #expect(!decoder.isAwaitingMoreBytes)
    // ESC inside the pasted text, a partial terminator, the terminator split across feeds.
    #expect(decoder.feed(Array("wörld\u{1B}[20x\r\n\u{1B}[2".utf8)) == [])
    #expect(
      decoder.feed(Array("01~q".utf8)) == [.paste("hello\nwörld\u{1B}[20x\n"), .character("q")])
  }

  @Test func pasteDoesNotTurnIntoKeys() {
    #expect(keys("\u{1B}[200~q\u{4}\u{1B}[A\u{1B}[201~") == [.paste("q\u{4}\u{1B}[A")])
  }

  @Test func ctrlCEndsAnUnterminatedPaste() {
    var decoder = KeyDecoder()
    // CSI 200~ and never CSI 201~: keys typed after it are pasted text…
    #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
    #expect(decoder.feed(Array("q\u{1B}".utf8)) == [])
    #expect(!decoder.isAwaitingMoreBytes)
    // …but Ctrl-C is not: it ends the paste and arrives as Ctrl-C.
    #expect(decoder.feed([0x03]) == [.paste("abcq\u{1B}"), .ctrl("c")])
    #expect(decoder.feed(Array("q".utf8)) == [.character("q")], "back to keys")
    // An empty paste cut by Ctrl-C gives Ctrl-C alone.
    #expect(keys("\u{1B}[200~\u{3}") == [.ctrl("c")])
  }

  @Test func aPasteKeepsAtMostItsLimit() {
    #expect(KeyDecoder.maximumPasteLength == 1 << 20)
    var decoder = KeyDecoder(maximumPasteLength: 8)
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [])
    for _ in 0..<100 { #expect(decoder.feed(Array("abcdef".utf8)) == []) }
    #expect(decoder.feed(Array("\u{1B}[201~x".utf8)) == [.paste("abcdefab"), .character("x")])
  }

  @Test func mouseReportsAreKeysAndFocusAndUnknownSequencesAreIgnored() {
    let x10 = "\u{1B}[M !!"
    let sgrMouse = "\u{1B}[<0;12;5M\u{1B}[<0;12;5m"
    let focus = "\u{1B}[I\u{1B}[O"
    let unknown = "\u{1B}[?1;2c\u{1B}[12;40R\u{1B}[99~\u{1B}[201~\u{1B}[>0;276;0c\u{1B}[E"
    #expect(
      keys("a" + x10 + sgrMouse + focus + unknown + "b") == [
        .character("a"), .mouse(MouseEvent(.press(.left), column: 0, row: 0)),
        .mouse(MouseEvent(.press(.left), column: 11, row: 4)),
        .mouse(MouseEvent(.release(.left), column: 11, row: 4)), .character("b"),
      ])
  }

  @Test func overlongSequenceIsDroppedWithoutStalling() {
    var decoder = KeyDecoder()
    let long = [0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 500) + [0x41]
    #expect(decoder.feed(long + Array("q".utf8)) == [.character("q")])
    #expect(!decoder.isAwaitingMoreBytes)
    // Without a final byte, the flush ends it.
    _ = decoder.feed([0x1B, 0x5B] + Array(repeating: UInt8(ascii: ";"), count: 200))
    #expect(decoder.isAwaitingMoreBytes)
    #expect(decoder.flush() == [])
    #expect(decoder.feed([0x62]) == [.character("b")])
  }

  @Test func aBurstLosesNothingHoweverItIsCut() {
    // Thousands of keys in one read: text, arrows, UTF-8, controls.
    let unit = "ab\u{1B}[Cé\r\u{1B}OB漢\u{7F}\u{1B}[5~"
    let unitKeys: [Key] = [
      .character("a"), .character("b"), .right, .character("é"), .enter, .down,
      .character("漢"), .backspace, .pageUp,
    ]
    let bytes = Array(String(repeating: unit, count: 1000).utf8)
    var whole = KeyDecoder()
    let all = whole.feed(bytes)
    #expect(all.count == unitKeys.count * 1000)
    #expect(Array(all.suffix(unitKeys.count)) == unitKeys)
    // The same bytes cut at arbitrary points give the same keys.
    var pieces = KeyDecoder()
    var cutKeys: [Key] = []
    var start = 0
    var size = 1
    while start < bytes.count {
      let end = min(bytes.count, start + size)
      cutKeys += pieces.feed(bytes[start..<end])
      start = end
      size = size % 13 + 1
    }
    #expect(cutKeys == all)
  }
}

/// Mouse reports, in the SGR form (1006) stepflow asks for and the older X10 form.
@Suite struct MouseDecodingTests {
  private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test func sgrPressReleaseAndPositionFromOne() {
    #expect(
      decode("\u{1B}[<0;10;3M\u{1B}[<0;10;3m") == [
        .mouse(MouseEvent(.press(.left), column: 9, row: 2)),
        .mouse(MouseEvent(.release(.left), column: 9, row: 2)),
      ])
    #expect(decode("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(.press(.right), column: 0, row: 0))])
    #expect(
      decode("\u{1B}[<1;300;200M") == [.mouse(MouseEvent(.press(.middle), column: 299, row: 199))])
  }

  @Test func theWheelDragsAndModifiers() {
    #expect(decode("\u{1B}[<64;5;5M") == [.mouse(MouseEvent(.wheelUp, column: 4, row: 4))])
    #expect(decode("\u{1B}[<65;5;5M") == [.mouse(MouseEvent(.wheelDown, column: 4, row: 4))])
    #expect(decode("\u{1B}[<32;6;5M") == [.mouse(MouseEvent(.drag(.left), column: 5, row: 4))])
    #expect(decode("\u{1B}[<35;6;5M") == [], "moving with no button held is not reported")
    #expect(
      decode("\u{1B}[<20;2;2M") == [
        .mouse(MouseEvent(.press(.left), column: 1, row: 1, shift: true, control: true))
      ])
    #expect(decode("\u{1B}[<66;2;2M") == [], "sideways wheels are ignored")
  }

  @Test func aReportSplitAcrossReadsCompletes() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)) == [])
    #expect(
      decoder.feed(Array("2;7Mx".utf8)) == [
        .mouse(MouseEvent(.press(.left), column: 11, row: 6)), .character("x"),
      ])
  }

  @Test func malformedReportsAreDroppedAndTheKeysAfterThemKept() {
    #expect(decode("\u{1B}[<0;5M" + "a") == [.character("a")])
    #expect(decode("\u{1B}[<0;;5Mb") == [.character("b")])
    #expect(decode("\u{1B}[<0;0;5Mc") == [.character("c")], "positions count from 1")
    #expect(decode("\u{1B}[<9999999;1;1Md") == [.character("d")])
  }

  @Test func x10ReportsAreDecodedToo() {
    // CSI M, then button + 32, column + 33, row + 33.
    #expect(
      decode("\u{1B}[M\u{20}\u{2A}\u{23}") == [.mouse(MouseEvent(.press(.left), column: 9, row: 2))]
    )
    #expect(
      decode("\u{1B}[M\u{23}\u{2A}\u{23}") == [
        .mouse(MouseEvent(.release(.left), column: 9, row: 2))
      ])
  }
}
