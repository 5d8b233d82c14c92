import StepFlowJSON

/// The problems collected while checking one file against a schema.
///
/// Checks never stop at the first problem: each one is recorded here with its location and the
/// check goes on, so that a single run reports everything that is wrong.
package struct DiagnosticLog: Sendable {
  /// The file the locations refer to.
  package let path: String
  /// The problems recorded so far, in the order they were found.
  package private(set) var diagnostics: [Diagnostic] = []
  /// The keys asked for by the object readers at work, innermost last (see ``ObjectReader``).
  package var knownKeys: [String] = []

  package init(path: String) { self.path = path }

  /// Records a problem at a location.
  package mutating func report(_ message: String, at location: TextLocation) {
    diagnostics.append(Diagnostic(path: path, at: location, message: message))
  }

  /// Records problems found elsewhere (for example the parser's duplicate keys).
  package mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }

  /// Whether no problem has been recorded.
  package var isEmpty: Bool { diagnostics.isEmpty }
}
