/// A condition on earlier answers that decides whether a step is shown.
public struct Condition: Equatable, Sendable {
  /// What the answer is tested for.
  public enum Test: Equatable, Sendable {
    /// The answer equals this text (numbers and booleans compared as written).
    case equals(String)
    /// The answer differs from this text.
    case notEquals(String)
    /// The answer is one of these.
    case oneOf([String])
    /// The field has an answer (or, with `false`, has none).
    case answered(Bool)
  }
  /// The id of the field the condition reads.
  public var field: String
  /// The test the answer must pass.
  public var test: Test

  /// A condition on the answer to `field`.
  public init(field: String, test: Test) {
    self.field = field
    self.test = test
  }
}

extension Condition {
  /// Whether the condition holds for an answer (`nil`: not answered).
  ///
  /// Answers compare as text: a choice by its option id, a confirm as `true`/`false` (or
  /// `yes`/`no`), a number in digits.
  public func holds(for answer: FieldValue?) -> Bool {
    func matches(_ text: String) -> Bool {
      switch answer {
      case .text(let value)?: return value == text
      case .choice(let id)?: return id == text
      case .number(let n)?: return "\(n)" == text
      case .bool(let yes)?:
        return (yes ? ["true", "yes"] : ["false", "no"]).contains(text.lowercased())
      case nil: return false
      }
    }
    switch test {
    case .equals(let text): return matches(text)
    case .notEquals(let text): return !matches(text)
    case .oneOf(let texts): return texts.contains(where: matches)
    case .answered(let wanted):
      let isAnswered: Bool
      if case .text(let value)? = answer {
        isAnswered = !value.isEmpty
      } else {
        isAnswered = answer != nil
      }
      return isAnswered == wanted
    }
  }
}
