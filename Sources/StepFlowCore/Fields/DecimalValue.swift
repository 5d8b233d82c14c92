import StepFlowJSON

/// An exact decimal number in fixed point: `units` × 10^−`places` (`9.50` is 950 units at 2
/// places).
///
/// Never a `Double`: a price typed as `9.95` is `9.95`, and every operation on it is
/// overflow-checked — a number from a file or a person that does not fit is refused, it never traps
/// or wraps.
///
/// Two values are equal when they are the same number (`9.5` and `9.50`); ``description``
/// writes the value with its own places (`9.50`), as a person reads it and as the JSON result
/// holds it.
public struct DecimalValue: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number times 10^`places`.
  public let units: Int
  /// How many digits follow the decimal point, 0…``maxPlaces``.
  public let places: Int

  /// The most digits after the point a value may have (10^18 still fits in `Int`).
  public static let maxPlaces = 18

  /// `units` × 10^−`places`; `places` is clamped to 0…``maxPlaces``.
  public init(units: Int, places: Int) {
    self.units = units
    self.places = Swift.min(Swift.max(0, places), Self.maxPlaces)
  }

  /// A whole number.
  public init(_ whole: Int) {
    self.init(units: whole, places: 0)
  }

  /// Why text is not a decimal number of the wanted form.
  public enum ParseProblem: Error, Hashable, Sendable {
    /// Not a number at all (`90a0`, an empty text).
    case notANumber
    /// More digits after the point than the places allowed.
    case tooManyDecimals
    /// Too large to hold exactly.
    case tooLarge
  }

  /// Reads a number exactly, as `9.5`, `-3`, `+0.25`, `1e3`, `2.5E-1` (spaces around it are
  /// ignored), at `places` digits after the point (`9.5` at 2 places is `9.50`).
  /// - Returns: the value, or why the text is refused: not a number, more decimals than
  ///   `places` (a trailing `0` beyond them is fine: `9.500` at 2 places), too large.
  public static func parse(_ text: String, places: Int) -> Result<DecimalValue, ParseProblem> {
    switch parse(text) {
    case .failure(let problem): return .failure(problem)
    case .success(let value):
      guard let scaled = value.rescaled(to: places) else {
        return .failure(value.places > places ? .tooManyDecimals : .tooLarge)
      }
      return .success(scaled)
    }
  }

  /// Reads a number exactly at the places it is written with (`9.50` has 2, `1e3` has 0,
  /// `2.5e-1` has 2).
  public static func parse(_ text: String) -> Result<DecimalValue, ParseProblem> {
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes.removeFirst()
    }
    var digits: [UInt8] = []
    var fractionDigits = 0
    var seenPoint = false
    var seenDigit = false
    var exponent = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte >= 0x30, byte <= 0x39 {
        seenDigit = true
        // Leading zeros add nothing (and would count against the length).
        if !(digits.isEmpty && byte == 0x30) { digits.append(byte - 0x30) }
        if seenPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        guard seenDigit else { return .failure(.notANumber) }
        var rest = bytes[(index + 1)...]
        var exponentNegative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
          exponentNegative = sign == UInt8(ascii: "-")
          rest.removeFirst()
        }
        guard !rest.isEmpty else { return .failure(.notANumber) }
        var value = 0
        for digit in rest {
          guard digit >= 0x30, digit <= 0x39 else { return .failure(.notANumber) }
          // Exponents beyond a few hundred mean nothing that fits.
          value = Swift.min(value * 10 + Int(digit - 0x30), 10_000)
        }
        exponent = exponentNegative ? -value : value
        index = bytes.endIndex
        break
      } else {
        return .failure(.notANumber)
      }
      index += 1
    }
    guard seenDigit else { return .failure(.notANumber) }
    // The value is digits × 10^(exponent − fractionDigits).
    var scale = exponent - fractionDigits
    // Trailing zeros of the fraction can go without changing the value: they do when the
    // places or the digits are more than a value can hold.
    while scale < 0, -scale > maxPlaces || digits.count > 18, let last = digits.last, last == 0 {
      digits.removeLast()
      scale += 1
    }
    if digits.isEmpty { return .success(DecimalValue(units: 0, places: Swift.max(0, -scale))) }
    var units = 0
    for digit in digits {
      let (times, overflow1) = units.multipliedReportingOverflow(by: 10)
      let (plus, overflow2) = times.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else { return .failure(.tooLarge) }
      units = plus
    }
    if scale > 0 {
      for _ in 0..<scale {
        let (times, overflow) = units.multipliedReportingOverflow(by: 10)
        guard !overflow else { return .failure(.tooLarge) }
        units = times
      }
      scale = 0
    }
    guard -scale <= maxPlaces else { return .failure(.tooManyDecimals) }
    return .success(DecimalValue(units: negative ? -units : units, places: -scale))
  }

  /// The same number at `places` digits after the point; `nil` when that would lose digits
  /// (`9.55` to 1 place) or not fit.
  public func rescaled(to newPlaces: Int) -> DecimalValue? {
    guard (0...Self.maxPlaces).contains(newPlaces) else { return nil }
    if newPlaces == places { return self }
    if newPlaces > places {
      guard let factor = Self.power(newPlaces - places) else { return nil }
      let (scaled, overflow) = units.multipliedReportingOverflow(by: factor)
      return overflow ? nil : DecimalValue(units: scaled, places: newPlaces)
    }
    guard let factor = Self.power(places - newPlaces), units % factor == 0 else { return nil }
    return DecimalValue(units: units / factor, places: newPlaces)
  }

  /// `self + other` at the larger of the two places; `nil` when it does not fit.
  public func adding(_ other: DecimalValue) -> DecimalValue? {
    let common = Swift.max(places, other.places)
    guard let a = rescaled(to: common), let b = other.rescaled(to: common) else { return nil }
    let (sum, overflow) = a.units.addingReportingOverflow(b.units)
    return overflow ? nil : DecimalValue(units: sum, places: common)
  }

  /// `self × n` (a step taken n times); `nil` when it does not fit.
  public func multiplied(by n: Int) -> DecimalValue? {
    let (product, overflow) = units.multipliedReportingOverflow(by: n)
    return overflow ? nil : DecimalValue(units: product, places: places)
  }

  /// The whole number, when the value is one that fits in `Int`.
  public var wholeNumber: Int? { rescaled(to: 0)?.units }

  /// 10^n, when it fits.
  private static func power(_ n: Int) -> Int? {
    var result = 1
    for _ in 0..<n {
      let (times, overflow) = result.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      result = times
    }
    return result
  }

  /// The value without trailing zeros after the point: the one form two equal values share.
  private var normalized: DecimalValue {
    var value = self
    while value.places > 0, value.units % 10 == 0 {
      value = DecimalValue(units: value.units / 10, places: value.places - 1)
    }
    return value
  }

  /// Whether the two are the same number, however many places each is written with.
  public static func == (a: DecimalValue, b: DecimalValue) -> Bool {
    let x = a.normalized
    let y = b.normalized
    return x.units == y.units && x.places == y.places
  }

  /// Hashes the number without its trailing zeros, as ``==`` compares it.
  public func hash(into hasher: inout Hasher) {
    let n = normalized
    hasher.combine(n.units)
    hasher.combine(n.places)
  }

  /// Whether `a` is the smaller number.
  public static func < (a: DecimalValue, b: DecimalValue) -> Bool {
    let common = Swift.max(a.places, b.places)
    if let x = a.rescaled(to: common), let y = b.rescaled(to: common) { return x.units < y.units }
    // One side does not fit at the other's places: it is the larger in size, so its sign
    // decides (both cannot overflow, as one of them is already at `common`).
    if a.rescaled(to: common) == nil { return a.units < 0 }
    return b.units > 0
  }

  /// `9.50`, `-0.05`, `12`: the digits with `places` of them after the point.
  public var description: String {
    let magnitude = units.magnitude
    var digits = String(magnitude)
    guard places > 0 else { return units < 0 ? "-" + digits : digits }
    if digits.count <= places {
      digits = String(repeating: "0", count: places - digits.count + 1) + digits
    }
    let split = digits.index(digits.endIndex, offsetBy: -places)
    return (units < 0 ? "-" : "") + digits[..<split] + "." + digits[split...]
  }

  /// The value as a JSON number written exactly (`9.50`, not the nearest double).
  package var jsonValue: JSONValue {
    if places == 0 { return .int(units) }
    return .number(JSONNumber(exactDecimal: description, approximately: approximateDouble))
  }

  /// The nearest double, for comparisons in JSON values only.
  private var approximateDouble: Double {
    var divisor = 1.0
    for _ in 0..<places { divisor *= 10 }
    return Double(units) / divisor
  }
}
