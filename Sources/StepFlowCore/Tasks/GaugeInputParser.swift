/// What one piece of gauge input changed.
package struct GaugeUpdate: Equatable, Sendable {
  /// The new percentage, 0…100, if the input set one.
  package var percent: Int?
  /// The new message (lines joined with newlines), if the input set one.
  package var message: String?

  package init(percent: Int? = nil, message: String? = nil) {
    self.percent = percent
    self.message = message
  }
}

/// Reads the input of `dialog --gauge` incrementally, from chunks of bytes as they arrive: the
/// input of `stepflow gauge`, and the output of a task with `progress: "percent"`.
///
/// - A line holding a number sets the percentage; it is clamped to 0…100, and a fraction is
///   cut off (`37.9` is 37).
/// - A line `XXX` opens a block: its first line is the percentage (when it is a number), the
///   following lines are the message, and a second `XXX` closes it and applies both. As in
///   dialog, a literal `\n` in a message line starts a new line.
/// - Any other line is ignored. Surrounding blanks and a final carriage return do not count.
/// - A line without its newline waits for the next chunk; ``finish()`` takes it as a line and
///   applies an open block as far as it got.
/// - A line longer than `maxLineLength` bytes (64 KiB) is ignored as it arrives, without keeping
///   it: ``overlongLines`` counts them, and the lines after it work as before.
/// - A block keeps at most `maxLineLength` bytes of message (64 KiB, more than a screen shows);
///   the lines after that are dropped as they arrive, up to the closing `XXX`, so a block that
///   is never closed costs bounded memory. Each line costs time in proportion to its length
///   only: 40,000 message lines are read as fast as 40,000 percentages.
package struct GaugeInputParser: Sendable {
  private var partial: [UInt8] = []
  private var block: Block?
  private let maxLineLength: Int
  /// Whether the rest of an overlong line is being dropped.
  private var skipping = false
  /// How many lines were ignored for being longer than the limit.
  package private(set) var overlongLines = 0

  /// An `XXX` block being read.
  private struct Block: Sendable {
    var percent: Int?
    var lines: [String] = []
    var readFirstLine = false
    /// The bytes of message kept so far.
    var size = 0
  }

  /// The longest line that is read, 64 KiB (``Platform.maxLineLength`` at the edge).
  package static let defaultMaxLineLength = 64 << 10

  package init(maxLineLength: Int = GaugeInputParser.defaultMaxLineLength) {
    self.maxLineLength = maxLineLength
  }

  /// Whether an `XXX` block is open.
  package var isInBlock: Bool { block != nil }

  /// Takes the next chunk of input.
  /// - Returns: the updates of the complete lines in it, in order.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [GaugeUpdate] {
    var updates: [GaugeUpdate] = []
    let chunk = Array(bytes)
    var rest = chunk[...]
    while !rest.isEmpty {
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let piece = rest[..<(newline ?? rest.endIndex)]
      if !skipping {
        if partial.count + piece.count > maxLineLength {
          // Too long: dropped, and so is the rest of it up to its newline.
          skipping = true
          overlongLines += 1
          partial.removeAll(keepingCapacity: true)
        } else {
          partial.append(contentsOf: piece)
        }
      }
      guard let newline else { break }
      if !skipping, let update = line(partial) { updates.append(update) }
      skipping = false
      partial.removeAll(keepingCapacity: true)
      rest = rest[(newline + 1)...]
    }
    return updates
  }

  /// The input ended: the last line without a newline, and an unclosed block, take effect.
  package mutating func finish() -> [GaugeUpdate] {
    var updates: [GaugeUpdate] = []
    if !skipping, !partial.isEmpty, let update = line(partial) { updates.append(update) }
    skipping = false
    partial.removeAll()
    if let open = block {
      block = nil
      if open.percent != nil || !open.lines.isEmpty {
        updates.append(GaugeUpdate(percent: open.percent, message: Self.message(open.lines)))
      }
    }
    return updates
  }

  /// Applies one line (without its newline).
  private mutating func line(_ bytes: [UInt8]) -> GaugeUpdate? {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.last == "\r" { text.removeLast() }
    let trimmed = Self.trimmed(text)
    // Read and changed in place: a copy of the block (taken out, changed, put back) copied
    // every line read so far at every line — 40,000 message lines took 15 s.
    guard let readFirstLine = block?.readFirstLine, let size = block?.size else {
      if trimmed == "XXX" {
        block = Block()
        return nil
      }
      return Self.percent(in: trimmed).map { GaugeUpdate(percent: $0) }
    }
    if trimmed == "XXX" {
      let closed = block
      block = nil
      return GaugeUpdate(percent: closed?.percent, message: Self.message(closed?.lines ?? []))
    }
    if !readFirstLine, let percent = Self.percent(in: trimmed) {
      block?.percent = percent
    } else if size + text.utf8.count <= maxLineLength {
      block?.lines.append(text)
      block?.size += text.utf8.count + 1
    }
    block?.readFirstLine = true
    return nil
  }

  /// The message of a block's lines, with dialog's `\n` turned into newlines.
  private static func message(_ lines: [String]) -> String {
    var parts: [String] = []
    for line in lines {
      var rest = Substring(line)
      while let range = rest.firstRange(of: "\\n") {
        parts.append(String(rest[..<range.lowerBound]))
        rest = rest[range.upperBound...]
      }
      parts.append(String(rest))
    }
    return parts.joined(separator: "\n")
  }

  /// The text without leading and trailing spaces and tabs.
  package static func trimmed(_ text: String) -> Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return text[first...last]
  }

  /// The percentage a line holds: an optional sign, digits, an optional fraction (cut off),
  /// clamped to 0…100; `nil` when the line is not a number.
  package static func percent(in text: Substring) -> Int? {
    var digits = text.utf8[...]
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    let whole = digits.prefix(while: isDigit)
    guard !whole.isEmpty else { return nil }
    let rest = digits.dropFirst(whole.count)
    if let point = rest.first {
      guard point == UInt8(ascii: "."), rest.dropFirst().allSatisfy(isDigit) else { return nil }
    }
    var value = 0
    for digit in whole {
      value = min(1000, value * 10 + Int(digit - UInt8(ascii: "0")))
    }
    return negative ? 0 : min(100, value)
  }
}
