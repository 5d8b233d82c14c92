import StepFlowText

/// Objects and arrays: their members, separators, duplicate keys and the common mistakes
/// inside them (a missing `,` or `:`, a stray `]`, a key without quotes that is not a name).
extension JSON5ParserCore {
  /// Keys per object above which duplicates are found with a dictionary rather than a scan.
  private static let linearScanLimit = 12

  package mutating func parseObject(owner: String?, depth: Int) -> JSONNode {
    let container = Container(isObject: true, location: locate(), owner: owner)
    advance()
    var members: [JSONNode.Member] = []
    // Room for a typical object up front (a step or a field: an id, a title or label and two
    // more): one allocation instead of several as it grows, and no more room than that, since
    // the whole tree of a file is held while it is read.
    members.reserveCapacity(4)
    var firstIndex: [JSONKey.Exact: Int]? = nil
    while true {
      switch token.kind {
      case .closeBrace:
        resume()
        advance()
        return JSONNode(.object(members), at: container.location)
      case .end:
        endOfFile(expected: "a key or \"}\"", in: container)
        return JSONNode(.object(members), at: container.location)
      case .string, .word:
        let key = lexer.text
        let keyLocation = locate()
        advance()
        guard expectColon(after: key, in: container) else {
          if token.kind == .end || recover(in: container) {
            return JSONNode(.object(members), at: container.location)
          }
          continue
        }
        if let first = findDuplicate(of: key, in: members, index: &firstIndex) {
          duplicateKey(key, at: keyLocation, first: first)
        }
        let value = parseValue(.member(key: key), in: container, depth: depth)
        members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
        if afterMember(key: key, in: container) {
          return JSONNode(.object(members), at: container.location)
        }
      case .comma:
        syntaxError("expected a key or \"}\", found \",\"")
        advance()
      case .closeBracket:
        syntaxError("expected a key or \"}\", found \"]\"")
        return JSONNode(.object(members), at: container.location)
      default:
        syntaxError("expected a key (a name or a string in quotes) or \"}\", found \(found)")
        if recover(in: container) { return JSONNode(.object(members), at: container.location) }
      }
    }
  }

  /// Consumes the `:` after a key.
  ///
  /// When it is missing but a value follows on the same line (`"title" "x"`, `"title" = "x"`),
  /// reports it and carries on with the value; returns `false` when the member cannot be read.
  private mutating func expectColon(after key: String, in container: Container) -> Bool {
    if token.kind == .colon {
      resume()
      advance()
      return true
    }
    if token.kind == .end {
      endOfFile(expected: "\":\" after the key \(quoted(key))", in: container)
      return false
    }
    syntaxError("expected \":\" after the key \(quoted(key)), found \(found)")
    if token.afterLineBreak { return false }
    if token.kind == .invalid { advance() }
    return token.startsValue && !token.afterLineBreak
  }

  /// Handles what follows a member's value; returns whether the object is done.
  private mutating func afterMember(key: String, in container: Container) -> Bool {
    func expected() -> String { "\",\" or \"}\" after the value of \(quoted(key))" }
    switch token.kind {
    case .comma:
      resume()
      advance()
      return false
    case .closeBrace:
      resume()
      advance()
      return true
    case .end:
      endOfFile(expected: expected(), in: container)
      return true
    case .string, .word:
      syntaxError("expected \(expected()), found \(found)")
      return false
    case .closeBracket:
      syntaxError("expected \(expected()), found \"]\"")
      return true
    default:
      syntaxError("expected \(expected()), found \(found)")
      return recover(in: container)
    }
  }

  /// Where `key` was first given in this object, if it was (keys compared exactly, as JSON
  /// does).
  private func findDuplicate(
    of key: String, in members: [JSONNode.Member], index: inout [JSONKey.Exact: Int]?
  ) -> TextLocation? {
    if members.count < JSON5ParserCore.linearScanLimit {
      return members.first { JSONKey.same($0.key, key) }?.keyLocation
    }
    if index == nil {
      var built: [JSONKey.Exact: Int] = [:]
      for (i, member) in members.enumerated() where built[JSONKey.Exact(key: member.key)] == nil {
        built[JSONKey.Exact(key: member.key)] = i
      }
      index = built
    }
    if let i = index?[JSONKey.Exact(key: key)] { return members[i].keyLocation }
    index?[JSONKey.Exact(key: key)] = members.count
    return nil
  }

  package mutating func parseArray(owner: String?, depth: Int) -> JSONNode {
    let container = Container(isObject: false, location: locate(), owner: owner)
    advance()
    var items: [JSONNode] = []
    while true {
      switch token.kind {
      case .closeBracket:
        resume()
        advance()
        return JSONNode(.array(items), at: container.location)
      case .end:
        endOfFile(expected: "a value or \"]\"", in: container)
        return JSONNode(.array(items), at: container.location)
      case .comma:
        syntaxError("expected a value or \"]\", found \",\"")
        advance()
        continue
      case .closeBrace:
        syntaxError("expected a value or \"]\", found \"}\"")
        return JSONNode(.array(items), at: container.location)
      default:
        break
      }
      let item = parseValue(.item, in: container, depth: depth)
      items.append(item)
      if afterItem(item, number: items.count, in: container) {
        return JSONNode(.array(items), at: container.location)
      }
    }
  }

  /// Handles what follows an array item; returns whether the array is done.
  private mutating func afterItem(_ item: JSONNode, number: Int, in container: Container) -> Bool {
    func expected() -> String {
      "\",\" or \"]\" after item \(number)" + (container.owner.map { " of \(quoted($0))" } ?? "")
    }
    switch token.kind {
    case .comma:
      resume()
      advance()
      return false
    case .closeBracket:
      resume()
      advance()
      return true
    case .end:
      endOfFile(expected: expected(), in: container)
      return true
    case .closeBrace:
      syntaxError("expected \(expected()), found \"}\"")
      return true
    case .openBrace, .openBracket, .string, .number, .word:
      syntaxError("expected \(expected()), found \(found)")
      return false
    default:
      var hint = ""
      if token.kind == .colon, let key = item.stringValue {
        hint = " (is a \"]\" missing before \(quoted(key))?)"
      }
      syntaxError("expected \(expected()), found \(found)\(hint)")
      return recover(in: container)
    }
  }
}
