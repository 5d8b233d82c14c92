import Testing

@testable import StepFlowCore
@testable import StepFlowJSON

@Suite struct DecimalValueTests {
  private func parse(_ text: String, _ places: Int) -> Result<
    DecimalValue, DecimalValue.ParseProblem
  > {
    DecimalValue.parse(text, places: places)
  }

  @Test func parsesExactlyAtTheFieldsPlaces() throws {
    #expect(try parse("9.5", 2).get() == DecimalValue(units: 950, places: 2))
    #expect(try parse("9.5", 2).get().description == "9.50")
    #expect(try parse(" -0.05 ", 2).get().description == "-0.05")
    #expect(try parse("+3", 0).get().units == 3)
    #expect(try parse("1e3", 0).get().units == 1000)
    #expect(try parse("2.5E-1", 2).get().description == "0.25")
    #expect(try parse("9.500", 2).get().description == "9.50", "a zero beyond the places is fine")
    #expect(try parse("0.0", 0).get() == DecimalValue(0))
    #expect(try parse("007", 0).get().units == 7)
  }

  @Test func refusesWhatIsNotANumberOrDoesNotFit() {
    for text in ["", " ", "90a0", "9.5.1", "1e", "e3", "--1", "0x1F", "1,5", "NaN", "½"] {
      #expect(throws: DecimalValue.ParseProblem.notANumber, "\(text)") { try parse(text, 2).get() }
    }
    #expect(throws: DecimalValue.ParseProblem.tooManyDecimals) { try parse("9.555", 2).get() }
    #expect(throws: DecimalValue.ParseProblem.tooManyDecimals) { try parse("0.5", 0).get() }
    #expect(throws: DecimalValue.ParseProblem.tooLarge) {
      try parse("99999999999999999999", 0).get()
    }
    #expect(throws: DecimalValue.ParseProblem.tooLarge) { try parse("1e400", 0).get() }
    #expect(throws: DecimalValue.ParseProblem.tooLarge) {
      try parse("92233720368547758.08", 2).get()
    }
  }

  @Test func comparesAndAddsAsNumbersWithoutOverflowing() {
    let a = DecimalValue(units: 95, places: 1)
    let b = DecimalValue(units: 950, places: 2)
    #expect(a == b && a.hashValue == b.hashValue, "9.5 and 9.50 are the same number")
    #expect(DecimalValue(units: 5, places: 1) < DecimalValue(1))
    #expect(DecimalValue(-1) < DecimalValue(units: -5, places: 1))
    #expect(DecimalValue(Int.max) > DecimalValue(units: 1, places: 2), "no overflow comparing")
    #expect(DecimalValue(units: Int.min, places: 0) < DecimalValue(units: -1, places: 3))
    #expect(a.adding(DecimalValue(units: 5, places: 2))?.description == "9.55")
    #expect(DecimalValue(Int.max).adding(DecimalValue(1)) == nil)
    #expect(DecimalValue(Int.max).multiplied(by: 10) == nil)
    #expect(DecimalValue(Int.max / 10 + 1).rescaled(to: 1) == nil)
    #expect(DecimalValue(units: 955, places: 2).rescaled(to: 1) == nil, "would lose a digit")
  }

  @Test func writesJSONExactly() {
    #expect(JSONWriter.compact(DecimalValue(units: 950, places: 2).jsonValue) == "9.50")
    #expect(JSONWriter.compact(DecimalValue(units: -5, places: 2).jsonValue) == "-0.05")
    #expect(JSONWriter.compact(DecimalValue(9000).jsonValue) == "9000")
    #expect(
      JSONWriter.compact(FieldValue.decimal(DecimalValue(units: 100, places: 2)).jsonValue)
        == "1.00")
  }
}

@Suite struct CalendarDateTests {
  @Test func daysThatExistAndTheirWeekdays() throws {
    #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2025, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2025, month: 13, day: 1) == nil)
    let friday = try #require(CalendarDate(year: 2025, month: 3, day: 14))
    #expect(friday.weekdayName == "Friday")
    #expect(friday.description == "2025-03-14")
    #expect(try #require(CalendarDate(year: 2000, month: 1, day: 1)).weekdayName == "Saturday")
  }

  @Test func arithmeticKeepsTheDayInTheMonth() throws {
    let jan31 = try #require(CalendarDate(year: 2024, month: 1, day: 31))
    #expect(jan31.adding(months: 1)?.description == "2024-02-29")
    #expect(jan31.adding(months: 13)?.description == "2025-02-28")
    #expect(jan31.adding(days: 1)?.description == "2024-02-01")
    #expect(jan31.adding(days: -31)?.description == "2023-12-31")
    #expect(jan31.adding(days: 366)?.description == "2025-01-31")
    for n in [0, 1, 59, 365, 146_096, 730_119, 3_000_000] {
      #expect(CalendarDate(dayNumber: n)?.dayNumber == n)
    }
  }

  @Test func parsingSaysWhatIsWrong() {
    func problem(_ text: String, time: Bool = false) -> DateTimeValue.ParseProblem? {
      if case .failure(let p) = DateTimeValue.parse(text, time: time) { return p }
      return nil
    }
    #expect(problem("2025-03-14") == nil)
    #expect(problem(" 2025-03-14 ") == nil)
    #expect(problem("2025-3-14") == .format)
    #expect(problem("14/03/2025") == .format)
    #expect(problem("2025-02-30") == .noSuchDay(daysInMonth: 28))
    #expect(problem("2025-13-01") == .noSuchMonth)
    #expect(problem("2025-03-14 09:30", time: true) == nil)
    #expect(problem("2025-03-14T09:30", time: true) == nil)
    #expect(problem("2025-03-14 24:00", time: true) == .noSuchTime)
    #expect(problem("2025-03-14", time: true) == .format)
  }
}
