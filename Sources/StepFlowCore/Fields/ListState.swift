extension FieldSpec {
  /// The most rows a list shows at once; longer lists scroll (PgUp/PgDn move a page).
  package static let maxListRows = 8

  /// The rows a list of `count` options shows.
  package static func listRows(_ count: Int) -> Int { Swift.max(1, Swift.min(count, maxListRows)) }
}

/// The view of a list that type-to-filter and scrolling change: which options are shown in
/// which order, which row is highlighted and which row is at the top.
package struct ListState: Hashable, Sendable {
  /// What was typed to filter (empty: every option, in order).
  package private(set) var filter: String = ""
  /// The options the filter matches, best first (`nil` without a filter: all of them).
  package private(set) var matches: [Int]? = nil
  /// The highlighted row, counted in what is shown.
  package private(set) var row: Int = 0
  /// The first row shown.
  package private(set) var top: Int = 0
  /// The shorter filters this one extends and their matches, shortest first (kept so that
  /// Backspace costs no search).
  package private(set) var earlier: [Filtered] = []
  /// The longer filters Backspace left that extend this one, and their matches (kept so that
  /// typing the character again costs no search); at most ``laterLimit``.
  package private(set) var later: [Filtered] = []
  /// How many filters ``later`` keeps.
  static let laterLimit = 8

  /// A filter and the options it matches, best first.
  package struct Filtered: Hashable, Sendable {
    package var filter: String
    package var matches: [Int]
  }

  package init(later: [Filtered] = []) {
    self.later = later
  }

  package init(filter: String, matches: [Int], earlier: [Filtered] = [], later: [Filtered] = []) {
    self.filter = filter
    self.matches = matches
    self.earlier = earlier
    self.later = later
  }

  /// The number of rows shown for a list of `total` options.
  package func count(of total: Int) -> Int { matches?.count ?? total }

  /// The option shown at `row`.
  package func option(atRow row: Int) -> Int {
    guard let matches else { return row }
    return matches.indices.contains(row) ? matches[row] : 0
  }

  /// Highlights `row`, scrolling the fewest rows that keep it among the `page` rows shown.
  package mutating func move(to row: Int, page: Int) {
    self.row = row
    if row < top { top = row }
    if row >= top + page { top = row - page + 1 }
  }
}
