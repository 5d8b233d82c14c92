/// The state of a running flow: where it stands, what was answered, what is selected.
///
/// A value: copying it is how a transition keeps the screen it leaves.
package struct FlowState: Equatable, Sendable {
  /// Whether the flow is still running.
  package enum Status: Equatable, Sendable {
    case running
    case finished
    case cancelled
  }

  package var progression: Progression
  package var status: Status = .running
  /// The selected tab of each step that has tabs, by step index (0 when absent).
  package var selectedTabs: [Int: Int] = [:]
  /// Every answer given so far, by field id (also those of steps since left or un-reached, so
  /// that coming back finds them; the result reports only the reached steps' answers).
  package var answers: [String: FieldValue]
  /// The answers the run started with (`--answers`, and defaults from the environment), which
  /// `reset` restores.
  package let prefilled: [String: FieldValue]
  /// What fields may know of the outside world: the day, the files, the environment.
  package let context: FieldContext
  /// The current step's forms and focus.
  package var editor: StepEditor?
  /// The editors of steps left earlier, kept so that coming back costs no rebuilding.
  ///
  /// Coming back finds the messages as they were on the ``parkedLimit`` steps nearest the
  /// current one. A step farther away is made again from the answers when it is
  /// shown (its cursor and filters start afresh), so that the memory a run holds does not grow
  /// with the steps visited.
  package var parkedEditors: [Int: StepEditor] = [:]
  /// How many left steps keep their editors (see ``parkedEditors``).
  package static let parkedLimit = 32
  /// The y/n question a key asked (q, Esc or r once something is answered): while it is asked,
  /// the keys answer it (``FocusContext/prompt``).
  package var pendingConfirmation: Confirmation?
  /// Whether the keys' help (`?`) is shown: the next key, whichever it is, closes it.
  package var showsHelp = false
  /// The text Ctrl-E asked to hand to an editor, until the screen does it (or says it cannot).
  package var editRequest: EditRequest?
  /// Whether the current step's task output is shown in the pane over the screen (`l`): its
  /// keys scroll it, `l` or Esc closes it, moving to another step closes it.
  package var showsLog = false
  /// The tasks of the steps that have run one, by step index: what ran and how it ended
  /// (the output is kept beside the state, by the program, not in it).
  package var tasks: [Int: TaskRecord] = [:]
  /// How many task runs were started: the next run's number (kept over `reset`).
  package var taskRuns = 0
  /// Whether every task starts when its step is reached and a succeeded one moves on
  /// (`--auto`), kept over `reset`.
  package var automatic = false
  /// The keys the user moved (the config file's `keys`), which every key of the run obeys;
  /// from the run's options, kept over `reset`.
  package var keyRemaps = KeyRemaps.none
  /// The latest run of each field's command — its `optionsFrom` or a value's `validate` —
  /// by field id.
  package var fieldTasks: [String: FieldTaskRecord] = [:]
  /// The options each `optionsFrom` command listed, by field id.
  package var loadedOptions: [String: [ChoiceOption]] = [:]
  /// What each `validate` command said of each value it checked, by field id then value: a
  /// value is checked once.
  package var verdicts: [String: [String: CheckVerdict]] = [:]
  /// What waits for the checks it started (Next or finish): it goes on when they accept.
  package var afterChecks: Command?

  /// A flow at its start, with answers given beforehand.
  ///
  /// A field with `default: { env: NAME }` and no answer given starts with that variable's
  /// value from `context`, when it is set and passes the field's rules.
  package init(
    flow: FlowDefinition, answers: [String: FieldValue] = [:],
    context: FieldContext = .detached
  ) {
    progression = Progression(count: flow.steps.count, startsEmpty: flow.startsEmpty)
    let start = FlowState.environmentDefaults(flow: flow, answers: answers, context: context)
    self.answers = start
    prefilled = start
    self.context = context
    openEditor(flow: flow)
  }

  /// `answers` with the environment's defaults added for the fields that have none.
  private static func environmentDefaults(
    flow: FlowDefinition, answers: [String: FieldValue], context: FieldContext
  ) -> [String: FieldValue] {
    guard !context.environment.isEmpty, flow.hasEnvironmentDefaults else { return answers }
    var out = answers
    for step in flow.steps {
      for spec in step.allFields where out[spec.id] == nil {
        guard let name = spec.defaultFromEnvironment, let raw = context.environment[name],
          !raw.isEmpty, case .success(let value) = spec.parseValue(raw),
          spec.validate(value, in: context) == nil
        else { continue }
        out[spec.id] = value
      }
    }
    return out
  }

  /// Makes the editor for the current step from the answers, and records the defaults and
  /// the selected tab as answers.
  package mutating func openEditor(flow: FlowDefinition) {
    if let old = editor {
      parkedEditors[old.step] = old
      if parkedEditors.count > Self.parkedLimit, let here = progression.current {
        // The farthest from where the run is now goes: O(parkedLimit).
        let farthest = parkedEditors.keys.max { abs($0 - here) < abs($1 - here) }
        if let farthest { parkedEditors[farthest] = nil }
      }
    }
    guard let current = progression.current, flow.navigation != .rating else {
      editor = nil
      return
    }
    if var parked = parkedEditors.removeValue(forKey: current) {
      // Back on a step, the focus is where it is on any step's arrival.
      parked.focusFirst(flow: flow)
      editor = parked
      return
    }
    let step = flow.steps[current]
    // A step that asks nothing, in a flow without buttons, has nothing to edit or focus.
    if step.fields.isEmpty, step.tabs.isEmpty, flow.navigation != .buttons {
      editor = nil
      return
    }
    if let tabsField = step.tabsField, case .choice(let id)? = answers[tabsField],
      let index = step.tabs.firstIndex(where: { $0.id == id }), selectedTabs[current] == nil
    {
      selectedTabs[current] = index
    }
    let made = StepEditor(
      step: current, flow: flow, answers: answers, selectedTab: selectedTab(ofStep: current),
      options: loadedOptions)
    editor = made.hasControls || flow.navigation == .buttons ? made : nil
    syncAnswers(flow: flow)
  }

  /// Copies the editor's values (and the selected tab) into the answers.
  package mutating func syncAnswers(flow: FlowDefinition) {
    guard let editor else { return }
    // An emptied field removes its answer. Only what differs is written: a write copies every
    // answer while a copy of the state kept for a transition shares them.
    editor.forEachField { id, value in
      if answers[id] != value { answers[id] = value }
    }
    let step = flow.steps[editor.step]
    if let tabsField = step.tabsField, step.tabs.indices.contains(editor.selectedTab) {
      let tab = FieldValue.choice(step.tabs[editor.selectedTab].id)
      if answers[tabsField] != tab { answers[tabsField] = tab }
    }
  }

  /// Copies the value of the field at `focus` into the answers (after a key that edited only
  /// it: O(1), where ``syncAnswers(flow:)`` copies every field of the step).
  package mutating func syncAnswer(at focus: Focus?) {
    guard let field = editor?.field(at: focus) else { return }
    answers[field.id] = field.value
  }

  /// The selected tab of a step.
  package func selectedTab(ofStep index: Int) -> Int { selectedTabs[index] ?? 0 }

  /// Whether quitting or starting over would lose something a person gave: an answer other
  /// than at the start (defaults and `--answers`), a rating, or a step left behind in a flow
  /// that asks anything.
  public func hasAnswers(flow: FlowDefinition) -> Bool {
    let fresh = FlowState(flow: flow, answers: prefilled, context: context)
    if flow.navigation == .rating { return progression != fresh.progression }
    if answers != fresh.answers { return true }
    let asks = flow.steps.contains { !$0.fields.isEmpty || !$0.tabs.isEmpty }
    return asks && progression != fresh.progression
  }

  /// The rating: how many steps are reached (rating flows).
  package var rating: Int { progression.reachedCount }
}
