import StepFlowText

/// A command's options, declared once: what the parser accepts and what `--help` lists.
package struct OptionSpec: Sendable {
  /// The long name with its dashes: `--width`.
  package let name: String
  /// The value's name in help and messages (`W`), or `nil` for a flag.
  package let value: String?
  /// One line of help.
  package let help: String
  /// Whether the option may be given more than once, each value kept (`--option a --option b`);
  /// otherwise the last one wins.
  package let repeats: Bool
  /// What a shell completes the value with (the completion scripts are made from this).
  package let completion: ValueCompletion

  /// What a shell offers for an option's value.
  package enum ValueCompletion: Equatable, Sendable {
    /// Nothing: a flag, or free text (a number, a title).
    case none
    /// One of these words (the values the option accepts, from the same list that checks them).
    case words([String])
    /// A file name.
    case file
    /// A command on the `PATH`.
    case command
  }

  /// An option.
  /// - Parameters:
  ///   - name: The long name with its dashes.
  ///   - value: The value's name, or `nil` for a flag.
  ///   - help: One line of help.
  ///   - repeats: Whether each value of a repeated option is kept.
  ///   - completes: What a shell completes the value with.
  package init(
    _ name: String, value: String? = nil, help: String, repeats: Bool = false,
    completes: ValueCompletion = .none
  ) {
    self.name = name
    self.value = value
    self.help = help
    self.repeats = repeats
    self.completion = completes
  }
}

/// The options and operands found on a command line.
package struct ParsedArguments: Sendable {
  /// Each option given with a value, by name (`--width`), the last one winning.
  package var values: [String: String] = [:]
  /// Every value of each option, in the order given (`--set a=1 --set b=2`).
  package var lists: [String: [String]] = [:]
  /// The flags given, by name.
  package var flags: Set<String> = []
  /// Everything that is not an option, in order.
  package var operands: [String] = []

  package func has(_ flag: String) -> Bool { flags.contains(flag) }
  package subscript(option: String) -> String? { values[option] }
  /// Every value given to a repeatable option, in order (empty when it was not given).
  package func all(_ option: String) -> [String] { lists[option] ?? [] }
  /// Whether an option was given at all, with a value or as a flag.
  package func gave(_ option: String) -> Bool { values[option] != nil || flags.contains(option) }
}

/// A small command-line parser: `--name value`, `--name=value`, flags, operands, and `--` to end
/// options.
///
/// Unknown options and missing values are ``UsageError``s with a suggestion.
package enum ArgumentParser {
  package static func parse(
    _ arguments: [String], options: [OptionSpec], usage: String
  ) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var onlyOperands = false
    let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
        result.operands.append(argument)
        continue
      }
      if argument == "--" {
        onlyOperands = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = byName[name] else {
        throw UsageError(
          "unknown option \"\(name)\"" + Suggestions.hint(for: name, in: byName.keys), usage: usage)
      }
      if let valueName = spec.value {
        if let inlineValue {
          result.values[name] = inlineValue
          result.lists[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          result.values[name] = arguments[index]
          result.lists[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("option \(name) needs a value (\(name) \(valueName))", usage: usage)
        }
      } else {
        if inlineValue != nil {
          throw UsageError("option \(name) takes no value", usage: usage)
        }
        result.flags.insert(name)
      }
    }
    return result
  }

  /// Whether `-h` or `--help` stands where an option would: not as an option's value
  /// (`--title -h` titles the gauge "-h"), not after `--` (`gauge -- ls -h` runs `ls -h`).
  package static func asksForHelp(_ arguments: [String], options: [OptionSpec]) -> Bool {
    let takesValue = Set(options.filter { $0.value != nil }.map(\.name))
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return false }
      if argument == "-h" || argument == "--help" { return true }
      if takesValue.contains(argument) { index += 1 }
    }
    return false
  }

  /// An integer option in a range, or a usage error naming the option.
  package static func integer(
    _ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Int>, usage: String
  ) throws(UsageError) -> Int? {
    guard let text = parsed[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "option \(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(Sanitizer.sanitize(text))\"",
        usage: usage)
    }
    return value
  }

  /// The most seconds a time option takes (about 31 years): more is surely a mistake.
  package static let maxSeconds = 1_000_000_000.0

  /// A time in seconds above 0 and at most ``maxSeconds`` (`--timeout 2.5`), or a usage error
  /// that names both bounds; `nil` when the option is not given.
  package static func seconds(
    _ parsed: ParsedArguments, _ name: String, usage: String
  ) throws(UsageError) -> Duration? {
    guard let text = parsed[name] else { return nil }
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= maxSeconds else {
      throw UsageError(
        "option \(name) needs a number of seconds above 0 and at most 1000000000, not \"\(Sanitizer.sanitize(text))\"",
        usage: usage)
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// An option whose value is one of a fixed set of words, or a usage error listing them.
  package static func choice(
    _ parsed: ParsedArguments, _ name: String, among words: [String], usage: String
  ) throws(UsageError) -> String? {
    guard let text = parsed[name] else { return nil }
    guard words.contains(text) else {
      throw UsageError(
        "option \(name) must be one of \(words.joined(separator: ", ")), not \"\(Sanitizer.sanitize(text))\""
          + Suggestions.hint(for: text, in: words), usage: usage)
    }
    return text
  }

  /// Help text for a list of options, aligned in two columns.
  package static func helpLines(for options: [OptionSpec]) -> [String] {
    let labels: [String] = options.map { option in
      guard let value = option.value else { return option.name }
      return option.name + " " + value + (option.repeats ? " …" : "")
    }
    let column = (labels.map { $0.count }.max() ?? 0) + 2
    var lines: [String] = []
    for (label, option) in zip(labels, options) {
      let padding = String(repeating: " ", count: column - label.count)
      lines.append("  " + label + padding + option.help)
    }
    return lines
  }
}
