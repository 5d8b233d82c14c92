import StepFlowCore
import StepFlowJSON
import StepFlowText

extension WizardChecks {
  /// The checks of the steps' `run`s across the wizard: every `{{name}}` a command uses is a
  /// field its step or an earlier one asks (or an earlier task's `capture`), a ring has the
  /// step's hero picture to be drawn in, and a rating wizard runs nothing.
  static func checkTasks(_ draft: WizardDraft, log: inout DiagnosticLog) {
    var known: Set<String> = []
    for step in draft.steps {
      let own = Set(step.fieldIDs.map(\.id))
      for (text, location, sameStep) in step.fieldCommandTemplates {
        let available = sameStep ? known.union(own) : known
        for name in TaskTemplate(text).fieldIDs where !available.contains(name) {
          let hint = Suggestions.closest(to: name, in: available.sorted()).map {
            " — did you mean \(quoted($0))?"
          }
          let when =
            sameStep
            ? "this step or an earlier one (a check gets the answers given when Next is pressed)"
            : "an earlier step (the options are listed when the step is reached)"
          log.report("{{\(name)}} names no field asked by \(when)\(hint ?? "")", at: location)
        }
      }
      if let task = step.task {
        let available = known.union(own)
        for (text, location) in task.templates {
          for name in TaskTemplate(text).fieldIDs where !available.contains(name) {
            let hint = Suggestions.closest(to: name, in: available.sorted()).map {
              " — did you mean \(quoted($0))?"
            }
            log.report(
              "{{\(name)}} names no field asked by this step or an earlier one\(hint ?? "") (a task gets the answers given before it runs)",
              at: location)
          }
        }
        if let ring = task.ringLocation, !step.definition.blocks.contains(.hero) {
          log.report(
            "a task's ring is drawn in the step's hero picture: add { \"hero\": true } to the step's blocks, or show a bar",
            at: ring)
        }
        if draft.navigation == .rating {
          log.report(
            "a rating wizard's steps are stars: they cannot run commands", at: task.location)
        }
      }
      known.formUnion(own)
      if let capture = step.task?.task.capture { known.insert(capture) }
    }
  }
}
