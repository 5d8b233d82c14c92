import StepFlowText

/// A place in a text file: a 1-based line and a 1-based column counted in characters
/// (Unicode scalars), the way an editor shows it.
package struct TextLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Stored in 32 bits each so that every located value stays small (files beyond 2^31 lines
  // or columns are clamped).
  private var storedLine: Int32
  private var storedColumn: Int32

  package init(line: Int, column: Int) {
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  /// The line, from 1.
  package var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }

  /// The column, from 1, counted in Unicode scalars (a tab is one column).
  package var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  package static func < (a: TextLocation, b: TextLocation) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  /// `line:column`.
  package var description: String { "\(line):\(column)" }
}

/// One problem found in a file, with where it is: `wizards/x.json:3:14: expected "," or "}" …`.
package struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  package var path: String
  /// The line, from 1.
  package var line: Int
  /// The column, from 1, counted in Unicode scalars.
  package var column: Int
  /// What is wrong, in words a wizard author understands (no trailing full stop).
  package var message: String

  package init(path: String, line: Int, column: Int, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  package init(path: String, at location: TextLocation, message: String) {
    self.init(path: path, line: location.line, column: location.column, message: message)
  }

  /// Where the problem is.
  package var location: TextLocation { TextLocation(line: line, column: column) }

  /// `path:line:column: message` — the form compilers use, which editors and terminals link.
  ///
  /// Control characters in the path (a newline that would forge another line, an escape sequence)
  /// are shown escaped.
  package var description: String { "\(Sanitizer.sanitize(path)):\(line):\(column): \(message)" }
}

/// Every problem found in one or more files; the error that loading a file throws.
package struct Diagnostics: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problems, in the order they should be shown.
  package var all: [Diagnostic]

  package init(_ all: [Diagnostic]) { self.all = all }

  /// One `path:line:column: message` line per problem.
  package var description: String { all.map(\.description).joined(separator: "\n") }
}

extension Array where Element == Diagnostic {
  /// The diagnostics ordered by file, line and column; problems at the same place keep their order.
  package func sortedByLocation() -> [Diagnostic] {
    enumerated().sorted { a, b in
      (a.element.path, a.element.line, a.element.column, a.offset)
        < (b.element.path, b.element.line, b.element.column, b.offset)
    }.map(\.element)
  }
}
