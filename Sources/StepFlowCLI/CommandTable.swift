import StepFlow
import StepFlowCommandLine

/// One `stepflow` command as help, the man page and the shell completions describe it.
package struct CommandInfo: Sendable {
  /// What a command takes after its options, for completion.
  package enum Operands: Equatable, Sendable {
    /// Nothing.
    case none
    /// A flow: a built-in one, a wizard by name (from `stepflow list --names`) or a file.
    case flow
    /// Wizard files.
    case files
    /// A help topic.
    case topic
    /// A shell's name.
    case shell
    /// A command line after `--`.
    case command
    /// One of these words first (`ask`'s kind of question), then free text.
    case word([String])
  }

  /// The command's name: `run`.
  package let name: String
  /// What follows `stepflow` in the usage line: `run <flow|name|path> [options]`.
  package let synopsis: String
  /// What it does, in one line.
  package let summary: String
  /// Its options (the parser's own tables).
  package let options: [OptionSpec]
  /// What it takes after them.
  package let operands: Operands
}

extension StepFlowCLI {
  /// Every command, in the order help lists them: the usage lines of `--help`, the man page's
  /// COMMANDS and the shell completions are all made from this table, and each entry's
  /// options are the ones its parser uses.
  package static var commandTable: [CommandInfo] {
    [
      CommandInfo(
        name: "run", synopsis: "run <flow|name|path> [options]",
        summary: "run a wizard: built-in, name or file",
        options: RunCommand.options, operands: .flow),
      CommandInfo(
        name: "rate", synopsis: "rate [--max N] [--prompt TEXT]",
        summary: "a star rating; the number on stdout",
        options: RunNamedFlow.rateOptions + RunCommand.options, operands: .none),
      CommandInfo(
        name: "ask", synopsis: "ask <kind> [label] [options]",
        summary: "one question; the answer on stdout",
        options: AskCommand.options, operands: .word(FieldKind.names)),
      CommandInfo(
        name: "gauge", synopsis: "gauge [options] [-- CMD ARGS…]",
        summary: "progress from stdin or a command",
        options: GaugeOptions.options, operands: .command),
      CommandInfo(
        name: "list", synopsis: "list [--names | --folders]",
        summary: "the flows and wizards found, and where",
        options: listOptions, operands: .none),
      CommandInfo(
        name: "validate", synopsis: "validate <file>...",
        summary: "check wizard files; errors located",
        options: [], operands: .files),
      CommandInfo(
        name: "schema", synopsis: "schema [flow|name|path]",
        summary: "JSON Schema of wizard files or answers",
        options: [], operands: .flow),
      CommandInfo(
        name: "completions", synopsis: "completions bash|zsh|fish",
        summary: "a shell completion script on stdout", options: [], operands: .shell),
      CommandInfo(
        name: "man", synopsis: "man", summary: "the manual page stepflow(1), as roff",
        options: [], operands: .none),
      CommandInfo(
        name: "help", synopsis: "help <command|wizard>",
        summary: "more about a command (\(HelpText.topics.joined(separator: ", ")))",
        options: [], operands: .topic),
    ]
  }

  /// The commands' names.
  package static var commandNames: [String] { commandTable.map(\.name) }
}
