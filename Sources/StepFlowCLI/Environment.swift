/// The environment variables stepflow reads and the files it uses: `stepflow help environment`
/// and the man page's ENVIRONMENT and FILES are made from these lists.
package enum EnvironmentHelp {
  /// One documented variable or file: its name and what it does.
  package struct Entry: Sendable {
    package let name: String
    package let meaning: String
  }

  /// Every variable stepflow reads, in the order help lists them.
  package static let variables: [Entry] = [
    Entry(
      name: "STEPFLOW_PATH",
      meaning: "folders (separated by :) searched for wizards by name, after ./wizards"),
    Entry(
      name: "STEPFLOW_THEME",
      meaning: "the theme when --theme is not given (stepflow help themes)"),
    Entry(
      name: "STEPFLOW_REDUCED_MOTION",
      meaning: "1: no transitions or animations, as --no-animation"),
    Entry(name: "XDG_CONFIG_HOME", meaning: "where stepflow/config.json and stepflow/wizards are"),
    Entry(name: "HOME", meaning: "~/.config stands for $XDG_CONFIG_HOME when that is not set"),
    Entry(name: "NO_COLOR", meaning: "set and not empty: no colour with --color auto"),
    Entry(name: "CLICOLOR_FORCE", meaning: "set, not 0: colour with --color auto off a terminal"),
    Entry(name: "TERM", meaning: "dumb: no colour and plain mode; *256color: 256 colours"),
    Entry(name: "COLORTERM", meaning: "truecolor or 24bit: 24-bit colour"),
    Entry(name: "ACCESSIBLE", meaning: "set, not 0: the line-based accessible mode, as --plain"),
    Entry(
      name: "LC_ALL, LC_CTYPE, LANG",
      meaning: "the first one set says the locale; not UTF-8: ASCII glyphs"),
    Entry(name: "VISUAL, EDITOR", meaning: "the editor Ctrl-E opens for a multi-line text"),
    Entry(
      name: "STEPFLOW_ANSWERS, STEPFLOW_<ID>",
      meaning: "given to a step's task: every answer as one JSON object, and each by its id"),
  ]

  /// The files stepflow reads, in the order help lists them.
  package static let files: [Entry] = [
    Entry(
      name: "$XDG_CONFIG_HOME/stepflow/config.json",
      meaning: "the user's settings (JSON5): theme, glyphs, animation, keys"
        + " (default ~/.config/stepflow/config.json)"),
    Entry(name: "./wizards/NAME.json", meaning: "wizards of the current folder, found first"),
    Entry(
      name: "$XDG_CONFIG_HOME/stepflow/wizards/NAME.json",
      meaning: "the user's own wizards, found after STEPFLOW_PATH's"),
    Entry(
      name: "PREFIX/share/stepflow/wizards/NAME.json",
      meaning: "the wizards installed with stepflow, found last"),
  ]

  /// `stepflow help environment`.
  package static var text: String {
    func rows(_ entries: [Entry]) -> [String] {
      let width = (entries.map(\.name.count).max() ?? 0) + 2
      return entries.map {
        "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.meaning
      }
    }
    return (["Environment:"] + rows(variables) + ["", "Files:"] + rows(files))
      .joined(separator: "\n") + "\n"
  }
}
