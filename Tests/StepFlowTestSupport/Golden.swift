import StepFlow
import StepFlowTerminal
import Testing

/// Compares text line by line and reports a readable diff: which lines differ, expected
/// against actual, with `·` for trailing blanks so that whitespace differences show.
public func expectLines(
  _ actual: [String], _ expected: [String], _ comment: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  var report = comment.isEmpty ? "" : comment + "\n"
  for i in 0..<max(actual.count, expected.count) {
    let a = i < actual.count ? actual[i] : "<missing>"
    let e = i < expected.count ? expected[i] : "<missing>"
    if a != e {
      report += "line \(i + 1):\n  expected: \(visible(e))\n  actual:   \(visible(a))\n"
    }
  }
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// The canvas as plain lines compared with the expected lines.
public func expectCanvas(
  _ canvas: Canvas, _ expected: [String], _ comment: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectLines(canvas.plainLines(), expected, comment, sourceLocation: sourceLocation)
}

private func visible(_ line: String) -> String {
  var trailing = 0
  for c in line.reversed() {
    guard c == " " else { break }
    trailing += 1
  }
  return "\"" + line.dropLast(trailing) + String(repeating: "·", count: trailing) + "\""
}

/// Golden files: expected output kept beside the tests in `Goldens/NAME.txt`.
///
/// A mismatch fails with a line-by-line diff. Set `STEPFLOW_RECORD=1` to write the files anew —
/// then read `git diff` before committing them: a golden is never re-recorded to make a failure
/// pass without reading the difference.
public func expectGolden(
  _ actual: String, named name: String, testFile: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = String(testFile[..<(testFile.lastIndex(of: "/") ?? testFile.endIndex)])
  let path = directory + "/Goldens/" + name + ".txt"
  if Platform.environment()["STEPFLOW_RECORD"] == "1" {
    do {
      try Platform.writeFileAtomically(path, Array(actual.utf8))
    } catch {
      Issue.record(
        "cannot record golden \(path): \(error.description)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let bytes = try? Platform.readFile(path) else {
    Issue.record(
      "golden file \(path) is missing; run with STEPFLOW_RECORD=1 to create it, then review it",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: bytes, as: UTF8.self)
  expectLines(
    actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
    expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
    "golden \(name)", sourceLocation: sourceLocation)
}
