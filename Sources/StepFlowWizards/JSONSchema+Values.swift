import StepFlowJSON
import StepFlowText

/// The schemas for single values: strings, words from a set, numbers in a range, Booleans,
/// colours, and any value at all.
extension JSONSchema where Output == String {
  /// Any string.
  package static var string: JSONSchema<String> {
    JSONSchema(expected: "a string", document: ["type": "string"]) { node, subject, log in
      guard case .string(let string) = node.content else {
        log.wrongType(subject, expected: "a string", found: node)
        return nil
      }
      return string
    }
  }

  /// A string with at least one character (ids, titles).
  package static var nonEmptyString: JSONSchema<String> {
    JSONSchema(expected: "a string", document: ["type": "string", "minLength": 1]) {
      node, subject, log in
      guard case .string(let string) = node.content else {
        log.wrongType(subject, expected: "a string", found: node)
        return nil
      }
      guard !string.isEmpty else {
        log.report("wrong value: \(subject) must not be empty", at: node.location)
        return nil
      }
      return string
    }
  }

  /// One of a fixed set of words, matched exactly; a near miss gets a did-you-mean:
  /// `wrong value: "navigation" must be one of "buttons", "tap" or "rating", found "buton" —
  /// did you mean "buttons"?`.
  package static func oneOf(_ words: [String]) -> JSONSchema<String> {
    JSONSchema(
      expected: "one of \(quotedList(words))",
      document: ["enum": .array(words.map { .string($0) })]
    ) { node, subject, log in
      guard case .string(let string) = node.content else {
        log.wrongType(subject, expected: "one of \(quotedList(words))", found: node)
        return nil
      }
      guard words.contains(string) else {
        log.wrongValue(
          subject, expected: "one of \(quotedList(words))", found: node,
          hint: didYouMean(string, in: words))
        return nil
      }
      return string
    }
  }
}

extension JSONSchema
where Output: CaseIterable & RawRepresentable & Sendable, Output.RawValue == String {
  /// One of an enumeration's raw values, as the enumeration's case (`.oneOf(NavigationStyle.self)`).
  package static func oneOf(_ type: Output.Type) -> JSONSchema<Output> {
    @Sendable func words() -> [String] { type.allCases.map(\.rawValue) }
    return JSONSchema(
      expected: "one of \(quotedList(words()))",
      document: { _ in ["enum": .array(words().map { .string($0) })] },
      read: { node, subject, log in
        guard case .string(let string) = node.content else {
          log.wrongType(subject, expected: "one of \(quotedList(words()))", found: node)
          return nil
        }
        guard let value = Output(rawValue: string) else {
          log.wrongValue(
            subject, expected: "one of \(quotedList(words()))", found: node,
            hint: didYouMean(string, in: words()))
          return nil
        }
        return value
      }
    )
  }
}

/// ` — did you mean "word"?` when a candidate is close to `text`, else the empty string.
package func didYouMean(_ text: String, in candidates: [String]) -> String {
  Suggestions.closest(to: text, in: candidates).map { " — did you mean \(quoted($0))?" } ?? ""
}

extension JSONSchema where Output == Int {
  /// Any whole number that fits in `Int` (`3`, `3.0` and `3e0` all read as 3).
  package static var int: JSONSchema<Int> { int(in: Int.min...Int.max) }

  /// A whole number in a range: `wrong value: "pages" must be an integer from 1 to 10000, found 0`.
  package static func int(in range: ClosedRange<Int>) -> JSONSchema<Int> {
    @Sendable func expected() -> String {
      range == Int.min...Int.max
        ? "an integer" : "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
    @Sendable func document() -> JSONValue {
      var document: JSONValue = ["type": "integer"]
      if range.lowerBound != Int.min {
        document = document.adding(["minimum": .int(range.lowerBound)])
      }
      if range.upperBound != Int.max {
        document = document.adding(["maximum": .int(range.upperBound)])
      }
      return document
    }
    return JSONSchema(expected: expected(), document: document()) { node, subject, log in
      guard case .number(let number) = node.content else {
        log.wrongType(subject, expected: expected(), found: node)
        return nil
      }
      guard let int = number.int, range.contains(int) else {
        log.wrongValue(subject, expected: expected(), found: node)
        return nil
      }
      return int
    }
  }
}

extension JSONSchema where Output == Double {
  /// Any finite number.
  package static var double: JSONSchema<Double> { double(in: -Double.infinity...Double.infinity) }

  /// A finite number in a range: `wrong value: "speed" must be a number from 0 to 1, found 2`.
  package static func double(in range: ClosedRange<Double>) -> JSONSchema<Double> {
    @Sendable func expected() -> String {
      func text(_ bound: Double) -> String { JSONNumber(bound).jsonText }
      switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
      case (true, true):
        return "a number from \(text(range.lowerBound)) to \(text(range.upperBound))"
      case (true, false): return "a number of at least \(text(range.lowerBound))"
      case (false, true): return "a number of at most \(text(range.upperBound))"
      case (false, false): return "a finite number"
      }
    }
    @Sendable func document() -> JSONValue {
      var document: JSONValue = ["type": "number"]
      if range.lowerBound.isFinite {
        document = document.adding(["minimum": .double(range.lowerBound)])
      }
      if range.upperBound.isFinite {
        document = document.adding(["maximum": .double(range.upperBound)])
      }
      return document
    }
    return JSONSchema(expected: expected(), document: document()) { node, subject, log in
      guard case .number(let number) = node.content else {
        log.wrongType(subject, expected: "a number", found: node)
        return nil
      }
      guard let double = number.double, range.contains(double) else {
        log.wrongValue(subject, expected: expected(), found: node)
        return nil
      }
      return double
    }
  }
}

extension JSONSchema where Output == JSONNumber {
  /// Any number, exactly as written (for values whose meaning depends on other keys).
  package static var number: JSONSchema<JSONNumber> {
    JSONSchema(expected: "a number", document: ["type": "number"]) { node, subject, log in
      guard case .number(let number) = node.content else {
        log.wrongType(subject, expected: "a number", found: node)
        return nil
      }
      return number
    }
  }
}

extension JSONSchema where Output == Bool {
  /// `true` or `false`.
  package static var bool: JSONSchema<Bool> {
    JSONSchema(expected: "true or false", document: ["type": "boolean"]) { node, subject, log in
      guard case .bool(let bool) = node.content else {
        log.wrongType(subject, expected: "true or false", found: node)
        return nil
      }
      return bool
    }
  }
}

extension JSONSchema where Output == JSONNode {
  /// Any value, with its location, unchecked.
  package static var any: JSONSchema<JSONNode> {
    JSONSchema(expected: "a value", document: [:]) { node, _, _ in node }
  }
}
