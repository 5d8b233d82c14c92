import StepFlow
import StepFlowCommandLine
import StepFlowTerminal

/// The text of `stepflow --help` and `stepflow help <command>`.
package enum HelpText {
  package static let topics = [
    "run", "rate", "ask", "gauge", "list", "validate", "keys", "exit-codes",
  ]

  /// `stepflow help exit-codes`: the one list (``ExitCode/documented``), wrapped to
  /// ``HelpLayout/width`` columns.
  package static var exitCodes: String {
    let column = (ExitCode.documented.map(\.code.count).max() ?? 0) + 2
    var lines = ["Exit codes:"]
    for entry in ExitCode.documented {
      let meaning = entry.meaning.replacing("`", with: "")
      let wrapped = TextLayout.wrap(meaning, width: HelpLayout.width - 2 - column)
      let pad = String(repeating: " ", count: column - entry.code.count)
      lines.append("  " + entry.code + pad + (wrapped.first ?? ""))
      let indent = String(repeating: " ", count: 2 + column)
      lines += wrapped.dropFirst().map { indent + $0 }
    }
    return lines.joined(separator: "\n") + "\n\n"
  }

  package static var commands: String { ScriptHelp.commands }

  /// The keys, from the key table.
  package static var keys: String { KeyBindings.text }

  /// The commands and keys, a blank line, the exit codes.
  package static var commandsAndExitCodes: String {
    commands + "\n"
      + "Keys: stepflow help keys (what a key does depends on the focus; ? on the screen).\n\n"
      + exitCodes
  }

  /// `stepflow --help`, laid out to ``HelpLayout/width`` columns.
  package static var main: String { HelpLayout.formatted(unformattedMain) }

  private static var unformattedMain: String {
    """
    stepflow \(StepFlowCLI.version) — multi-step wizards in the terminal

    Usage:
      stepflow run <flow|name|path> [options]   run a wizard: built-in, name or file
      stepflow rate [--max N] [--prompt TEXT]   a star rating; the number on stdout
      stepflow ask <kind> [label] [options]     one question; the answer on stdout
      stepflow gauge [options] [-- CMD ARGS…]   progress from stdin or a command
      stepflow list                             the flows and wizard files found
      stepflow validate <file>...               check wizard files; errors located
      stepflow help <command>                   more about a command (\(topics.joined(separator: ", ")))

    Built-in flows: \(StepFlowCLI.builtinNames.joined(separator: ", "))

    Options of run and rate:
    \(ArgumentParser.helpLines(for: RunCommand.options).joined(separator: "\n"))

    The result goes to stdout as JSON (rate: the number; ask: the answer), so
    answers=$(stepflow run purchase) works;
    the interface is drawn on the terminal and errors go to stderr. Cancelling (q, Esc, Ctrl-C,
    SIGTERM, --timeout, a script's quit) prints nothing on stdout: n=$(stepflow rate), then q,
    leaves $n empty.

    \(commandsAndExitCodes)
    """
  }

  /// `stepflow help TOPIC` (and `stepflow TOPIC --help`), laid out to ``HelpLayout/width``
  /// columns; `nil` for a topic that has none.
  package static func command(_ topic: String) -> String? {
    unformatted(topic).map(HelpLayout.formatted)
  }

  /// A help page as it is written, before ``HelpLayout`` lays it out.
  package static func unformatted(_ topic: String) -> String? {
    switch topic {
    case "run":
      return """
        usage: stepflow run <flow|name|path> [options]

        Runs a wizard: a built-in flow (\(StepFlowCLI.builtinNames.joined(separator: ", "))), a wizard
        file by name (./wizards/NAME.json, then each folder of STEPFLOW_PATH), or a file by its
        path. It is interactive on the terminal (/dev/tty) even when stdin is a pipe or a file
        (cat install.sh | bash); with --commands or --script it runs commands one by one
        (--script - reads them from stdin), and so it does from stdin when no terminal can be
        opened at all (a CI job). --inline draws it in the rows below the cursor instead of the
        whole screen, and leaves one line behind (✔ Checkout). The result is printed on stdout as JSON
        (--output text: one "field: value" line an answer); a cancelled run (q, Esc, Ctrl-C,
        SIGTERM, --timeout, quit) prints nothing.

        Options:
        \(ArgumentParser.helpLines(for: RunCommand.options).joined(separator: "\n"))

        \(commandsAndExitCodes)
        """
    case "rate":
      return """
        usage: stepflow rate [--max N] [--prompt TEXT] [options]

        Asks for a star rating and prints the number on stdout (--output json for the whole result).
        Cancelled (q, Esc, Ctrl-C, --timeout), it prints nothing: n=$(stepflow rate) leaves $n empty.
        Keys 1…N rate, ← → adjust, Enter confirms.

        Options:
        \(ArgumentParser.helpLines(for: RunNamedFlow.rateOptions + RunCommand.options).joined(separator: "\n"))

        \(exitCodes)
        """
    case "ask":
      return """
        usage: stepflow ask <kind> [label] [options]

        Asks one question without a wizard file, drawn in place below the cursor (no alternate
        screen), and prints the answer on stdout. The kinds: \(FieldKind.names.joined(separator: ", ")).
        The field is a wizard's field: the same rules, keys, hints and messages. At the end the
        question is replaced by one line that stays in the scrollback — ✔ Branch: main (a
        secure answer as ••••), ✗ Branch when cancelled — unless --clear.

          name=$(stepflow ask text "Name" --required)
          branch=$(git branch --format='%(refname:short)' | stepflow ask choice Branch)
          if stepflow ask confirm "Deploy?"; then ./deploy.sh; fi

        The answer: text (an option's id; multichoice one id a line; a number as written; a date
        YYYY-MM-DD), or --output json. A confirm prints nothing unless --output says: its answer
        is the exit status, 0 yes, 2 no, 1 cancelled. Cancelled (Esc, Ctrl-C, --timeout) prints
        nothing. The options of a choice come from --option ID[=TITLE], else from stdin, one a
        line (blank lines skipped, a repeated line once; at most \(AskCommand.maxStdinOptions) options, \(AskCommand.maxOptionLineLength >> 10) KiB a line);
        the question is still asked on the terminal. Without a terminal (a CI job), or with
        --plain, the question is asked line by line: the answer is read from stdin (a choice
        also by its number), or --commands "type Ann; enter" answers it as a script.

        Options:
        \(ArgumentParser.helpLines(for: AskCommand.options).joined(separator: "\n"))

        \(exitCodes)
        """
    case "list":
      return """
        usage: stepflow list

        Lists the wizards that run by name: the built-in flows, then the files in ./wizards and
        in each folder of STEPFLOW_PATH (folders separated by ":"), with their titles and where
        they come from.

        """
    case "validate":
      return """
        usage: stepflow validate <file>...

        Checks wizard files and prints every problem as file:line:column: message (all of them,
        not only the first). Exit status: 0 when every file is valid, 65 when a file has
        problems, 66 when a file cannot be read. The format: docs/wizard-format.md.

        """
    case "gauge": return GaugeOptions.helpLines.joined(separator: "\n") + "\n"
    case "keys": return keys
    case "exit-codes": return exitCodes
    default: return nil
    }
  }
}
