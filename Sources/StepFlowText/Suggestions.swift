/// "Did you mean …?" — the closest known word to a mistyped one.
package enum Suggestions {
  /// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo
  /// (at most a third of the word's length, and at least 1 edit allowed; case is ignored).
  package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let d = distance(target, Array(candidate.lowercased().unicodeScalars))
      if d < (best?.distance ?? Int.max) { best = (candidate, d) }
    }
    guard let best else { return nil }
    let allowed = max(1, max(target.count, best.candidate.count) / 3)
    return best.distance <= allowed ? best.candidate : nil
  }

  /// The edit distance between two scalar arrays, counting a swap of neighbours as one edit
  /// (so `nxet` is one edit from `next`).
  package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
      }
      before = previous
      previous = current
    }
    return previous[b.count]
  }

  /// ` (did you mean "X"?)` when there is a close candidate, else the empty string.
  package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
    closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
  }
}
