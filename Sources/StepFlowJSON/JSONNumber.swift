/// A JSON number: the text it was written as, and its value as an exact integer or a double.
///
/// A number is an integer when its decimal value is exactly a whole number that fits in `Int`
/// (`42`, `1.0`, `1e2`, `0x1F`); everything else is kept as the nearest `Double` (`2.5`,
/// `1e400` → infinity, `99999999999999999999999` → 1e23). Nothing ever traps, whatever the size.
///
/// Two numbers are equal when their values are equal, whatever their text: `1`, `1.0` and
/// `0x1` are the same number.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  package enum Value: Sendable {
    case int(Int)
    case double(Double)
  }

  /// The number as written in the file (`0x1F`, `+.5`, `1e400`), or as the writer writes it for
  /// numbers made in code.
  ///
  /// Useful for messages; the writer does not use it.
  package let literal: String
  package let value: Value
  /// Whether the writer writes ``literal`` as it is: an exact decimal (`9.50`) made in code,
  /// whose nearest double would print otherwise (`9.5`).
  private var writesLiteral = false

  package init(literal: String, value: Value) {
    self.literal = literal
    self.value = value
  }

  /// An exact decimal the writer writes as given (`9.50`, `-0.05`): `text` must be a JSON
  /// number; `approximately` is its nearest double, for comparisons.
  package init(exactDecimal text: String, approximately double: Double) {
    self.init(literal: text, value: .double(double))
    writesLiteral = true
  }

  /// An integer.
  package init(_ int: Int) {
    self.init(literal: String(int), value: .int(int))
  }

  /// A double; a whole number that fits in `Int` becomes an integer (`3.0` is `3`).
  package init(_ double: Double) {
    if let int = Int(exactly: double) {
      self.init(int)
    } else {
      self.init(literal: JSONNumber.text(of: double), value: .double(double))
    }
  }

  /// The value when it is exactly a whole number that fits in `Int`; `nil` for `2.5`, `1e400`,
  /// `99999999999999999999999`, `Infinity` and `NaN`.
  package var int: Int? {
    if case .int(let int) = value { return int }
    return nil
  }

  /// The value as the nearest `Double`; `nil` when it is not finite (`Infinity`, `NaN`, or too
  /// large for a double such as `1e400`).
  package var double: Double? {
    switch value {
    case .int(let int): return Double(int)
    case .double(let double): return double.isFinite ? double : nil
    }
  }

  /// Whether the value is a finite number (not `Infinity`, `NaN` or beyond the range of a double).
  package var isFinite: Bool { double != nil }

  /// The literal text.
  package var description: String { literal }

  package static func == (a: JSONNumber, b: JSONNumber) -> Bool {
    switch (a.value, b.value) {
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Int(exactly: y) == x
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch value {
    case .int(let int): hasher.combine(int)
    case .double(let double):
      if let int = Int(exactly: double) {
        hasher.combine(int)
      } else if double.isNaN {
        hasher.combine(Double.nan.bitPattern)
      } else {
        hasher.combine(double)
      }
    }
  }

  /// The JSON text of a value: integers as integers, other finite doubles in their shortest
  /// form that reads back as the same double, and `null` for values JSON cannot write.
  package var jsonText: String {
    if writesLiteral { return literal }
    switch value {
    case .int(let int): return String(int)
    case .double(let double):
      if let int = Int(exactly: double) { return String(int) }
      return double.isFinite ? double.description : "null"
    }
  }

  package static func text(of double: Double) -> String {
    if double.isNaN { return "NaN" }
    if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
    return double.description
  }
}

