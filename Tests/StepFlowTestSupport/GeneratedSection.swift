import Foundation
import Testing

/// A part of a document made from the code (the README's key table, its exit codes), between two
/// marker lines.
///
/// It must be what the code makes now; `STEPFLOW_RECORD=1` writes it anew, as goldens are, to be
/// read in `git diff`.
package enum GeneratedSection {
  /// Checks the text between `start` (a whole line) and `end` in the file at `path` (from the
  /// repository's root) against `expected`.
  package static func check(
    _ path: String, start: String, end: String, expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = Repository.root + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let opening = start + "\n"
    guard let from = text.range(of: opening), let to = text.range(of: end),
      from.upperBound <= to.lowerBound
    else {
      Issue.record(
        "\(path) has no generated section between \(start) and \(end)",
        sourceLocation: sourceLocation)
      return
    }
    let section = String(text[from.upperBound..<to.lowerBound])
    if ProcessInfo.processInfo.environment["STEPFLOW_RECORD"] == "1", section != expected {
      let updated = text[..<from.upperBound] + expected + text[to.lowerBound...]
      try String(updated).write(toFile: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(section == expected, "\(path):\n\(expected)", sourceLocation: sourceLocation)
  }
}
