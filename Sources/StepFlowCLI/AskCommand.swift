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
    do throws(UserConfig.Failure) {
      user = try UserConfig.settings(for: parsed, environment: environment)
    } catch { return error.exitCode }
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
}
