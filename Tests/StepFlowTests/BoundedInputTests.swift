import Foundation
import Testing

@testable import StepFlowCLI
@testable import StepFlowCore
@testable import StepFlowTerminal

@Suite struct BoundedInputTests {
  @Test func anOverlongGaugeLineIsIgnoredAndTheNextLinesWork() {
    var parser = GaugeInputParser(maxLineLength: 8)
    #expect(parser.feed(Array("10\n123456".utf8)) == [GaugeUpdate(percent: 10)])
    // The line passes the limit in the next chunk and is dropped, up to its newline.
    #expect(parser.feed(Array("789".utf8)) == [])
    #expect(parser.overlongLines == 1)
    #expect(parser.feed(Array(String(repeating: "9", count: 100).utf8)) == [])
    #expect(parser.feed(Array("0\n40\n".utf8)) == [GaugeUpdate(percent: 40)])
    // Exactly at the limit is still a line.
    #expect(parser.feed(Array("00000055\n".utf8)) == [GaugeUpdate(percent: 55)])
    #expect(
      parser.feed(Array("XXX\n70\ndone\nXXX\n".utf8)) == [GaugeUpdate(percent: 70, message: "done")]
    )
    #expect(parser.feed(Array("0123456789".utf8)) == [])
    #expect(parser.finish() == [], "an overlong last line is dropped at the end too")
    #expect(parser.overlongLines == 2)
  }

  /// The lines a reader gives for the bytes written to a pipe, up to the end.
  private func lines(of bytes: [UInt8], maxLength: Int) throws -> [LineReader.Line] {
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data(bytes))
    try pipe.fileHandleForWriting.close()
    var reader = LineReader(fd: pipe.fileHandleForReading.fileDescriptor, maxLength: maxLength)
    var result: [LineReader.Line] = []
    while result.count < 20 {
      let line = reader.nextLine()
      result.append(line)
      if line == .end { break }
    }
    return result
  }

  @Test func anOverlongScriptLineIsReportedOnceAndDropped() throws {
    let text = "next\n" + String(repeating: "x", count: 30) + "\r\nback\n12345678\nlast"
    #expect(
      try lines(of: Array(text.utf8), maxLength: 8)
        == [.line("next"), .tooLong, .line("back"), .line("12345678"), .line("last"), .end])
    // An endless line that is still open at the end is reported once.
    #expect(
      try lines(of: [UInt8](repeating: 0, count: 50_000), maxLength: 1000) == [.tooLong, .end])
  }

  @Test func manyShortLinesComeOutInOrder() throws {
    let text = (0..<5000).map { "tick \($0)\n" }.joined()
    let read = try lines(of: Array(text.utf8), maxLength: 64)
    #expect(read.count == 20)  // the helper stops at 20
    #expect(read.prefix(3) == [.line("tick 0"), .line("tick 1"), .line("tick 2")])
  }

  @Test func filesAreRefusedPastTheLimit() throws {
    let path = NSTemporaryDirectory() + "stepflow-bounded-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(repeating: 0x20, count: 100).write(to: URL(fileURLWithPath: path))
    #expect(try Platform.readFile(path, limit: 100).count == 100)
    #expect(throws: Platform.FileError.self) { try Platform.readFile(path, limit: 99) }
    do {
      _ = try Platform.readFile(path, limit: 99)
    } catch {
      #expect(error.isTooLarge && !error.isMissing)
      #expect(
        error.description == path + ": larger than 99 bytes, the most stepflow reads from a file")
    }
    // A device is read up to the limit, then refused.
    do {
      _ = try Platform.readFile("/dev/zero", limit: 1 << 20)
      Issue.record("/dev/zero was read whole")
    } catch {
      #expect(error.isTooLarge)
      #expect(error.reason == "larger than 1 MiB, the most stepflow reads from a file")
    }
  }
}
