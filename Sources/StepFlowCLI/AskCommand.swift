import StepFlow
import StepFlowCommandLine
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

/// `stepflow ask KIND [LABEL] [options]`: one question without a wizard file, drawn inline.
///
/// The question is a flow of one step with one field — the wizard's field, built from the
/// options with the same ``FieldSpec`` rules, run by the same runner with the same keys, hints
/// and messages — drawn in the rows below the cursor and replaced at the end by one line
/// (`✔ Branch: main`). The answer goes to stdout: as text (an option's id; a multichoice one id
/// a line; `yes`/`no`), as JSON with `--output json`, or not at all for a confirm, whose answer
/// is its exit status (0 yes, 2 no, 1 cancelled). The options of a choice may come from stdin,
/// one a line, when it is not a terminal.
package enum AskCommand {
  package static let usage = "usage: stepflow ask <kind> [label] [options]  (stepflow help ask)"

  /// An option of the question's field and the kinds it fits.
  package struct FieldOption: Sendable {
    package let spec: OptionSpec
    /// The kinds the option is for (`FieldKind.names`).
    package let kinds: [String]

    init(_ spec: OptionSpec, for kinds: [String]) {
      self.spec = spec
      self.kinds = kinds
    }
  }

  private static let everyKind = FieldKind.names

  /// The field's options, in the order `stepflow help ask` lists them.
  package static let fieldOptions: [FieldOption] = [
    FieldOption(
      OptionSpec("--default", value: "VALUE", help: "the answer it starts with (its rules apply)"),
      for: everyKind),
    FieldOption(
      OptionSpec(
        "--default-env", value: "NAME",
        help: "start with this environment variable's value, when set and valid"),
      for: everyKind),
    FieldOption(
      OptionSpec("--required", help: "an answer is needed (confirm: yes is; multichoice: one)"),
      for: everyKind),
    FieldOption(
      OptionSpec("--hint", value: "TEXT", help: "a short note after the label"), for: everyKind),
    FieldOption(
      OptionSpec("--placeholder", value: "TEXT", help: "text: shown while it is empty"),
      for: ["text"]),
    FieldOption(OptionSpec("--secure", help: "text: every character hidden"), for: ["text"]),
    FieldOption(
      OptionSpec("--lines", value: "N", help: "text: N lines (Enter a new line, Ctrl-D done)"),
      for: ["text"]),
    FieldOption(
      OptionSpec("--pattern", value: "REGEX", help: "text: the whole answer must match"),
      for: ["text"]),
    FieldOption(
      OptionSpec(
        "--pattern-message", value: "TEXT", help: "text: what to say when it does not match"),
      for: ["text"]),
    FieldOption(
      OptionSpec(
        "--check", value: "CHECK", help: "text: email, luhn (a card number) or expiry",
        completes: .words(FieldCheck.allCases.map(\.rawValue))),
      for: ["text"]),
    FieldOption(
      OptionSpec(
        "--min", value: "N",
        help: "the least: characters, a number, options chosen, stars, a date (or today)"),
      for: ["text", "number", "multichoice", "rating", "date"]),
    FieldOption(
      OptionSpec(
        "--max", value: "N",
        help: "the most: characters, a number, options chosen, stars, a date (or today)"),
      for: ["text", "number", "multichoice", "rating", "date"]),
    FieldOption(
      OptionSpec("--step", value: "N", help: "number: what ↑ and ↓ add (default 1)"),
      for: ["number"]),
    FieldOption(
      OptionSpec("--decimals", value: "N", help: "number: digits after the point (default 0)"),
      for: ["number"]),
    FieldOption(
      OptionSpec(
        "--option", value: "ID[=TITLE]",
        help: "choice, multichoice: an option (else one a line from stdin)", repeats: true),
      for: ["choice", "multichoice"]),
    FieldOption(
      OptionSpec(
        "--style", value: "STYLE", help: "choice: list (one a row) or tabs (in a row)",
        completes: .words(ChoiceStyle.allCases.map(\.rawValue))),
      for: ["choice"]),
    FieldOption(
      OptionSpec("--stars", value: "N", help: "rating: the number of stars, 1 to 10 (default 5)"),
      for: ["rating"]),
    FieldOption(
      OptionSpec(
        "--kind", value: "KIND", help: "path: file, directory or any (default)",
        completes: .words(PathRules.Kind.allCases.map(\.rawValue))),
      for: ["path"]),
    FieldOption(OptionSpec("--must-exist", help: "path: the path must exist"), for: ["path"]),
    FieldOption(
      OptionSpec(
        "--extension", value: "EXT", help: "path: a file's ending, such as .json", repeats: true),
      for: ["path"]),
    FieldOption(OptionSpec("--time", help: "date: with a time of day (HH:MM)"), for: ["date"]),
  ]

  /// The options of `run` a question takes (the rest are about wizards: steps, state files).
  package static let runOptionNames = [
    "--commands", "--script", "--frames", "--width", "--height", "--color", "--glyphs",
    "--no-animation", "--plain", "--inline", "--fullscreen", "--clear", "--output", "--timeout",
    "--no-config",
  ]

  /// Every option of `ask`, as the parser takes them and `stepflow help ask` lists them.
  package static var options: [OptionSpec] {
    fieldOptions.map(\.spec) + RunCommand.options.filter { runOptionNames.contains($0.name) }
  }

  /// The most options stdin may give a choice, and the longest line it may have.
  package static let maxStdinOptions = 10_000
  package static let maxOptionLineLength = 64 << 10

  /// The label a question gets when none is given.
  package static func defaultLabel(of kind: String) -> String {
    switch kind {
    case "number": return "Number"
    case "choice": return "Choose one"
    case "multichoice": return "Choose any"
    case "confirm": return "Are you sure?"
    case "rating": return "Rating"
    case "path": return "Path"
    case "date": return "Date"
    default: return "Answer"
    }
  }

  /// The id of the question's field (`set answer=…` in `--commands`).
  package static let fieldID = "answer"

  /// Parses the command line, asks, prints the answer; returns the exit code.
  package static func execute(_ arguments: [String], environment: [String: String])
    throws(UsageError) -> Int32
  {
    let parsed = try ArgumentParser.parse(arguments, options: options, usage: usage)
    guard let kind = parsed.operands.first else {
      throw UsageError(
        "ask needs the kind of question: \(FieldKind.names.joined(separator: ", "))", usage: usage)
    }
    guard FieldKind.names.contains(kind) else {
      let hint =
        FieldSchema.kindAliases[kind.lowercased()].map { " (did you mean \"\($0)\"?)" }
        ?? Suggestions.hint(for: kind, in: FieldKind.names)
      throw UsageError(
        "unknown kind of question \"\(Sanitizer.sanitize(kind))\"\(hint); the kinds: \(FieldKind.names.joined(separator: ", "))",
        usage: usage)
    }
    guard parsed.operands.count <= 2 else {
      throw UsageError(
        "ask takes a kind and a label, found also \"\(Sanitizer.sanitize(parsed.operands[2]))\" (quote a label with spaces)",
        usage: usage)
    }
    for option in fieldOptions where parsed.gave(option.spec.name) && !option.kinds.contains(kind) {
      throw UsageError(
        "\(option.spec.name) is for \(kindList(option.kinds)) questions, not \(kind) questions",
        usage: usage)
    }
    let label = parsed.operands.count > 1 ? parsed.operands[1] : defaultLabel(of: kind)
    let user: UserSettings
    switch UserConfig.settings(noConfig: parsed.has("--no-config"), environment: environment) {
    case .success(let settings): user = settings
    case .failure(let failure):
      for line in failure.lines { Platform.writeStderr(line + "\n") }
      return failure.exitCode
    }
    var settings = try RunCommand.settings(
      parsed, environment: environment, rating: false, usage: usage, screen: .inline, user: user)
    let spec = try fieldSpec(kind: kind, label: label, parsed: parsed, settings: settings)
    var step = StepDefinition(id: "question", title: label)
    step.fields = [spec]
    var flow = FlowDefinition(
      id: "ask", title: label, steps: [step],
      strip: StripStyle(position: .above, shape: .bar), navigation: .tap)
    flow.isOneQuestion = true
    settings.layout = .question
    settings.writesResult = false
    let format: FlowResult.Format
    if let name = parsed["--output"], let given = FlowResult.Format(rawValue: name) {
      format = given
    } else {
      // A confirm answers with its exit status; printing "yes" would only clutter `if`.
      format = kind == "confirm" ? .none : .text
    }
    nonisolated(unsafe) var end: FlowState?
    settings.onEnd = { end = $0 }
    let code = FlowRunner.start(flow, settings: settings)
    guard code == ExitCode.finished, let state = end, state.status == .finished else {
      return code
    }
    let value = state.answers[spec.id]
    if !settings.frames {
      Platform.writeStdout(
        FlowResult.answer(value, of: spec, format: format, ascii: settings.glyphs == .ascii))
    }
    return value == .bool(false) && kind == "confirm" ? ExitCode.declined : ExitCode.finished
  }

  /// `choice and multichoice`, `text, number and date`.
  private static func kindList(_ kinds: [String]) -> String {
    guard kinds.count > 1, let last = kinds.last else { return kinds.first ?? "" }
    return kinds.dropLast().joined(separator: ", ") + " and " + last
  }

  // MARK: The field

  /// The field the options describe, checked as a wizard's field is: a rule that does not fit,
  /// a bad value or a default that breaks the rules is a usage error naming the option.
  private static func fieldSpec(
    kind name: String, label: String, parsed: ParsedArguments, settings: RunSettings
  ) throws(UsageError) -> FieldSpec {
    func fail(_ message: String) -> UsageError { UsageError(message, usage: usage) }
    func count(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
      try ArgumentParser.integer(parsed, option, in: range, usage: usage)
    }
    var minCount: Int? = nil
    var maxCount: Int? = nil
    let kind: FieldKind
    switch name {
    case "number":
      let decimals = try count("--decimals", in: 0...NumberRules.maxDecimals) ?? 0
      func number(_ option: String) throws(UsageError) -> DecimalValue? {
        guard let text = parsed[option] else { return nil }
        switch DecimalValue.parse(text, places: decimals) {
        case .success(let value): return value
        case .failure(.tooManyDecimals):
          throw fail(
            "option \(option) is \(quoted(text)), with more decimals than the question has (--decimals \(decimals))"
          )
        case .failure(.tooLarge):
          throw fail("option \(option) is \(quoted(text)), too large a number")
        case .failure(.notANumber):
          throw fail("option \(option) needs a number, not \(quoted(text))")
        }
      }
      kind = .number(
        NumberRules(
          min: try number("--min"), max: try number("--max"),
          step: try number("--step") ?? DecimalValue(1), decimals: decimals))
    case "choice", "multichoice":
      let options = try choiceOptions(parsed: parsed, settings: settings)
      if name == "choice" {
        let styleName = try ArgumentParser.choice(
          parsed, "--style", among: ChoiceStyle.allCases.map(\.rawValue), usage: usage)
        kind = .choice(
          options: options, style: styleName.flatMap(ChoiceStyle.init(rawValue:)) ?? .list)
      } else {
        minCount = try count("--min", in: 0...options.count)
        maxCount = try count("--max", in: 0...options.count)
        kind = .multichoice(options: options)
      }
    case "confirm":
      kind = .confirm
    case "rating":
      let stars = try count("--stars", in: 1...10) ?? 5
      minCount = try count("--min", in: 1...stars)
      maxCount = try count("--max", in: 1...stars)
      kind = .rating(max: stars)
    case "path":
      let pathKind = try ArgumentParser.choice(
        parsed, "--kind", among: PathRules.Kind.allCases.map(\.rawValue), usage: usage)
      kind = .path(
        PathRules(
          kind: pathKind.flatMap(PathRules.Kind.init(rawValue:)) ?? .any,
          mustExist: parsed.has("--must-exist"), extensions: parsed.all("--extension")))
    case "date":
      func bound(_ option: String) throws(UsageError) -> DateRules.Bound? {
        guard let text = parsed[option] else { return nil }
        if text == "today" { return .today }
        guard case .success(let value) = DateTimeValue.parse(text, time: false) else {
          throw fail("option \(option) needs a date YYYY-MM-DD or \"today\", not \(quoted(text))")
        }
        return .date(value.date)
      }
      kind = .date(
        DateRules(time: parsed.has("--time"), min: try bound("--min"), max: try bound("--max")))
    default:
      minCount = try count("--min", in: 0...Field.maxTextLength)
      maxCount = try count("--max", in: 1...Field.maxTextLength)
      let lines = try count("--lines", in: 1...FieldSpec.maxLines) ?? 1
      if parsed.has("--secure"), lines > 1 {
        throw fail("--secure is for one line: give --lines or --secure, not both")
      }
      kind = .text(
        placeholder: parsed["--placeholder"] ?? "", secure: parsed.has("--secure"), lines: lines)
    }
    let check = try ArgumentParser.choice(
      parsed, "--check", among: FieldCheck.allCases.map(\.rawValue), usage: usage)
    if let environmentName = parsed["--default-env"],
      !FieldSpec.isValidEnvironmentName(environmentName)
    {
      throw fail(
        "option --default-env needs an environment variable's name (letters, digits and \"_\"), not \(quoted(environmentName))"
      )
    }
    if parsed["--pattern-message"] != nil, parsed["--pattern"] == nil {
      throw fail("--pattern-message says what --pattern means: give --pattern too")
    }
    func build(_ defaultValue: FieldValue?) throws(UsageError) -> FieldSpec {
      do throws(FieldSpecError) {
        return try FieldSpec(
          id: fieldID, label: label, help: parsed["--hint"], kind: kind,
          required: parsed.has("--required"), pattern: parsed["--pattern"],
          patternMessage: parsed["--pattern-message"], min: minCount, max: maxCount,
          check: check.flatMap(FieldCheck.init(rawValue:)), default: defaultValue,
          defaultFromEnvironment: parsed["--default-env"])
      } catch {
        if case .invalidDefault(let message) = error.problem, let text = parsed["--default"] {
          throw fail("--default \(quoted(text)) breaks the question's rules: \(message)")
        }
        throw fail("the question cannot be asked: \(error.explanation)")
      }
    }
    let spec = try build(nil)
    guard let text = parsed["--default"] else { return spec }
    switch spec.parseValue(text) {
    case .failure(let error):
      throw fail("--default \(quoted(text)) does not fit the question: \(error.message)")
    case .success(let value):
      return try build(value)
    }
  }

  /// The options of a choice: `--option ID[=TITLE]`s, else one a line from stdin when it is
  /// not a terminal (blank lines skipped, spaces around a line dropped, a repeated line kept
  /// once), at most ``maxStdinOptions`` lines of at most ``maxOptionLineLength`` bytes.
  private static func choiceOptions(parsed: ParsedArguments, settings: RunSettings)
    throws(UsageError) -> [ChoiceOption]
  {
    func fail(_ message: String) -> UsageError { UsageError(message, usage: usage) }
    let given = parsed.all("--option")
    if !given.isEmpty {
      var options: [ChoiceOption] = []
      var seen: Set<String> = []
      for item in given {
        let id: String
        var title: String
        if let equals = item.firstIndex(of: "=") {
          id = String(item[..<equals])
          title = String(item[item.index(after: equals)...])
        } else {
          id = item
          title = item
        }
        if title.isEmpty { title = id }
        guard !id.isEmpty else {
          throw fail("option --option needs an id: ID or ID=TITLE, not \(quoted(item))")
        }
        guard seen.insert(id).inserted else {
          throw fail("two options have the id \(quoted(id)); option ids must be unique")
        }
        options.append(ChoiceOption(id: id, title: title))
      }
      return options
    }
    let fromStdin = settings.script != "-" && !Platform.isTerminal(0)
    guard fromStdin else {
      throw fail(
        "a choice needs options: give --option ID[=TITLE] (once an option), or pipe them in, one a line"
      )
    }
    var reader = LineReader(fd: 0, maxLength: maxOptionLineLength)
    var options: [ChoiceOption] = []
    var seen: Set<String> = []
    var number = 0
    reading: while true {
      switch reader.nextLine() {
      case .end, .timedOut: break reading
      case .tooLong:
        throw fail(
          "stdin line \(number + 1) is longer than \(Platform.sizeText(maxOptionLineLength)), the most an option may be"
        )
      case .line(let line):
        number += 1
        let text = FieldSpec.trimmed(line)
        guard !text.isEmpty, seen.insert(text).inserted else { continue }
        guard options.count < maxStdinOptions else {
          throw fail(
            "stdin has more than \(maxStdinOptions) options, the most a question takes (filter them first)"
          )
        }
        options.append(ChoiceOption(id: text, title: text))
      }
    }
    guard !options.isEmpty else {
      throw fail(
        "a choice needs options, and stdin gave none: pipe them in, one a line, or give --option ID[=TITLE]"
      )
    }
    return options
  }
}
