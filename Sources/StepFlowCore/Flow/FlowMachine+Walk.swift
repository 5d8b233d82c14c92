import StepFlowText

/// A walk through a flow's steps as Next takes them, for runs that are not typed by a person:
/// `--no-input` finds every answer that is missing or wrong at once, and a run given answers
/// starts at the first step that still needs one.
extension FlowMachine {
  /// One step of a walk: the step, and what its answers lack (empty: Next may leave it).
  package struct WalkedStep: Equatable, Sendable {
    package var index: Int
    package var problems: [FieldError]
  }

  /// Walks from the current step to the last shown one as Next would.
  ///
  /// It uses the interactive rules (required, patterns, ranges, kinds, conditions on the answers and defaults as they
  /// stand), but without stopping at a step whose answers are wrong: every shown step is
  /// visited once and says what it lacks. A step's defaults become answers when the walk
  /// reaches it, as on the screen, so that later conditions see them.
  ///
  /// - Returns: the shown steps in order, each with its problems; empty for a rating (it has no
  ///   fields to walk).
  /// - Complexity: O(steps × fields of a step).
  package static func walk(_ state: FlowState, flow: FlowDefinition) -> [WalkedStep] {
    guard flow.navigation != .rating else { return [] }
    var walker = state
    var steps: [WalkedStep] = []
    while let current = walker.progression.current {
      var problems: [FieldError] = []
      if var editor = walker.editor, editor.hasControls {
        problems = editor.validateForNext(in: walker.context)
      }
      steps.append(WalkedStep(index: current, problems: problems))
      if isLastShown(current, flow, walker) { break }
      var p = walker.progression
      guard forward(&p, flow, walker.answers) == nil, p.current != current else { break }
      walker.progression = p
      walker.openEditor(flow: flow)
    }
    return steps
  }

  /// Moves on with Next from step to step while the current one has every answer it needs
  /// and is not the last shown step, stopping at a step that runs a task (it is for the
  /// person to see) — where a run given answers starts.
  /// - Returns: the steps passed.
  @discardableResult
  package static func skipAnswered(_ state: inout FlowState, flow: FlowDefinition) -> Int {
    guard flow.navigation != .rating else { return 0 }
    var passed = 0
    while state.status == .running, let current = state.progression.current,
      !isLastShown(current, flow, state), !flow.steps[current].hasWork
    {
      if var editor = state.editor, editor.hasControls,
        !editor.validateForNext(in: state.context).isEmpty
      {
        break
      }
      guard case .moved(let from, let to, _) = apply(.next, to: &state, flow: flow), from != to
      else { break }
      passed += 1
    }
    return passed
  }

  /// The answers that a finished walk leaves out, because they belong to no field the person
  /// would see: a step whose condition does not hold, or a tab that is not selected.
  /// - Parameters:
  ///   - ids: the answers to look at (those given before the run).
  ///   - state: the finished run.
  ///   - flow: the flow it ran.
  /// - Returns: each such answer with why, in the order of `ids`.
  package static func ignoredAnswers(
    _ ids: [String], state: FlowState, flow: FlowDefinition
  ) -> [(id: String, reason: String)] {
    var shownAt: [String: String] = [:]
    var hiddenAt: [String: String] = [:]
    for (index, step) in flow.steps.enumerated() {
      let name = "step \(index + 1) (\(step.title))"
      guard isShown(index, flow, state.answers) else {
        for spec in step.allFields where hiddenAt[spec.id] == nil {
          hiddenAt[spec.id] = "\(name) is not shown: its condition does not hold"
        }
        if let tabsField = step.tabsField, hiddenAt[tabsField] == nil {
          hiddenAt[tabsField] = "\(name) is not shown: its condition does not hold"
        }
        continue
      }
      for spec in step.fields { shownAt[spec.id] = name }
      if let tabsField = step.tabsField { shownAt[tabsField] = name }
      guard !step.tabs.isEmpty else { continue }
      let selected = min(state.selectedTab(ofStep: index), step.tabs.count - 1)
      for (t, tab) in step.tabs.enumerated() {
        for spec in tab.fields {
          if t == selected {
            shownAt[spec.id] = name
          } else if hiddenAt[spec.id] == nil {
            hiddenAt[spec.id] =
              "it is on tab \(quoted(tab.title)) of \(name), and tab \(quoted(step.tabs[selected].title)) is selected"
          }
        }
      }
    }
    return ids.compactMap { id in
      guard shownAt[id] == nil, let reason = hiddenAt[id] else { return nil }
      return (id, reason)
    }
  }
}

extension StepDefinition {
  /// Whether reaching the step starts work the person should see (its progress stage).
  package var hasWork: Bool { progress != nil }
}
