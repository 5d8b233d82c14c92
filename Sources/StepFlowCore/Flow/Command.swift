import StepFlowText

/// One thing a user (by a key) or a script (by a line) asks a flow to do.
public enum Command: Equatable, Sendable {
  /// Go to the next step and reach it.
  case next
  /// Go to the previous step, keeping what is reached.
  case previous
  /// Un-reach the current step and go to the previous one.
  case back
  /// The per-step tap action, N counted from 1.
  case tap(Int)
  /// Rate N (rating flows).
  case rate(Int)
  /// Back to the start.
  case reset
  /// Activate: submit the field, press the focused button, finish on the last step.
  case enter
  /// Finish the flow (only from the last step).
  case finish
  /// Cancel.
  case quit
  /// Select a tab of the current step's tab bar.
  case tab(TabChoice)
  /// Type text into the focused field.
  case type(String)
  /// Set a field by id.
  case set(field: String, value: String)
  /// Let time pass (scripted runs): drives animations and progress.
  case tick(milliseconds: Int)
  /// Press a key, as on the terminal: the same key handling, focus, prompts and help.
  case press(Key)
  /// Run the current step's task again (after it failed, was stopped, or to redo it).
  case retry
  /// Pass by the current step's optional task that has not succeeded, and go on.
  case skip
  /// Stop the current step's running task.
  case stop

  /// Which tab a `tab` command selects.
  public enum TabChoice: Equatable, Sendable {
    /// A tab counted from 1.
    case number(Int)
    case next
    case previous
  }

  /// The command words, for help and suggestions.
  public static let words = [
    "next", "previous", "back", "tap", "rate", "reset", "enter", "finish", "quit", "tab", "type",
    "set", "tick", "press", "retry", "skip", "stop",
  ]

  /// The keys of the interactive screen as words a person may type in plain mode
  /// (`n` for `next`, `q` for `quit`); scripts keep to the full words.
  public static let shortcuts: [String: String] = [
    "n": "next", "l": "next", "p": "previous", "h": "previous", "b": "back", "r": "reset",
    "q": "quit",
  ]

  /// The command as a script would write it.
  public var text: String {
    switch self {
    case .next: return "next"
    case .previous: return "previous"
    case .back: return "back"
    case .tap(let n): return "tap \(n)"
    case .rate(let n): return "rate \(n)"
    case .reset: return "reset"
    case .enter: return "enter"
    case .finish: return "finish"
    case .quit: return "quit"
    case .tab(.number(let n)): return "tab \(n)"
    case .tab(.next): return "tab next"
    case .tab(.previous): return "tab previous"
    case .type(let text): return "type \(text)"
    case .set(let field, let value): return "set \(field)=\(value)"
    case .tick(let ms): return "tick \(ms)"
    case .press(let key): return "press \(key.scriptName)"
    case .retry: return "retry"
    case .skip: return "skip"
    case .stop: return "stop"
    }
  }
}

/// Why a script line is not a command.
public struct CommandSyntaxError: Error, Equatable, Sendable {
  /// What is wrong, and what was expected (`unknown command "nxt" (did you mean "next"?)`).
  public let message: String
}

