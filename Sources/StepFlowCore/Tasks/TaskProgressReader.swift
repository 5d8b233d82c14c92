/// Reads a command's progress from its output as it arrives, for a ``TaskProgressMode``: the
/// gauge protocol on stdout (`percent`), the first group of the latest output line that matches
/// a pattern (`pattern`), or nothing (`none`).
///
/// Output comes in chunks; only the latest state matters, so a pattern is looked for from the
/// end of each chunk backwards and the first line that matches is the one taken — a chatty
/// command costs a scan, not a match per line. A line longer than 64 KiB is never matched.
package struct TaskProgressReader: Sendable {
  package let mode: TaskProgressMode
  /// How far the work is, 0…1; `nil` until the output said.
  package private(set) var fraction: Double?
  /// The message of the latest `XXX` block (`percent`).
  package private(set) var message: String?
  private var gauge = GaugeInputParser()
  /// The unfinished last line of each stream (`pattern`), at most ``maxLine`` bytes.
  private var partial: [TaskStream: [UInt8]] = [:]

  /// The longest line a pattern is matched against.
  package static let maxLine = 64 << 10

  package init(mode: TaskProgressMode) {
    self.mode = mode
  }

  /// Reads a chunk of output.
  /// - Returns: whether the fraction or the message changed.
  @discardableResult
  package mutating func read(_ bytes: [UInt8], from stream: TaskStream) -> Bool {
    switch mode {
    case .none:
      return false
    case .percent:
      guard stream == .stdout else { return false }
      return apply(gauge.feed(bytes))
    case .pattern(let pattern):
      return search(bytes, from: stream, pattern.compiled)
    }
  }

  /// The output ended: a last line without a newline counts too.
  @discardableResult
  package mutating func finish() -> Bool {
    switch mode {
    case .none:
      return false
    case .percent:
      return apply(gauge.finish())
    case .pattern(let pattern):
      var changed = false
      for stream in [TaskStream.stdout, .stderr] {
        guard let line = partial[stream], !line.isEmpty else { continue }
        if let value = Self.value(in: line, pattern.compiled) { changed = set(value) || changed }
      }
      partial = [:]
      return changed
    }
  }

  private mutating func apply(_ updates: [GaugeUpdate]) -> Bool {
    var changed = false
    for update in updates {
      if let percent = update.percent { changed = set(Double(percent) / 100) || changed }
      if let text = update.message, text != message {
        message = text
        changed = true
      }
    }
    return changed
  }

  private mutating func set(_ value: Double) -> Bool {
    guard value != fraction else { return false }
    fraction = value
    return true
  }

  private mutating func search(_ bytes: [UInt8], from stream: TaskStream, _ pattern: FieldPattern)
    -> Bool
  {
    let newline = UInt8(ascii: "\n")
    guard let last = bytes.lastIndex(of: newline) else {
      var line = partial[stream] ?? []
      if line.count + bytes.count <= Self.maxLine { line += bytes } else { line = [] }
      partial[stream] = line
      return false
    }
    // Complete lines: the kept start of the first, then the chunk up to its last newline.
    var end = last
    var found: Double?
    while found == nil {
      let start = bytes[..<end].lastIndex(of: newline).map { $0 + 1 } ?? 0
      var line = bytes[start..<end]
      if start == 0, let kept = partial[stream], !kept.isEmpty {
        found = Self.value(in: kept + Array(line), pattern)
      } else {
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        found = Self.value(in: line, pattern)
      }
      if start == 0 { break }
      end = start - 1
    }
    let rest = bytes[(last + 1)...]
    partial[stream] = rest.count <= Self.maxLine ? Array(rest) : []
    guard let found else { return false }
    return set(found)
  }

  /// The number a line gives: the first group (or whole match) of the pattern, read as a
  /// percentage 0–100 (a fraction allowed, clamped).
  private static func value(in line: some Collection<UInt8>, _ pattern: FieldPattern) -> Double? {
    guard !line.isEmpty, line.count <= maxLine else { return nil }
    if let required = pattern.requiredByte, !line.contains(required) { return nil }
    let text = String(decoding: line, as: UTF8.self)
    guard let group = pattern.firstGroup(in: text) else { return nil }
    return percent(in: group)
  }

  /// The leading number of a text (`42`, `37.5`, `100%`), as a fraction 0…1.
  package static func percent(in text: Substring) -> Double? {
    var digits = ""
    var seenPoint = false
    for c in text.drop(while: { $0 == " " || $0 == "\t" }) {
      if c.isASCII, c.isWholeNumber {
        digits.append(c)
      } else if c == ".", !seenPoint, !digits.isEmpty {
        seenPoint = true
        digits.append(c)
      } else {
        break
      }
    }
    if digits.last == "." { digits.removeLast() }
    guard let value = Double(digits), value.isFinite else { return nil }
    return min(100, max(0, value)) / 100
  }
}
