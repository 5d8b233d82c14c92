/// The text of `stepflow --help` and `stepflow help <command>`.
enum HelpText {
  static let topics = ["run", "rate", "gauge", "list", "validate", "keys", "exit-codes"]

  static let exitCodes = """
    Exit codes:
      0    finished
      1    cancelled or not finished (q/Esc, a script that ended early, a dismissed gauge)
      64   usage error (unknown command or option, missing value)
      65   bad data (invalid wizard file, unknown script command, corrupt state file)
      66   input file missing or unreadable
      124  timeout (--timeout)
      130  interrupted (Ctrl-C)
      143  terminated (SIGTERM)

    """

  static let commands = """
    Script commands (--commands, --script, stdin):
      next                  go to the next step and reach it
      previous              go to the previous step, keep progress
      back                  undo the current step, go to the previous one
      tap N                 revisit reached step N (rating: rate N)
      rate N                rate N (rating flows)
      reset                 start over
      tab N|next|previous   select a tab
      type TEXT             type into the focused field
      set FIELD=VALUE       fill a field by id
      enter                 activate; finish on the last step
      finish                finish (only on the last step)
      tick MS               let MS milliseconds pass (animations, progress)
      quit                  cancel (exit 1)
      press KEY             press a key as on the terminal: tab, shift-tab, enter, esc, up, down,
                            left, right, space, backspace, home, end, ctrl-a…z, or a character
                            (press q asks first once something is answered, as the key does)

    """

  /// The keys, from the key table.
  static var keys: String { KeyBindings.text }

  /// The commands and keys, a blank line, the exit codes.
  static var commandsAndExitCodes: String {
    commands + "\n"
      + "Keys: stepflow help keys (what a key does depends on the focus; ? on the screen).\n\n"
      + exitCodes
  }

  static var main: String {
    """
    stepflow \(StepFlowCLI.version) — multi-step wizards in the terminal

    Usage:
      stepflow run <flow|name|path> [options]   run a wizard: built-in flow, wizards/<name>.json, or a file
      stepflow rate [--max N] [--prompt TEXT]   the star rating; prints the chosen number on stdout
      stepflow gauge [options]                  a progress indicator fed by stdin (dialog --gauge protocol)
      stepflow list                             built-in flows and the wizard files found
      stepflow validate <file>...               check wizard files; every error as file:line:column: message
      stepflow help <command>                   more about a command (\(topics.joined(separator: ", ")))

    Built-in flows: \(StepFlowCLI.builtinNames.joined(separator: ", "))

    Options of run and rate:
    \(ArgumentParser.helpLines(for: RunCommand.options).joined(separator: "\n"))

    The result goes to stdout as JSON (rate: the number), so answers=$(stepflow run purchase) works;
    the interface is drawn on the terminal and errors go to stderr.

    \(commandsAndExitCodes)
    """
  }

  static func command(_ topic: String) -> String? {
    switch topic {
    case "run":
      return """
        usage: stepflow run <flow|name|path> [options]

        Runs a wizard: a built-in flow (\(StepFlowCLI.builtinNames.joined(separator: ", "))), a wizard
        file by name (./wizards/NAME.json, then each folder of STEPFLOW_PATH), or a file by its
        path. On a terminal it is interactive; with --commands or --script, or with commands
        piped into stdin, it runs them one by one. The result is printed on stdout as JSON.

        Options:
        \(ArgumentParser.helpLines(for: RunCommand.options).joined(separator: "\n"))

        \(commandsAndExitCodes)
        """
    case "rate":
      return """
        usage: stepflow rate [--max N] [--prompt TEXT] [options]

        Asks for a star rating and prints the number on stdout (--output json for the whole result).
        Keys 1…N rate, ← → adjust, Enter confirms.

        Options:
        \(ArgumentParser.helpLines(for: RunCommand.rateOptions + RunCommand.options).joined(separator: "\n"))

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
