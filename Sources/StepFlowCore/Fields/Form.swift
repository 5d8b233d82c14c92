import StepFlowText

/// An ordered list of fields with one of them focused: what a step asks for.
///
/// Keys go to the focused field first; ↓/↑ that it does not use move the focus to the next /
/// previous field; every other key it does not use comes back `.ignored` for the flow (Enter,
/// Tab, Shift-Tab, Esc, and → on a field that is not text). Validation messages are shown only
/// for *touched* fields: a field is touched when the focus leaves it, when `set` fills it,
/// and all fields are when the flow tries to leave the step (``validateForNext()``).
///
/// ```swift
/// var form = try Form([name, email])
/// _ = form.type("Ann")           // into the focused field
/// _ = form.handle(.down, in: .detached)  // focus the e-mail field; the name field is touched
/// let problems = form.validateForNext(in: nil)
/// // ["E-mail is required"]: Next stays on the step and says so
/// ```
package struct Form: Hashable, Sendable {
  /// The fields in order.
  package private(set) var fields: [Field]
  /// The index of the focused field (0 when there are no fields).
  package private(set) var focusIndex: Int
  /// The ids of the fields whose validation messages are shown.
  package private(set) var touched: Set<String>
  /// What the step's own check (``StepCheck``) said on the last Next, and the answers it saw:
  /// its messages show under their fields while those answers stay as they were.
  package private(set) var stepCheck: StepCheckResult?

  /// A form of fields with their default values, the first one focused, nothing touched.
  /// - Throws: ``FieldSpecError`` with ``FieldSpecError/Problem/duplicateField`` when two
  ///   specs share an id.
  package init(_ specs: [FieldSpec]) throws(FieldSpecError) {
    var seen: Set<String> = []
    for spec in specs where !seen.insert(spec.id).inserted {
      throw FieldSpecError(fieldID: spec.id, problem: .duplicateField)
    }
    fields = specs.map(Field.init)
    focusIndex = 0
    touched = []
  }

  /// A form of specs known to have distinct ids (the caller checked), without checking again.
  package init(distinct specs: [FieldSpec]) {
    fields = specs.map(Field.init)
    focusIndex = 0
    touched = []
  }

  /// The focused field, if the form has any.
  package var focusedField: Field? {
    fields.indices.contains(focusIndex) ? fields[focusIndex] : nil
  }

  /// The index of the field with an id.
  package func index(of id: String) -> Int? { fields.firstIndex { $0.id == id } }

  /// The field with an id.
  package func field(_ id: String) -> Field? { index(of: id).map { fields[$0] } }

  /// Applies a key: the focused field first, then ↓/↑ as focus movement.
  /// - Returns: `.ignored` for keys neither used, so that the flow can act on them.
  package mutating func handle(_ key: Key, in context: FieldContext) -> KeyOutcome {
    guard fields.indices.contains(focusIndex) else { return .ignored }
    let outcome = fields[focusIndex].handle(key, in: context)
    guard outcome == .ignored else { return outcome }
    switch key {
    case .down: return focusNext() ? .handled : .ignored
    case .up: return focusPrevious() ? .handled : .ignored
    default: return .ignored
    }
  }

  /// Selects the highlighted option of the focused field, if it is a choice list (Enter).
  /// - Returns: `.refused` when the list's filter matches nothing.
  @discardableResult
  package mutating func pickHighlighted() -> KeyOutcome {
    guard fields.indices.contains(focusIndex) else { return .ignored }
    return fields[focusIndex].pickHighlighted()
  }

  /// The focus leaves the form (for the buttons, the tab bar): the focused field finishes
  /// what was typed (``Field/leave()``) and is touched, so that its problem shows.
  package mutating func leaveFocused() {
    guard fields.indices.contains(focusIndex) else { return }
    fields[focusIndex].leave()
    touched.insert(fields[focusIndex].id)
  }

  /// Esc on the focused field: clears a list's filter.
  /// - Returns: whether there was one.
  package mutating func clearFilter() -> Bool {
    guard fields.indices.contains(focusIndex) else { return false }
    return fields[focusIndex].clearFilter()
  }

  /// Gives the focused field another text (from an editor), as `set` would.
  package mutating func replaceFocusedText(_ text: String) -> Result<FieldValue?, FieldError> {
    guard fields.indices.contains(focusIndex) else {
      return .failure(FieldError(fieldID: "", label: "", problem: .noField))
    }
    return fields[focusIndex].set(text: text)
  }

  /// Fills in the texts of the fields again (the answers they name changed).
  package mutating func retitle(_ specs: [FieldSpec]) {
    for spec in specs {
      if let index = index(of: spec.id) { fields[index].retitle(spec) }
    }
  }

  /// Focuses the next field, touching the one left.
  /// - Returns: whether the focus moved (not from the last field).
  @discardableResult
  package mutating func focusNext() -> Bool { focus(at: focusIndex + 1) }

  /// Focuses the previous field, touching the one left.
  /// - Returns: whether the focus moved (not from the first field).
  @discardableResult
  package mutating func focusPrevious() -> Bool { focus(at: focusIndex - 1) }

  /// Focuses the field at `index` and does what a click on its `part` means.
  package mutating func click(fieldAt index: Int, _ part: FieldClick) -> KeyOutcome {
    guard fields.indices.contains(index) else { return .ignored }
    focus(at: index)
    return fields[index].click(part)
  }

  /// Focuses the field at `index`, touching the one left.
  /// - Returns: whether the focus moved.
  @discardableResult
  package mutating func focus(at index: Int) -> Bool {
    guard fields.indices.contains(index), index != focusIndex else { return false }
    if fields.indices.contains(focusIndex) {
      fields[focusIndex].leave()
      touched.insert(fields[focusIndex].id)
    }
    focusIndex = index
    return true
  }

  /// Focuses the field with an id, touching the one left.
  /// - Returns: whether such a field exists (it may have been focused already).
  @discardableResult
  package mutating func focus(id: String) -> Bool {
    guard let index = index(of: id) else { return false }
    focus(at: index)
    return true
  }

  /// Types text into the focused field, as the script command `type TEXT` does (see
  /// ``Field/type(_:)``).
  /// - Returns: the field's new value, or why the text was refused.
  package mutating func type(_ text: String) -> Result<FieldValue?, FieldError> {
    guard fields.indices.contains(focusIndex) else {
      return .failure(FieldError(fieldID: "", label: "", problem: .noField))
    }
    return fields[focusIndex].type(text)
  }

  /// Sets a field by id from text, as `set FIELD=VALUE` does, and touches it so that a
  /// problem with the value shows at once.
  /// - Returns: the field's new value, or why it was refused: an unknown id (with a
  ///   did-you-mean and the list of ids) or text the field cannot take.
  package mutating func set(id: String, text: String) -> Result<FieldValue?, FieldError> {
    guard let index = index(of: id) else { return .failure(unknownField(id)) }
    let result = fields[index].set(text: text)
    if case .success = result { touched.insert(id) }
    return result
  }

  /// Sets a field's value by id as an answer given (a step screen's): the field is touched,
  /// so its rules' message shows at once, as for a value typed into it.
  package mutating func answer(id: String, _ value: FieldValue?) -> Result<Void, FieldError> {
    let result = setValue(id: id, value)
    if case .success = result { touched.insert(id) }
    return result
  }

  /// Sets a field's value by id (restoring a saved state); nothing is touched.
  package mutating func setValue(id: String, _ value: FieldValue?) -> Result<Void, FieldError> {
    guard let index = index(of: id) else { return .failure(unknownField(id)) }
    return fields[index].setValue(value)
  }

  /// Keeps what the step's check said about this form's fields (`messages` by field id,
  /// others left out), for the answers as they are now; empty messages forget it.
  /// - Returns: the messages kept, as errors naming their fields, in field order.
  @discardableResult
  package mutating func keepStepCheck(_ messages: [String: String]) -> [FieldError] {
    let problems = fields.compactMap { field in
      messages[field.id].map { field.spec.error(.custom($0)) }
    }
    stepCheck = problems.isEmpty ? nil : StepCheckResult(answers: answers, problems: problems)
    return problems
  }

  /// The step check's problem with a field, while the answers are those it saw.
  private func stepProblem(of field: Field) -> FieldError? {
    guard let stepCheck, let problem = stepCheck.problems.first(where: { $0.fieldID == field.id })
    else { return nil }
    return answers == stepCheck.answers ? problem : nil
  }

  /// Every field's problem, in field order; empty when the form is valid.
  package func validate(in context: FieldContext?) -> [FieldError] {
    fields.compactMap { $0.validate(in: context) }
  }

  /// Whether every field is valid.
  package func isValid(in context: FieldContext?) -> Bool {
    fields.allSatisfy { $0.validate(in: context) == nil }
  }

  /// What the flow calls on Next: touches every field so that all messages show, focuses the
  /// first invalid field, and returns the problems (empty: the step may be left).
  package mutating func validateForNext(in context: FieldContext?) -> [FieldError] {
    for index in fields.indices { fields[index].leave() }
    let problems = validate(in: context)
    if let first = problems.first, let index = index(of: first.fieldID) {
      focus(at: index)
    }
    touched = Set(fields.map(\.id))
    return problems
  }

  /// The message to show for the field at `index`: its problem once it is touched — and what
  /// was typed wrong (letters in a number) at once.
  package func visibleError(at index: Int, in context: FieldContext?) -> FieldError? {
    guard fields.indices.contains(index) else { return nil }
    guard touched.contains(fields[index].id) else {
      // A date typed halfway is no mistake yet; letters in a number are.
      guard let problem = fields[index].syntaxProblem else { return nil }
      if case .incompleteDate = problem.problem { return nil }
      return problem
    }
    return fields[index].validate(in: context) ?? stepProblem(of: fields[index])
  }

  /// The answers by field id, for the fields that have a value.
  package var answers: [String: FieldValue] {
    var out: [String: FieldValue] = [:]
    for field in fields {
      if let value = field.value { out[field.id] = value }
    }
    return out
  }

  /// The answers in field order, for output that keeps the order of the form.
  package var orderedAnswers: [(id: String, value: FieldValue)] {
    fields.compactMap { field in field.value.map { (field.id, $0) } }
  }

  /// Back to the start: default values, the first field focused, nothing touched.
  package mutating func reset() {
    for index in fields.indices { fields[index].reset() }
    focusIndex = 0
    touched = []
    stepCheck = nil
  }

  private func unknownField(_ id: String) -> FieldError {
    let ids = fields.map(\.id)
    return FieldError(
      fieldID: id, label: "",
      problem: .unknownField(suggestion: Suggestions.closest(to: id, in: ids), fields: ids))
  }
}
