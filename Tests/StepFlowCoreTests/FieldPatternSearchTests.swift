import Testing

@testable import StepFlowCore

/// Searching a line for a pattern and picking out its first group, as a task's
/// `progress: { pattern }` does, with the same linear-time matcher as field patterns.
@Suite struct FieldPatternSearchTests {
  func group(_ pattern: String, _ text: String) throws -> String? {
    try FieldPattern(searching: pattern).firstGroup(in: text).map(String.init)
  }

  @Test func theFirstGroupOfTheLeftmostMatch() throws {
    #expect(try group("(\\d+)%", "[####    ] 42% done") == "42")
    #expect(try group("(\\d+)%", "12 files, 7% then 9%") == "7")
    #expect(try group("(\\d+)/(\\d+)", "step 3/10") == "3")
    #expect(try group("(?:v)(\\d+)", "v12") == "12", "a non-capturing group is passed by")
    #expect(try group("(?<pct>\\d+(\\.\\d+)?)%", "at 37.5%") == "37.5")
    #expect(try group("(\\d+)%", "no progress here") == nil)
    #expect(try group("^(\\d+)$", "100") == "100")
    #expect(try group("^(\\d+)$", "x100") == nil)
  }

  @Test func withoutAGroupTheWholeMatch() throws {
    #expect(try group("\\d+%", "now 64% of it") == "64%")
    #expect(try group("b+", "aabbbcc") == "bbb", "greedy within the leftmost match")
  }

  @Test func aRepeatedGroupGivesItsLastRepetitionAndAlternativesTheFirstThatMatches() throws {
    #expect(try group("(\\d)+", "x123") == "3")
    #expect(try group("(a|ab)c", "abc") == "ab")
    #expect(try group("(a*)(a*)", "aaa") == "aaa")
  }

  @Test func wholeMatchPatternsStillIgnoreTheMarker() throws {
    let pattern = try FieldPattern("([0-9]{4})")
    #expect(pattern.matches("0150"))
    #expect(!pattern.matches("01501"))
  }

  @Test func aLineLongerThanTheBudgetIsNotSearched() throws {
    let pattern = try FieldPattern(searching: "(\\d+)%")
    let long = String(repeating: "x", count: pattern.maxTextLength + 1) + "5%"
    #expect(pattern.firstGroup(in: long) == nil)
  }
}
