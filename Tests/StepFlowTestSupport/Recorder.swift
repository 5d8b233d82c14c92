import Synchronization

/// Collects what a closure saw, in order (closures given to a flow are `@Sendable`).
package final class Recorder: Sendable {
  private let storage = Mutex<[String]>([])

  package init() {}

  /// What was recorded so far.
  package var lines: [String] { storage.withLock { $0 } }

  /// Records one line.
  package func record(_ line: String) { storage.withLock { $0.append(line) } }
}
