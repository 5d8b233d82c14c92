import Testing

@testable import StepFlowCore

/// What a task keeps of its command's output and reads from it: the bounded log with each
/// byte's stream, lines cut out only for what is shown, progress read from the output.
@Suite struct TaskOutputTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func theLogKeepsTheLastBytesWithTheirStreams() {
    var log = TaskLog(limit: 16)
    log.append(bytes("one\ntwo\n"), from: .stdout)
    log.append(bytes("bad\n"), from: .stderr)
    log.append(bytes("three"), from: .stdout)
    #expect(log.lastLines(2).map(\.text) == ["bad", "three"])
    #expect(log.lastLines(2).map(\.stream) == [.stderr, .stdout])
    #expect(log.total == 17)
    #expect(log.droppedBytes == 1, "the first byte went to keep 16")
    #expect(log.lastLines(10).map(\.text) == ["ne", "two", "bad", "three"])
    #expect(String(decoding: log.bytes(of: .stderr), as: UTF8.self) == "bad\n")
    #expect(String(decoding: log.bytes(of: .stdout), as: UTF8.self) == "ne\ntwo\nthree")
  }

  @Test func aHugeOutputCostsTheLimit() {
    var log = TaskLog(limit: 1 << 20)
    let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 65536)
    for _ in 0..<200 { log.append(chunk, from: .stdout) }
    #expect(log.total == 200 * 65536)
    #expect(log.endOffset - log.firstOffset == 1 << 20)
    #expect(log.lastLines(1).first?.text.count == 1 << 20)
  }

  @Test func theRingKeepsTheLastBytesInOrderAcrossItsWrap() {
    var log = TaskLog(limit: 10)
    log.append(bytes("abcdefgh"), from: .stdout)
    log.append(bytes("ij\nkl"), from: .stderr)
    #expect(log.firstOffset == 3 && log.endOffset == 13)
    #expect(log.lines(from: log.firstOffset, count: 5).map(\.text) == ["defghij", "kl"])
    #expect(log.lastLines(1).map(\.stream) == [.stderr])
    #expect(String(decoding: log.bytes(of: .stdout), as: UTF8.self) == "defgh")
    #expect(String(decoding: log.bytes(of: .stderr), as: UTF8.self) == "ij\nkl")
    // Chunks each smaller than the ring, many times round it.
    for i in 0..<37 { log.append(bytes("\(i % 10)"), from: .stdout) }
    #expect(log.lines(from: log.firstOffset, count: 1).map(\.text) == ["7890123456"])
    #expect(log.lineCount == 1)
    log.append(bytes("0123456789abc\n"), from: .stdout)
    #expect(log.lastLines(1).map(\.text) == ["456789abc"], "a chunk longer than the ring")
  }

  @Test func aChunkOfExactlyTheLimitReplacesWhatWasKept() {
    var log = TaskLog(limit: 8)
    log.append(bytes("one\ntwo\n"), from: .stdout)
    log.append(bytes("abc"), from: .stdout)
    log.append(bytes("x\nyz\n123"), from: .stderr)
    #expect(log.total == 19 && log.droppedBytes == 11)
    #expect(log.lastLines(5).map(\.text) == ["x", "yz", "123"])
    #expect(log.lastLines(5).map(\.stream) == [.stderr, .stderr, .stderr])
    log.append(bytes("4\n"), from: .stdout)
    #expect(log.lastLines(5).map(\.text) == ["yz", "1234"], "the ring goes on after it")
    #expect(log.stream(at: log.endOffset - 1) == .stdout)
  }

  @Test func bytesLetPassUnreadDropWhatWasKeptBeforeThem() {
    var log = TaskLog(limit: 8)
    log.append(bytes("old\n"), from: .stdout)
    log.skip(1000, of: .stdout)
    #expect(log.isEmpty && log.lastLines(3).isEmpty && log.lineCount == 0)
    #expect(log.droppedBytes == 1004 && log.total == 1004)
    log.append(bytes("y\ny\nend"), from: .stdout)
    #expect(log.lastLines(5).map(\.text) == ["y", "y", "end"])
    #expect(log.firstOffset == 1004)
  }

  @Test func aNegativeSkipReplacesTheEndKeptWithTheSameBytesWhole() {
    // A flood's log: only its end was sent (after 1000 bytes passed), then the runner sends
    // its last 7 bytes again whole.
    var log = TaskLog(limit: 64)
    log.append(bytes("old\n"), from: .stdout)
    log.skip(1000, of: .stdout)
    log.append(bytes("end"), from: .stdout)
    #expect(log.total == 1007 && log.firstOffset == 1004)
    log.skip(-7, of: .stdout)
    #expect(log.isEmpty && log.total == 1000)
    log.append(bytes("y\ny\nend"), from: .stdout)
    #expect(log.total == 1007 && log.firstOffset == 1000, "offsets as if sent once")
    #expect(log.lastLines(5).map(\.text) == ["y", "y", "end"])
  }

  @Test func theFirstLineKeptAfterTheRingWrapsInsideACharacterStartsOnACharacter() {
    // "é" is 2 bytes, "€" 3: a limit of 7 keeps the last 7 of "aé€\n€x" (11 bytes), which
    // begin inside the first "€".
    var log = TaskLog(limit: 7)
    log.append(bytes("aé€\n€x"), from: .stdout)
    #expect(log.droppedBytes == 4)
    #expect(log.lastLines(5).map(\.text) == ["", "€x"], "no U+FFFD for the cut character")
    var cut = TaskLog(limit: 7)
    cut.append(bytes("é€€"), from: .stderr)
    #expect(cut.lastLines(1).map(\.text) == ["€€"])
    #expect(cut.lines(from: cut.firstOffset, count: 1).map(\.text) == ["€€"], "the pane too")
    // Bytes that never were a character's end are still shown as invalid.
    var invalid = TaskLog(limit: 5)
    invalid.append([0x41, 0x80, 0x80, 0x80, 0x80, 0x42], from: .stdout)
    #expect(invalid.lastLines(1).map(\.text) == ["\u{FFFD}B"], "at most 3 are skipped")
    var whole = TaskLog(limit: 8)
    whole.append([0x80, 0x41], from: .stdout)
    #expect(whole.lastLines(1).map(\.text) == ["\u{FFFD}A"], "nothing was cut: shown as it came")
  }

  @Test func aCaptureCutFromTheEndOfALongerOutputStartsOnACharacter() {
    let end = Array("é".utf8)[1...] + Array("éé\n done \n".utf8)
    #expect(FlowMachine.trimmedOutput(Array(end), cutAtStart: true) == "éé\n done")
    #expect(FlowMachine.trimmedOutput(Array(end)) == "\u{FFFD}éé\n done")
  }

  @Test func linesAreShownInertAndAProgressLineRedrawnInPlaceShowsItsLatestState() {
    var log = TaskLog()
    log.append(bytes("a\u{1B}[31mred\u{1B}[0m\n"), from: .stdout)
    log.append([0x62, 0xFF, 0xFE, 0x0A], from: .stdout)
    log.append(bytes("10%\r20%\r30%\r\n"), from: .stdout)
    log.append(bytes("x\ty\n"), from: .stdout)
    #expect(
      log.lastLines(4).map(\.text) == [
        "a\\x1B[31mred\\x1B[0m", "b\u{FFFD}\u{FFFD}", "30%", "x       y",
      ])
  }

  @Test func theLogPaneWalksLinesByOffset() {
    var log = TaskLog()
    log.append(bytes("1\n22\n333\n4444"), from: .stdout)
    let all = log.lines(from: log.firstOffset, count: 10)
    #expect(all.map(\.text) == ["1", "22", "333", "4444"])
    #expect(log.lines(from: all[2].start, count: 1).map(\.text) == ["333"])
    #expect(log.previousLineStart(before: all[2].start) == all[1].start)
    #expect(log.previousLineStart(before: all[0].start) == all[0].start)
    #expect(log.lineStart(containing: all[3].start + 2) == all[3].start)
    #expect(log.lineCount == 4)
  }

  @Test func percentModeReadsTheGaugeProtocolOnStdout() {
    var reader = TaskProgressReader(mode: .percent)
    let changed1 = reader.read(bytes("10\n2"), from: .stdout)
    #expect(changed1)
    #expect(reader.fraction == 0.1)
    let changed2 = reader.read(bytes("50\n"), from: .stderr)
    #expect(!changed2, "stderr is not read")
    let changed3 = reader.read(bytes("5\nXXX\n60\nLinking\nXXX\n"), from: .stdout)
    #expect(changed3)
    #expect(reader.fraction == 0.6)
    #expect(reader.message == "Linking")
  }

  @Test func patternModeTakesTheLatestMatchingLineOfAnyStream() throws {
    var reader = TaskProgressReader(mode: .pattern(try OutputPattern("(\\d+)%")))
    let changed4 = reader.read(bytes("Downloading 5%\nDownloading 12%\nnoise\n"), from: .stderr)
    #expect(changed4)
    #expect(reader.fraction == 0.12)
    let changed5 = reader.read(bytes("at 4"), from: .stdout)
    #expect(!changed5, "an unfinished line waits")
    let changed6 = reader.read(bytes("0% now\n"), from: .stdout)
    #expect(changed6)
    #expect(reader.fraction == 0.4, "the two pieces make one line")
    let changed7 = reader.read(bytes("nothing to see\n"), from: .stdout)
    #expect(!changed7)
    let early = reader.read(bytes("done 100"), from: .stdout)
    let later = reader.read(bytes("%"), from: .stdout)
    #expect(!early && !later, "still one unfinished line")
    let changed8 = reader.finish()
    #expect(changed8)
    #expect(reader.fraction == 1)
  }

  @Test func theNumberOfAGroupIsAPercentage() {
    #expect(TaskProgressReader.percent(in: "42") == 0.42)
    #expect(TaskProgressReader.percent(in: " 37.5%") == 0.375)
    #expect(TaskProgressReader.percent(in: "250") == 1)
    #expect(TaskProgressReader.percent(in: "abc") == nil)
  }

  @Test func elapsedTimeAsTheScreenSaysIt() {
    #expect(TaskClock.text(.milliseconds(399)) == "0.3 s")
    #expect(TaskClock.text(.milliseconds(12_450)) == "12.4 s")
    #expect(TaskClock.text(.seconds(125)) == "2 min 05 s")
    #expect(TaskClock.text(.seconds(3725)) == "1 h 02 min")
    #expect(TaskClock.seconds(.milliseconds(12_460)) == 12.4)
  }

  @Test func commandsAreShownAsAShellWouldNeedThemWritten() {
    let spec = CommandSpec(.argv(["git", "commit", "-m", "it's done", "--", "a b"]))
    #expect(spec.displayText == "git commit -m 'it'\\''s done' -- 'a b'")
    #expect(CommandSpec(.shell("make && make test")).displayText == "make && make test")
  }
}
