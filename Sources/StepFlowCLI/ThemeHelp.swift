import StepFlow

/// `stepflow help themes` and the man page's THEMES: the presets and the order colours are
/// decided in.
package enum ThemeHelp {
  /// Each preset's name and what it does.
  package static var presetLines: [(String, String)] {
    ThemePreset.all.map { ($0.name, $0.summary) }
  }

  /// The order the colours of a screen are decided in.
  package static let order = """
    The colours of a screen, each layer over the one before: the wizard's own colours (its
    "colors" object, or a program's Theme), then the current step's accent, background and
    foreground, then the theme — which maps them into its own: a palette's accents are the
    wizard's accents moved to the palette's nearest hue, so steps still tell themselves apart —
    and last what the terminal can show (--color, NO_COLOR, TERM). The theme is --theme NAME,
    else STEPFLOW_THEME, else "theme" in the config file, else default. monochrome draws no
    colour at all (as --color never): reached, current and pending steps differ by glyphs.
    """

  /// The whole help text.
  package static var text: String {
    let width = (ThemePreset.names.map(\.count).max() ?? 0) + 2
    let rows = presetLines.map { name, summary in
      "  " + name + String(repeating: " ", count: width - name.count) + summary
    }
    return "usage: stepflow run NAME --theme THEME   (or STEPFLOW_THEME=THEME)\n\nThemes:\n"
      + rows.joined(separator: "\n") + "\n\n" + order + "\n"
  }
}
