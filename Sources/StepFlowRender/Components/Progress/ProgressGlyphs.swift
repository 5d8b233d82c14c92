import StepFlowCore

/// The characters progressors draw with, for one ``GlyphStyle``.
///
/// Like ``Glyphs``, this is the one place that names the non-ASCII characters of progress
/// indicators (eighth blocks, shades, braille), so that `ascii` output is ASCII to the last byte.
public struct ProgressGlyphs: Sendable {
  /// Whether partial cells and braille dots may be drawn (`false` for ASCII).
  public let isUnicode: Bool
  /// A completely filled bar cell: `█` or `#`.
  public let barFull: String
  /// Left-aligned partial cells for 1…7 eighths: `▏▎▍▌▋▊▉`; empty for ASCII (whole cells only).
  public let barEighths: [String]
  /// An empty cell of a proportional bar's track: `░` or `-`.
  public let barTrack: String
  /// A cell of a ring in ASCII: on the arc, and on the rest of the track.
  public let ringArc: String
  /// A cell of a ring in ASCII: on the rest of the track.
  public let ringTrack: String
  /// The frames of the dots spinner (braille) — the line spinner in ASCII.
  public let spinnerDots: [String]
  /// The frames of the line spinner.
  public let spinnerLine: [String]

  /// Block elements, braille and eighths.
  public static let unicode = ProgressGlyphs(
    isUnicode: true, barFull: "█", barEighths: ["▏", "▎", "▍", "▌", "▋", "▊", "▉"],
    barTrack: "░", ringArc: "●", ringTrack: "·",
    spinnerDots: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    spinnerLine: ["|", "/", "-", "\\"])

  /// ASCII only.
  public static let ascii = ProgressGlyphs(
    isUnicode: false, barFull: "#", barEighths: [], barTrack: "-", ringArc: "*", ringTrack: ".",
    spinnerDots: ["|", "/", "-", "\\"], spinnerLine: ["|", "/", "-", "\\"])

  /// The progress glyphs that go with a set of ``Glyphs``.
  public static func `for`(_ glyphs: Glyphs) -> ProgressGlyphs {
    glyphs.style == .ascii ? .ascii : .unicode
  }

  /// The braille character with the given dots raised (bit 0 = dot 1 … bit 7 = dot 8), or the
  /// ASCII fallback when braille may not be used.
  public func braille(_ dots: UInt8) -> String {
    guard isUnicode, let scalar = Unicode.Scalar(0x2800 + UInt32(dots)) else {
      return dots == 0 ? " " : ringArc
    }
    return String(Character(scalar))
  }

  /// The braille bit of the dot at column `x` (0…1) and row `y` (0…3) of a cell.
  public static func brailleBit(x: Int, y: Int) -> UInt8 {
    switch (x, y) {
    case (0, 3): return 0x40
    case (1, 3): return 0x80
    case (0, _): return 1 << UInt8(y)
    default: return 1 << UInt8(y + 3)
    }
  }
}

/// Drawing helpers shared by the built-in progressors.
package enum ProgressDrawing {
  /// Puts a one-cell symbol, keeping the background already in the cell when `style` has the
  /// terminal's default background (so a label stays on a colour backdrop).
  package static func put(_ symbol: String, x: Int, y: Int, style: Style, into canvas: inout Canvas)
  {
    guard x >= 0, y >= 0, x < canvas.width, y < canvas.height else { return }
    var drawn = style
    if drawn.background == .default { drawn.background = canvas[x, y].style.background }
    canvas.put(symbol, width: 1, x: x, y: y, style: drawn)
  }

  /// Draws a line of text from column `x`, keeping each cell's background when `style` has the
  /// default background, cut at `limit` columns.
  package static func text(
    _ text: String, x: Int, y: Int, style: Style, limit: Int, into canvas: inout Canvas
  ) {
    guard y >= 0, y < canvas.height, limit > 0 else { return }
    let backgrounds: [Color] = (0..<limit).map { i in
      let column = x + i
      return column >= 0 && column < canvas.width ? canvas[column, y].style.background : .default
    }
    let drawnWidth = canvas.draw(text, x: x, y: y, style: style, limit: limit)
    guard style.background == .default else { return }
    for i in 0..<min(drawnWidth, limit) where backgrounds[i] != .default {
      canvas.restyle(Rect(x: x + i, y: y, width: 1, height: 1)) { $0.background = backgrounds[i] }
    }
  }

  /// The first column at which something `width` columns wide is centred in `area`.
  package static func centeredX(_ width: Int, in area: Rect) -> Int {
    area.x + (area.width - width) / 2
  }
}
