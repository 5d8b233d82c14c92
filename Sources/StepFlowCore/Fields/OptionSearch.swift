/// The options of a list folded once for type-to-filter: each title's characters in lower
/// case, so that a filter compares scalars without making strings for every key.
///
/// Matching is fuzzy: the filter's characters must appear in the title in order, not
/// necessarily together (`gthb` matches `GitHub`), ignoring case. Matches are ranked best
/// first — letters together, at the start of words, early in the title, in a shorter title —
/// and ties keep the options' order.
package final class OptionSearch: Sendable {
  /// Each option's title, lower-cased, as scalars.
  private let folded: [[Unicode.Scalar]]
  /// Where each option id is first in the options, so that a key never scans them for it.
  package let positions: [String: Int]
  /// Whether an option has a description or a reason it is disabled (the list then keeps a
  /// row for it under the options).
  package let describes: Bool

  package init(_ options: [ChoiceOption]) {
    folded = options.map { Array($0.title.lowercased().unicodeScalars) }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(options.count)
    for (index, option) in options.enumerated() where positions[option.id] == nil {
      positions[option.id] = index
    }
    self.positions = positions
    describes = options.contains { $0.description != nil || $0.disabledReason != nil }
  }

  /// The number of options.
  package var count: Int { folded.count }

  /// The filter as the search compares it: lower case, scalars.
  package static func fold(_ filter: String) -> [Unicode.Scalar] {
    Array(filter.lowercased().unicodeScalars)
  }

  /// The options that match `filter`, best first (see the type).
  /// - Parameters:
  ///   - filter: The filter, folded with ``fold(_:)``.
  ///   - within: The options to look at (those that matched a shorter filter this one
  ///     extends); `nil` for all.
  /// - Returns: The indices of the matching options, best first.
  /// - Complexity: O(n × t) for n options of titles of length t, plus sorting the matches.
  package func matches(_ filter: [Unicode.Scalar], within: [Int]? = nil) -> [Int] {
    guard !filter.isEmpty else { return within ?? Array(folded.indices) }
    var scored: [(score: Int, index: Int)] = []
    func consider(_ index: Int) {
      if let score = Self.score(folded[index], filter) { scored.append((score, index)) }
    }
    if let within {
      // Looked at in the options' order (ties keep it), only those that matched before.
      scored.reserveCapacity(within.count)
      var looked = [Bool](repeating: false, count: folded.count)
      for index in within where looked.indices.contains(index) { looked[index] = true }
      for index in folded.indices where looked[index] { consider(index) }
    } else {
      scored.reserveCapacity(folded.count / 4)
      for index in folded.indices { consider(index) }
    }
    return Self.bestFirst(scored)
  }

  /// The indices by score, highest first, ties in the order they came: scores are small
  /// whole numbers, so they are counted into buckets (linear) rather than compared.
  static func bestFirst(_ scored: [(score: Int, index: Int)]) -> [Int] {
    guard let low = scored.lazy.map(\.score).min(), let high = scored.lazy.map(\.score).max()
    else { return [] }
    // Each bucket's start in the result, highest score first.
    var starts = [Int](repeating: 0, count: high - low + 2)
    for entry in scored { starts[high - entry.score + 1] += 1 }
    for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
    var ordered = [Int](repeating: 0, count: scored.count)
    for entry in scored {
      let bucket = high - entry.score
      ordered[starts[bucket]] = entry.index
      starts[bucket] += 1
    }
    return ordered
  }

  /// Which characters of option `index`'s title match `filter` (positions in its scalars),
  /// for drawing them highlighted; empty when it does not match.
  package func matchedPositions(of index: Int, _ filter: [Unicode.Scalar]) -> [Int] {
    guard folded.indices.contains(index), !filter.isEmpty else { return [] }
    return Self.best(folded[index], filter)?.positions ?? []
  }

  /// The score of the best match of `filter` in `title`, or `nil` when it does not match.
  static func score(_ title: [Unicode.Scalar], _ filter: [Unicode.Scalar]) -> Int? {
    best(title, filter, positions: false)?.score
  }

  /// The best way `filter` matches `title`: each start at an occurrence of the filter's first
  /// character is tried with the earliest match of the rest after it (at most 8 starts).
  private static func best(
    _ title: [Unicode.Scalar], _ filter: [Unicode.Scalar], positions wantPositions: Bool = true
  ) -> (score: Int, positions: [Int])? {
    guard filter.count <= title.count, let first = filter.first else { return nil }
    var bestScore: Int? = nil
    var bestStart = 0
    var starts = 0
    var start = 0
    while start <= title.count - filter.count, starts < 8 {
      guard title[start] == first else {
        start += 1
        continue
      }
      starts += 1
      if let score = scoreFrom(start, title, filter), score > (bestScore ?? Int.min) {
        bestScore = score
        bestStart = start
      }
      start += 1
    }
    guard let bestScore else { return nil }
    guard wantPositions else { return (bestScore, []) }
    var positions: [Int] = []
    var i = bestStart
    for scalar in filter {
      while i < title.count, title[i] != scalar { i += 1 }
      positions.append(i)
      i += 1
    }
    return (bestScore, positions)
  }

  /// The score of matching `filter` from `start` on, taking each next character at its first
  /// occurrence; `nil` when the rest does not follow.
  private static func scoreFrom(_ start: Int, _ title: [Unicode.Scalar], _ filter: [Unicode.Scalar])
    -> Int?
  {
    var score = 0
    var i = start
    var previous = -2
    for scalar in filter {
      while i < title.count, title[i] != scalar { i += 1 }
      guard i < title.count else { return nil }
      score += 10
      if i == previous + 1 { score += 15 }
      if i == 0 || isBoundary(title[i - 1]) { score += 20 }
      if previous >= 0 { score -= Swift.min(i - previous - 1, 10) }
      previous = i
      i += 1
    }
    // Earlier and shorter is better.
    score -= Swift.min(start, 20)
    score -= Swift.min(title.count - filter.count, 40) / 4
    return score
  }

  private static func isBoundary(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "-", "_", ".", "/", "(", "[", ":", ",", "+": return true
    default: return false
    }
  }
}
