import StepFlow
import StepFlowCommandLine
import StepFlowTerminal

/// The text of `stepflow --help` and `stepflow help <command>`.
package enum HelpText {
  package static let topics = [
    "run", "rate", "ask", "gauge", "list", "validate", "schema", "completions", "man", "keys",
    "themes",
    "config", "environment", "exit-codes",
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

  /// The keys, from the key table, with the keys the user moved (none for the man page).
  package static func keys(remaps: KeyRemaps = .none) -> String {
    KeyBindings.text(remaps: remaps)
  }

  /// The commands and keys, a blank line, the exit codes.
  package static var commandsAndExitCodes: String {
    commands + "\n"
      + "Keys: stepflow help keys (what a key does depends on the focus; ? on the screen).\n\n"
      + exitCodes
  }

  /// The usage lines of `--help`, one a command, from the command table.
  package static var usageLines: [String] {
    StepFlowCLI.commandTable.map { command in
      let pad = String(repeating: " ", count: max(2, 33 - command.synopsis.count))
      return "  stepflow " + command.synopsis + pad + command.summary
    }
  }

  /// What stepflow does with its result and its screen: `--help` and the man page's
  /// DESCRIPTION.
  package static let about = """
    The result goes to stdout as JSON (rate: the number; ask: the answer), so
    answers=$(stepflow run purchase) works;
    the interface is drawn on the terminal and errors go to stderr. Cancelling (q, Esc, Ctrl-C,
    SIGTERM, --timeout, a script's quit) prints nothing on stdout: n=$(stepflow rate), then q,
    leaves $n empty.

    Settings come from, the first that says: the command line's options, then the environment
    (STEPFLOW_THEME, NO_COLOR, STEPFLOW_REDUCED_MOTION …), then the user's config file
    ($XDG_CONFIG_HOME/stepflow/config.json: stepflow help config), then the wizard's own.
    """

  /// `stepflow --help`, laid out to ``HelpLayout/width`` columns.
  package static var main: String { HelpLayout.formatted(unformattedMain) }

  private static var unformattedMain: String {
    """
    stepflow \(StepFlowCLI.version) — multi-step wizards in the terminal

    Usage:
    \(usageLines.joined(separator: "\n"))
      stepflow --help | --version

    Built-in flows: \(StepFlowCLI.builtinNames.joined(separator: ", "))

    Options of run and rate:
    \(ArgumentParser.helpLines(for: RunCommand.options).joined(separator: "\n"))

    \(about)

    \(commandsAndExitCodes)
    """
  }

  /// `stepflow help TOPIC` (and `stepflow TOPIC --help`), laid out to ``HelpLayout/width``
  /// columns; `nil` for a topic that has none.
  package static func command(_ topic: String, keys: KeyRemaps = .none) -> String? {
    unformatted(topic, keys: keys).map(HelpLayout.formatted)
  }

  /// A help page as it is written, before ``HelpLayout`` lays it out.
  package static func unformatted(_ topic: String, keys remaps: KeyRemaps = .none) -> String? {
    switch topic {
    case "run":
      return """
        usage: stepflow run <flow|name|path> [options]

        Runs a wizard: a built-in flow (\(StepFlowCLI.builtinNames.joined(separator: ", "))), a wizard
        file by name (NAME.json in ./wizards, each folder of STEPFLOW_PATH, then
        $XDG_CONFIG_HOME/stepflow/wizards and the installed share/stepflow/wizards: stepflow
        list shows them), or a file by its path. It is interactive on the terminal (/dev/tty)
        even when stdin is a pipe or a file (cat install.sh | bash); with --commands or --script
        it runs commands one by one (--script - reads them from stdin), and so it does from stdin
        when no terminal can be opened at all (a CI job). --inline draws it in the rows below the
        cursor instead of the whole screen, and leaves one line behind (✔ Checkout). The result is printed on stdout as JSON
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
        usage: stepflow list [--names | --folders]

        Lists the wizards that run by name, with their titles and where each comes from: the
        built-in flows, then the files in these folders, in this order (a name found earlier
        wins; a file it hides is named, and runs by its path):
          ./wizards                            in the current folder
          STEPFLOW_PATH                        its folders, separated by ":"
          $XDG_CONFIG_HOME/stepflow/wizards    the user's own (default ~/.config/stepflow/wizards)
          PREFIX/share/stepflow/wizards        installed with stepflow (beside PREFIX/bin/stepflow)

        Options:
        \(ArgumentParser.helpLines(for: StepFlowCLI.listOptions).joined(separator: "\n"))

        """
    case "validate":
      return """
        usage: stepflow validate <file>...

        Checks wizard files and prints every problem as file:line:column: message (all of them,
        not only the first). Exit status: 0 when every file is valid, 65 when a file has
        problems, 66 when a file cannot be read. The format: docs/wizard-format.md.

        """
    case "schema":
      return """
        usage: stepflow schema [flow|name|path]

        With no wizard: prints the JSON Schema (draft 2020-12) of wizard files, written from the
        schemas stepflow validate reads them with (docs/wizard.schema.json is a copy; a wizard
        file's "$schema" key points an editor to it). What a schema cannot say — ids used twice,
        conditions and {{names}} on fields asked later, defaults against their rules — only
        validate checks.

        With a wizard: prints the JSON Schema of its answers object: the "answers" of its
        result, and what --answers FILE reads — a key a field, its kind and rules, its label as
        the title. stepflow help <wizard> says the same in words.

        """
    case "gauge": return GaugeOptions.helpLines.joined(separator: "\n") + "\n"
    case "completions":
      return """
        usage: stepflow completions bash|zsh|fish

        Prints a completion script for the shell: commands, options, the values of options
        that take one of a few words, the wizards stepflow list finds (asked when you press
        Tab, so a new wizard is completed at once) and files where a file is expected.
          bash  stepflow completions bash > ~/.local/share/bash-completion/completions/stepflow
          zsh   stepflow completions zsh > ~/.zfunc/_stepflow   (with fpath+=~/.zfunc before compinit)
          fish  stepflow completions fish > ~/.config/fish/completions/stepflow.fish
        make install puts all three where the shells look.

        """
    case "man":
      return """
        usage: stepflow man

        Prints the manual page stepflow(1) as roff: stepflow man | man -l -
        It is made from this help (commands, options, keys, environment, exit codes);
        make install puts it in PREFIX/share/man/man1.

        """
    case "help":
      return """
        usage: stepflow help <topic>

        Topics: \(topics.joined(separator: ", ")).
        stepflow --help lists the commands and the options of run; man stepflow has it all.

        """
    case "themes": return ThemeHelp.text
    case "config": return ConfigHelp.text
    case "environment": return EnvironmentHelp.text
    case "keys": return keys(remaps: remaps)
    case "exit-codes": return exitCodes
    default: return nil
    }
  }
}
