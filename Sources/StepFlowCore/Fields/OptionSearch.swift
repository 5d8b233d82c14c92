/// The options of a list folded once for type-to-filter: each title's characters in lower
/// case, so that a filter compares scalars without making strings for every key.
///
/// Matching is fuzzy: the filter's characters must appear in the title in order, not
/// necessarily together (`gthb` matches `GitHub`), ignoring case. Matches are ranked best
/// first — letters together, at the start of words, early in the title, in a shorter title —
/// and ties keep the options' order.
package final class OptionSearch: Sendable {
  /// Every title's scalars, lower-cased, one title after another: one buffer that a search
  /// walks, not an array a title (whose references each look would count).
  private let text: [UInt32]
  /// Where each title starts in ``text``, and one more: where the last one ends.
  private let starts: [Int]
  /// Which letters and digits each title has (``mask(_:)``): a title that lacks one of the
  /// filter's is passed over without being read.
  private let masks: [UInt64]
  /// Where each option id is first in the options, so that a key never scans them for it.
  package let positions: [String: Int]
  /// Whether an option has a description or a reason it is disabled (the list then keeps a
  /// row for it under the options).
  package let describes: Bool

  package init(_ options: [ChoiceOption]) {
    var text: [UInt32] = []
    var starts = [0]
    var masks: [UInt64] = []
    starts.reserveCapacity(options.count + 1)
    masks.reserveCapacity(options.count)
    for option in options {
      var mask: UInt64 = 0
      for scalar in option.title.lowercased().unicodeScalars {
        text.append(scalar.value)
        mask |= Self.bit(scalar.value)
      }
      starts.append(text.count)
      masks.append(mask)
    }
    self.text = text
    self.starts = starts
    self.masks = masks
    var positions: [String: Int] = [:]
    positions.reserveCapacity(options.count)
    for (index, option) in options.enumerated() where positions[option.id] == nil {
      positions[option.id] = index
    }
    self.positions = positions
    describes = options.contains { $0.description != nil || $0.disabledReason != nil }
  }

  /// The number of options.
  package var count: Int { masks.count }

  /// The filter as the search compares it: lower case, scalars.
  package static func fold(_ filter: String) -> [Unicode.Scalar] {
    Array(filter.lowercased().unicodeScalars)
  }

  /// A scalar's bit in a title's mask: one each for `a`–`z` and `0`–`9`, the others share 28.
  private static func bit(_ scalar: UInt32) -> UInt64 {
    switch scalar {
    case 0x61...0x7A: return 1 << UInt64(scalar - 0x61)
    case 0x30...0x39: return 1 << UInt64(26 + scalar - 0x30)
    default: return 1 << UInt64(36 + scalar % 28)
    }
  }

  /// The bits of every scalar of `filter`.
  private static func mask(_ filter: [UInt32]) -> UInt64 {
    filter.reduce(0) { $0 | bit($1) }
  }

  /// The options that match `filter`, best first (see the type).
  /// - Parameters:
  ///   - filter: The filter, folded with ``fold(_:)``.
  ///   - within: The options to look at (those that matched a shorter filter this one
  ///     extends); `nil` for all.
  /// - Returns: The indices of the matching options, best first.
  /// - Complexity: O(n × t) for n options of titles of length t, plus sorting the matches.
  package func matches(_ filter: [Unicode.Scalar], within: [Int]? = nil) -> [Int] {
    guard !filter.isEmpty else { return within ?? Array(0..<count) }
    let folded = filter.map(\.value)
    let needed = Self.mask(folded)
    var scored: [(score: Int, index: Int)] = []
    scored.reserveCapacity(within?.count ?? count / 4)
    text.withUnsafeBufferPointer { text in
      starts.withUnsafeBufferPointer { starts in
        masks.withUnsafeBufferPointer { masks in
          folded.withUnsafeBufferPointer { filter in
            func consider(_ index: Int) {
              guard needed & ~masks[index] == 0 else { return }
              let title = UnsafeBufferPointer(rebasing: text[starts[index]..<starts[index + 1]])
              if let score = Self.best(title, filter) { scored.append((score, index)) }
            }
            if let within {
              // Looked at in the options' order (ties keep it), only those that matched before.
              var looked = [Bool](repeating: false, count: masks.count)
              for index in within where looked.indices.contains(index) { looked[index] = true }
              for index in masks.indices where looked[index] { consider(index) }
            } else {
              for index in masks.indices { consider(index) }
            }
          }
        }
      }
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
    guard masks.indices.contains(index), !filter.isEmpty else { return [] }
    let folded = filter.map(\.value)
    return text.withUnsafeBufferPointer { text in
      folded.withUnsafeBufferPointer { filter in
        let title = UnsafeBufferPointer(rebasing: text[starts[index]..<starts[index + 1]])
        guard let start = Self.bestStart(title, filter) else { return [] }
        var positions: [Int] = []
        var i = start
        for scalar in filter {
          while i < title.count, title[i] != scalar { i += 1 }
          positions.append(i)
          i += 1
        }
        return positions
      }
    }
  }

  /// The score of the best match of `filter` in `title`, or `nil` when it does not match.
  static func score(_ title: [Unicode.Scalar], _ filter: [Unicode.Scalar]) -> Int? {
    let (title, filter) = (title.map(\.value), filter.map(\.value))
    return title.withUnsafeBufferPointer { title in
      filter.withUnsafeBufferPointer { best(title, $0) }
    }
  }

  /// The score of the best way `filter` matches `title` (see ``bestStart(_:_:)``).
  private static func best(
    _ title: UnsafeBufferPointer<UInt32>, _ filter: UnsafeBufferPointer<UInt32>
  )
    -> Int?
  {
    bestMatch(title, filter)?.score
  }

  /// Where the best way `filter` matches `title` starts.
  private static func bestStart(
    _ title: UnsafeBufferPointer<UInt32>, _ filter: UnsafeBufferPointer<UInt32>
  ) -> Int? {
    bestMatch(title, filter)?.start
  }

  /// The best way `filter` matches `title`: each start at an occurrence of the filter's first
  /// character is tried with the earliest match of the rest after it (at most 8 starts).
  private static func bestMatch(
    _ title: UnsafeBufferPointer<UInt32>, _ filter: UnsafeBufferPointer<UInt32>
  ) -> (score: Int, start: Int)? {
    guard filter.count <= title.count, let first = filter.first else { return nil }
    var best: (score: Int, start: Int)? = nil
    var starts = 0
    var start = 0
    let last = title.count - filter.count
    while start <= last, starts < 8 {
      guard title[start] == first else {
        start += 1
        continue
      }
      starts += 1
      guard let score = scoreFrom(start, title, filter) else {
        // The rest does not follow this start: it follows no later one either.
        break
      }
      if score > (best?.score ?? Int.min) { best = (score, start) }
      start += 1
    }
    return best
  }

  /// The score of matching `filter` from `start` on, taking each next character at its first
  /// occurrence; `nil` when the rest does not follow.
  private static func scoreFrom(
    _ start: Int, _ title: UnsafeBufferPointer<UInt32>, _ filter: UnsafeBufferPointer<UInt32>
  ) -> Int? {
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

  private static func isBoundary(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x20, 0x2D, 0x5F, 0x2E, 0x2F, 0x28, 0x5B, 0x3A, 0x2C, 0x2B: return true  // " -_./([:,+"
    default: return false
    }
  }
}