extension Command {
  /// Parses one script command: `next`, `tap 2`, `type Ann Lee`, `set city=Oslo`, `tick 250`.
  ///
  /// Words are case-insensitive; the text of `type` and the value of `set` are kept as written
  /// (a value in double quotes keeps its spaces and semicolons).
  public static func parse(_ line: String) throws(CommandSyntaxError) -> Command {
    let trimmed = Command.trim(line)
    let word: Substring
    let rest: String
    if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
      word = trimmed[..<space]
      rest = Command.trim(String(trimmed[space...]))
    } else {
      word = trimmed[...]
      rest = ""
    }
    let name = word.lowercased()
    func noArgument(_ command: Command) throws(CommandSyntaxError) -> Command {
      guard rest.isEmpty else {
        throw CommandSyntaxError(message: "\(name) takes nothing after it, found \"\(rest)\"")
      }
      return command
    }
    func number(_ what: String, _ range: ClosedRange<Int>) throws(CommandSyntaxError) -> Int {
      guard !rest.isEmpty else {
        throw CommandSyntaxError(message: "\(name) needs \(what) (\(name) N)")
      }
      guard let n = Int(rest), range.contains(n) else {
        throw CommandSyntaxError(
          message: "\(name) needs \(what), a whole number from \(range.lowerBound), not \"\(rest)\""
        )
      }
      return n
    }
    switch name {
    case "next": return try noArgument(.next)
    case "previous": return try noArgument(.previous)
    case "back": return try noArgument(.back)
    case "reset": return try noArgument(.reset)
    case "enter": return try noArgument(.enter)
    case "finish": return try noArgument(.finish)
    case "quit": return try noArgument(.quit)
    case "retry": return try noArgument(.retry)
    case "skip": return try noArgument(.skip)
    case "stop": return try noArgument(.stop)
    case "tap": return .tap(try number("a step number", 1...Int.max))
    case "rate": return .rate(try number("a rating", 0...Int.max))
    case "tick": return .tick(milliseconds: try number("a time in milliseconds", 0...86_400_000))
    case "tab":
      switch rest.lowercased() {
      case "next": return .tab(.next)
      case "previous": return .tab(.previous)
      case "":
        throw CommandSyntaxError(message: "tab needs a tab number, next or previous (tab N)")
      default:
        guard let n = Int(rest), n >= 1 else {
          throw CommandSyntaxError(
            message: "tab needs a tab number from 1, next or previous, not \"\(rest)\"")
        }
        return .tab(.number(n))
      }
    case "type":
      guard !rest.isEmpty else {
        throw CommandSyntaxError(message: "type needs the text to type (type TEXT)")
      }
      return .type(Command.unquote(rest))
    case "set":
      guard let equals = rest.firstIndex(of: "="), equals != rest.startIndex else {
        throw CommandSyntaxError(message: "set needs a field and a value (set FIELD=VALUE)")
      }
      let field = Command.trim(String(rest[..<equals]))
      let value = Command.trim(String(rest[rest.index(after: equals)...]))
      return .set(field: field, value: Command.unquote(value))
    case "press":
      guard !rest.isEmpty else {
        throw CommandSyntaxError(
          message: "press needs a key (press tab, press shift-tab, press enter, press a)")
      }
      guard let key = Key(name: rest) else {
        throw CommandSyntaxError(
          message: "press: no key \"\(rest)\""
            + Suggestions.hint(for: rest.lowercased(), in: Key.names.keys)
            + "; keys: a character, " + Key.names.keys.sorted().joined(separator: ", ")
            + ", ctrl-A…Z, f1…f12")
      }
      if key == .ctrl("c") || key == .ctrl("z") {
        throw CommandSyntaxError(
          message:
            "press \(rest): Ctrl-C and Ctrl-Z act on the terminal, not the flow; a script cancels with quit"
        )
      }
      return .press(key)
    case "":
      throw CommandSyntaxError(message: "empty command")
    default:
      throw CommandSyntaxError(
        message: "unknown command \"\(word)\"" + Suggestions.hint(for: name, in: Command.words))
    }
  }

  package static func trim(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first == " " || first == "\t" || first == "\r" {
      slice = slice.dropFirst()
    }
    while let last = slice.last, last == " " || last == "\t" || last == "\r" {
      slice = slice.dropLast()
    }
    return String(slice)
  }

  package static func unquote(_ text: String) -> String {
    guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
    var out = ""
    var escaping = false
    for c in text.dropFirst().dropLast() {
      if escaping {
        out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
        escaping = false
      } else if c == "\\" {
        escaping = true
      } else {
        out.append(c)
      }
    }
    return out
  }
}

/// A script: command lines with their line numbers, from `--commands` or a file.
package enum ScriptSource {
  /// Splits `--commands` text at `;` and newlines (not inside double quotes); blank items and `#`
  /// comments are skipped.
  ///
  /// Each item is numbered from 1.
  package static func items(ofCommands text: String) -> [(number: Int, line: String)] {
    var items: [String] = []
    var current = ""
    var quoted = false
    var escaping = false
    for c in text {
      if escaping {
        current.append(c)
        escaping = false
        continue
      }
      if c == "\\" && quoted {
        current.append(c)
        escaping = true
        continue
      }
      if c == "\"" { quoted.toggle() }
      if !quoted && (c == ";" || c == "\n") {
        items.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    items.append(current)
    return numbered(items)
  }

  /// One command per line; blank lines and `#` comments are skipped but counted.
  package static func items(ofScript text: String) -> [(number: Int, line: String)] {
    numbered(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  /// Whether a line holds no command (blank, or a `#` comment).
  package static func isBlank(_ line: String) -> Bool {
    let trimmed = Command.trim(line)
    return trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  private static func numbered(_ lines: [String]) -> [(number: Int, line: String)] {
    var result: [(number: Int, line: String)] = []
    for (i, line) in lines.enumerated() where !isBlank(line) {
      result.append((i + 1, line))
    }
    return result
  }
}
