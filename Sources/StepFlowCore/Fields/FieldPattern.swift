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

  /// The most instruction visits the pattern checks of one key, one command or one load may
  /// take together: a text is matched only when `characters × instructions` stays within it,
  /// where the instructions are those of every pattern of the wizard (a wizard's patterns share
  /// the budget, see ``maxTextLength(sharing:)``) — so no pattern, no text and no number of
  /// fields (a 1 MiB paste, a long `--answers` value, 600 fields on a step checked by one Next)
  /// can hold up the program, or Ctrl-C, for long.
  package static let actionBudget = 2_000_000

  /// The most instructions the patterns of one wizard may have together: the least a text
  /// checked against a pattern may then have is ``actionBudget`` ÷ 4,000 = 500 characters.
  package static let maxSharedInstructions = 4_000

  /// The pattern as it was written.
  package let source: String
  /// The compiled program; its last instruction is ``FieldPatternInstruction/match``.
  package let program: [FieldPatternInstruction]
  /// The program as plain numbers for the matcher's loops: what each instruction does and
  /// its targets, with no payload to retain at every step.
  private let steps: [Step]

  /// One instruction as the matcher's loops read it.
  private struct Step {
    enum Kind: UInt8 { case reads, split, jump, atStart, atEnd, match }
    var kind: Kind
    var first: Int32
    var second: Int32
  }
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
    steps = Self.steps(of: program)
  }

  /// The matcher's plain form of a program.
  ///
  /// A `save` (a capture, for searches) reads nothing
  /// and goes on: to a whole match it is a jump to the next instruction.
  private static func steps(of program: [FieldPatternInstruction]) -> [Step] {
    program.enumerated().map { pc, instruction in
      switch instruction {
      case .character, .any, .set: return Step(kind: .reads, first: 0, second: 0)
      case .split(let a, let b): return Step(kind: .split, first: Int32(a), second: Int32(b))
      case .jump(let a): return Step(kind: .jump, first: Int32(a), second: 0)
      case .save: return Step(kind: .jump, first: Int32(pc + 1), second: 0)
      case .atStart: return Step(kind: .atStart, first: 0, second: 0)
      case .atEnd: return Step(kind: .atEnd, first: 0, second: 0)
      case .match: return Step(kind: .match, first: 0, second: 0)
      }
    }
  }

  /// A pattern from a program compiled elsewhere (``init(searching:)``).
  init(source: String, program: [FieldPatternInstruction], requiredByte: UInt8?) {
    self.source = source
    self.program = program
    self.requiredByte = requiredByte
    steps = Self.steps(of: program)
  }

  /// The number of instructions of the compiled program.
  package var programSize: Int { program.count }

  /// The most characters a text may have to be matched when this is the only pattern.
  ///
  /// That is ``actionBudget`` ÷ ``programSize``, at least 1000 (the largest program has 2000
  /// instructions). A longer text is refused as too long before it is matched.
  package var maxTextLength: Int { maxTextLength(sharing: programSize) }

  /// The most characters a text may have to be matched when patterns share the budget.
  ///
  /// With patterns of `instructions` instructions in all (this one's among them) it is
  /// ``actionBudget`` ÷ that, so that matching every field of a wizard at its longest stays
  /// within the budget.
  package func maxTextLength(sharing instructions: Int) -> Int {
    Self.actionBudget / max(1, programSize, instructions)
  }

  /// Whether the whole text matches.
  /// - Complexity: O(n × m) for n characters of text and a program of m instructions.
  package func matches(_ text: String) -> Bool {
    run(text).matched
  }

  /// Whether the whole text matches, and how many instruction visits the match took (never
  /// more than `(characters + 1) × programSize`).
  package func run(_ text: String) -> (matched: Bool, steps: Int) {
    let characters = Array(text)
    let size = program.count
    // Two sparse sets (the threads at this position and at the next) and one stack, in memory
    // of their own: the matcher runs millions of steps, and the retains and generic calls of
    // arrays cost most of its time in debug builds (and some in release).
    let memory = UnsafeMutablePointer<Int>.allocate(capacity: 6 * size + 2)
    defer { memory.deallocate() }
    memory.initialize(repeating: 0, count: 6 * size + 2)
    var current = ThreadList(dense: memory, sparse: memory + size)
    var next = ThreadList(dense: memory + 2 * size, sparse: memory + 3 * size)
    let stack = memory + 4 * size
    var visits = 0
    return steps.withUnsafeBufferPointer { ops in
      func addThread(_ start: Int, at position: Int, to list: inout ThreadList) {
        var top = 0
        stack[top] = start
        top += 1
        while top > 0 {
          top -= 1
          let pc = stack[top]
          guard list.insert(pc) else { continue }
          visits += 1
          let op = ops[pc]
          switch op.kind {
          case .split:
            stack[top] = Int(op.second)
            stack[top + 1] = Int(op.first)
            top += 2
          case .jump:
            stack[top] = Int(op.first)
            top += 1
          case .atStart:
            if position == 0 {
              stack[top] = pc + 1
              top += 1
            }
          case .atEnd:
            if position == characters.count {
              stack[top] = pc + 1
              top += 1
            }
          case .reads, .match:
            break
          }
        }
      }
      addThread(0, at: 0, to: &current)
      var position = 0
      while position < characters.count {
        if current.count == 0 { return (false, visits) }
        let character = characters[position]
        next.count = 0
        var k = 0
        while k < current.count {
          let pc = current.dense[k]
          k += 1
          guard ops[pc].kind == .reads else { continue }
          let advances: Bool
          switch program[pc] {
          case .character(let literal): advances = character == literal
          case .any: advances = !character.isNewline
          case .set(let set): advances = set.contains(character)
          default: advances = false
          }
          if advances { addThread(pc + 1, at: position + 1, to: &next) }
        }
        swap(&current, &next)
        position += 1
      }
      for k in 0..<current.count where ops[current.dense[k]].kind == .match {
        return (true, visits)
      }
      return (false, visits)
    }
  }

  package static func == (a: FieldPattern, b: FieldPattern) -> Bool { a.source == b.source }
  package func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// The set of program positions alive at one position of the text: a sparse set, cleared in
/// constant time, each position in it at most once.
///
/// Its memory belongs to the match that uses
/// it (``FieldPattern/run(_:)``).
private struct ThreadList {
  let dense: UnsafeMutablePointer<Int>
  let sparse: UnsafeMutablePointer<Int>
  var count = 0

  init(dense: UnsafeMutablePointer<Int>, sparse: UnsafeMutablePointer<Int>) {
    self.dense = dense
    self.sparse = sparse
  }

  /// Adds `pc`; `false` when it was there already.
  @inline(__always) mutating func insert(_ pc: Int) -> Bool {
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
