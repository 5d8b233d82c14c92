import StepFlow
import StepFlowCommandLine

/// The text of `stepflow --help` and `stepflow help <command>`.
package enum HelpText {
  package static let topics = [
    "run", "rate", "gauge", "list", "validate", "completions", "man", "keys", "themes", "config",
    "environment", "exit-codes",
  ]

  package static let exitCodes = """
    Exit codes:
      0    finished
      1    cancelled or not finished (q/Esc, a script that ended early, a dismissed gauge)
      64   usage error (unknown command or option, missing value)
      65   bad data (invalid wizard file, unknown script command, corrupt or foreign state
           file, anything at the --state path that is not a state file of the wizard)
      66   input file missing or unreadable
      74   output cannot be written (stdout full or closed, the --state file)
      124  timeout (--timeout)
      129  the terminal hung up (SIGHUP)
      130  interrupted (Ctrl-C, SIGINT)
      131  quit (SIGQUIT)
      143  terminated (SIGTERM)
      128+n  another signal n during an interactive run (USR1 138, ALRM 142, …, and
           ABRT 134, SEGV 139 … sent with kill); the terminal is restored first
    stepflow gauge -- CMD exits with the command's own status (128+n when signal n killed
    it, 127 not found, 126 not runnable, 124 after --timeout).

    """

  package static var commands: String { ScriptHelp.commands }

  /// The keys, from the key table.
  package static var keys: String { KeyBindings.text }

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
    The result goes to stdout as JSON (rate: the number), so answers=$(stepflow run purchase) works;
    the interface is drawn on the terminal and errors go to stderr. Cancelling (q, Esc, Ctrl-C,
    SIGTERM, --timeout, a script's quit) prints nothing on stdout: n=$(stepflow rate), then q,
    leaves $n empty.

    Settings come from, the first that says: the command line's options, then the environment
    (STEPFLOW_THEME, NO_COLOR, STEPFLOW_REDUCED_MOTION …), then the user's config file
    ($XDG_CONFIG_HOME/stepflow/config.json: stepflow help config), then the wizard's own.
    """

  package static var main: String {
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

  package static func command(_ topic: String) -> String? {
    switch topic {
    case "run":
      return """
        usage: stepflow run <flow|name|path> [options]

        Runs a wizard: a built-in flow (\(StepFlowCLI.builtinNames.joined(separator: ", "))), a wizard
        file by name (NAME.json in ./wizards, each folder of STEPFLOW_PATH, then
        $XDG_CONFIG_HOME/stepflow/wizards and the installed share/stepflow/wizards: stepflow
        list shows them), or a file by its path. On a terminal it is interactive; with
        --commands or --script, or with commands piped into stdin, it runs them one by one. The result is printed on stdout as JSON
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
    case "keys": return keys
    case "exit-codes": return exitCodes
    default: return nil
    }
  }
}
