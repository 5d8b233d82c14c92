import StepFlowCore
import StepFlowRender

extension FlowProgram {
  /// What a field's command is doing on the current step, in one line.
  ///
  /// A spinner and the time while it lists options or checks a value, or why the listing
  /// failed and how to retry it; `nil` when nothing is to be said. `plain`: without the
  /// spinner and the time (plain mode says it once).
  package func fieldTaskLine(at now: Duration, glyphs: Glyphs, plain: Bool = false) -> String? {
    func running(_ record: FieldTaskRecord, _ doing: String) -> String {
      let started = tasks.fieldRunStart(record.id) ?? now
      let elapsed = max(.zero, now - started)
      let frames = ProgressGlyphs.for(glyphs).spinnerDots
      let frame = frames[Int((elapsed / .milliseconds(100)).rounded(.down)) % frames.count]
      let tenths = Int((elapsed / .milliseconds(100)).rounded(.down))
      let time = "\(tenths / 10).\(tenths % 10) s"
      return plain ? doing : "\(frame) \(doing) \(time)"
    }
    if let current = state.progression.current,
      let record = state.fieldTasks[FlowMachine.stepCheckKey(current)], record.isRunning
    {
      return running(record, "\(flow.steps[current].title): checking\(glyphs.ellipsis)")
    }
    let specs = FlowMachine.shownFieldSpecs(state)
    for spec in specs {
      guard let record = state.fieldTasks[spec.id] else { continue }
      switch record.status {
      case .running:
        if case .options = record.id.subject {
          return running(record, "\(spec.label): listing its options\(glyphs.ellipsis)")
        }
        return running(record, "\(spec.label): checking\(glyphs.ellipsis)")
      case .failed(let reason) where spec.optionsSource != nil:
        return
          "\(spec.label): no options (\(reason)); Enter tries again"
      default: continue
      }
    }
    return nil
  }
}
