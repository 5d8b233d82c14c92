import StepFlow
import StepFlowCommandLine
import StepFlowTerminal
import StepFlowText
import StepFlowWizards

extension AskCommand {
  /// The field the options describe, checked as a wizard's field is: a rule that does not fit,
  /// a bad value or a default that breaks the rules is a usage error naming the option.
  static func fieldSpec(
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
