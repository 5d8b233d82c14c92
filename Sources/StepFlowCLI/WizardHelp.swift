import StepFlow
import StepFlowJSON
import StepFlowText

/// `stepflow help WIZARD`: what a wizard asks, generated from the wizard itself — its steps,
/// and for each field the id, kind, label, rules, default and the condition that shows it.
package enum WizardHelp {
  /// The whole text for the wizard `flow`, run as `name`.
  package static func text(_ flow: FlowDefinition, name: String) -> String {
    var lines: [String] = []
    let steps = flow.steps.count == 1 ? "1 step" : "\(flow.steps.count) steps"
    lines.append("\(name) — \(flow.title) (\(steps))")
    lines.append("")
    lines.append("usage: stepflow run \(name) [--answers FILE] [--set ID=VALUE]... [--no-input]")
    lines.append("")
    lines += wrapped(
      "Every answer can be given by its id: --set ID=VALUE (read as its kind reads it), or in a"
        + " JSON object of answers (--answers FILE; stepflow schema \(name) prints its schema)."
        + " With --no-input the run finishes from them and the defaults, or lists what is missing.",
      indent: "")
    var secure: [String] = []
    for (index, step) in flow.steps.enumerated() {
      lines.append("")
      var head = "Step \(index + 1): \(step.title) (\(step.id))"
      if let when = step.when { head += ", shown when " + conditionText(when, top: true) }
      // Later lines of a long head are indented under it.
      let headLines = wrapped(head, indent: "    ")
      lines += headLines.prefix(1).map { String($0.dropFirst(4)) } + headLines.dropFirst()
      if let task = step.task {
        let name = task.label ?? step.title
        var what = "  runs: \(name) (a command"
        what += task.optional ? ", optional" : ""
        what += task.start == .arrival ? ", starts when the step is reached)" : ")"
        if let capture = task.capture { what += "; its output is the answer \(quoted(capture))" }
        lines.append(what)
      }
      for field in step.fields {
        lines += fieldLines(field)
        if case .text(_, true, _) = field.kind { secure.append(field.id) }
      }
      if let tabsField = step.tabsField {
        let ids = step.tabs.map { quoted($0.id) }.joined(separator: ", ")
        lines.append("  \(tabsField)  tab — which tab is chosen: \(ids)")
        for tab in step.tabs where !tab.fields.isEmpty {
          lines.append("  on the tab \(tab.title) (\(tabsField) = \(tab.id)):")
          for field in tab.fields {
            lines += fieldLines(field, indent: "    ")
            if case .text(_, true, _) = field.kind { secure.append(field.id) }
          }
        }
      }
      if step.allFields.isEmpty, step.tabsField == nil, step.task == nil {
        lines.append("  (asks nothing)")
      }
    }
    if let first = secure.first {
      let fields = secure.map(quoted).joined(separator: ", ")
      lines.append("")
      lines += wrapped(
        "A secure field (\(fields)) takes --set too, but the process list shows every argument:"
          + " give secrets on stdin instead, as an answers file:", indent: "")
      lines.append(
        "  printf '{\"\(first)\": \"%s\"}' \"$secret\" | stepflow run \(name) --answers - …")
    }
    return lines.map(Sanitizer.sanitize).joined(separator: "\n") + "\n"
  }

  /// A field's lines: `  email  text — E-mail` and its rules below.
  static func fieldLines(_ field: FieldSpec, indent: String = "  ") -> [String] {
    var lines = ["\(indent)\(field.id)  \(kindText(field)) — \(field.label)"]
    let rules = ruleTexts(field)
    if !rules.isEmpty { lines += wrapped(rules.joined(separator: "; "), indent: indent + "    ") }
    if let help = field.help, !help.isEmpty { lines += wrapped(help, indent: indent + "    ") }
    return lines
  }

  /// `text` in lines of at most ``width`` columns, each after `indent`.
  static func wrapped(_ text: String, indent: String) -> [String] {
    TextLayout.wrap(Sanitizer.sanitize(text), width: max(20, width - indent.count)).map {
      indent + $0
    }
  }

  /// The columns the help is written for, as `--help` is.
  static let width = 88

  /// The kind as a field's line says it: `text`, `secure text`, `text, 4 lines`, `number`.
  static func kindText(_ field: FieldSpec) -> String {
    switch field.kind {
    case .text(_, let secure, let lines):
      return (secure ? "secure text" : "text") + (lines > 1 ? ", several lines" : "")
    case .number(let rules): return rules.decimals == 0 ? "whole number" : "number"
    default: return field.kind.name
    }
  }

  /// The rules of a field in words, in the order a person meets them: the field's own
  /// (``FieldSpec/ruleWords``), a list's options, and the default.
  static func ruleTexts(_ field: FieldSpec) -> [String] {
    var rules = field.ruleWords
    switch field.kind {
    case .choice(let options, _):
      rules.append("one of: " + optionTexts(options))
    case .multichoice(let options):
      switch (field.min, field.max) {
      case (let low?, let high?): rules.append("pick \(low) to \(high) of: " + optionTexts(options))
      case (let low?, nil): rules.append("pick at least \(low) of: " + optionTexts(options))
      case (nil, let high?): rules.append("pick at most \(high) of: " + optionTexts(options))
      case (nil, nil): rules.append("any of: " + optionTexts(options))
      }
      rules.append("several separated by commas")
    case .confirm:
      if !field.required { rules.append("yes or no") }
    default: break
    }
    if let variable = field.defaultFromEnvironment {
      let fallback = field.defaultValue.map { ", else \(defaultText($0, field))" } ?? ""
      rules.append("default: $\(variable)\(fallback)")
    } else if let value = field.defaultValue {
      rules.append("default: \(defaultText(value, field))")
    }
    return rules
  }

  /// A default as `--set` would give it: the data text, quoted when it is text.
  static func defaultText(_ value: FieldValue, _ field: FieldSpec) -> String {
    if case .text(_, true, _) = field.kind { return "(set, not shown)" }
    switch value {
    case .text(let text): return quoted(text)
    default: return value.dataText
    }
  }

  /// `swift (Swift), go (Go), cobol (COBOL, not available: reason)`.
  static func optionTexts(_ options: [ChoiceOption]) -> String {
    options.map { option in
      var text = option.id
      var notes: [String] = []
      if option.title != option.id { notes.append(option.title) }
      if let reason = option.disabledReason {
        notes.append(reason.isEmpty ? "not available" : "not available: \(reason)")
      }
      if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
      return text
    }.joined(separator: ", ")
  }

  /// A condition in words: `plan is one of "team", "enterprise"`, `a and (b or c)`.
  static func conditionText(_ condition: Condition, top: Bool = false) -> String {
    switch condition {
    case .test(let field, let test):
      switch test {
      case .equals(let text): return "\(field) is \(quoted(text))"
      case .notEquals(let text): return "\(field) is not \(quoted(text))"
      case .oneOf(let texts):
        return "\(field) is one of " + texts.map(quoted).joined(separator: ", ")
      case .answered(let yes): return yes ? "\(field) is answered" : "\(field) is not answered"
      case .contains(let id): return "\(field) includes \(quoted(id))"
      case .greaterThan(let text): return "\(field) is more than \(text)"
      case .lessThan(let text): return "\(field) is less than \(text)"
      }
    case .all(let parts):
      if parts.isEmpty { return "always" }
      let text = parts.map { conditionText($0) }.joined(separator: " and ")
      return top || parts.count == 1 ? text : "(\(text))"
    case .any(let parts):
      if parts.isEmpty { return "never" }
      let text = parts.map { conditionText($0) }.joined(separator: " or ")
      return top || parts.count == 1 ? text : "(\(text))"
    case .not(let inner):
      return "not (\(conditionText(inner, top: true)))"
    }
  }

  static func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
