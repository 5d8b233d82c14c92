import Foundation

/// Fresh folders for a test's files, all inside one folder of the test process
/// (`$TMPDIR/stepflow-tests-PID`) that is removed when the process ends: a test run leaves
/// nothing behind in the temporary folder, whatever the tests that made them do.
///
/// ```swift
/// let dir = try TestFolder.make("state")   // …/stepflow-tests-4242/state-1F3A…
/// ```
package enum TestFolder {
  /// The folder of this test process, made (and its removal at exit arranged) on first use.
  package static let root: String = {
    let path = NSTemporaryDirectory() + "stepflow-tests-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    rootForExit = strdup(path)
    atexit {
      guard let root = rootForExit else { return }
      try? FileManager.default.removeItem(atPath: String(cString: root))
    }
    return path
  }()

  /// A new empty folder whose name starts with `prefix`.
  package static func make(_ prefix: String) throws -> String {
    let path = root + "/" + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A path for a new file or folder (not made) whose name starts with `prefix`.
  package static func path(_ prefix: String, suffix: String = "") -> String {
    root + "/" + prefix + "-" + UUID().uuidString + suffix
  }
}

/// The root's path for the exit handler, which cannot capture it.
nonisolated(unsafe) private var rootForExit: UnsafeMutablePointer<CChar>?
