/// A condition on earlier answers that decides whether a step is shown: a test of one field's
/// answer, or tests combined with `all`, `any` and `not`, nested as deep as needed.
///
/// ```swift
/// let teams: Condition = .all([
///   .test(field: "plan", .oneOf(["team", "enterprise"])),
///   .not(.test(field: "langs", .contains("cobol"))),
/// ])
/// ```
public indirect enum Condition: Equatable, Sendable {
  /// What one field's answer must be.
  public enum Test: Equatable, Sendable {
    /// The answer equals this text (numbers compared as numbers, booleans as `true`/`yes`
    /// or `false`/`no`, a multichoice as its ids separated by commas in any order).
    case equals(String)
    /// The answer differs from this text (also when there is no answer).
    case notEquals(String)
    /// The answer is one of these.
    case oneOf([String])
    /// The field has an answer (or, with `false`, has none; an empty multichoice has none).
    case answered(Bool)
    /// A multichoice's answer has this option id among its choices.
    case contains(String)
    /// A number, rating or date is greater than (later than) this one.
    case greaterThan(String)
    /// A number, rating or date is less than (earlier than) this one.
    case lessThan(String)
  }

  /// One field's answer passes a test.
  case test(field: String, Test)
  /// Every condition holds (an empty list holds).
  case all([Condition])
  /// At least one condition holds (an empty list does not).
  case any([Condition])
  /// The condition does not hold.
  case not(Condition)

  /// A test of one field's answer.
  public init(field: String, test: Test) {
    self = .test(field: field, test)
  }

  /// Whether the condition holds for the answers given so far.
  public func holds(answers: [String: FieldValue]) -> Bool {
    switch self {
    case .test(let field, let test): return test.holds(for: answers[field])
    case .all(let conditions): return conditions.allSatisfy { $0.holds(answers: answers) }
    case .any(let conditions): return conditions.contains { $0.holds(answers: answers) }
    case .not(let condition): return !condition.holds(answers: answers)
    }
  }

  /// Every test in the condition with the field it reads, in the order written.
  public var tests: [(field: String, test: Test)] {
    switch self {
    case .test(let field, let test): return [(field, test)]
    case .all(let conditions), .any(let conditions): return conditions.flatMap(\.tests)
    case .not(let condition): return condition.tests
    }
  }

  /// The ids of the fields the condition reads, each once, in the order written.
  public var fields: [String] {
    var seen: Set<String> = []
    return tests.map(\.field).filter { seen.insert($0).inserted }
  }
}

extension Condition.Test {
  /// Whether an answer (`nil`: not answered) passes the test.
  ///
  /// Answers compare as their data: a choice by its option id, a confirm as `true`/`false` (or
  /// `yes`/`no`), numbers and ratings as numbers, dates as days (and times).
  public func holds(for answer: FieldValue?) -> Bool {
    switch self {
    case .equals(let text): return Self.matches(answer, text)
    case .notEquals(let text): return !Self.matches(answer, text)
    case .oneOf(let texts): return texts.contains { Self.matches(answer, $0) }
    case .answered(let wanted):
      let isAnswered: Bool
      switch answer {
      case .text(let value)?: isAnswered = !value.isEmpty
      case .choices(let ids)?: isAnswered = !ids.isEmpty
      case nil: isAnswered = false
      default: isAnswered = true
      }
      return isAnswered == wanted
    case .contains(let id):
      if case .choices(let ids)? = answer { return ids.contains(id) }
      return false
    case .greaterThan(let text):
      return Self.order(answer, text).map { $0 > 0 } ?? false
    case .lessThan(let text):
      return Self.order(answer, text).map { $0 < 0 } ?? false
    }
  }

  private static func matches(_ answer: FieldValue?, _ text: String) -> Bool {
    switch answer {
    case .text(let value)?: return value == text
    case .choice(let id)?: return id == text
    case .choices(let ids)?:
      let wanted = text.split(separator: ",").map { FieldSpec.trimmed(String($0)) }
      return Set(ids) == Set(wanted.filter { !$0.isEmpty })
    case .number(let n)?:
      if case .success(let other) = DecimalValue.parse(text) { return DecimalValue(n) == other }
      return false
    case .decimal(let d)?:
      if case .success(let other) = DecimalValue.parse(text) { return d == other }
      return false
    case .bool(let yes)?:
      return (yes ? ["true", "yes"] : ["false", "no"]).contains(text.lowercased())
    case nil: return false
    }
  }

  /// −1, 0 or 1 as the answer is below, at or above `text`; `nil` when they do not compare
  /// (no answer, not a number or a date).
  private static func order(_ answer: FieldValue?, _ text: String) -> Int? {
    func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a == b ? 0 : 1 }
    switch answer {
    case .number(let n)?:
      guard case .success(let other) = DecimalValue.parse(text) else { return nil }
      return compare(DecimalValue(n), other)
    case .decimal(let d)?:
      guard case .success(let other) = DecimalValue.parse(text) else { return nil }
      return compare(d, other)
    case .text(let value)?:
      // Dates: a day against a day, a day and time against either (a bare day is its start).
      guard let date = Self.dateTime(value), let other = Self.dateTime(text) else { return nil }
      return compare(date, other)
    default:
      return nil
    }
  }

  private static func dateTime(_ text: String) -> DateTimeValue? {
    if case .success(let value) = DateTimeValue.parse(text, time: true) { return value }
    if case .success(let value) = DateTimeValue.parse(text, time: false) { return value }
    return nil
  }
}
