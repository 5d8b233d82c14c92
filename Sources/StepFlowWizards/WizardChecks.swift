import StepFlowCore
import StepFlowJSON
import StepFlowText

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
    if draft.navigation == .rating {
      for step in draft.steps where !step.definition.allFields.isEmpty {
        log.report(
          "a rating wizard cannot ask fields: its steps are the stars (step \(quoted(step.definition.id)))",
          at: step.idLocation)
      }
    }
  }
}
