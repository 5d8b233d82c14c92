/// What can hold the focus on a step's screen.
package enum Focus: Hashable, Sendable {
  /// A field of the step's own form.
  case field(Int)
  /// The tab bar.
  case tabBar
  /// A field of the selected tab's form.
  case tabField(Int)
  /// The Back button.
  case back
  /// The Next (or Finish) button.
  case next
  /// The step's own screen (a custom block that takes keys, ``ScreenKeys``).
  case screen
}

/// The editing state of the current step: its forms (its own fields and each tab's) and
/// which control has the focus.
///
/// Made anew when a step becomes current, from the answers.
package struct StepEditor: Equatable, Sendable {
  /// The step being edited.
  package let step: Int
  /// The step's own fields.
  package private(set) var form: Form
  /// One form per tab.
  package private(set) var tabForms: [Form]
  package private(set) var focus: Focus?
  /// The selected tab (0 when the step has none).
  package private(set) var selectedTab: Int
  /// The step's own check across its fields, run by ``validateForNext(in:)``.
  package let check: StepCheck?
  /// The step's screen that takes keys (its first custom block that does), if any.
  package let screen: CustomView?
  /// The fields that screen answers: kept, checked and saved like the form's, drawn by it.
  package internal(set) var screenForm: Form
  /// What the screen keeps between keys on this visit of the step.
  package internal(set) var screenState: [String: FieldValue] = [:]

  /// An editor for step `index`, filled from `answers` (fields without an answer keep their
  /// default), the first field focused — or the Next button when the step asks nothing.
  ///
  /// A field whose options come from a command (`optionsFrom`) has those of `options`.
  package init(
    step index: Int, flow: FlowDefinition, answers: [String: FieldValue], selectedTab: Int,
    options: [String: [ChoiceOption]] = [:]
  ) {
    let step = flow.steps[index]
    self.step = index
    check = step.check
    func specs(_ fields: [FieldSpec]) -> [FieldSpec] {
      let resolved = flow.resolvedFields(fields, answers: answers)
      guard !options.isEmpty else { return resolved }
      return resolved.map { spec in
        guard spec.optionsSource != nil, let list = options[spec.id] else { return spec }
        return spec.withOptions(list)
      }
    }
    screen = step.blocks.lazy.compactMap(\.focusableView).first
    let screenIDs = Set(screen?.fieldIDs ?? [])
    if screenIDs.isEmpty {
      form = StepEditor.makeForm(specs(step.fields), answers: answers)
      screenForm = Self.emptyForm
    } else {
      let all = specs(step.fields)
      form = StepEditor.makeForm(all.filter { !screenIDs.contains($0.id) }, answers: answers)
      screenForm = StepEditor.makeForm(all.filter { screenIDs.contains($0.id) }, answers: answers)
    }
    tabForms = step.tabs.map { StepEditor.makeForm(specs($0.fields), answers: answers) }
    self.selectedTab = step.tabs.isEmpty ? 0 : min(max(0, selectedTab), step.tabs.count - 1)
    focus = nil
    focus = firstFocus(flow: flow)
  }

  /// Where the focus goes when the step is shown, whatever key moved there: the first field,
  /// else the tab bar, else the Next button (in a flow with buttons), else nothing.
  func firstFocus(flow: FlowDefinition) -> Focus? {
    focusables(flow: flow).first { $0 != .back }
  }

  /// Puts the focus where a step starts (see ``firstFocus(flow:)``): a step shown again is
  /// focused as it was the first time.
  public mutating func focusFirst(flow: FlowDefinition) {
    setFocus(firstFocus(flow: flow))
  }

  /// The focused field, if a field has the focus.
  public var focusedField: Field? { field(at: focus) }

  /// The field a focus names, if it names one.
  package func field(at focus: Focus?) -> Field? {
    switch focus {
    case .field(let i): return form.fields.indices.contains(i) ? form.fields[i] : nil
    case .tabField(let i):
      guard let tab = tabForm, tab.fields.indices.contains(i) else { return nil }
      return tab.fields[i]
    default: return nil
    }
  }

  private static func makeForm(_ specs: [FieldSpec], answers: [String: FieldValue]) -> Form {
    guard !specs.isEmpty else { return emptyForm }
    var unique = specs
    if specs.count > 1 {
      var seen: Set<String> = []
      unique = specs.filter { seen.insert($0.id).inserted }
    }
    var form = Form(distinct: unique)
    guard !answers.isEmpty else { return form }
    for spec in unique {
      if let value = answers[spec.id] { _ = form.setValue(id: spec.id, value) }
    }
    return form
  }

  private static let emptyForm = Form(distinct: [])

  /// The selected tab's form, if the step has tabs.
  package var tabForm: Form? {
    tabForms.indices.contains(selectedTab) ? tabForms[selectedTab] : nil
  }

  /// Whether the step asks anything (fields, tabs or a screen that takes keys).
  package var hasControls: Bool { !form.fields.isEmpty || !tabForms.isEmpty || screen != nil }

  /// The controls that can take the focus, in order: the step's screen (when it takes keys),
  /// own fields, the tab bar, the selected tab's fields, then the buttons (in a flow with
  /// buttons): Next before Back, so Tab or ↓ from the last field lands on the button that
  /// goes on, as a dialog's OK comes first.
  ///
  /// The first step's Back, which is unavailable, takes no focus.
  package func focusables(flow: FlowDefinition) -> [Focus] {
    var list: [Focus] = screen == nil ? [] : [.screen]
    list += form.fields.indices.map { .field($0) }
    if !tabForms.isEmpty {
      list.append(.tabBar)
      list += (tabForm?.fields.indices ?? 0..<0).map { .tabField($0) }
    }
    if flow.navigation == .buttons { list += step > 0 ? [.next, .back] : [.next] }
    return list
  }

  /// Calls `body` with every field and its value (`nil`: empty), own fields first.
  package func forEachField(_ body: (String, FieldValue?) -> Void) {
    for field in screenForm.fields { body(field.id, field.value) }
    for field in form.fields { body(field.id, field.value) }
    for tab in tabForms {
      for field in tab.fields { body(field.id, field.value) }
    }
  }

  // MARK: Focus

  /// Moves the focus to the next (`+1`, ↓) or previous (`-1`, ↑) control, not wrapping.
  ///
  /// The buttons are one row: ↓ from the last field lands on Next, ↑ from either button goes to the
  /// last field (or tab bar), ↓ from a button goes nowhere.
  /// - Returns: whether it moved.
  @discardableResult
  package mutating func moveFocus(by offset: Int, flow: FlowDefinition) -> Bool {
    let list = focusables(flow: flow)
    if focus == .back || focus == .next {
      guard offset < 0, let above = list.last(where: { $0 != .back && $0 != .next }) else {
        return false
      }
      setFocus(above)
      return true
    }
    guard let current = focus, let index = list.firstIndex(of: current) else {
      focus = list.first
      return focus != nil
    }
    let target = index + offset
    guard list.indices.contains(target) else { return false }
    setFocus(list[target])
    return true
  }

  /// Tab (`+1`) and Shift-Tab (`-1`): the next or previous control, wrapping around; from no
  /// focus, the first or the last.
  /// - Returns: whether there is anything to focus.
  public mutating func cycleFocus(by offset: Int, flow: FlowDefinition) -> Bool {
    let list = focusables(flow: flow)
    guard !list.isEmpty else { return false }
    guard let current = focus, let index = list.firstIndex(of: current) else {
      setFocus(offset > 0 ? list.first : list.last)
      return true
    }
    setFocus(list[(index + offset + list.count) % list.count])
    return true
  }

  /// Focuses a control, keeping the forms' own focus in step with it.
  package mutating func setFocus(_ target: Focus?) {
    if target != focus {
      switch focus {
      case .field: form.leaveFocused()
      case .tabField: tabForms[selectedTab].leaveFocused()
      default: break
      }
    }
    focus = target
    switch target {
    case .field(let i): form.focus(at: i)
    case .tabField(let i): tabForms[selectedTab].focus(at: i)
    default: break
    }
  }

  /// Focuses a field of the step's form (`tab` nil) or of the selected tab's, and does what a
  /// click on its `part` means.
  package mutating func clickForm(fieldAt index: Int, _ part: FieldClick, tab: Int?) -> KeyOutcome {
    if let tab {
      guard tab == selectedTab, tabForms.indices.contains(tab) else { return .ignored }
      focus = .tabField(index)
      return tabForms[tab].click(fieldAt: index, part)
    }
    focus = .field(index)
    return form.click(fieldAt: index, part)
  }

  /// Focuses the field with an id, selecting its tab if it is on one.
  package mutating func focusField(id: String) {
    if screenForm.index(of: id) != nil {
      setFocus(.screen)
    } else if let i = form.index(of: id) {
      setFocus(.field(i))
    } else if let t = tabForms.firstIndex(where: { $0.index(of: id) != nil }), t == selectedTab,
      let i = tabForms[t].index(of: id)
    {
      setFocus(.tabField(i))
    }
  }

  // MARK: Editing

  /// Selects the highlighted option of the focused choice field.
  mutating func pickHighlighted() -> KeyOutcome {
    switch focus {
    case .field: return form.pickHighlighted()
    case .tabField: return tabForms[selectedTab].pickHighlighted()
    default: return .ignored
    }
  }

  /// Esc on the focused field: clears a list's filter; whether there was one.
  mutating func clearFilter() -> Bool {
    switch focus {
    case .field: return form.clearFilter()
    case .tabField: return tabForms[selectedTab].clearFilter()
    default: return false
    }
  }

  /// Gives the focused field a new text (back from an editor).
  package mutating func replaceFocusedText(_ text: String) -> Result<FieldValue?, FieldError> {
    switch focus {
    case .field: return form.replaceFocusedText(text)
    case .tabField: return tabForms[selectedTab].replaceFocusedText(text)
    default: return .failure(FieldError(fieldID: "", label: "", problem: .noField))
    }
  }

  /// Fills in the fields' texts again from the answers (an earlier answer they name changed).
  package mutating func retitle(flow: FlowDefinition, answers: [String: FieldValue]) {
    guard flow.hasTemplates else { return }
    let step = flow.steps[self.step]
    form.retitle(flow.resolvedFields(step.fields, answers: answers))
    for (t, tab) in step.tabs.enumerated() where tabForms.indices.contains(t) {
      tabForms[t].retitle(flow.resolvedFields(tab.fields, answers: answers))
    }
  }

  /// Gives a key to the focused field.
  package mutating func handleFieldKey(_ key: Key, in context: FieldContext) -> KeyOutcome {
    switch focus {
    case .field:
      let outcome = form.handle(key, in: context)
      if outcome == .handled { focus = .field(form.focusIndex) }
      return outcome
    case .tabField:
      let outcome = tabForms[selectedTab].handle(key, in: context)
      if outcome == .handled { focus = .tabField(tabForms[selectedTab].focusIndex) }
      return outcome
    default:
      return .ignored
    }
  }

  /// Types into the focused field, or into the first field when no field has the focus.
  package mutating func type(_ text: String, flow: FlowDefinition) -> Result<
    FieldValue?, FieldError
  > {
    switch focus {
    case .field: return form.type(text)
    case .tabField: return tabForms[selectedTab].type(text)
    default:
      guard
        let first = focusables(flow: flow).first(where: {
          $0 != .tabBar && $0 != .back && $0 != .next && $0 != .screen
        })
      else {
        return .failure(FieldError(fieldID: "", label: "", problem: .noField))
      }
      setFocus(first)
      return type(text, flow: flow)
    }
  }

  /// Sets a field of this step by id; `nil` when the step has no such field.
  package mutating func set(id: String, text: String) -> Result<FieldValue?, FieldError>? {
    if form.index(of: id) != nil { return form.set(id: id, text: text) }
    if screenForm.index(of: id) != nil { return screenForm.set(id: id, text: text) }
    for t in tabForms.indices where tabForms[t].index(of: id) != nil {
      return tabForms[t].set(id: id, text: text)
    }
    return nil
  }

  /// Selects a tab; the focus stays on the tab bar, or moves to it from the old tab's fields.
  package mutating func selectTab(_ index: Int) {
    guard tabForms.indices.contains(index) else { return }
    selectedTab = index
    if case .tabField = focus { focus = .tabBar }
  }

  /// Validates what Next would leave: the step's own fields and the selected tab's.
  ///
  /// Every message shows from now on, and the focus goes to the first invalid field. Once
  /// every field passes its own rules, the step's ``check`` runs over their answers; what it
  /// says shows under the fields it names (until their answers change) and is returned too.
  package mutating func validateForNext(in context: FieldContext?) -> [FieldError] {
    var problems = screenForm.validateForNext(in: context) + form.validateForNext(in: context)
    let hasTabs = !tabForms.isEmpty
    if hasTabs { problems += tabForms[selectedTab].validateForNext(in: context) }
    if let check {
      var messages: [String: String] = [:]
      if problems.isEmpty { messages = check(checkedAnswers) }
      problems += keepCheckMessages(messages)
    }
    if let first = problems.first { focusField(id: first.fieldID) }
    return problems
  }

  /// The answers a step check is given: the step's own fields, its screen's and the selected
  /// tab's.
  package var checkedAnswers: [String: FieldValue] {
    var answers = form.answers
    answers.merge(screenForm.answers) { _, screen in screen }
    if !tabForms.isEmpty { answers.merge(tabForms[selectedTab].answers) { _, tab in tab } }
    return answers
  }

  /// Keeps what a check said by field id, shown under those fields until their answers change
  /// (empty messages forget it), and focuses the first field named.
  /// - Returns: the messages as errors, in field order; a message for no field of the step
  ///   comes last, named by its id (it still refuses Next).
  @discardableResult
  package mutating func keepCheckMessages(_ messages: [String: String]) -> [FieldError] {
    var problems = screenForm.keepStepCheck(messages)
    problems += form.keepStepCheck(messages)
    if !tabForms.isEmpty { problems += tabForms[selectedTab].keepStepCheck(messages) }
    for (id, message) in messages.sorted(by: { $0.key < $1.key })
    where !problems.contains(where: { $0.fieldID == id }) {
      problems.append(FieldError(fieldID: id, label: id, problem: .custom(message)))
    }
    return problems
  }
}
