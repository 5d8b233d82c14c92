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
    // The parameters go straight after `CSI` (no array of their own: a frame changes style
    // often); a change of nothing takes the two bytes back.
    let start = out.count
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    let parameters = out.count
    if reset {
      out.append(UInt8(ascii: "0"))
      oldFG = .default
      oldBG = .default
      oldAttributes = []
    }
    let added = new.attributes.subtracting(oldAttributes)
    for (attribute, code) in attributeCodes where added.contains(attribute) {
      appendParameter(code, into: &out, after: parameters)
    }
    if newFG != oldFG { appendColor(newFG, foreground: true, into: &out, after: parameters) }
    if newBG != oldBG { appendColor(newBG, foreground: false, into: &out, after: parameters) }
    guard out.count > parameters else {
      out.removeSubrange(start...)
      return
    }
    out.append(UInt8(ascii: "m"))
  }

  /// The SGR codes of the attributes, in the order they are written.
  private static let attributeCodes: [(TextAttributes, Int)] = [
    (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7), (.strikethrough, 9),
  ]

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

  /// Appends one SGR parameter, after a `;` unless it is the first (the parameters start at
  /// `start`).
  private static func appendParameter(_ value: Int, into out: inout [UInt8], after start: Int) {
    if out.count > start { out.append(UInt8(ascii: ";")) }
    appendDecimal(value, into: &out)
  }

  private static func appendColor(
    _ color: Color, foreground: Bool, into out: inout [UInt8], after start: Int
  ) {
    switch color {
    case .default:
      appendParameter(foreground ? 39 : 49, into: &out, after: start)
    case .ansi(let n):
      let base = foreground ? (n < 8 ? 30 : 82) : (n < 8 ? 40 : 92)
      appendParameter(base + Int(n), into: &out, after: start)
    case .indexed(let n):
      appendParameter(foreground ? 38 : 48, into: &out, after: start)
      appendParameter(5, into: &out, after: start)
      appendParameter(Int(n), into: &out, after: start)
    case .rgb(let r, let g, let b):
      appendParameter(foreground ? 38 : 48, into: &out, after: start)
      appendParameter(2, into: &out, after: start)
      appendParameter(Int(r), into: &out, after: start)
      appendParameter(Int(g), into: &out, after: start)
      appendParameter(Int(b), into: &out, after: start)
    }
  }

  /// Appends a non-negative number in decimal ASCII (a negative one as `0`).
  package static func appendDecimal(_ value: Int, into out: inout [UInt8]) {
    if value < 10 {
      out.append(UInt8(ascii: "0") + UInt8(max(0, value)))
      return
    }
    var divisor = 10
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
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
