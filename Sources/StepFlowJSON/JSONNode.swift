import StepFlowText

/// A value read from a file together with where it was written: the form a schema check reads,
/// so that every problem can be reported at its line and column.
///
/// Every value and every object key carries its ``TextLocation`` (the first character of the
/// value: the `{`, `[`, opening quote, first digit or sign). Objects keep their members in
/// file order, duplicates included.
package struct JSONNode: Sendable {
  /// The value, with located children.
  ///
  /// (A number is boxed: inline, its literal and value would make every node of a tree — most
  /// of them strings, objects and arrays — a third larger.)
  package enum Content: Sendable {
    case null
    case bool(Bool)
    indirect case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([Member])
  }

  /// One `key: value` member of an object, with where its key was written.
  package struct Member: Sendable {
    package var key: String
    package var keyLocation: TextLocation
    package var value: JSONNode

    package init(key: String, keyLocation: TextLocation, value: JSONNode) {
      self.key = key
      self.keyLocation = keyLocation
      self.value = value
    }
  }

  package var content: Content
  package var location: TextLocation

  package init(_ content: Content, at location: TextLocation) {
    self.content = content
    self.location = location
  }

  /// The value without locations.
  ///
  /// - Complexity: O(n) in the size of the tree.
  package var value: JSONValue {
    switch content {
    case .null: return .null
    case .bool(let bool): return .bool(bool)
    case .number(let number): return .number(number)
    case .string(let string): return .string(string)
    case .array(let elements): return .array(elements.map(\.value))
    case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.value) })
    }
  }

  /// The string, for a string.
  package var stringValue: String? {
    if case .string(let string) = content { return string }
    return nil
  }

  /// The members, for an object.
  package var members: [Member]? {
    if case .object(let members) = content { return members }
    return nil
  }

  /// The elements, for an array.
  package var elements: [JSONNode]? {
    if case .array(let elements) = content { return elements }
    return nil
  }

  /// The members of an object, taken out: the node is left `null` (its location stays).
  ///
  /// When nothing else holds the tree, each member goes as soon as its taker is done with it.
  /// `nil`, and the node unchanged, for any other value.
  package mutating func takeMembers() -> [Member]? {
    guard case .object(let members) = content else { return nil }
    content = .null
    return members
  }

  /// The elements of an array, taken out as ``takeMembers()`` takes an object's.
  package mutating func takeElements() -> [JSONNode]? {
    guard case .array(let elements) = content else { return nil }
    content = .null
    return elements
  }

  /// The value of the first member named `key`, for an object that has one.
  package subscript(key: String) -> JSONNode? {
    members?.first { JSONKey.same($0.key, key) }?.value
  }

  /// What kind of value this is, for messages: `a string`, `an object`, `null`.
  package var kindDescription: String {
    switch content {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value as a message shows it after "found": strings and numbers as written (quoted and
  /// shortened), containers by their kind.
  package var foundDescription: String {
    switch content {
    case .null: return "null"
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number): return number.literal.utf8.count > 24 ? "a number" : number.literal
    case .string(let string): return quoted(string)
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
