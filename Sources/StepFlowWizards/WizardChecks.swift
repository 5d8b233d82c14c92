import StepFlowCore
import StepFlowJSON
import StepFlowText

/// The checks across a wizard's steps: ids used twice, conditions that name a field that does
/// not exist or is only asked later (or test it in a way its kind cannot pass), and texts that
/// name a field (`{{name}}`) not asked on an earlier step.
package enum WizardChecks {
  package static func check(_ draft: WizardDraft, log: inout DiagnosticLog) {
    var stepIDs: [String: TextLocation] = [:]
    var fieldIDs: [String: (location: TextLocation, step: Int)] = [:]
    var specs: [String: FieldSpec] = [:]
    stepIDs.reserveCapacity(draft.steps.count)
    fieldIDs.reserveCapacity(draft.steps.count)
    for (index, step) in draft.steps.enumerated() {
      let id = step.definition.id
      if id.hasPrefix("\u{0}") {
        // A step without a usable id: already reported; its fields are still checked.
      } else if let first = stepIDs[id] {
        log.report(
          "duplicate step id \(quoted(id)) (first at line \(first.line))", at: step.idLocation)
      } else {
        stepIDs[id] = step.idLocation
      }
      for (fieldID, location) in step.fieldIDs {
        if let first = fieldIDs[fieldID] {
          log.report(
            "duplicate field id \(quoted(fieldID)) (first at line \(first.location.line)): every answer needs its own id",
            at: location)
        } else {
          fieldIDs[fieldID] = (location, index)
        }
      }
      // A task's `capture` is an answer of its step too (for later steps and conditions).
      if let capture = step.task?.task.capture, let location = step.task?.captureLocation {
        if let first = fieldIDs[capture] {
          log.report(
            "\"capture\" names the answer \(quoted(capture)), which is already a field or a capture (line \(first.location.line)): the captured output needs an id of its own",
            at: location)
        } else {
          fieldIDs[capture] = (location, index)
        }
      }
      for spec in step.definition.allFields where specs[spec.id] == nil { specs[spec.id] = spec }
    }
    /// Why `name` cannot be used on step `index`, or `nil` when it can.
    func unusable(_ name: String, onStep index: Int?, what: String) -> String? {
      guard let index else {
        return
          "\(what) names the field \(quoted(name)), but the wizard's own blocks show on every step, before any answer"
      }
      guard let target = fieldIDs[name] else {
        let earlier = fieldIDs.filter { $0.value.step < index }.map(\.key).sorted()
        let hint = Suggestions.closest(to: name, in: earlier).map {
          " — did you mean \(quoted($0))?"
        }
        return "\(what) names no field \(quoted(name))\(hint ?? "")"
          + (earlier.isEmpty ? " (no earlier step asks anything)" : "")
      }
      guard target.step >= index else { return nil }
      let owner = draft.steps[target.step].definition.id
      let when = target.step == index ? "on this same step" : "later, on step \(quoted(owner))"
      let who = what == "\"when\"" ? "a condition" : "a text"
      return
        "\(what) names the field \(quoted(name)), which is asked \(when) (line \(target.location.line)); \(who) can only use the answers of earlier steps"
    }
    for (index, step) in draft.steps.enumerated() {
      if let when = step.when {
        for test in when.tests {
          if let problem = unusable(test.field, onStep: index, what: "\"when\"") {
            log.report(problem, at: test.fieldLocation)
          } else if let spec = specs[test.field], let problem = mismatch(test.test, spec) {
            log.report(problem, at: test.valueLocation)
          }
        }
      }
      for (text, location) in step.templates {
        for name in Template(text).fieldIDs {
          if let problem = unusable(name, onStep: index, what: "{{\(name)}}") {
            log.report(problem, at: location)
          }
        }
      }
    }
    for (text, location) in draft.blockTemplates {
      for name in Template(text).fieldIDs {
        if let problem = unusable(name, onStep: nil, what: "{{\(name)}}") {
          log.report(problem, at: location)
        }
      }
    }
    checkPatterns(draft, log: &log)
    checkTasks(draft, log: &log)
    if draft.navigation == .rating {
      for step in draft.steps where !step.definition.allFields.isEmpty {
        log.report(
          "a rating wizard cannot ask fields: its steps are the stars (step \(quoted(step.definition.id)))",
          at: step.idLocation)
      }
    }
  }

  /// The patterns of a wizard share one budget (``FieldPattern/actionBudget``): together they
  /// may have at most ``FieldPattern/maxSharedInstructions`` instructions, and each default is
  /// matched with its field's share — so loading, and any key or command of the run, stays
  /// within the budget however many fields there are.
  private static func checkPatterns(_ draft: WizardDraft, log: inout DiagnosticLog) {
    var total = 0
    var over = false
    var located: [(spec: FieldSpec, location: TextLocation)] = []
    for step in draft.steps {
      for spec in step.definition.allFields {
        guard let size = spec.regex?.programSize else { continue }
        let location =
          step.fieldIDs.first { $0.id == spec.id }?.location ?? step.idLocation
        if case .text(let text)? = spec.defaultValue, !Template.hasFields(text) {
          located.append((spec, step.defaultLocations[spec.id] ?? location))
        }
        total += size
        if total > FieldPattern.maxSharedInstructions, !over {
          over = true
          log.report(
            "field \(quoted(spec.id)): the wizard's patterns come to more than \(FieldPattern.maxSharedInstructions) instructions together, the most one wizard may have (they share one budget, so that no key or command takes long); simplify them or ask less with patterns",
            at: location)
        }
      }
    }
    guard total > 0, !over else { return }
    for (spec, location) in located {
      let shared = spec.sharingPatternBudget(instructions: total)
      if let problem = shared.validate(shared.defaultValue, in: nil) {
        let error = FieldSpecError(
          fieldID: spec.id, problem: .invalidDefault(message: problem.message))
        log.report(error.description, at: location)
      }
    }
  }

  /// What is wrong with testing a field of this kind this way: `contains` on a field that is
  /// no multichoice, `greaterThan` on text, an option id that is no option, a bound that is
  /// no number or date.
  static func mismatch(_ test: Condition.Test, _ spec: FieldSpec) -> String? {
    let kind = spec.kind
    let field = quoted(spec.id)
    func option(_ id: String) -> String? {
      let ids = kind.options.map(\.id)
      guard !ids.isEmpty, !ids.contains(id) else { return nil }
      let hint = Suggestions.closest(to: id, in: ids).map { " — did you mean \(quoted($0))?" }
      return "\(quoted(id)) is not an option of \(field)\(hint ?? "")"
    }
    switch test {
    case .contains(let id):
      guard case .multichoice = kind else {
        let instead = kind.options.isEmpty ? "" : " (use \"equals\" or \"in\")"
        return "\"contains\" tests a multichoice field; \(field) is a \(kind.name) field\(instead)"
      }
      return option(id)
    case .greaterThan(let text), .lessThan(let text):
      switch kind {
      case .number, .rating:
        if case .failure = DecimalValue.parse(text) {
          return "\(field) is a \(kind.name) field: compare it with a number, not \(quoted(text))"
        }
        return nil
      case .date(let rules):
        if case .failure = DateTimeValue.parse(text, time: false),
          case .failure = DateTimeValue.parse(text, time: true)
        {
          return
            "\(field) is a date field: compare it with a date \(rules.time ? "\"YYYY-MM-DD HH:MM\"" : "\"YYYY-MM-DD\""), not \(quoted(text))"
        }
        return nil
      default:
        return
          "\"greaterThan\" and \"lessThan\" compare numbers, ratings and dates; \(field) is a \(kind.name) field"
      }
    case .equals(let text), .notEquals(let text):
      if case .choice = kind { return option(text) }
      if case .multichoice = kind {
        for id in text.split(separator: ",") {
          if let problem = option(FieldSpec.trimmed(String(id))) { return problem }
        }
      }
      return nil
    case .oneOf(let texts):
      if case .choice = kind {
        for text in texts { if let problem = option(text) { return problem } }
      }
      return nil
    case .answered:
      return nil
    }
  }
}
