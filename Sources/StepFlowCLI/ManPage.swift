import StepFlow
import StepFlowCommandLine

/// `stepflow man`: the manual page stepflow(1) in roff, made from the same tables and texts as
/// `stepflow --help` — the command table, each command's options, the script commands, the key
/// table, the config file's keys, the environment, the files and the exit codes — so the two
/// cannot drift apart.
package enum ManPage {
  /// The page's date: the release's.
  package static let date = "2026-12-01"

  /// The characters roff has names for on every output device (ASCII too), so that `man` in
  /// any locale draws them without a warning.
  private static let named: [Unicode.Scalar: String] = [
    "…": "...", "—": "\\(em", "–": "\\(en", "→": "\\(->", "←": "\\(<-", "↑": "\\(ua",
    "↓": "\\(da", "·": "\\(pc", "×": "\\(mu", "‹": "\\(fo", "›": "\\(fc", "“": "\\(lq",
    "”": "\\(rq", "’": "\\(cq", "≤": "\\(<=", "≥": "\\(>=",
  ]

  /// Text made safe for roff: backslashes escaped, a leading `.` or `'` neutralised, every
  /// character outside ASCII as a `\[uXXXX]` escape (mandoc and groff both read them).
  package static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.value < 0x80: result.unicodeScalars.append(scalar)
      case _ where named[scalar] != nil: result += named[scalar] ?? ""
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// Text for a paragraph, escaped and broken into lines of at most 78 bytes (roff joins them
  /// again; mandoc's lint wants short input lines).
  package static func filled(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let piece = escaped(String(word)).replacing("\\&", with: "")
      if !line.isEmpty && line.utf8.count + 1 + piece.utf8.count > 78 {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? piece : " " + piece
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
  }

  /// Lines of plain text kept as they are (a preformatted block).
  private static func verbatim(_ text: String) -> [String] {
    var lines = [".nf"]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(line.isEmpty ? "" : escaped(String(line)))
    }
    while lines.last == "" { lines.removeLast() }
    // An empty line in a man page is a warning: a paragraph break says the same.
    lines = lines.map { $0.isEmpty ? ".sp" : $0 }
    return lines + [".fi"]
  }

  private static func options(_ options: [OptionSpec]) -> [String] {
    var lines: [String] = []
    for option in options {
      lines.append(".TP")
      var label = "\\fB" + escaped(option.name) + "\\fR"
      if let value = option.value { label += " \\fI" + escaped(value) + "\\fR" }
      lines.append(label)
      var help = option.help
      if case .words(let words) = option.completion {
        help += " (one of: " + words.joined(separator: ", ") + ")"
      }
      lines += filled(help)
    }
    return lines
  }

  private static func entries(_ entries: [EnvironmentHelp.Entry]) -> [String] {
    entries.flatMap { [".TP", "\\fB" + escaped($0.name) + "\\fR"] + filled($0.meaning) }
  }

  /// The whole page.
  package static var page: String {
    let commands = StepFlowCLI.commandTable
    var lines = [
      ".\\\" stepflow(1), made by `stepflow man` from the program's own help: do not edit.",
      ".TH STEPFLOW 1 \(date) \"stepflow \(StepFlowCLI.version)\" \"User Commands\"",
      ".SH NAME",
      "stepflow \\- multi\\-step wizards in the terminal",
      ".SH SYNOPSIS",
    ]
    for command in commands {
      lines.append("\\fBstepflow\\fR " + escaped(command.synopsis))
      lines.append(".br")
    }
    lines.append("\\fBstepflow\\fR \\-\\-help | \\-\\-version")
    lines.append(".SH DESCRIPTION")
    for (index, paragraph) in HelpText.about.split(separator: "\n\n").enumerated() {
      if index > 0 { lines.append(".PP") }
      lines += filled(paragraph.split(separator: "\n").joined(separator: " "))
    }
    lines.append(".PP")
    lines.append(
      escaped("Built-in flows: " + StepFlowCLI.builtinNames.joined(separator: ", ") + "."))
    lines.append(".SH COMMANDS")
    for command in commands {
      lines.append(".TP")
      lines.append("\\fBstepflow " + escaped(command.name) + "\\fR")
      var text = command.summary + "."
      if !command.options.isEmpty {
        text += " Options: " + command.options.map(\.name).joined(separator: ", ") + " (below)."
      }
      lines += filled(text)
    }
    lines.append(".SH OPTIONS")
    lines.append(".SS Options of run and rate")
    lines += options(RunCommand.options)
    lines.append(".SS Options of rate only")
    lines += options(RunNamedFlow.rateOptions)
    for command in commands where !["run", "rate"].contains(command.name) {
      guard !command.options.isEmpty else { continue }
      lines.append(".SS Options of " + escaped(command.name))
      lines += options(command.options)
    }
    lines.append(".SH SCRIPT COMMANDS")
    lines += verbatim(HelpText.commands)
    lines.append(".SH KEYS")
    lines += verbatim(HelpText.keys())
    lines.append(".SH THEMES")
    lines += filled(ThemeHelp.order.split(separator: "\n").joined(separator: " "))
    lines += ThemeHelp.presetLines.flatMap {
      [".TP", "\\fB" + escaped($0.0) + "\\fR"] + filled($0.1)
    }
    lines.append(".SH CONFIGURATION")
    lines += verbatim(ConfigHelp.text)
    lines.append(".SH ENVIRONMENT")
    lines += entries(EnvironmentHelp.variables)
    lines.append(".SH FILES")
    lines += entries(EnvironmentHelp.files)
    lines.append(".SH EXIT STATUS")
    lines += verbatim(HelpText.exitCodes)
    lines.append(".SH EXAMPLES")
    lines += [
      ".nf", escaped("answers=$(stepflow run purchase)"),
      escaped("stepflow run onboarding --answers me.json"),
      escaped("long-job | stepflow gauge --bar --label"),
      escaped("stepflow completions bash > ~/.local/share/bash-completion/completions/stepflow"),
      ".fi",
    ]
    lines.append(".SH SEE ALSO")
    lines += filled(
      "stepflow help <command>: the quick reference; stepflow help keys, themes, config, environment."
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
