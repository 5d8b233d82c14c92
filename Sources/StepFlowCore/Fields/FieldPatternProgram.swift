/// One instruction of a compiled ``FieldPattern``.
package enum FieldPatternInstruction: Hashable, Sendable {
  /// Read a character equal to this one (canonical equivalence).
  case character(Character)
  /// Read any character but a newline.
  case any
  /// Read a character in the class.
  case set(FieldPatternClass)
  /// Continue at both positions.
  case split(Int, Int)
  /// Continue at the position.
  case jump(Int)
  /// Continue only at the start of the text.
  case atStart
  /// Continue only at the end of the text.
  case atEnd
  /// The whole pattern matched (counts only at the end of the text).
  case match
  /// Remember the position as the start (0) or the end (1) of the captured group.
  case save(Int)
}

/// A character class: `[a-z_]`, `[^0-9]`, `\d`.
package struct FieldPatternClass: Hashable, Sendable {
  /// One member of a class.
  package enum Item: Hashable, Sendable {
    case character(Character)
    /// Characters of one scalar from `lower` through `upper`.
    case range(Unicode.Scalar, Unicode.Scalar)
    /// `\d` (`inverted`: `\D`).
    case digit(inverted: Bool)
    /// `\w` (`inverted`: `\W`).
    case word(inverted: Bool)
    /// `\s` (`inverted`: `\S`).
    case space(inverted: Bool)
  }

  package var negated: Bool
  package var items: [Item]

  package func contains(_ c: Character) -> Bool {
    items.contains { Self.item($0, contains: c) } != negated
  }

  private static func item(_ item: Item, contains c: Character) -> Bool {
    switch item {
    case .character(let literal):
      return c == literal
    case .range(let lower, let upper):
      let scalars = c.unicodeScalars
      guard scalars.count == 1, let scalar = scalars.first else { return false }
      return lower <= scalar && scalar <= upper
    case .digit(let inverted):
      return c.isNumber != inverted
    case .word(let inverted):
      return (c.isLetter || c.isNumber || c == "_") != inverted
    case .space(let inverted):
      return c.isWhitespace != inverted
    }
  }
}

/// A parsed pattern, before it is compiled.
package indirect enum FieldPatternNode: Sendable {
  case empty
  case character(Character)
  case any
  case set(FieldPatternClass)
  case atStart
  case atEnd
  case sequence([FieldPatternNode])
  case alternatives([FieldPatternNode])
  /// `min` to `max` times (`nil`: no upper bound).
  case repetition(FieldPatternNode, min: Int, max: Int?)
  /// The group whose text a search picks out (``FieldPattern/firstGroup(in:)``).
  case capture(FieldPatternNode)

  /// How many instructions the node compiles to; saturates at `Int.max / 4`.
  package var size: Int {
    let ceiling = Int.max / 4
    func add(_ a: Int, _ b: Int) -> Int { min(ceiling, a + b) }
    func times(_ a: Int, _ n: Int) -> Int {
      let (product, overflow) = a.multipliedReportingOverflow(by: n)
      return overflow ? ceiling : min(ceiling, product)
    }
    switch self {
    case .empty: return 0
    case .character, .any, .set, .atStart, .atEnd: return 1
    case .capture(let node): return add(node.size, 2)
    case .sequence(let nodes): return nodes.reduce(0) { add($0, $1.size) }
    case .alternatives(let nodes):
      return add(nodes.reduce(0) { add($0, $1.size) }, 2 * (nodes.count - 1))
    case .repetition(let node, let least, let most):
      let one = node.size
      if let most {
        return add(times(one, least), times(add(one, 1), most - least))
      }
      // n copies, then a loop: split, the body, a jump back.
      return add(times(one, least), add(one, 2))
    }
  }
}

/// Turns a parsed pattern into instructions (Thompson's construction).
package struct FieldPatternCompiler {
  package var program: [FieldPatternInstruction] = []

  package mutating func emit(_ node: FieldPatternNode) {
    switch node {
    case .empty: break
    case .character(let c): program.append(.character(c))
    case .any: program.append(.any)
    case .set(let set): program.append(.set(set))
    case .atStart: program.append(.atStart)
    case .atEnd: program.append(.atEnd)
    case .capture(let node):
      program.append(.save(0))
      emit(node)
      program.append(.save(1))
    case .sequence(let nodes):
      for node in nodes { emit(node) }
    case .alternatives(let nodes):
      // split L1, next; L1: a; jump end; next: split L2, … ; last alternative; end:
      var jumps: [Int] = []
      for (index, alternative) in nodes.enumerated() {
        if index < nodes.count - 1 {
          let split = program.count
          program.append(.split(0, 0))
          emit(alternative)
          jumps.append(program.count)
          program.append(.jump(0))
          program[split] = .split(split + 1, program.count)
        } else {
          emit(alternative)
        }
      }
      for jump in jumps { program[jump] = .jump(program.count) }
    case .repetition(let body, let least, let most):
      for _ in 0..<least { emit(body) }
      if let most {
        // Each optional copy: split into it or past all of them.
        var splits: [Int] = []
        for _ in least..<most {
          splits.append(program.count)
          program.append(.split(0, 0))
          emit(body)
        }
        for split in splits { program[split] = .split(split + 1, program.count) }
      } else {
        let loop = program.count
        program.append(.split(0, 0))
        emit(body)
        program.append(.jump(loop))
        program[loop] = .split(loop + 1, program.count)
      }
    }
  }
}
