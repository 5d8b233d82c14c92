import Foundation

/// Files of the repository, for tests that check documents against the code.
package enum Repository {
  /// The repository's root folder (two levels above this file).
  package static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The text of a file, by its path from the root.
  package static func text(_ path: String) throws -> String {
    try String(contentsOfFile: root + "/" + path, encoding: .utf8)
  }
}
