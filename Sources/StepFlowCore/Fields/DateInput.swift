/// A date typed into its slots: `YYYY-MM-DD` (and `HH:MM` with a time), the separators kept in
/// place.
///
/// The cursor sits on a digit's slot; typing fills it and moves on, a separator typed (`-`, `/`,
/// `.`, `:`, a space) jumps to the next part, ↑/↓ change the part under the cursor.
///
/// ```swift
/// var input = DateInput(time: false)
/// input.type("2025")      // 2025-__-__, the cursor on the month
/// input.type("-3-14")     // 2025-03-14: "3" then a separator is month 03
/// ```
package struct DateInput: Hashable, Sendable {
  /// Whether a time of day follows the date.
  package let time: Bool
  /// One digit a slot (0…9), `nil` where nothing is typed: 8 slots, 12 with a time.
  package private(set) var digits: [UInt8?]
  /// The slot the cursor is on, `0...digits.count` (the end: after the last).
  package private(set) var cursor: Int

  /// An empty date, the cursor on the first slot.
  package init(time: Bool) {
    self.time = time
    digits = Array(repeating: nil, count: time ? 12 : 8)
    cursor = 0
  }

  /// The parts of the date: year, month, day, hour, minute, as slot ranges.
  package static let parts: [Range<Int>] = [0..<4, 4..<6, 6..<8, 8..<10, 10..<12]

  /// The parts this input has.
  package var partRanges: ArraySlice<Range<Int>> { Self.parts.prefix(time ? 5 : 3) }

  /// Whether no slot is filled.
  package var isEmpty: Bool { digits.allSatisfy { $0 == nil } }
  /// Whether every slot is filled.
  package var isComplete: Bool { digits.allSatisfy { $0 != nil } }

  /// The text as shown: digits, `_` for the empty slots, the separators in place
  /// (`2025-03-__`).
  package var text: String {
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i == 4 || i == 6 { out += "-" }
      if i == 8 { out += " " }
      if i == 10 { out += ":" }
      out += digit.map { String($0) } ?? "_"
    }
    return out
  }

  /// The column of slot `index` in ``text`` (the end: after the text).
  package static func column(ofSlot index: Int) -> Int {
    switch index {
    case ..<4: return index
    case ..<6: return index + 1
    case ..<8: return index + 2
    case ..<10: return index + 3
    default: return index + 4
    }
  }

  /// The value, when every slot is filled and it is a real day (and time).
  package var value: DateTimeValue? {
    guard isComplete, case .success(let value) = DateTimeValue.parse(text, time: time) else {
      return nil
    }
    return value
  }

  /// Fills the slots from ISO text (`2025-03-14`, `2025-03-14 09:30`), the cursor at the end;
  /// text that is not a date of this form empties it.
  package mutating func replace(with isoText: String) {
    digits = Array(repeating: nil, count: digits.count)
    let bytes = Array(isoText.utf8).filter { $0 >= 0x30 && $0 <= 0x39 }
    if bytes.count == digits.count {
      for (i, byte) in bytes.enumerated() { digits[i] = byte - 0x30 }
      cursor = digits.count
    } else {
      cursor = 0
    }
  }

  /// Sets a whole value, the cursor staying where it is.
  package mutating func set(_ value: DateTimeValue) {
    let cursor = self.cursor
    var text = value.date.description
    if time {
      text +=
        " "
        + (value.time.map {
          CalendarDate.padded($0.hour, 2) + ":" + CalendarDate.padded($0.minute, 2)
        } ?? "00:00")
    }
    replace(with: text)
    self.cursor = cursor
  }

  /// Types characters: digits fill slots, a separator moves to the next part, `t` sets today.
  /// - Returns: `false` when a character was not one of those (nothing after it is typed).
  @discardableResult
  package mutating func type(_ text: String) -> Bool {
    for character in text {
      guard typeCharacter(character) else { return false }
    }
    return true
  }

  private mutating func typeCharacter(_ character: Character) -> Bool {
    if character.isASCII, let digit = character.wholeNumberValue {
      guard cursor < digits.count else { return true }
      digits[cursor] = UInt8(digit)
      cursor += 1
      return true
    }
    switch character {
    case "-", "/", ".", ":", " ", "T":
      nextPart()
      return true
    default:
      return false
    }
  }

  /// Jumps to the start of the next part; a part typed with one digit of two (`3` of a month)
  /// becomes `03` first.
  private mutating func nextPart() {
    guard let part = partRanges.first(where: { $0.contains(cursor) || $0.upperBound == cursor })
    else { return }
    let filled = part.filter { digits[$0] != nil }.count
    if part.count == 2, filled == 1, digits[part.lowerBound] != nil, cursor == part.lowerBound + 1 {
      digits[part.lowerBound + 1] = digits[part.lowerBound]
      digits[part.lowerBound] = 0
    }
    if cursor == part.upperBound, part.upperBound < digits.count, filled == part.count {
      // At the end of a complete part: already at the next one.
      return
    }
    cursor = part.upperBound
  }

  /// The number a part holds when every slot of it is filled.
  private func number(in part: Range<Int>) -> Int? {
    var n = 0
    for i in part {
      guard let digit = digits[i] else { return nil }
      n = n * 10 + Int(digit)
    }
    return n
  }

  /// The day the typed parts make, the missing (or impossible) ones taken from `start`.
  private func filled(from start: CalendarDate) -> CalendarDate {
    let year =
      number(in: Self.parts[0]).flatMap { (1...9999).contains($0) ? $0 : nil } ?? start.year
    let month =
      number(in: Self.parts[1]).flatMap { (1...12).contains($0) ? $0 : nil } ?? start.month
    let days = CalendarDate.days(inMonth: month, year: year)
    let day =
      number(in: Self.parts[2]).flatMap { (1...days).contains($0) ? $0 : nil }
      ?? min(start.day, days)
    return CalendarDate(year: year, month: month, day: day) ?? start
  }

  /// Leaving the field: a two-digit part typed with one digit (`2099-6-1` left at `1_`)
  /// means that digit (`01`), as a separator after it would.
  package mutating func finish() {
    for part in partRanges where part.count == 2 {
      if digits[part.lowerBound] != nil, digits[part.lowerBound + 1] == nil {
        digits[part.lowerBound + 1] = digits[part.lowerBound]
        digits[part.lowerBound] = 0
      }
    }
  }

  /// Backspace: empties the slot before the cursor and moves onto it.
  package mutating func deleteBackward() {
    guard cursor > 0 else { return }
    cursor -= 1
    digits[cursor] = nil
  }

  /// Delete: empties the slot under the cursor.
  package mutating func deleteForward() {
    guard cursor < digits.count else { return }
    digits[cursor] = nil
  }

  /// Empties every slot (Ctrl-U).
  package mutating func clear() {
    digits = Array(repeating: nil, count: digits.count)
    cursor = 0
  }

  package mutating func moveLeft() { cursor = max(0, cursor - 1) }
  package mutating func moveRight() { cursor = min(digits.count, cursor + 1) }
  package mutating func moveToStart() { cursor = 0 }
  package mutating func moveToEnd() { cursor = digits.count }

  /// The part the cursor is on (the last part at the end): 0 year, 1 month, 2 day, 3 hour,
  /// 4 minute.
  package var part: Int {
    partRanges.firstIndex { $0.contains(cursor) } ?? (partRanges.count - 1)
  }

  /// ↑ (`+1`) or ↓ (`-1`): changes the part under the cursor by one — a day, a month (the day
  /// kept within the month), a year, an hour, a minute — staying within `low`…`high`.
  ///
  /// An empty or unfinished date becomes `start` (today, within the bounds) first.
  package mutating func adjust(
    by delta: Int, start: CalendarDate, low: CalendarDate?, high: CalendarDate?
  ) {
    guard let current = value else {
      // Unfinished: the parts typed are kept, the others come from `start`.
      var day = filled(from: start)
      if let low, day < low { day = low }
      if let high, day > high { day = high }
      var clock: (hour: Int, minute: Int)? = nil
      if time { clock = (number(in: Self.parts[3]) ?? 9, number(in: Self.parts[4]) ?? 0) }
      if let c = clock, c.hour > 23 || c.minute > 59 { clock = (9, 0) }
      set(DateTimeValue(date: day, time: clock))
      if cursor == digits.count { cursor = partRanges[2].lowerBound }
      return
    }
    var date = current.date
    var clock = current.time
    switch part {
    case 0: date = date.adding(months: 12 * delta) ?? date
    case 1: date = date.adding(months: delta) ?? date
    case 2: date = date.adding(days: delta) ?? date
    case 3:
      if let c = clock { clock = ((c.hour + delta + 24) % 24, c.minute) }
    default:
      if let c = clock { clock = (c.hour, (c.minute + delta + 60) % 60) }
    }
    if let low, date < low { date = low }
    if let high, date > high { date = high }
    set(DateTimeValue(date: date, time: clock))
  }
}
