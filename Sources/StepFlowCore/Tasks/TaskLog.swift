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
  /// The kept bytes: contiguous until `limit` bytes came, then a ring of `limit` bytes whose
  /// oldest byte is at `start`.
  private var storage: [UInt8] = []
  private var start = 0
  /// How many bytes are kept.
  private var kept = 0
  /// The absolute offset after the last byte.
  package private(set) var endOffset = 0
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

  /// The absolute offset of the first kept byte.
  package var firstOffset: Int { endOffset - kept }
  /// How many bytes were written in all.
  package var total: Int { endOffset }
  /// How many of the first bytes were dropped to keep within the limit (or passed unread).
  package var droppedBytes: Int { firstOffset }
  /// Whether no byte is kept.
  package var isEmpty: Bool { kept == 0 }

  /// Adds a chunk of output: one copy into the ring, whatever its size (only its last
  /// ``limit`` bytes are copied).
  package mutating func append(_ bytes: some Collection<UInt8>, from stream: TaskStream) {
    guard !bytes.isEmpty else { return }
    let written = bytes.count
    if written == limit, let whole = bytes as? [UInt8] {
      // Exactly a log's worth (a flood's ring, taken whole): it becomes the log, uncopied.
      storage = whole
      start = 0
      kept = limit
    } else if bytes.withContiguousStorageIfAvailable({ write($0) }) == nil {
      Array(bytes).withUnsafeBufferPointer { write($0) }
    }
    endOffset += written
    if let last = runs.last, last.stream == stream {
      runs[runs.count - 1].end = endOffset
    } else {
      runs.append((stream, endOffset))
    }
    if let firstKept = runs.firstIndex(where: { $0.end > firstOffset }), firstKept > 0 {
      runs.removeFirst(firstKept)
    }
  }

  /// Notes `count` bytes of `stream` that came but were not read: the bytes kept before them
  /// are dropped (what follows is not contiguous with them).
  ///
  /// A negative count: the last
  /// `-count` bytes come again, whole (of a flood, the log kept only the end) — all that is
  /// kept is dropped, and the end goes back by as much.
  package mutating func skip(_ count: Int, of stream: TaskStream) {
    guard count != 0 else { return }
    endOffset += count
    kept = 0
    start = 0
    storage.removeAll(keepingCapacity: true)
    runs = [(stream, endOffset)]
  }

  /// Copies the last `limit` bytes of `chunk` after the kept ones, dropping the oldest.
  private mutating func write(_ chunk: UnsafeBufferPointer<UInt8>) {
    var rest = chunk.count > limit ? UnsafeBufferPointer(rebasing: chunk.suffix(limit)) : chunk
    if storage.count < limit {
      // Not yet full size: contiguous from 0.
      let fit = min(rest.count, limit - storage.count)
      storage.append(contentsOf: UnsafeBufferPointer(rebasing: rest.prefix(fit)))
      kept += fit
      rest = UnsafeBufferPointer(rebasing: rest.dropFirst(fit))
      if rest.isEmpty { return }
    }
    // Full size: a ring. Write at its end, then the oldest bytes that were overwritten go.
    storage.withUnsafeMutableBufferPointer { ring in
      var position = (start + kept) % limit
      var source = rest
      while let from = source.baseAddress, !source.isEmpty, let to = ring.baseAddress {
        let n = min(source.count, limit - position)
        (to + position).update(from: from, count: n)
        source = UnsafeBufferPointer(rebasing: source.dropFirst(n))
        position = (position + n) % limit
      }
    }
    let overflow = max(0, kept + rest.count - limit)
    kept = min(limit, kept + rest.count)
    start = (start + overflow) % limit
  }

  /// The byte at an absolute offset (which must be kept).
  private func byte(at offset: Int) -> UInt8 {
    storage[(start + offset - firstOffset) % storage.count]
  }

  /// The kept bytes from `from` to `to` (absolute offsets), in order.
  private func bytes(from: Int, to: Int) -> [UInt8] {
    let count = to - from
    guard count > 0 else { return [] }
    let first = (start + from - firstOffset) % storage.count
    if first + count <= storage.count { return Array(storage[first..<(first + count)]) }
    return Array(storage[first...]) + storage[..<(first + count - storage.count)]
  }

  /// The stream of the byte at an absolute offset.
  package func stream(at offset: Int) -> TaskStream {
    runs.first { $0.end > offset }?.stream ?? .stdout
  }

  /// The kept bytes of one stream, in order (`gauge --show-output`).
  package func bytes(of stream: TaskStream) -> [UInt8] {
    var result: [UInt8] = []
    var runStart = firstOffset
    for run in runs {
      if run.stream == stream, run.end > runStart {
        result += bytes(from: max(runStart, firstOffset), to: run.end)
      }
      runStart = run.end
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
    guard kept > 0 else { return 0 }
    let count = storage.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    return byte(at: endOffset - 1) == 0x0A ? count : count + 1
  }

  private func line(from start: Int, to end: Int) -> Line {
    var slice = bytes(from: start, to: end)[...]
    if start == firstOffset, firstOffset > 0 {
      // The bytes before went (the ring wrapped, or a flood passed unread): the first kept
      // one may be inside a character.
      slice = slice.droppingCutCharacter()
    }
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

extension ArraySlice where Element == UInt8 {
  /// The bytes without the rest of a UTF-8 character cut in two at their start (its
  /// continuation bytes, at most 3), which would show as a replacement character: for the end
  /// of a longer output (a log that wrapped, a capture of the last bytes).
  package func droppingCutCharacter() -> ArraySlice<UInt8> {
    var kept = self
    for _ in 0..<3 where kept.first.map({ $0 & 0xC0 == 0x80 }) ?? false {
      kept = kept.dropFirst()
    }
    return kept
  }
}
