/// A text field's `pattern`: a regular expression that the whole text must match, compiled
/// once and matched in time linear in the text's length, whatever the pattern.
///
/// The pattern is a small program of instructions that a Thompson simulation runs over the
/// text's characters: every instruction is visited at most once per position, so a match costs
/// at most `(characters + 1) × programSize` steps — there is no backtracking, and patterns such
/// as `(a|a)*b` or `(.*a){20}` cost no more than any other of their size.
///
/// Text is matched **by character** (extended grapheme cluster), as a person counts it: `.`
/// matches `é` whether it is one scalar or `e` with a combining accent, and a literal compares
/// by canonical equivalence. The syntax is a subset of the usual one (see
/// `docs/wizard-format.md`): literals, `.`, classes `[a-z]` `[^0-9]`, `\d \w \s \D \W \S`,
/// escaped metacharacters, `^ $`, groups `(…)` `(?:…)`, `|`, and `* + ? {n} {n,} {n,m}` (a lazy
/// `?` after a quantifier is accepted and means the same, since only a whole match counts).
/// Anything else — backreferences, lookaround, possessive quantifiers, flags — is refused.
///
/// ```swift
/// let code = try FieldPattern("[0-9]{4}")
/// code.matches("0150")   // true
/// code.matches("015")    // false
/// ```
package struct FieldPattern: Hashable, Sendable {
  /// The most characters a pattern may have.
  package static let maxLength = 1000
  /// The most instructions a compiled pattern may have (counted repetition is expanded:
  /// `a{100}` is 100 of them).
  package static let maxProgramSize = 2000

  /// The most instruction visits one match may take: a text is matched only when
  /// `characters × programSize` stays within it (``maxTextLength``), so no pattern and no text
  /// — a 1 MiB paste, a long `--answers` value — can hold up the program (or Ctrl-C) for long.
  package static let matchBudget = 4_000_000

  /// The pattern as it was written.
  package let source: String
  /// The compiled program; its last instruction is ``FieldPatternInstruction/match``.
  package let program: [FieldPatternInstruction]
  /// An ASCII byte every match contains, when the pattern has one (searches skip lines
  /// without it before decoding them).
  package var requiredByte: UInt8? = nil

  /// Compiles a pattern.
  /// - Throws: ``FieldPatternError`` when the pattern is malformed, uses syntax outside the
  ///   subset, is longer than ``maxLength`` or compiles to more than ``maxProgramSize``
  ///   instructions.
  package init(_ source: String) throws(FieldPatternError) {
    self.source = source
    var parser = FieldPatternParser(source)
    let tree = try parser.parse()
    var compiler = FieldPatternCompiler()
    compiler.emit(tree)
    compiler.program.append(.match)
    program = compiler.program
  }

  /// A pattern from a program compiled elsewhere (``init(searching:)``).
  init(source: String, program: [FieldPatternInstruction], requiredByte: UInt8?) {
    self.source = source
    self.program = program
    self.requiredByte = requiredByte
  }

  /// The number of instructions of the compiled program.
  package var programSize: Int { program.count }

  /// The most characters a text may have to be matched: ``matchBudget`` ÷ ``programSize``, at least
  /// 2000 (the largest program has 2000 instructions).
  ///
  /// A longer text is refused as too long before it is matched.
  package var maxTextLength: Int { Self.matchBudget / max(1, programSize) }

  /// Whether the whole text matches.
  /// - Complexity: O(n × m) for n characters of text and a program of m instructions.
  package func matches(_ text: String) -> Bool {
    run(text).matched
  }

  /// Whether the whole text matches, and how many instruction visits the match took (never
  /// more than `(characters + 1) × programSize`).
  package func run(_ text: String) -> (matched: Bool, steps: Int) {
    let characters = Array(text)
    var current = ThreadList(capacity: program.count)
    var next = ThreadList(capacity: program.count)
    var steps = 0
    var stack: [Int] = []
    addThread(0, at: 0, count: characters.count, to: &current, stack: &stack, steps: &steps)
    for (position, character) in characters.enumerated() {
      if current.isEmpty { return (false, steps) }
      next.clear()
      for pc in current.members {
        let advances: Bool
        switch program[pc] {
        case .character(let literal): advances = character == literal
        case .any: advances = !character.isNewline
        case .set(let set): advances = set.contains(character)
        default: advances = false
        }
        if advances {
          addThread(
            pc + 1, at: position + 1, count: characters.count, to: &next, stack: &stack,
            steps: &steps)
        }
      }
      swap(&current, &next)
    }
    let matched = current.members.contains { program[$0] == .match }
    return (matched, steps)
  }

  /// Adds the thread at `start` and every thread reachable from it without reading a
  /// character (splits, jumps, anchors that hold at `position`) to `list`.
  private func addThread(
    _ start: Int, at position: Int, count: Int, to list: inout ThreadList, stack: inout [Int],
    steps: inout Int
  ) {
    stack.append(start)
    while let pc = stack.popLast() {
      guard list.insert(pc) else { continue }
      steps += 1
      switch program[pc] {
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .jump(let target):
        stack.append(target)
      case .save:
        stack.append(pc + 1)
      case .atStart:
        if position == 0 { stack.append(pc + 1) }
      case .atEnd:
        if position == count { stack.append(pc + 1) }
      case .character, .any, .set, .match:
        break
      }
    }
  }

  package static func == (a: FieldPattern, b: FieldPattern) -> Bool { a.source == b.source }
  package func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// The set of program positions alive at one position of the text: a sparse set, cleared in
/// constant time, each position in it at most once.
private struct ThreadList {
  private var dense: [Int]
  private var sparse: [Int]
  private var count = 0

  init(capacity: Int) {
    dense = [Int](repeating: 0, count: capacity)
    sparse = [Int](repeating: 0, count: capacity)
  }

  var isEmpty: Bool { count == 0 }
  var members: ArraySlice<Int> { dense[0..<count] }

  mutating func clear() { count = 0 }

  /// Adds `pc`; `false` when it was there already.
  mutating func insert(_ pc: Int) -> Bool {
    let slot = sparse[pc]
    if slot < count && dense[slot] == pc { return false }
    sparse[pc] = count
    dense[count] = pc
    count += 1
    return true
  }
}

/// Why a pattern was refused.
package struct FieldPatternError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Kind: Hashable, Sendable {
    /// Malformed: an unclosed group or class, a quantifier with nothing before it.
    case invalid
    /// Valid in other regex dialects but outside stepflow's subset (lookaround,
    /// backreferences, flags, possessive quantifiers, …).
    case unsupported
    /// Longer than ``FieldPattern/maxLength`` or compiling to more than
    /// ``FieldPattern/maxProgramSize`` instructions.
    case tooLarge
  }

  package var kind: Kind
  /// What is wrong, for a person: `expected ']'`.
  package var reason: String
  /// Where in the pattern, counted in characters from 0.
  package var offset: Int

  package init(_ kind: Kind, _ reason: String, at offset: Int) {
    self.kind = kind
    self.reason = reason
    self.offset = offset
  }

  package var description: String { reason }
}
