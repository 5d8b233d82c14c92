/// A day of the Gregorian calendar, without a time zone: what a date field holds and the
/// bounds it is checked against.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, in full (`2025`).
  public let year: Int
  /// 1…12.
  public let month: Int
  /// 1…the month's length.
  public let day: Int

  /// The date, when it exists (`2025-02-29` does not); years 1…9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.days(inMonth: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// A date the caller knows exists (a constant in code).
  package init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The number of days of a month (February: 29 in leap years).
  public static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Whether a year has a 29th of February.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Whether `a` comes before `b`.
  public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  /// `2025-03-14`.
  public var description: String {
    Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
  }

  /// The day of the week, 0 for Sunday to 6 for Saturday.
  public var weekday: Int {
    // Sakamoto's method.
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    let y = month < 3 ? year - 1 : year
    return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
  }

  /// The weekday's name in English: `Friday`.
  public var weekdayName: String {
    ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekday]
  }

  /// The date `days` days later (earlier when negative), when it is within years 1…9999.
  public func adding(days: Int) -> CalendarDate? {
    CalendarDate(dayNumber: dayNumber + days)
  }

  /// Days since 0001-01-01 (which is 0).
  package var dayNumber: Int {
    let y = year - 1
    var days = y * 365 + y / 4 - y / 100 + y / 400
    for m in 1..<month { days += Self.days(inMonth: m, year: year) }
    return days + day - 1
  }

  /// The date of a day number (see ``dayNumber``).
  package init?(dayNumber: Int) {
    guard dayNumber >= 0 else { return nil }
    // 400 years are 146,097 days.
    var rest = dayNumber
    var year = 1 + 400 * (rest / 146_097)
    rest %= 146_097
    while rest >= (Self.isLeapYear(year) ? 366 : 365) {
      rest -= Self.isLeapYear(year) ? 366 : 365
      year += 1
    }
    var month = 1
    while rest >= Self.days(inMonth: month, year: year) {
      rest -= Self.days(inMonth: month, year: year)
      month += 1
    }
    self.init(year: year, month: month, day: rest + 1)
  }

  /// The same day `months` months later, the day clamped to the new month's length
  /// (January 31 plus one month is February 28 or 29).
  public func adding(months: Int) -> CalendarDate? {
    let total = year * 12 + (month - 1) + months
    let newYear = total / 12
    let newMonth = total % 12 + 1
    guard (1...9999).contains(newYear) else { return nil }
    return CalendarDate(
      year: newYear, month: newMonth,
      day: Swift.min(day, Self.days(inMonth: newMonth, year: newYear)))
  }

  static func padded(_ n: Int, _ width: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }
}

/// A date field's value: a day, and a time of day when the field asks for one.
public struct DateTimeValue: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The day.
  public let date: CalendarDate
  /// Hours 0…23 and minutes 0…59, for `time: true` fields.
  public let time: (hour: Int, minute: Int)?

  /// A day, with a time of day or without one.
  public init(date: CalendarDate, time: (hour: Int, minute: Int)? = nil) {
    self.date = date
    self.time = time
  }

  /// Whether the two are the same day and time (or both without a time).
  public static func == (a: DateTimeValue, b: DateTimeValue) -> Bool {
    a.date == b.date && a.time?.hour == b.time?.hour && a.time?.minute == b.time?.minute
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(date)
    hasher.combine(time?.hour)
    hasher.combine(time?.minute)
  }

  /// Whether `a` comes first: by day, then by time, a day without a time before one with.
  public static func < (a: DateTimeValue, b: DateTimeValue) -> Bool {
    if a.date != b.date { return a.date < b.date }
    return (a.time?.hour ?? -1, a.time?.minute ?? -1) < (b.time?.hour ?? -1, b.time?.minute ?? -1)
  }

  /// `2025-03-14`, or `2025-03-14 09:30` with a time.
  public var description: String {
    guard let time else { return date.description }
    return date.description + " " + CalendarDate.padded(time.hour, 2) + ":"
      + CalendarDate.padded(time.minute, 2)
  }

  /// Why text is not a date.
  public enum ParseProblem: Error, Hashable, Sendable {
    /// Not written `YYYY-MM-DD` (with `time`: `YYYY-MM-DD HH:MM`).
    case format
    /// Written right but no such day: `2025-02-30` (`daysInMonth` is 28).
    case noSuchDay(daysInMonth: Int)
    /// A month outside 01…12.
    case noSuchMonth
    /// An hour outside 00…23 or minutes outside 00…59.
    case noSuchTime
  }

  /// Reads `YYYY-MM-DD` (and, when `time`, `YYYY-MM-DD HH:MM`, or with `T` for the space).
  ///
  /// Spaces around it are ignored.
  public static func parse(_ text: String, time: Bool) -> Result<DateTimeValue, ParseProblem> {
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let chars = Array(bytes)
    func number(_ range: Range<Int>) -> Int? {
      var n = 0
      for i in range {
        guard chars[i] >= 0x30, chars[i] <= 0x39 else { return nil }
        n = n * 10 + Int(chars[i] - 0x30)
      }
      return n
    }
    let expected = time ? 16 : 10
    guard chars.count == expected, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
    else { return .failure(.format) }
    var clock: (hour: Int, minute: Int)? = nil
    if time {
      guard chars[10] == 0x20 || chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"),
        let hour = number(11..<13), let minute = number(14..<16)
      else { return .failure(.format) }
      guard hour < 24, minute < 60 else { return .failure(.noSuchTime) }
      clock = (hour, minute)
    }
    guard (1...12).contains(month) else { return .failure(.noSuchMonth) }
    guard year >= 1, let date = CalendarDate(year: year, month: month, day: day) else {
      return .failure(.noSuchDay(daysInMonth: CalendarDate.days(inMonth: month, year: year)))
    }
    return .success(DateTimeValue(date: date, time: clock))
  }
}
