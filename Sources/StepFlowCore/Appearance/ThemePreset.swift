/// A theme a user picks for every run (`--theme NAME`, `STEPFLOW_THEME`, the config file's
/// `theme`), applied on top of a wizard's own colours.
///
/// The order, last word last: the flow's theme (a wizard file's or a program's), then the
/// current step's `accent`/`background`/`foreground`, then the preset — which maps those
/// colours into its own — and at the very end the colour depth (`--color`, `NO_COLOR`, the
/// terminal) reduces or removes them.
package struct ThemePreset: Equatable, Sendable {
  /// How a preset changes the wizard's colours.
  package enum Style: Equatable, Sendable {
    /// The wizard's colours as they are.
    case wizard
    /// Bright accents on the terminal's own background and text; no step backgrounds.
    case highContrast
    /// No colour at all: the screen relies on glyphs and bold alone.
    case monochrome
    /// A palette: the background and text are the palette's, each accent the palette's
    /// nearest in hue, so a wizard's steps keep telling themselves apart.
    case palette(ThemePalette)
  }

  /// The name given to `--theme`.
  package let name: String
  /// One line for help and the README.
  package let summary: String
  package let style: Style

  /// Whether the preset draws without colour (the run then uses none, whatever `--color`
  /// says).
  package var isMonochrome: Bool { style == .monochrome }

  /// The colours of `theme` under this preset.
  package func apply(to theme: Theme) -> Theme {
    switch style {
    case .wizard:
      return theme
    case .monochrome:
      return Theme(
        accent: .default, inactive: .default, foreground: .default, background: .default,
        error: .default)
    case .highContrast:
      return Theme(
        accent: ThemePalette.nearest(to: theme.accent, among: Self.brightAccents) ?? .ansi(11),
        inactive: .ansi(7), foreground: .default, background: .default, error: .ansi(9))
    case .palette(let palette):
      return Theme(
        accent: ThemePalette.nearest(to: theme.accent, among: palette.accents)
          ?? palette.accents[0],
        inactive: palette.muted, foreground: palette.text, background: palette.base,
        error: palette.error)
    }
  }

  /// The bright palette colours that read well on both dark and light terminals (blue is
  /// left out: on black it is the hardest to read).
  private static let brightAccents: [Color] = [
    .ansi(11), .ansi(14), .ansi(10), .ansi(13), .ansi(9),
  ]

  /// The wizard's own colours (the default).
  package static let standard = ThemePreset(
    name: "default", summary: "the wizard's own colours", style: .wizard)

  /// Every preset, in the order help lists them.
  package static let all: [ThemePreset] = [
    standard,
    ThemePreset(
      name: "high-contrast",
      summary: "bright accents on the terminal's own colours, no step backgrounds",
      style: .highContrast),
    ThemePreset(
      name: "monochrome", summary: "no colour at all: glyphs and bold tell the steps apart",
      style: .monochrome),
    ThemePreset(name: "dracula", summary: "the Dracula palette (dark)", style: .palette(.dracula)),
    ThemePreset(
      name: "catppuccin", summary: "the Catppuccin Mocha palette (dark)",
      style: .palette(.catppuccinMocha)),
    ThemePreset(
      name: "catppuccin-latte", summary: "the Catppuccin Latte palette (light)",
      style: .palette(.catppuccinLatte)),
  ]

  /// The preset of a name, if there is one.
  package static func named(_ name: String) -> ThemePreset? {
    all.first { $0.name == name.lowercased() }
  }

  /// The presets' names.
  package static var names: [String] { all.map(\.name) }
}

