import StepFlowText

/// The output of a task as it is kept: the last ``limit`` bytes (1 MiB) of stdout and stderr
/// interleaved in the order they came, each byte knowing its stream.
///
/// Lines are cut out of it only for what is shown (the last few under the progress, a window of the
/// `l` pane), so keeping a command's output costs a copy per chunk, whatever its size.
///
/// Offsets are absolute — counted from the first byte the task ever wrote — so a position in
/// the pane stays valid while older output is dropped.
package struct TaskLog: Equatable, Sendable {
  /// The most bytes kept.
  package let limit: Int
  private var storage: [UInt8] = []
  /// Where the kept bytes start in `storage` (older ones are dropped in bulk).
  private var head = 0
  /// The absolute offset of `storage[head]`.
  package private(set) var firstOffset = 0
  /// Where each stream's runs end: (stream, absolute end), in order.
  private var runs: [(stream: TaskStream, end: Int)] = []

  /// The default limit: the last 1 MiB.
  package static let defaultLimit = 1 << 20

  package init(limit: Int = TaskLog.defaultLimit) {
    self.limit = max(1, limit)
  }

  package static func == (a: TaskLog, b: TaskLog) -> Bool {
    a.endOffset == b.endOffset && a.firstOffset == b.firstOffset
  }

  /// The absolute offset after the last byte.
  package var endOffset: Int { firstOffset + storage.count - head }
  /// How many bytes were written in all.
  package var total: Int { endOffset }
  /// How many of the first bytes were dropped to keep within the limit.
  package var droppedBytes: Int { firstOffset }
  package var isEmpty: Bool { endOffset == 0 }

  /// Adds a chunk of output.
  package mutating func append(_ bytes: some Collection<UInt8>, from stream: TaskStream) {
    guard !bytes.isEmpty else { return }
    let chunk = bytes.count > limit ? Array(bytes.suffix(limit)) : Array(bytes)
    firstOffset += bytes.count - chunk.count
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    storage.append(contentsOf: chunk)
    if let last = runs.last, last.stream == stream {
      runs[runs.count - 1].end = endOffset
    } else {
      runs.append((stream, endOffset))
    }
    let excess = storage.count - head - limit
    if excess > 0 {
      head += excess
      firstOffset += excess
    }
    if head > limit {
      storage.removeSubrange(..<head)
      head = 0
    }
    if let firstKept = runs.firstIndex(where: { $0.end > firstOffset }), firstKept > 0 {
      runs.removeFirst(firstKept)
    }
  }

  /// The byte at an absolute offset (which must be kept).
  private func byte(at offset: Int) -> UInt8 { storage[head + offset - firstOffset] }

  /// The stream of the byte at an absolute offset.
  package func stream(at offset: Int) -> TaskStream {
    runs.first { $0.end > offset }?.stream ?? .stdout
  }

  /// The kept bytes of one stream, in order (`gauge --show-output`).
  package func bytes(of stream: TaskStream) -> [UInt8] {
    var result: [UInt8] = []
    var start = firstOffset
    for run in runs {
      if run.stream == stream, run.end > start {
        result +=
          storage[(head + max(start, firstOffset) - firstOffset)..<(head + run.end - firstOffset)]
      }
      start = run.end
    }
    return result
  }

  /// One line of output, ready to draw.
  package struct Line: Equatable, Sendable {
    package var stream: TaskStream
    /// The text, sanitized: invalid UTF-8 as `�`, control characters escaped (`\x1B`), tabs
    /// as spaces, and for a carriage return only what came after it (a progress line
    /// redrawn in place shows as its latest state).
    package var text: String
    /// Where the line starts, and where the next one does.
    package var start: Int
    package var next: Int
  }

  /// Where the line holding `offset` starts (a kept offset; the first kept byte at the
  /// earliest).
  package func lineStart(containing offset: Int) -> Int {
    var position = min(max(offset, firstOffset), endOffset)
    while position > firstOffset, byte(at: position - 1) != 0x0A { position -= 1 }
    return position
  }

  /// Where the line before the one starting at `start` starts (`start` when it is the first).
  package func previousLineStart(before start: Int) -> Int {
    guard start > firstOffset else { return firstOffset }
    return lineStart(containing: start - 1)
  }

  /// Up to `count` lines from the one starting at `start`, in order.
  package func lines(from start: Int, count: Int) -> [Line] {
    var result: [Line] = []
    var position = max(start, firstOffset)
    while result.count < count, position < endOffset {
      var end = position
      while end < endOffset, byte(at: end) != 0x0A { end += 1 }
      result.append(line(from: position, to: end))
      position = end + 1
    }
    return result
  }

  /// The last `count` lines; a last line without its newline counts, an empty one after a
  /// final newline does not.
  package func lastLines(_ count: Int) -> [Line] {
    guard count > 0, !isEmpty else { return [] }
    var starts: [Int] = []
    var end = endOffset
    if byte(at: end - 1) == 0x0A { end -= 1 }
    var position = end
    while starts.count < count, position > firstOffset || starts.isEmpty {
      let start = lineStart(containing: position)
      starts.append(start)
      if start <= firstOffset { break }
      position = start - 1
    }
    return starts.reversed().flatMap { lines(from: $0, count: 1) }
  }

  /// The number of lines kept (for the pane's position); counts every byte once.
  package var lineCount: Int {
    guard !isEmpty else { return 0 }
    var count = 0
    for i in head..<storage.count where storage[i] == 0x0A { count += 1 }
    return storage.last == 0x0A ? count : count + 1
  }

  private func line(from start: Int, to end: Int) -> Line {
    var slice = storage[(head + start - firstOffset)..<(head + end - firstOffset)]
    if slice.last == 0x0D { slice = slice.dropLast() }
    if let cr = slice.lastIndex(of: 0x0D) { slice = slice[(cr + 1)...] }
    return Line(
      stream: stream(at: start), text: Self.displayText(slice), start: start,
      next: min(end + 1, endOffset))
  }

  /// Output bytes as text that is safe to draw: invalid UTF-8 replaced, tabs expanded to the
  /// next multiple of 8, every control character escaped.
  package static func displayText(_ bytes: some Collection<UInt8>) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.contains("\t") {
      var expanded = ""
      var column = 0
      for c in text {
        if c == "\t" {
          let spaces = 8 - column % 8
          expanded += String(repeating: " ", count: spaces)
          column += spaces
        } else {
          expanded.append(c)
          column += 1
        }
      }
      text = expanded
    }
    return Sanitizer.sanitize(text)
  }
}
