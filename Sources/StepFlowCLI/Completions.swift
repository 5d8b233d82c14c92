import StepFlowCommandLine

/// The scripts of `stepflow completions bash|zsh|fish`.
///
/// Each is made from the command table and the parser's own option tables, so that a new
/// command or option is completed without anything more. Wizard names come from `stepflow list --names` when the shell asks (the
/// search path of that moment); files where a file is expected.
package enum Completions {
  /// A shell a script is made for.
  package enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// The script for a shell.
  package static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash()
    case .zsh: return zsh()
    case .fish: return fish()
    }
  }

  /// The options' names that take a value of a kind, in the table's order.
  private static func names(_ options: [OptionSpec], where test: (OptionSpec) -> Bool) -> [String] {
    options.filter(test).map(\.name)
  }

  private static func words(_ option: OptionSpec) -> [String]? {
    if case .words(let words) = option.completion { return words }
    return nil
  }

  // MARK: bash

  private static func bash() -> String {
    let commands = StepFlowCLI.commandTable
    var lines = [
      "# bash completion for stepflow (made by: stepflow completions bash)",
      "# Install: put it in ~/.local/share/bash-completion/completions/stepflow, or source it.",
      "_stepflow() {",
      "  local cur prev command i",
      "  cur=\"${COMP_WORDS[COMP_CWORD]}\"",
      "  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  COMPREPLY=()",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " ")) --help --version\" -- \"$cur\"))",
      "    return 0",
      "  fi",
      "  command=\"${COMP_WORDS[1]}\"",
      "  case \"$command\" in",
    ]
    for command in commands {
      lines.append("  \(command.name))")
      if command.operands == .command {
        // After `--`: a command, then its own arguments (files).
        lines += [
          "    for ((i = 2; i < COMP_CWORD; i++)); do",
          "      if [ \"${COMP_WORDS[i]}\" = \"--\" ]; then",
          "        if [ \"$i\" -eq $((COMP_CWORD - 1)) ]; then",
          "          COMPREPLY=($(compgen -c -- \"$cur\"))",
          "        else",
          "          compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))",
          "        fi",
          "        return 0",
          "      fi",
          "    done",
        ]
      }
      let valued = command.options.filter { $0.value != nil }
      if !valued.isEmpty {
        lines.append("    case \"$prev\" in")
        for option in valued {
          lines.append("    \(option.name))")
          switch option.completion {
          case .words(let words):
            lines.append(
              "      COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return 0 ;;"
            )
          case .file:
            lines.append(
              "      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;"
            )
          case .command:
            lines.append("      COMPREPLY=($(compgen -c -- \"$cur\")); return 0 ;;")
          case .none:
            lines.append("      return 0 ;;")
          }
        }
        lines.append("    esac")
      }
      let optionNames = command.options.map(\.name) + ["--help"]
      lines += [
        "    if [[ \"$cur\" == -* ]]; then",
        "      COMPREPLY=($(compgen -W \"\(optionNames.joined(separator: " "))\" -- \"$cur\"))",
        "      return 0",
        "    fi",
      ]
      switch command.operands {
      case .none, .command:
        break
      case .flow:
        lines += [
          "    compopt -o filenames 2>/dev/null",
          "    COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" list --names 2>/dev/null)\" -- \"$cur\")"
            + " $(compgen -f -X '!*.json*' -- \"$cur\") $(compgen -d -- \"$cur\"))",
        ]
      case .files:
        lines.append(
          "    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))")
      case .topic:
        lines.append(
          "    COMPREPLY=($(compgen -W \"\(HelpText.topics.joined(separator: " "))\" -- \"$cur\"))")
      case .shell:
        lines.append(
          "    COMPREPLY=($(compgen -W \"\(Shell.allCases.map(\.rawValue).joined(separator: " "))\" -- \"$cur\"))"
        )
      case .word(let words):
        lines.append(
          "    [ \"$COMP_CWORD\" -eq 2 ] && COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        )
      }
      lines.append("    ;;")
    }
    lines += ["  esac", "  return 0", "}", "complete -F _stepflow stepflow", ""]
    return lines.joined(separator: "\n")
  }

  // MARK: zsh

  /// Text inside single quotes for zsh, with `[`, `]` and `:` escaped as `_arguments` wants.
  private static func zshDescription(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "'": result += "'\\''"
      case "[", "]", ":", "\\": result += "\\" + String(character)
      default: result.append(character)
      }
    }
    return result
  }

  private static func zsh() -> String {
    let commands = StepFlowCLI.commandTable
    var lines = [
      "#compdef stepflow",
      "# zsh completion for stepflow (made by: stepflow completions zsh)",
      "# Install: save as _stepflow in a folder of $fpath, then compinit.",
      "",
      "_stepflow_flows() {",
      "  local -a names",
      "  names=(${(f)\"$(${_stepflow_program:-stepflow} list --names 2>/dev/null)\"})",
      "  _alternative 'flows:flow:compadd -a names' 'files:wizard file:_files -g \"*.json(|5)\"'",
      "}",
      "",
      "_stepflow() {",
      "  local _stepflow_program=${words[1]}",
      "  local -a commands",
      "  commands=(",
    ]
    for command in commands {
      lines.append("    '\(command.name):\(zshDescription(command.summary))'")
    }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands 'stepflow command' commands",
      "    compadd -- --help --version",
      "    return",
      "  fi",
      "  local command=${words[2]}",
      "  shift words",
      "  (( CURRENT-- ))",
      "  curcontext=\"${curcontext%:*:*}:stepflow-$command:\"",
      "  case $command in",
    ]
    for command in commands {
      var specs: [String] = []
      for option in command.options {
        let help = zshDescription(option.help)
        guard let value = option.value else {
          specs.append("'\(option.name)[\(help)]'")
          continue
        }
        let action: String
        switch option.completion {
        case .words(let words): action = "(\(words.joined(separator: " ")))"
        case .file: action = "_files"
        case .command: action = "_command_names -e"
        case .none: action = " "
        }
        specs.append("'\(option.name)=[\(help)]:\(zshDescription(value)):\(action)'")
      }
      specs.append("'--help[show the help of \(command.name)]'")
      switch command.operands {
      case .none: break
      case .flow: specs.append("'1:flow:_stepflow_flows'")
      case .files: specs.append("'*:wizard file:_files'")
      case .topic: specs.append("'1:topic:(\(HelpText.topics.joined(separator: " ")))'")
      case .shell:
        specs.append("'1:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))'")
      case .command: specs.append("'*::command:_normal'")
      case .word(let words): specs.append("'1:kind:(\(words.joined(separator: " ")))'")
      }
      lines.append("  \(command.name))")
      lines.append("    _arguments -s -S \\")
      lines += specs.dropLast().map { "      \($0) \\" }
      lines.append("      \(specs.last ?? "")")
      lines.append("    ;;")
    }
    lines += [
      "  esac", "}", "", "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
      "  _stepflow \"$@\"", "else", "  compdef _stepflow stepflow", "fi", "",
    ]
    return lines.joined(separator: "\n")
  }

  // MARK: fish

  /// Text inside single quotes for fish.
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  private static func fish() -> String {
    let commands = StepFlowCLI.commandTable
    var lines = [
      "# fish completion for stepflow (made by: stepflow completions fish)",
      "# Install: save as ~/.config/fish/completions/stepflow.fish.",
      "",
      "function __stepflow_command_is",
      "    set -l words (commandline -opc)",
      "    test (count $words) -ge 2; and contains -- $words[2] $argv",
      "end",
      "",
      "function __stepflow_after_dashdash",
      "    contains -- -- (commandline -opc)",
      "end",
      "",
      "function __stepflow_flows",
      "    set -l program (commandline -opc)[1]",
      "    type -q -- $program; and $program list --names 2>/dev/null",
      "end",
      "",
      "# After gauge's --: a command first, then its arguments (files).",
      "function __stepflow_gauge_command",
      "    set -l words (commandline -opc)",
      "    if test \"$words[-1]\" = --",
      "        __fish_complete_command",
      "    else",
      "        __fish_complete_path (commandline -ct)",
      "    end",
      "end",
      "",
      "complete -c stepflow -f",
      "complete -c stepflow -n 'test (count (commandline -opc)) -eq 1' -l help -d 'show the help'",
      "complete -c stepflow -n 'test (count (commandline -opc)) -eq 1' -l version -d 'show the version'",
    ]
    for command in commands {
      lines.append(
        "complete -c stepflow -n 'test (count (commandline -opc)) -eq 1' -a \(command.name) -d \(fishQuoted(command.summary))"
      )
    }
    for command in commands {
      lines.append("")
      var condition = "__stepflow_command_is \(command.name)"
      if command.operands == .command { condition += "; and not __stepflow_after_dashdash" }
      let when = "-n \(fishQuoted(condition))"
      for option in command.options {
        let long = "-l " + String(option.name.dropFirst(2))
        var line = "complete -c stepflow \(when) \(long)"
        if option.value != nil {
          switch option.completion {
          case .words(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
          case .file: line += " -r -F"
          case .command: line += " -x -a '(__fish_complete_command)'"
          case .none: line += " -x"
          }
        }
        lines.append(line + " -d \(fishQuoted(option.help))")
      }
      lines.append("complete -c stepflow \(when) -l help -d 'show the help'")
      switch command.operands {
      case .none: break
      case .flow:
        lines.append(
          "complete -c stepflow \(when) -a '(__stepflow_flows)' -d flow"
        )
        lines.append(
          "complete -c stepflow \(when) -a '(__fish_complete_suffix .json)' -d 'wizard file'")
      case .files:
        lines.append("complete -c stepflow \(when) -F")
      case .topic:
        lines.append(
          "complete -c stepflow \(when) -a \(fishQuoted(HelpText.topics.joined(separator: " "))) -d topic"
        )
      case .shell:
        lines.append(
          "complete -c stepflow \(when) -a \(fishQuoted(Shell.allCases.map(\.rawValue).joined(separator: " "))) -d shell"
        )
      case .command:
        lines.append(
          "complete -c stepflow -n '__stepflow_command_is gauge; and __stepflow_after_dashdash' -a '(__stepflow_gauge_command)'"
        )
      case .word(let words):
        let first = fishQuoted(condition + "; and test (count (commandline -opc)) -eq 2")
        lines.append(
          "complete -c stepflow -n \(first) -a \(fishQuoted(words.joined(separator: " "))) -d kind")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