/// The colours of a palette theme.
package struct ThemePalette: Equatable, Sendable {
  /// The background.
  package var base: Color
  /// Text.
  package var text: Color
  /// Pending steps, hints.
  package var muted: Color
  /// Validation messages.
  package var error: Color
  /// The accents a wizard's accent colours are mapped to (the first when nothing is near).
  package var accents: [Color]

  /// Dracula (draculatheme.com): its background, foreground, comment and seven accents.
  package static let dracula = ThemePalette(
    base: .rgb(0x28, 0x2A, 0x36), text: .rgb(0xF8, 0xF8, 0xF2), muted: .rgb(0x62, 0x72, 0xA4),
    error: .rgb(0xFF, 0x55, 0x55),
    accents: [
      .rgb(0xBD, 0x93, 0xF9), .rgb(0x8B, 0xE9, 0xFD), .rgb(0x50, 0xFA, 0x7B),
      .rgb(0xFF, 0xB8, 0x6C), .rgb(0xFF, 0x79, 0xC6), .rgb(0xF1, 0xFA, 0x8C),
      .rgb(0xFF, 0x55, 0x55),
    ])

  /// Catppuccin Mocha (catppuccin.com): base, text, overlay 1 and its accents.
  package static let catppuccinMocha = ThemePalette(
    base: .rgb(0x1E, 0x1E, 0x2E), text: .rgb(0xCD, 0xD6, 0xF4), muted: .rgb(0x7F, 0x84, 0x9C),
    error: .rgb(0xF3, 0x8B, 0xA8),
    accents: [
      .rgb(0xCB, 0xA6, 0xF7), .rgb(0x89, 0xB4, 0xFA), .rgb(0x94, 0xE2, 0xD5),
      .rgb(0xA6, 0xE3, 0xA1), .rgb(0xF9, 0xE2, 0xAF), .rgb(0xFA, 0xB3, 0x87),
      .rgb(0xF5, 0xC2, 0xE7), .rgb(0x89, 0xDC, 0xEB), .rgb(0xF3, 0x8B, 0xA8),
    ])

  /// Catppuccin Latte: the light flavour.
  package static let catppuccinLatte = ThemePalette(
    base: .rgb(0xEF, 0xF1, 0xF5), text: .rgb(0x4C, 0x4F, 0x69), muted: .rgb(0x8C, 0x8F, 0xA1),
    error: .rgb(0xD2, 0x0F, 0x39),
    accents: [
      .rgb(0x88, 0x39, 0xEF), .rgb(0x1E, 0x66, 0xF5), .rgb(0x17, 0x92, 0x99),
      .rgb(0x40, 0xA0, 0x2B), .rgb(0xDF, 0x8E, 0x1D), .rgb(0xFE, 0x64, 0x0B),
      .rgb(0xEA, 0x76, 0xCB), .rgb(0x04, 0xA5, 0xE5), .rgb(0xD2, 0x0F, 0x39),
    ])

  /// The colour of `candidates` nearest to `color` in hue (a grey or the terminal's default
  /// has none: `nil`).
  package static func nearest(to color: Color, among candidates: [Color]) -> Color? {
    guard let hue = hue(of: color) else { return nil }
    var best: (Color, Double)? = nil
    for candidate in candidates {
      guard let other = Self.hue(of: candidate) else { continue }
      let turn = abs(hue - other)
      let distance = min(turn, 360 - turn)
      if let found = best, found.1 <= distance { continue }
      best = (candidate, distance)
    }
    return best?.0
  }

  /// The hue of a colour in degrees, or `nil` for a grey and for the terminal's default.
  private static func hue(of color: Color) -> Double? {
    guard let (r8, g8, b8) = color.rgbComponents else { return nil }
    let (r, g, b) = (Double(r8) / 255, Double(g8) / 255, Double(b8) / 255)
    let high = max(r, g, b)
    let low = min(r, g, b)
    let chroma = high - low
    guard chroma > 0.08 else { return nil }
    var hue: Double
    if high == r {
      hue = 60 * ((g - b) / chroma)
    } else if high == g {
      hue = 60 * ((b - r) / chroma + 2)
    } else {
      hue = 60 * ((r - g) / chroma + 4)
    }
    if hue < 0 { hue += 360 }
    return hue
  }
}