extension JSONNumber {
  /// The value of a number literal the lexer has already checked: optional sign, then
  /// `Infinity`, `NaN`, `0x` hex digits, or decimal digits with an optional fraction and exponent.
  ///
  /// - Complexity: O(n) in the length of the literal, whatever its size.
  package static func value(ofLiteral b: UnsafeBufferPointer<UInt8>) -> Value {
    var i = 0
    var negative = false
    if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      negative = b[i] == UInt8(ascii: "-")
      i += 1
    }
    guard i < b.count else { return .int(0) }
    if b[i] == UInt8(ascii: "I") { return .double(negative ? -.infinity : .infinity) }
    if b[i] == UInt8(ascii: "N") { return .double(.nan) }
    if b[i] == UInt8(ascii: "0"), i + 1 < b.count, b[i + 1] | 0x20 == UInt8(ascii: "x") {
      return hexValue(b, from: i + 2, negative: negative)
    }
    return decimalValue(b, from: i, negative: negative)
  }

  private static func hexValue(_ b: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool)
    -> Value
  {
    var magnitude: UInt64 = 0
    var overflowed = false
    var approximate = 0.0
    for i in start..<b.count {
      guard let digit = hexDigit(b[i]) else { break }
      approximate = approximate * 16 + Double(digit)
      if !overflowed {
        let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 16)
        let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
        overflowed = o1 || o2
        magnitude = sum
      }
    }
    if !overflowed {
      if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
      if negative, magnitude <= UInt64(Int.max) { return .int(-Int(magnitude)) }
      if negative, magnitude == UInt64(Int.max) + 1 { return .int(Int.min) }
    }
    return .double(negative ? -approximate : approximate)
  }

  private static func decimalValue(
    _ b: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool
  ) -> Value {
    func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    var i = start
    let intStart = i
    while i < b.count, isDigit(b[i]) { i += 1 }
    let intCount = i - intStart
    var fracStart = i
    var fracCount = 0
    if i < b.count, b[i] == UInt8(ascii: ".") {
      i += 1
      fracStart = i
      while i < b.count, isDigit(b[i]) { i += 1 }
      fracCount = i - fracStart
    }
    // The exponent saturates far beyond any double's range, so that no digit count overflows.
    var exponent = 0
    if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var exponentNegative = false
      if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
        exponentNegative = b[i] == UInt8(ascii: "-")
        i += 1
      }
      while i < b.count, isDigit(b[i]) {
        if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(b[i] - UInt8(ascii: "0")) }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    // The digits of the integer part and the fraction, read as one sequence.
    let count = intCount + fracCount
    func digit(_ p: Int) -> UInt8 {
      (p < intCount ? b[intStart + p] : b[fracStart + p - intCount]) - UInt8(ascii: "0")
    }
    var first = 0
    while first < count, digit(first) == 0 { first += 1 }
    if first == count { return .int(0) }
    var last = count - 1
    while digit(last) == 0 { last -= 1 }
    let significant = last - first + 1
    // The power of ten of the last non-zero digit; the value is whole when it is not negative.
    let lastScale = intCount - 1 - last + exponent
    if lastScale >= 0, significant + lastScale <= 19,
      let int = exactInt(first: first, last: last, scale: lastScale, negative: negative, digit)
    {
      return .int(int)
    }
    // Up to 15 digits times an exact power of ten: one correctly rounded operation (Clinger).
    if significant <= 15, lastScale >= -22, lastScale <= 22 {
      var mantissa: UInt64 = 0
      for p in first...last { mantissa = mantissa * 10 + UInt64(digit(p)) }
      let m = Double(mantissa)
      let double =
        lastScale < 0 ? m / powersOfTen[-lastScale] : m * powersOfTen[lastScale]
      return .double(negative ? -double : double)
    }
    // 0.d1d2d3… × 10^scale, with at most 800 digits (enough to round correctly) and a final
    // 1 standing for any non-zero digits cut off.
    var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    text.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
    let kept = min(significant, 800)
    for p in first..<(first + kept) { text.append(digit(p) + UInt8(ascii: "0")) }
    if kept < significant { text.append(UInt8(ascii: "1")) }
    text.append(UInt8(ascii: "e"))
    text.append(contentsOf: String(intCount - first + exponent).utf8)
    let double =
      Double(String(decoding: text, as: UTF8.self)) ?? (negative ? -.infinity : .infinity)
    return .double(double)
  }

  private static func exactInt(
    first: Int, last: Int, scale: Int, negative: Bool, _ digit: (Int) -> UInt8
  ) -> Int? {
    var result = 0
    for p in first...last {
      let (shifted, o1) = result.multipliedReportingOverflow(by: 10)
      let d = Int(digit(p))
      let (sum, o2) =
        negative ? shifted.subtractingReportingOverflow(d) : shifted.addingReportingOverflow(d)
      if o1 || o2 { return nil }
      result = sum
    }
    for _ in 0..<scale {
      let (shifted, overflow) = result.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      result = shifted
    }
    return result
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  package static func hexDigit(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
