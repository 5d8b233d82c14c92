import StepFlowRender
import StepFlowText

/// Help pages laid out for an 80-column terminal: prose paragraphs filled to the width, and
/// the two-column rows of options, keys and exit codes wrapped under their second column.
///
/// The texts are written as they read; the width is kept here, once, so that a list that
/// grows (the kinds of `ask`, the built-in flows) or a longer option never makes a line wider.
package enum HelpLayout {
  /// The most columns a line of help takes.
  package static let width = 80

  /// `text` with every line at most ``width`` columns.
  ///
  /// A paragraph is a run of lines that start in the first column (a heading that ends with
  /// `:` and a `usage:` line stand alone); its words are filled again. An indented line whose
  /// text has a second column (two spaces or more after the first) is a row: its text and the
  /// lines indented to that column under it are filled within that column. Other indented
  /// lines (examples of commands) are kept as they are written.
  package static func formatted(_ text: String) -> String {
    var out: [String] = []
    var paragraph: [Substring] = []
    var row: (prefix: String, column: Int, words: [Substring])? = nil
    func flush() {
      if !paragraph.isEmpty {
        out += TextLayout.wrap(paragraph.joined(separator: " "), width: width)
        paragraph = []
      }
      if let current = row {
        let lines = TextLayout.wrap(
          current.words.joined(separator: " "), width: max(20, width - current.column))
        let indent = String(repeating: " ", count: current.column)
        out += lines.enumerated().map { ($0 == 0 ? current.prefix : indent) + $1 }
        row = nil
      }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      if line.isEmpty {
        flush()
        out.append("")
      } else if indent == 0 {
        if row != nil { flush() }
        if line.hasSuffix(":") || line.hasPrefix("usage:") {
          flush()
          out.append(String(line))
        } else {
          paragraph.append(line)
        }
      } else if let current = row, indent == current.column {
        row?.words.append(line.dropFirst(indent))
      } else if let column = secondColumn(of: line) {
        flush()
        row = (String(line.prefix(column)), column, [line.dropFirst(column)])
      } else {
        flush()
        out.append(String(line))
      }
    }
    flush()
    return out.joined(separator: "\n")
  }

  /// Where the second column of an indented row starts: after the first run of two spaces or
  /// more that follows its first text, if there is one.
  private static func secondColumn(of line: Substring) -> Int? {
    let characters = Array(line)
    var i = characters.prefix { $0 == " " }.count
    while i < characters.count {
      if characters[i] == " " {
        var j = i
        while j < characters.count, characters[j] == " " { j += 1 }
        if j - i >= 2, j < characters.count { return j }
        i = j
      } else {
        i += 1
      }
    }
    return nil
  }
}
