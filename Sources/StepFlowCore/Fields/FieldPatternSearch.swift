extension FieldPattern {
  /// A pattern that is searched for inside a text (a line of a command's output) and picks
  /// out its first capturing group — or the whole match when it has none: `(\d+)%` finds
  /// `42` in `[####    ] 42% done`.
  /// - Throws: ``FieldPatternError`` as ``init(_:)`` does.
  package init(searching source: String) throws(FieldPatternError) {
    var parser = FieldPatternParser(source, capturesFirstGroup: true)
    var tree = try parser.parse()
    if !tree.hasCapture { tree = .capture(tree) }
    var compiler = FieldPatternCompiler()
    compiler.emit(tree)
    compiler.program.append(.match)
    self.init(source: source, program: compiler.program, requiredByte: tree.requiredByte)
  }

  /// The text of the first capturing group of the leftmost match in `text`, or `nil` when the
  /// pattern occurs nowhere in it (or the text is longer than ``maxTextLength``).
  ///
  /// A Pike simulation: every thread carries where the group started and ended, threads are
  /// kept in priority order, and the first to match wins — so, as in other engines, the
  /// leftmost match, and within it the choices written first.
  /// - Complexity: O(n × m) for n characters of text and a program of m instructions.
  package func firstGroup(in text: String) -> Substring? {
    let characters = Array(text)
    guard characters.count <= maxTextLength else { return nil }
    let count = characters.count
    var current = CaptureThreads(capacity: program.count)
    var next = CaptureThreads(capacity: program.count)
    var stack: [(pc: Int, start: Int, end: Int)] = []
    var found: (start: Int, end: Int)?
    for position in 0...count {
      if found == nil {
        // A match may start here: the lowest priority, after every thread already alive.
        addThread(0, start: -1, end: -1, at: position, count: count, to: &current, stack: &stack)
      }
      if current.isEmpty { break }
      next.clear()
      for index in 0..<current.count {
        let (pc, start, end) = current.member(index)
        let advances: Bool
        switch program[pc] {
        case .match:
          found = (start, end)
          // Threads after this one have lower priority: they are dropped.
          advances = false
        case .character(let literal): advances = position < count && characters[position] == literal
        case .any: advances = position < count && !characters[position].isNewline
        case .set(let set): advances = position < count && set.contains(characters[position])
        default: advances = false
        }
        if program[pc] == .match { break }
        if advances {
          addThread(
            pc + 1, start: start, end: end, at: position + 1, count: count, to: &next,
            stack: &stack)
        }
      }
      swap(&current, &next)
    }
    guard let found, found.start >= 0, found.end >= found.start else { return nil }
    let startIndex = text.index(text.startIndex, offsetBy: found.start)
    let endIndex = text.index(startIndex, offsetBy: found.end - found.start)
    return text[startIndex..<endIndex]
  }

  /// Adds the thread at `pc`, with its group's bounds, and every thread reachable from it
  /// without reading a character, in priority order.
  private func addThread(
    _ pc: Int, start: Int, end: Int, at position: Int, count: Int,
    to list: inout CaptureThreads, stack: inout [(pc: Int, start: Int, end: Int)]
  ) {
    stack.append((pc, start, end))
    while let (pc, start, end) = stack.popLast() {
      guard list.insert(pc, start: start, end: end) else { continue }
      switch program[pc] {
      case .character, .any, .set, .match:
        continue
      case .split(let first, let second):
        stack.append((second, start, end))
        stack.append((first, start, end))
      case .jump(let target):
        stack.append((target, start, end))
      case .save(let slot):
        stack.append(slot == 0 ? (pc + 1, position, end) : (pc + 1, start, position))
      case .atStart:
        if position == 0 { stack.append((pc + 1, start, end)) }
      case .atEnd:
        if position == count { stack.append((pc + 1, start, end)) }
      }
      // Only passes control on: visited, not kept as a thread.
      list.removeLast()
    }
  }
}

extension FieldPatternNode {
  /// An ASCII character every match of the node contains: the first literal of its top-level
  /// sequence (inside groups and repetitions that must happen at least once).
  fileprivate var requiredByte: UInt8? {
    switch self {
    case .character(let c):
      guard let ascii = c.asciiValue, c.unicodeScalars.count == 1 else { return nil }
      return ascii
    case .capture(let node): return node.requiredByte
    case .repetition(let node, let least, _) where least >= 1: return node.requiredByte
    case .sequence(let nodes):
      for node in nodes { if let byte = node.requiredByte { return byte } }
      return nil
    default: return nil
    }
  }

  /// Whether the tree marks a group to capture.
  fileprivate var hasCapture: Bool {
    switch self {
    case .capture: return true
    case .sequence(let nodes), .alternatives(let nodes): return nodes.contains { $0.hasCapture }
    case .repetition(let node, _, _): return node.hasCapture
    default: return false
    }
  }
}

/// The threads alive at one position, in priority order, each program position at most once,
/// with the bounds of the group its thread has seen.
private struct CaptureThreads {
  private var dense: [Int]
  private var starts: [Int]
  private var ends: [Int]
  private(set) var count = 0
  /// Positions that only pass control on (splits, saves, anchors) are marked, not kept.
  private var visited: [Int]
  private var generation = 1

  init(capacity: Int) {
    dense = [Int](repeating: 0, count: capacity)
    starts = [Int](repeating: 0, count: capacity)
    ends = [Int](repeating: 0, count: capacity)
    visited = [Int](repeating: 0, count: capacity)
  }

  var isEmpty: Bool { count == 0 }

  func member(_ index: Int) -> (Int, Int, Int) {
    let pc = dense[index]
    return (pc, starts[index], ends[index])
  }

  mutating func clear() {
    count = 0
    generation += 1
  }

  /// Visits `pc`; `false` when it was visited at this position already.
  mutating func insert(_ pc: Int, start: Int, end: Int) -> Bool {
    guard visited[pc] != generation else { return false }
    visited[pc] = generation
    dense[count] = pc
    starts[count] = start
    ends[count] = end
    count += 1
    return true
  }

  /// Takes back the last `insert` (it only passes control on), keeping it visited.
  mutating func removeLast() {
    if count > 0 { count -= 1 }
  }
}
