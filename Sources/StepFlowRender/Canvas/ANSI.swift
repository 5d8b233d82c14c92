import StepFlowCore

/// Encodes styles as ANSI escape sequences (SGR), reduced to the terminal's colour depth.
package enum ANSI {
  /// Appends the SGR sequence that changes the terminal from style `old` (`nil`: unknown) to
  /// `new`; nothing when nothing visible changes.
  ///
  /// Attributes that are switched off reset the whole style first (one `0`), which keeps the
  /// sequence short and always correct.
  package static func appendStyleChange(
    from old: Style?, to new: Style, depth: ColorDepth, into out: inout [UInt8]
  ) {
    let newFG = reduce(new.foreground, depth: depth)
    let newBG = reduce(new.background, depth: depth)
    var parameters: [UInt8] = []
    var reset = false
    var oldFG = Color.default
    var oldBG = Color.default
    var oldAttributes = TextAttributes()
    if let old {
      oldFG = reduce(old.foreground, depth: depth)
      oldBG = reduce(old.background, depth: depth)
      oldAttributes = old.attributes
      if !oldAttributes.subtracting(new.attributes).isEmpty { reset = true }
    } else {
      reset = true
    }
    if reset {
      parameters.append(UInt8(ascii: "0"))
      oldFG = .default
      oldBG = .default
      oldAttributes = []
    }
    let added = new.attributes.subtracting(oldAttributes)
    let codes: [(TextAttributes, UInt8)] = [
      (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7), (.strikethrough, 9),
    ]
    for (attribute, code) in codes where added.contains(attribute) {
      appendParameter(code, into: &parameters)
    }
    if newFG != oldFG { appendColor(newFG, foreground: true, into: &parameters) }
    if newBG != oldBG { appendColor(newBG, foreground: false, into: &parameters) }
    guard !parameters.isEmpty else { return }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    out.append(contentsOf: parameters)
    out.append(UInt8(ascii: "m"))
  }

  /// The SGR sequence that resets every attribute and colour.
  package static let resetStyle: [UInt8] = Array("\u{1B}[0m".utf8)

  /// A colour as the terminal will show it at `depth`.
  package static func reduce(_ color: Color, depth: ColorDepth) -> Color {
    switch (color, depth) {
    case (.default, _), (_, .truecolor): return color
    case (_, .none): return .default
    case (.ansi, _): return color
    case (.indexed(let n), .ansi16):
      return .ansi(n < 16 ? n : Palette.nearestANSI(Palette.rgb(ofIndex: n)))
    case (.indexed, _): return color
    case (.rgb(let r, let g, let b), .ansi256): return .indexed(Palette.nearestIndex((r, g, b)))
    case (.rgb(let r, let g, let b), _): return .ansi(Palette.nearestANSI((r, g, b)))
    }
  }

  private static func appendParameter(_ value: Int, into parameters: inout [UInt8]) {
    if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
    appendDecimal(value, into: &parameters)
  }

  private static func appendParameter(_ value: UInt8, into parameters: inout [UInt8]) {
    appendParameter(Int(value), into: &parameters)
  }

  private static func appendColor(_ color: Color, foreground: Bool, into parameters: inout [UInt8])
  {
    switch color {
    case .default:
      appendParameter(foreground ? 39 : 49, into: &parameters)
    case .ansi(let n):
      let base = foreground ? (n < 8 ? 30 : 82) : (n < 8 ? 40 : 92)
      appendParameter(base + Int(n), into: &parameters)
    case .indexed(let n):
      appendParameter(foreground ? 38 : 48, into: &parameters)
      appendParameter(5, into: &parameters)
      appendParameter(Int(n), into: &parameters)
    case .rgb(let r, let g, let b):
      appendParameter(foreground ? 38 : 48, into: &parameters)
      appendParameter(2, into: &parameters)
      appendParameter(Int(r), into: &parameters)
      appendParameter(Int(g), into: &parameters)
      appendParameter(Int(b), into: &parameters)
    }
  }

  /// Appends a non-negative number in decimal ASCII.
  package static func appendDecimal(_ value: Int, into out: inout [UInt8]) {
    if value < 10 {
      out.append(UInt8(ascii: "0") + UInt8(max(0, value)))
      return
    }
    var digits: [UInt8] = []
    var v = value
    while v > 0 {
      digits.append(UInt8(ascii: "0") + UInt8(v % 10))
      v /= 10
    }
    out.append(contentsOf: digits.reversed())
  }

  /// The canvas as lines of text with SGR sequences, each line ending in a reset: how a frame
  /// looks in a log or a pipe with `--color always`.
  package static func styledLines(of canvas: Canvas, depth: ColorDepth) -> [String] {
    (0..<canvas.height).map { y in
      var bytes: [UInt8] = []
      var current: Style? = nil
      // Trailing blanks in the default style are trimmed, as in plain lines.
      var end = canvas.width
      while end > 0, canvas[end - 1, y].grapheme.isSpace, canvas[end - 1, y].style == .plain {
        end -= 1
      }
      for x in 0..<end {
        let cell = canvas[x, y]
        if cell.isContinuation { continue }
        if cell.style != current {
          appendStyleChange(from: current, to: cell.style, depth: depth, into: &bytes)
          current = cell.style
        }
        cell.grapheme.appendUTF8(to: &bytes)
      }
      if let current, current != .plain { bytes.append(contentsOf: resetStyle) }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
