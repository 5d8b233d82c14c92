import StepFlowText

/// A colour as the terminal is asked to show it.
///
/// Colours are stored at full precision and reduced to what the terminal supports
/// (``ColorDepth``) only when a frame is encoded, so themes and blends can be written in RGB.
public enum Color: Hashable, Sendable {
  /// The terminal's own default foreground or background.
  case `default`
  /// One of the sixteen palette colours (0–7 normal, 8–15 bright).
  case ansi(UInt8)
  /// One of the 256 indexed colours.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)
}

extension Color {
  // The named system colours, at SwiftUI's light-mode values: a flow keeps the colours its
  // author chose by name on Apple platforms.
  /// Black.
  public static let black = Color.rgb(0, 0, 0)
  /// White.
  public static let white = Color.rgb(255, 255, 255)
  /// Teal (the delivery flow's first state).
  public static let teal = Color.rgb(48, 176, 199)
  /// Green.
  public static let green = Color.rgb(52, 199, 89)
  /// Cyan.
  public static let cyan = Color.rgb(50, 173, 230)
  /// Yellow.
  public static let yellow = Color.rgb(255, 204, 0)
  /// Blue (the default accent).
  public static let blue = Color.rgb(0, 122, 255)
  /// Orange.
  public static let orange = Color.rgb(255, 149, 0)
  /// Mint.
  public static let mint = Color.rgb(0, 199, 190)
  /// Red (validation messages).
  public static let red = Color.rgb(255, 59, 48)
  /// Pink.
  public static let pink = Color.rgb(255, 45, 85)
  /// Purple.
  public static let purple = Color.rgb(175, 82, 222)
  /// Indigo.
  public static let indigo = Color.rgb(88, 86, 214)
  /// Brown.
  public static let brown = Color.rgb(162, 132, 94)
  /// Gray (pending steps, hints).
  public static let gray = Color.rgb(142, 142, 147)
  /// SwiftUI's `.secondary`: a muted grey for text of less weight.
  public static let secondary = Color.rgb(174, 174, 178)

  /// The named colours a wizard file may use, by their SwiftUI names.
  public static let named: [String: Color] = [
    "black": .black, "white": .white, "teal": .teal, "green": .green, "cyan": .cyan,
    "yellow": .yellow, "blue": .blue, "orange": .orange, "mint": .mint, "red": .red,
    "pink": .pink, "purple": .purple, "indigo": .indigo, "brown": .brown, "gray": .gray,
    "grey": .gray, "secondary": .secondary, "default": .default,
  ]

  /// Parses a colour name (`teal`), `#rgb` / `#rrggbb`, or a palette index (`ansi:3`, `color:208`).
  public init?(parsing text: String) {
    let lower = text.lowercased()
    if let named = Color.named[lower] {
      self = named
      return
    }
    if lower.hasPrefix("#") {
      let hex = Array(lower.utf8.dropFirst())
      func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        default: return nil
        }
      }
      let nibbles = hex.compactMap(nibble)
      guard nibbles.count == hex.count else { return nil }
      switch nibbles.count {
      case 3: self = .rgb(nibbles[0] * 17, nibbles[1] * 17, nibbles[2] * 17)
      case 6:
        self = .rgb(
          nibbles[0] << 4 | nibbles[1], nibbles[2] << 4 | nibbles[3], nibbles[4] << 4 | nibbles[5])
      default: return nil
      }
      return
    }
    for (prefix, limit) in [("ansi:", 15), ("color:", 255)] where lower.hasPrefix(prefix) {
      guard let n = Int(lower.dropFirst(prefix.count)), (0...limit).contains(n) else { return nil }
      self = prefix == "ansi:" ? .ansi(UInt8(n)) : .indexed(UInt8(n))
      return
    }
    return nil
  }

  /// The colour as RGB, using xterm's default palette for indexed colours; `nil` for `.default`.
  public var rgbComponents: (r: UInt8, g: UInt8, b: UInt8)? {
    switch self {
    case .default: return nil
    case .rgb(let r, let g, let b): return (r, g, b)
    case .ansi(let n): return Palette.xterm16[Int(n & 15)]
    case .indexed(let n): return Palette.rgb(ofIndex: n)
    }
  }

  /// A colour between `self` (at 0) and `other` (at 1).
  ///
  /// Colours without RGB components (the terminal default) cannot be mixed; the blend switches
  /// from one to the other half-way.
  public func blended(with other: Color, by fraction: Double) -> Color {
    if fraction <= 0 { return self }
    if fraction >= 1 { return other }
    guard let a = rgbComponents, let b = other.rgbComponents else {
      return fraction < 0.5 ? self : other
    }
    func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Double(x) + (Double(y) - Double(x)) * fraction).rounded())
    }
    return .rgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
  }

  /// This colour drawn with the given opacity over `backdrop` (like SwiftUI's `.opacity`).
  public func withOpacity(_ opacity: Double, over backdrop: Color) -> Color {
    backdrop.blended(with: self, by: opacity)
  }
}

/// How many colours the terminal can show.
public enum ColorDepth: Int, Comparable, Sendable {
  /// No colours at all (attributes such as bold may still be used).
  case none = 0
  /// The sixteen palette colours.
  case ansi16 = 1
  /// The 256 indexed colours.
  case ansi256 = 2
  /// 24-bit colour.
  case truecolor = 3

  /// Whether `a` has fewer colours than `b`.
  public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

  /// The depth a terminal supports, read from `COLORTERM` and `TERM`.
  public static func detect(environment: [String: String]) -> ColorDepth {
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = environment["TERM"]?.lowercased() ?? ""
    if term == "dumb" { return .none }
    if ASCIISearch.contains(term, "256color") || ASCIISearch.contains(term, "direct") {
      return .ansi256
    }
    return .ansi16
  }
}

/// The indexed-colour palette and the nearest-colour searches that reduce RGB to it.
package enum Palette {
  package static let xterm16: [(r: UInt8, g: UInt8, b: UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
  package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  package static func rgb(ofIndex n: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
    switch n {
    case 0..<16: return xterm16[Int(n)]
    case 16..<232:
      let i = Int(n) - 16
      return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
    default:
      let level = UInt8(8 + 10 * (Int(n) - 232))
      return (level, level, level)
    }
  }

  private static func distance(
    _ a: (r: UInt8, g: UInt8, b: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8)
  )
    -> Int
  {
    let dr = Int(a.r) - Int(b.r)
    let dg = Int(a.g) - Int(b.g)
    let db = Int(a.b) - Int(b.b)
    // Weighted towards green, as the eye is (a cheap approximation of perceptual distance).
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }

  /// The nearest of the 256 indexed colours (cube or grey ramp).
  package static func nearestIndex(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> UInt8 {
    func level(_ v: UInt8) -> Int {
      var best = 0
      for i in 1..<6 where abs(Int(cubeLevels[i]) - Int(v)) < abs(Int(cubeLevels[best]) - Int(v)) {
        best = i
      }
      return best
    }
    let (ri, gi, bi) = (level(c.r), level(c.g), level(c.b))
    let cubeIndex = UInt8(16 + 36 * ri + 6 * gi + bi)
    let average = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
    let grayStep = max(0, min(23, (average - 8 + 5) / 10))
    let grayIndex = UInt8(232 + grayStep)
    return distance(c, rgb(ofIndex: grayIndex)) < distance(c, rgb(ofIndex: cubeIndex))
      ? grayIndex : cubeIndex
  }

  /// The nearest of the sixteen palette colours.
  package static func nearestANSI(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for (i, p) in xterm16.enumerated() {
      let d = distance(c, p)
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return UInt8(best)
  }
}
