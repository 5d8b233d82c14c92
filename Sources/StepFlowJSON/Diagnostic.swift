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
  /// Control characters in the path (a newline that would forge another line, an escape
  /// sequence) are shown escaped.
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

/// Text from a file made safe and short for a message: in double quotes, escaped like a JSON
/// string (so control characters show as `\u001b` and never reach the terminal), and cut to
/// `limit` characters with `…`.
package func quoted(_ text: String, limit: Int = 40) -> String {
  var scalars = String.UnicodeScalarView()
  var count = 0
  for scalar in text.unicodeScalars {
    if count == limit {
      scalars.append("…")
      break
    }
    scalars.append(scalar)
    count += 1
  }
  var bytes: [UInt8] = []
  JSONWriter.appendString(String(scalars), to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// `"a", "b" or "c"` — a list of words for a message.
package func quotedList(_ words: [String], conjunction: String = "or") -> String {
  let items = words.map { quoted($0) }
  guard let last = items.last else { return "" }
  if items.count == 1 { return last }
  return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
