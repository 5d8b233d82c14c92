import StepFlow
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
