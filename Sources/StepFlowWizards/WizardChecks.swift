import StepFlowCore
import StepFlowJSON

/// The checks across a wizard's steps: ids used twice, and conditions that name a field that
/// does not exist or is only asked later.
package enum WizardChecks {
  package static func check(_ draft: WizardDraft, log: inout DiagnosticLog) {
    var stepIDs: [String: TextLocation] = [:]
    var fieldIDs: [String: (location: TextLocation, step: Int)] = [:]
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
    }
    for (index, step) in draft.steps.enumerated() {
      guard let condition = step.definition.when, let location = step.whenLocation else { continue }
      guard let target = fieldIDs[condition.field] else {
        let earlier = fieldIDs.filter { $0.value.step < index }.map(\.key).sorted()
        let hint = Suggestions.closest(to: condition.field, in: earlier).map {
          " — did you mean \(quoted($0))?"
        }
        log.report(
          "\"when\" names no field \(quoted(condition.field))\(hint ?? "")"
            + (earlier.isEmpty ? " (no earlier step asks anything)" : ""), at: location)
        continue
      }
      if target.step >= index {
        let owner = draft.steps[target.step].definition.id
        let when = target.step == index ? "on this same step" : "later, on step \(quoted(owner))"
        log.report(
          "\"when\" names the field \(quoted(condition.field)), which is asked \(when) (line \(target.location.line)); a condition can only use the answers of earlier steps",
          at: location)
      }
    }
    checkPatterns(draft, log: &log)
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
        if case .text? = spec.defaultValue {
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
      if let problem = shared.validate(shared.defaultValue) {
        let error = FieldSpecError(
          fieldID: spec.id, problem: .invalidDefault(message: problem.message))
        log.report(error.description, at: location)
      }
    }
  }
}
