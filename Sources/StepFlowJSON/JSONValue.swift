/// A JSON value: what a file holds once its locations are no longer needed, and what the
/// result on stdout and state files are built from.
///
/// Objects keep their members in order, and keep duplicates, so that output is written in the
/// order it was built and a checker can still find a key given twice. Build values with
/// literals: `let result: JSONValue = ["wizard": "delivery", "finished": false]`.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  /// The members in order; two objects are equal when they have the same members in the same order.
  case object([JSONMember])

  /// The value of the first member named `key`, for an object that has one.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { JSONKey.same($0.key, key) }?.value
  }

  /// The string, for a string.
  package var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The number, for a number.
  package var numberValue: JSONNumber? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The integer, for a number that is exactly a whole number fitting in `Int`.
  package var intValue: Int? { numberValue?.int }

  /// The elements, for an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}

/// One `"key": value` member of an object.
package struct JSONMember: Hashable, Sendable {
  package var key: String
  package var value: JSONValue

  package init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  package init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
  package init(stringLiteral value: String) { self = .string(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// An object with the members in the order written (duplicates kept).
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { JSONMember($0.0, $0.1) })
  }
}

extension JSONValue {
  /// An integer.
  package static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  /// A double (a whole number is written as an integer).
  package static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

  /// What kind of value this is, for messages: `a string`, `an object`, `null`.
  package var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
