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
    // Split by scalars, not characters: a value may start with a combining mark, which
    // joins the space (or the `=`) before it into one character.
    let trimmed = Command.trim(line)
    let word: Substring
    let rest: String
    let scalars = trimmed.unicodeScalars
    if let space = scalars.firstIndex(where: { $0 == " " || $0 == "\t" }) {
      word = Substring(scalars[..<space])
      rest = Command.trim(String(scalars[space...]))
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
      let restScalars = rest.unicodeScalars
      guard let equals = restScalars.firstIndex(of: "="), equals != restScalars.startIndex else {
        throw CommandSyntaxError(message: "set needs a field and a value (set FIELD=VALUE)")
      }
      let field = Command.trim(String(restScalars[..<equals]))
      let value = Command.trim(String(restScalars[restScalars.index(after: equals)...]))
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
    case "secret":
      // What --record writes for a secure answer it does not keep.
      let field = rest.isEmpty ? "FIELD" : rest
      throw CommandSyntaxError(
        message:
          "the secure answer of \"\(field)\" was not recorded: replace this line with set \(field)=VALUE (or remove it and give the answer with --answers -)"
      )
    case "":
      throw CommandSyntaxError(message: "empty command")
    default:
      throw CommandSyntaxError(
        message: "unknown command \"\(word)\"" + Suggestions.hint(for: name, in: Command.words))
    }
  }

  /// The text without the spaces, tabs and carriage returns around it — scalars, so that a
  /// combining mark after a space stays (`" \u{301}x"` is `"\u{301}x"`).
  package static func trim(_ text: String) -> String {
    var slice = Substring(text).unicodeScalars
    while let first = slice.first, first == " " || first == "\t" || first == "\r" {
      slice = slice.dropFirst()
    }
    while let last = slice.last, last == " " || last == "\t" || last == "\r" {
      slice = slice.dropLast()
    }
    return String(slice)
  }

  /// A value in double quotes without them, `\n`, `\t`, `\"` and `\\` read; any other text
  /// as it is.
  ///
  /// Scalars again: a quote followed by a combining mark is still a quote.
  package static func unquote(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return text }
    var out = String.UnicodeScalarView()
    var escaping = false
    for c in scalars.dropFirst().dropLast() {
      if escaping {
        out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
        escaping = false
      } else if c == "\\" {
        escaping = true
      } else {
        out.append(c)
      }
    }
    return String(out)
  }
}

/// A script: command lines with their line numbers, from `--commands` or a file.
package enum ScriptSource {
  /// A `--commands` text whose double quote is never closed: it would take every `;` after
  /// it into one command.
  package struct UnclosedQuote: Error, Equatable, Sendable {
    /// The number of the command where the quote opens, from 1.
    package var number: Int
    /// That command, from its start to the end of the text.
    package var text: String
  }

  /// Splits `--commands` text at `;` and newlines (not inside double quotes); blank items and
  /// `#` comments are skipped.
  ///
  /// Each item is numbered from 1.
  ///
  /// Quotes and separators are scalars: a `"` or `;` followed by a combining mark still counts.
  /// - Throws: ``UnclosedQuote`` when a double quote is left open.
  package static func items(ofCommands text: String) throws(UnclosedQuote) -> [(
    number: Int, line: String
  )] {
    var items: [String] = []
    var current = String.UnicodeScalarView()
    var quoted = false
    var escaping = false
    for c in text.unicodeScalars {
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
        items.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(c)
      }
    }
    if quoted {
      throw UnclosedQuote(number: items.count + 1, text: String(current))
    }
    items.append(String(current))
    return numbered(items)
  }

  /// One command per line; blank lines and `#` comments are skipped but counted.
  package static func items(ofScript text: String) -> [(number: Int, line: String)] {
    Array(ScriptLines(Array(text.utf8)))
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

/// The commands of a script file, one a line, made into strings only as they are read: a
/// script holds its bytes and nothing per line (a 4 MB file of blank lines took 210 MB as
/// an array of lines).
///
/// Lines end at `\n` (a `\r` before it is trimmed with the spaces);
/// blank lines and `#` comments are skipped but counted.
package struct ScriptLines: Sequence, Sendable {
  package let bytes: [UInt8]

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  package struct Iterator: IteratorProtocol {
    let bytes: [UInt8]
    var start = 0
    var number = 0

    package mutating func next() -> (number: Int, line: String)? {
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        let line = bytes[start..<end]
        start = end + 1
        number += 1
        if Self.isBlank(line) { continue }
        return (number, String(decoding: line, as: UTF8.self))
      }
      return nil
    }

    /// Blank or a comment, looked at in the bytes (no string made for it).
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
      guard
        let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
      else { return true }
      return line[first] == UInt8(ascii: "#")
    }
  }

  package func makeIterator() -> Iterator { Iterator(bytes: bytes) }
}
