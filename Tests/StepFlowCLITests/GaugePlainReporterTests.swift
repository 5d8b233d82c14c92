import Testing

@testable import StepFlowCLI
@testable import StepFlowCore
@testable import StepFlowTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct GaugePlainReporterTests {
  func percents(_ values: some Sequence<Int>) -> [GaugeUpdate] {
    values.map { GaugeUpdate(percent: $0) }
  }

  @Test func aFastStreamPrintsEveryTenPercent() {
    var reporter = GaugePlainReporter(title: "Copying", text: nil)
    let lines = reporter.receive(percents(0...100), at: .zero)
    #expect(lines == stride(from: 0, through: 100, by: 10).map { "Copying: \($0)%" })
    #expect(reporter.finish(at: .zero) == [], "the final state was the last line")
  }

  @Test func atMostOnceASecondWithinATenPercentStep() {
    var reporter = GaugePlainReporter(title: nil, text: nil)
    #expect(reporter.receive(percents([1]), at: .zero) == ["1%"])
    #expect(reporter.receive(percents([2]), at: .milliseconds(500)) == [])
    #expect(reporter.receive(percents([3]), at: .milliseconds(999)) == [])
    #expect(reporter.receive(percents([4]), at: .milliseconds(1000)) == ["4%"])
    #expect(reporter.receive(percents([4]), at: .seconds(5)) == [], "nothing changed")
    #expect(reporter.receive(percents([10]), at: .milliseconds(5100)) == ["10%"], "a step")
    #expect(reporter.receive(percents([11]), at: .milliseconds(5200)) == [])
    #expect(reporter.finish(at: .seconds(6)) == ["11%"], "the final state always shows")
  }

  @Test func messageBeatsTitle() {
    var reporter = GaugePlainReporter(title: "Backup", text: "Preparing order")
    #expect(reporter.line == "Preparing order: 0%")
    _ = reporter.receive(percents([40]), at: .zero)
    _ = reporter.receive([GaugeUpdate(percent: 50, message: "Two\nlines")], at: .seconds(2))
    #expect(reporter.line == "Two lines: 50%")
    _ = reporter.receive([GaugeUpdate(message: "")], at: .seconds(4))
    #expect(reporter.line == "Backup: 50%")
  }

  @Test func messageChangesCountAsChanges() {
    var reporter = GaugePlainReporter(title: nil, text: nil)
    #expect(reporter.receive(percents([20]), at: .zero) == ["20%"])
    #expect(reporter.receive([GaugeUpdate(message: "Sorting")], at: .milliseconds(100)) == [])
    #expect(
      reporter.receive([GaugeUpdate(message: "Indexing")], at: .milliseconds(1200))
        == ["Indexing: 20%"])
  }

  @Test func neverAnEscapeSequence() {
    var reporter = GaugePlainReporter(title: "\u{1B}[31mred\u{1B}[0m", text: nil)
    let lines = reporter.receive(percents([5]), at: .zero)
    #expect(lines == ["\\x1B[31mred\\x1B[0m: 5%"])
    _ = reporter.receive([GaugeUpdate(percent: 60, message: "bell\u{7} \u{9B}2J")], at: .zero)
    #expect(reporter.line == "bell\\x07 \\x9B2J: 60%")
    #expect(!reporter.line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x9B })
  }

  @Test func finishWithoutAnyInputPrintsTheStart() {
    var reporter = GaugePlainReporter(title: "Copying", text: nil)
    #expect(reporter.finish(at: .seconds(3)) == ["Copying: 0%"])
  }
}

/// The plain runner over real pipes: bytes in, lines out, exit codes.
@Suite struct GaugePlainRunnerTests {
  /// A pipe's read and write ends.
  func makePipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    return (ends[0], ends[1])
  }

  func readAll(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    while case .bytes(let chunk) = Platform.readChunk(fd) { bytes += chunk }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func linesForAStreamAndExitZeroAtTheEnd() throws {
    let input = makePipe()
    let output = makePipe()
    #expect(Platform.write(input.write, Array("0\n50\nXXX\n70\nAlmost\nXXX\n100".utf8)))
    close(input.write)
    let runner = GaugePlainRunner(
      options: try GaugeOptions.parse(["--title", "Copying"]), input: input.read,
      output: output.write)
    #expect(runner.run() == 0)
    close(output.write)
    #expect(readAll(output.read) == "Copying: 0%\nCopying: 50%\nAlmost: 70%\nAlmost: 100%\n")
    close(input.read)
    close(output.read)
  }

  @Test func noInputWithinTheTimeoutExits124() throws {
    let input = makePipe()
    let output = makePipe()
    let errors = makePipe()
    let runner = GaugePlainRunner(
      options: try GaugeOptions.parse(["--timeout", "0.05"]), input: input.read,
      output: output.write, errorOutput: errors.write)
    #expect(runner.run() == 124)
    close(output.write)
    close(errors.write)
    #expect(readAll(output.read) == "")
    #expect(readAll(errors.read) == "stepflow: gauge: no input for 0.05 seconds\n")
    for fd in [input.read, input.write, output.read, errors.read] { close(fd) }
  }
}
