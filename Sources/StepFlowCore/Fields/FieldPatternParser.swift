/// Reads a ``FieldPattern``'s source into a tree, refusing what is outside the subset and
/// what would compile to too large a program.
package struct FieldPatternParser {
  /// The most a counted repetition may say (`{1000}`, `{0,1000}`).
  package static let maxCount = 1000

  private let characters: [Character]
  private var position = 0
  /// Whether the first capturing group is marked (``FieldPatternNode/capture(_:)``), for
  /// patterns that pick a part out of a line (a task's progress).
  private var capturesFirstGroup: Bool

  package init(_ source: String, capturesFirstGroup: Bool = false) {
    characters = Array(source)
    self.capturesFirstGroup = capturesFirstGroup
  }

  /// The whole pattern as a tree.
  package mutating func parse() throws(FieldPatternError) -> FieldPatternNode {
    guard characters.count <= FieldPattern.maxLength else {
      throw FieldPatternError(
        .tooLarge,
        "it is \(characters.count) characters long; at most \(FieldPattern.maxLength) are allowed",
        at: FieldPattern.maxLength)
    }
    let tree = try alternatives()
    if position < characters.count {
      // Only an unmatched ")" stops the alternatives early.
      throw FieldPatternError(.invalid, "unbalanced ')'", at: position)
    }
    try checkSize(tree, at: 0)
    return tree
  }

  private var peek: Character? { position < characters.count ? characters[position] : nil }

  private func peek(_ offset: Int) -> Character? {
    position + offset < characters.count ? characters[position + offset] : nil
  }

  private func checkSize(_ node: FieldPatternNode, at offset: Int) throws(FieldPatternError) {
    let size = node.size + 1
    guard size <= FieldPattern.maxProgramSize else {
      let shown = size >= Int.max / 4 ? "more than a billion" : String(size)
      throw FieldPatternError(
        .tooLarge,
        "its repetitions expand it to \(shown) instructions; at most"
          + " \(FieldPattern.maxProgramSize) are allowed (write fewer or smaller counts)",
        at: offset)
    }
  }

  /// `a|b|c`, up to a `)` or the end.
  private mutating func alternatives() throws(FieldPatternError) -> FieldPatternNode {
    var options: [FieldPatternNode] = [try sequence()]
    while peek == "|" {
      position += 1
      options.append(try sequence())
    }
    return options.count == 1 ? options[0] : .alternatives(options)
  }

  /// Atoms, each with an optional quantifier, up to a `|`, a `)` or the end.
  private mutating func sequence() throws(FieldPatternError) -> FieldPatternNode {
    var items: [FieldPatternNode] = []
    while let c = peek, c != "|", c != ")" {
      let start = position
      if let quantifier = try quantifierHere() {
        throw FieldPatternError(
          .invalid, "quantifier '\(quantifier)' must appear after expression", at: start)
      }
      let atom = try self.atom()
      guard let (least, most, _) = try quantifierAfter() else {
        items.append(atom)
        continue
      }
      let repeated = FieldPatternNode.repetition(atom, min: least, max: most)
      try checkSize(repeated, at: start)
      items.append(repeated)
    }
    try checkSize(.sequence(items), at: 0)
    return items.count == 1 ? items[0] : .sequence(items)
  }

  /// The quantifier starting here, as written, without consuming it.
  private mutating func quantifierHere() throws(FieldPatternError) -> String? {
    let saved = position
    defer { position = saved }
    return try quantifierAfter()?.text
  }

  /// Reads a quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, `{,m}`) and a lazy `?` after it;
  /// `nil` (nothing read) when there is none.
  ///
  /// A `{` that does not start a count is a literal, as in other dialects.
  private mutating func quantifierAfter() throws(FieldPatternError) -> (
    Int, Int?, text: String
  )? {
    guard let c = peek else { return nil }
    let start = position
    var result: (Int, Int?)
    switch c {
    case "*": result = (0, nil)
    case "+": result = (1, nil)
    case "?": result = (0, 1)
    case "{":
      guard let counted = try count() else { return nil }
      result = counted
    default: return nil
    }
    if c != "{" { position += 1 }
    let text = String(characters[start..<position])
    if peek == "?" {
      position += 1  // lazy: the same for a whole match
    } else if peek == "+" {
      throw FieldPatternError(
        .unsupported, "possessive quantifiers ('\(text)+') are not supported", at: position)
    }
    if let next = peek, next == "*" || next == "+" || next == "?" || (next == "{" && isCount()) {
      throw FieldPatternError(
        .invalid, "quantifier '\(next)' must appear after expression", at: position)
    }
    return (result.0, result.1, text)
  }

  /// Whether a `{…}` count starts here.
  private mutating func isCount() -> Bool {
    let saved = position
    defer { position = saved }
    return (try? count()) != nil
  }

  /// Reads `{n}`, `{n,}`, `{n,m}` or `{,m}`; `nil` (nothing read) when the braces hold
  /// something else.
  private mutating func count() throws(FieldPatternError) -> (Int, Int?)? {
    let start = position
    var index = position + 1
    func number() -> Int? {
      var value: Int? = nil
      while index < characters.count, let digit = characters[index].wholeNumberValue,
        characters[index].isASCII
      {
        value = min(Int.max / 10 - 10, (value ?? 0) * 10 + digit)
        index += 1
      }
      return value
    }
    let least = number()
    var most: Int?? = .some(least)
    if index < characters.count, characters[index] == "," {
      index += 1
      most = .some(number())
    }
    guard index < characters.count, characters[index] == "}", least != nil || most != nil,
      !(least == nil && most == .some(nil))
    else { return nil }
    position = index + 1
    let lower = least ?? 0
    let upper = most ?? nil
    for bound in [lower, upper ?? 0] where bound > Self.maxCount {
      throw FieldPatternError(
        .tooLarge, "the count \(bound) is above \(Self.maxCount), the most allowed", at: start)
    }
    if let upper, upper < lower {
      throw FieldPatternError(
        .invalid, "the count {\(lower),\(upper)} has its bounds the wrong way round", at: start)
    }
    return (lower, upper)
  }

  /// One atom: a group, a class, `.`, an anchor, an escape or a literal.
  private mutating func atom() throws(FieldPatternError) -> FieldPatternNode {
    let start = position
    let c = characters[position]
    position += 1
    switch c {
    case "(":
      let capturing = try groupOpening(at: start) && capturesFirstGroup
      if capturing { capturesFirstGroup = false }
      let inside = try alternatives()
      guard peek == ")" else { throw FieldPatternError(.invalid, "expected ')'", at: position) }
      position += 1
      return capturing ? .capture(inside) : inside
    case "[": return .set(try characterClass(at: start))
    case ".": return .any
    case "^": return .atStart
    case "$": return .atEnd
    case "\\":
      switch try escape(inClass: false, at: start) {
      case .character(let literal): return .character(literal)
      case let item: return .set(FieldPatternClass(negated: false, items: [item]))
      }
    default: return .character(c)
    }
  }

  /// After `(`: reads `?:` or `?<name>`, refuses the other `(?` forms.
  /// - Returns: whether the group captures (`(…)` and `(?<name>…)`, not `(?:…)`).
  private mutating func groupOpening(at start: Int) throws(FieldPatternError) -> Bool {
    guard peek == "?" else { return true }
    let kind: String
    switch (peek(1), peek(2)) {
    case (":", _):
      position += 2
      return false
    case ("<", let third) where third != "=" && third != "!":
      // A named group: the name is of no use here, the group is a plain one.
      var index = position + 2
      while index < characters.count,
        characters[index].isLetter || characters[index].isNumber
          || characters[index] == "_"
      {
        index += 1
      }
      if index > position + 2, index < characters.count, characters[index] == ">" {
        position = index + 1
        return true
      }
      kind = "named groups of this form"
    case ("=", _), ("!", _): kind = "lookahead (?=…) and (?!…)"
    case ("<", _): kind = "lookbehind (?<=…) and (?<!…)"
    case (">", _): kind = "atomic groups (?>…)"
    case ("#", _): kind = "comments (?#…)"
    default: kind = "options and other (?…) groups"
    }
    throw FieldPatternError(.unsupported, "\(kind) are not supported", at: start)
  }

  /// After `[`: the members up to `]`.
  private mutating func characterClass(at start: Int) throws(FieldPatternError)
    -> FieldPatternClass
  {
    var set = FieldPatternClass(negated: false, items: [])
    if peek == "^" {
      set.negated = true
      position += 1
    }
    while true {
      guard let c = peek else { throw FieldPatternError(.invalid, "expected ']'", at: position) }
      let itemStart = position
      if c == "]" {
        guard !set.items.isEmpty else {
          throw FieldPatternError(.invalid, "a class [] must have members", at: position)
        }
        position += 1
        return set
      }
      if c == "[" {
        throw FieldPatternError(
          .unsupported, "nested classes and [:name:] are not supported (write \\[ for a [)",
          at: position)
      }
      if (c == "&" || c == "-" || c == "~") && peek(1) == c {
        throw FieldPatternError(
          .unsupported, "class operations (\(c)\(c)) are not supported", at: position)
      }
      position += 1
      let item: FieldPatternClass.Item
      if c == "\\" {
        item = try escape(inClass: true, at: itemStart)
      } else {
        item = .character(c)
      }
      guard case .character(let lower) = item, peek == "-", let upperCharacter = peek(1),
        upperCharacter != "]"
      else {
        set.items.append(item)
        continue
      }
      position += 1
      let upperStart = position
      position += 1
      var upper = upperCharacter
      if upperCharacter == "\\" {
        guard case .character(let escaped) = try escape(inClass: true, at: upperStart) else {
          throw FieldPatternError(
            .invalid, "a range must end in a character, not a class", at: upperStart)
        }
        upper = escaped
      }
      let low = lower.unicodeScalars
      let high = upper.unicodeScalars
      guard low.count == 1, high.count == 1, let from = low.first, let to = high.first else {
        throw FieldPatternError(
          .invalid, "the ends of a range must be single characters", at: itemStart)
      }
      guard from <= to else {
        throw FieldPatternError(
          .invalid, "the range \(lower)-\(upper) is out of order", at: itemStart)
      }
      set.items.append(.range(from, to))
    }
  }

  /// After `\`: a class escape or an escaped character.
  private mutating func escape(inClass: Bool, at start: Int) throws(FieldPatternError)
    -> FieldPatternClass.Item
  {
    guard let c = peek else {
      throw FieldPatternError(.invalid, "expected an escaped character after '\\'", at: start)
    }
    position += 1
    switch c {
    case "d": return .digit(inverted: false)
    case "D": return .digit(inverted: true)
    case "w": return .word(inverted: false)
    case "W": return .word(inverted: true)
    case "s": return .space(inverted: false)
    case "S": return .space(inverted: true)
    case "n": return .character("\n")
    case "t": return .character("\t")
    case "r": return .character("\r")
    default: break
    }
    guard c.isLetter || c.isNumber else { return .character(c) }
    let what: String
    switch c {
    case "1", "2", "3", "4", "5", "6", "7", "8", "9", "k", "g": what = "backreferences"
    case "b", "B", "A", "z", "Z", "G", "K", "y", "Y": what = "anchors other than ^ and $"
    case "p", "P", "X", "N", "R", "O": what = "Unicode properties and named characters"
    case "Q", "E": what = "quoting with \\Q…\\E"
    default: what = "other escapes"
    }
    throw FieldPatternError(.unsupported, "\\\(c): \(what) are not supported", at: start)
  }
}
