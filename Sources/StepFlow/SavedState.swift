import StepFlowCore
import StepFlowJSON
import StepFlowText
import StepFlowWizards

/// `--state FILE` and `--resume`: the state of a run written after every step, atomically, so
/// that a run killed at any moment can go on where it was.
///
/// The file names the wizard and a fingerprint of its steps, fields and rules; a state file of
/// another wizard, of a wizard that has changed since, or that is not valid is refused and
/// left as it is. What it holds is checked again on resume (``decode(_:path:flow:)``).
///
/// The values of `secure` text fields (passwords) are never written: a resumed run has them
/// empty and asks for them again (a run saved as finished goes on at its last step, where
/// finishing checks every step again and stops at the empty one).
package enum SavedState {
  /// The current format's version.
  package static let version = 1

  /// A fingerprint of what a saved state depends on: the wizard's id, its steps' ids in order and
  /// their conditions, their fields (ids, kinds, options) and tabs, and every rule an answer is
  /// checked against (`required`, `secure`, `pattern`, `check`, `min`, `max`, the stars): a file
  /// written before a rule changed is refused, not taken as checked.
  ///
  /// Titles, texts and colours may change freely.
  package static func fingerprint(of flow: FlowDefinition) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ text: String) {
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      hash ^= 0xFF
      hash = hash &* 0x100_0000_01b3
    }
    add(flow.id)
    add(flow.navigation.rawValue)
    for step in flow.steps {
      add("step:" + step.id)
      if let when = step.when { add("when:\(when)") }
      add(step.tabsField ?? "")
      for tab in step.tabs { add("tab:" + tab.id) }
      for spec in step.allFields {
        add("field:" + spec.id + ":" + spec.kind.name)
        switch spec.kind {
        case .choice(let options, _), .multichoice(let options): options.forEach { add($0.id) }
        case .rating(let max): add("\(max)")
        case .text(_, let secure, let lines):
          add((secure ? "secure" : "") + (lines > 1 ? "lines" : ""))
        case .number(let rules):
          add("decimals:\(rules.decimals)")
          add("range:\(rules.min?.description ?? ""):\(rules.max?.description ?? "")")
        case .date(let rules):
          add(rules.time ? "time" : "day")
          add("range:\(rules.min.map(Self.boundText) ?? ""):\(rules.max.map(Self.boundText) ?? "")")
        case .path(let rules):
          add(
            "path:\(rules.kind.rawValue):\(rules.mustExist):"
              + rules.extensions.joined(separator: ","))
        case .confirm: break
        }
        add(spec.required ? "required" : "")
        add("pattern:" + (spec.pattern ?? ""))
        add("check:" + (spec.check?.rawValue ?? ""))
        add("min:" + (spec.min.map { "\($0)" } ?? ""))
        add("max:" + (spec.max.map { "\($0)" } ?? ""))
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// What writing a state needs of its flow, worked out once for a run (by
  /// ``StateFileWriter``) so that a save costs what the state holds, not what the wizard does:
  /// the fingerprint, and the place of each answer the file may hold.
  package struct Layout: Sendable {
    /// ``SavedState/fingerprint(of:)`` of the flow.
    package let fingerprint: String
    /// The place in the file of each answer it may hold, by id.
    ///
    /// The fields in the order of their steps, then the fields that hold a step's tab; secure
    /// fields are not in it.
    let places: [String: Int]

    /// The layout of `flow`'s state files.
    /// - Complexity: O(fields of the flow).
    package init(flow: FlowDefinition) {
      fingerprint = SavedState.fingerprint(of: flow)
      var places: [String: Int] = [:]
      var secure: Set<String> = []
      for spec in flow.steps.lazy.flatMap(\.allFields) {
        if isSecure(spec) {
          secure.insert(spec.id)
        } else if places[spec.id] == nil {
          places[spec.id] = places.count
        }
      }
      for step in flow.steps {
        if let id = step.tabsField, places[id] == nil, !secure.contains(id) {
          places[id] = places.count
        }
      }
      self.places = places
    }
  }

  /// The state as the file holds it.
  package static func encode(flow: FlowDefinition, state: FlowState) -> [UInt8] {
    encode(flow: flow, state: state, layout: Layout(flow: flow))
  }

  /// The state as the file holds it, with the flow's layout worked out beforehand.
  /// - Complexity: O(a log a + r + t) for a answers, r reached steps and t steps whose tab
  ///   was chosen: the size of the file, whatever the number of steps of the wizard.
  package static func encode(flow: FlowDefinition, state: FlowState, layout: Layout) -> [UInt8] {
    let status: String
    switch state.status {
    case .running: status = "running"
    case .finished: status = "finished"
    case .cancelled: status = "cancelled"
    }
    // The tabs chosen, by step (a step without an entry shows its first tab).
    var tabs: [JSONMember] = []
    for (index, selected) in state.selectedTabs.sorted(by: { $0.key < $1.key })
    where flow.steps.indices.contains(index) && !flow.steps[index].tabs.isEmpty {
      let choices = flow.steps[index].tabs
      let tab = choices[min(max(0, selected), choices.count - 1)]
      tabs.append(JSONMember(flow.steps[index].id, .string(tab.id)))
    }
    var placed: [(place: Int, member: JSONMember)] = []
    placed.reserveCapacity(state.answers.count)
    for (id, value) in state.answers {
      guard let place = layout.places[id] else { continue }
      placed.append((place, JSONMember(id, value.jsonValue)))
    }
    placed.sort { $0.place < $1.place }
    let value = JSONValue.object([
      JSONMember("stepflow", "saved state"),
      JSONMember("version", .int(version)),
      JSONMember("wizard", .string(flow.id)),
      JSONMember("fingerprint", .string(layout.fingerprint)),
      JSONMember("status", .string(status)),
      JSONMember(
        "reached",
        .array(flow.steps.prefix(state.progression.reachedCount).map { .string($0.id) })),
      JSONMember("current", state.progression.current.map { .string(flow.steps[$0].id) } ?? .null),
      JSONMember("tabs", .object(tabs)),
      JSONMember("answers", .object(placed.map(\.member))),
    ])
    return JSONWriter.encode(value, pretty: true) + [0x0A]
  }

  /// A date bound as the fingerprint writes it.
  static func boundText(_ bound: DateRules.Bound) -> String {
    switch bound {
    case .date(let day): return day.description
    case .today: return "today"
    }
  }

  /// Whether a field's value is kept out of state files.
  static func isSecure(_ spec: FieldSpec) -> Bool {
    if case .text(_, let secure, _) = spec.kind { return secure }
    return false
  }

  /// Whether a file at the state path may be replaced by a new run of `flow` (without `--resume`):
  /// it is empty, or it is a stepflow state file of the same wizard (of any version or fingerprint:
  /// the run starts over).
  ///
  /// Anything else is not stepflow's to replace.
  static func mayReplace(_ bytes: [UInt8], flow: FlowDefinition) -> Bool {
    if isBlank(bytes) { return true }
    let parsed = JSON5Parser.parse(bytes, path: "")
    guard let value = parsed.root?.value, parsed.diagnostics.isEmpty else { return false }
    return value["stepflow"]?.stringValue == "saved state"
      && value["wizard"]?.stringValue == flow.id
  }

  /// Why a saved state cannot be used (exit 65; the file is left as it is).
  package struct Refusal: Error, Sendable {
    package let message: String
  }

  /// A state read back from its file, with what the reader had to change in it.
  package struct Resumed {
    /// The state to go on from.
    package var state: FlowState
    /// Notices for stderr: answers dropped because today's rules refuse them, the step the
    /// run goes back to (empty when the file was taken as it is).
    package var notes: [String] = []
  }

  /// Whether the bytes hold nothing but white space (an empty file, as `mktemp` makes it).
  package static func isBlank(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
  }

  /// The state a file holds, checked against the flow as it is today.
  ///
  /// The file must be what ``encode(flow:state:)`` writes: every member there with its type
  /// (`"answers"` an object, `"reached"` an array of step ids …), the same wizard and
  /// fingerprint. Each saved answer is checked again against its field's rules: one they
  /// refuse (a file edited by hand) is dropped with a note naming it and its step, and the run
  /// goes on at the first reached step whose answers are not complete — never past it, and
  /// never as finished.
  package static func decode(
    _ bytes: [UInt8], path: String, flow: FlowDefinition, context: FieldContext = .detached
  ) throws(Refusal) -> Resumed {
    let parsed = JSON5Parser.parse(bytes, path: path)
    let shown = Sanitizer.sanitize(path)
    guard let root = parsed.root, parsed.diagnostics.isEmpty else {
      let first = parsed.diagnostics.first.map { ": " + $0.description } ?? ""
      throw Refusal(
        message:
          "state file \(shown) is not valid JSON\(first); it is left as it is (remove it to start over)"
      )
    }
    func refuse(_ why: String) -> Refusal {
      Refusal(message: "state file \(shown) \(why); it is left as it is (remove it to start over)")
    }
    let value = root.value
    guard root.members != nil, value["stepflow"]?.stringValue == "saved state",
      let version = value["version"]?.intValue
    else { throw refuse("is not a stepflow state file") }
    guard version == Self.version else {
      throw refuse("has version \(version), not \(Self.version)")
    }
    guard let wizard = value["wizard"]?.stringValue, wizard == flow.id else {
      let other = value["wizard"]?.stringValue.map { "wizard \(quoted($0))" } ?? "another wizard"
      throw refuse("belongs to \(other), not \(quoted(flow.id))")
    }
    guard value["fingerprint"]?.stringValue == fingerprint(of: flow) else {
      throw refuse(
        "was written for another version of \(quoted(flow.id)): its steps, fields or rules have changed since"
      )
    }
    // Every element a step id: `["a", 1]` is not a list of steps with the 1 left out.
    guard let reachedList = value["reached"]?.arrayValue,
      case let reachedIDs = reachedList.compactMap(\.stringValue),
      reachedIDs.count == reachedList.count, reachedIDs.count <= flow.steps.count,
      zip(reachedIDs, flow.steps).allSatisfy({ $0 == $1.id }),
      reachedIDs.count > 0 || flow.startsEmpty
    else { throw refuse("has a \"reached\" list that does not fit the wizard's steps") }
    // Looked up by id, once: a file of many answers is read in linear time.
    var stepIndices: [String: Int] = [:]
    var tabSteps: [String: Int] = [:]
    var specs: [String: FieldSpec] = [:]
    var stepOfField: [String: Int] = [:]
    for (index, step) in flow.steps.enumerated() {
      if stepIndices[step.id] == nil { stepIndices[step.id] = index }
      if let id = step.tabsField, tabSteps[id] == nil { tabSteps[id] = index }
      for spec in step.allFields where specs[spec.id] == nil {
        specs[spec.id] = spec
        stepOfField[spec.id] = index
      }
    }
    var current: Int? = nil
    switch value["current"] {
    case .string(let id)?:
      guard let index = stepIndices[id], index < reachedIDs.count
      else { throw refuse("names a current step \(quoted(id)) that is not reached") }
      current = index
    case .null?:
      guard reachedIDs.isEmpty else {
        throw refuse("has no current step, though steps are reached")
      }
    default:
      throw refuse("has no \"current\" step (a step id, or null)")
    }
    guard let answerMembers = root["answers"]?.members else {
      throw refuse("has no \"answers\" object (answers by field id)")
    }
    guard let tabMembers = root["tabs"]?.members else {
      throw refuse("has no \"tabs\" object (the selected tab by step id)")
    }
    var answers: [String: FieldValue] = [:]
    var dropped: [(spec: FieldSpec, problem: String)] = []
    for member in answerMembers {
      if let spec = specs[member.key],
        case .success(let answer) = AnswersFile.value(member.value, for: spec)
      {
        // Today's rules, not those of the day it was saved (a file edited by hand).
        if let problem = spec.validate(answer, in: context) {
          dropped.append((spec, problem.message))
        } else {
          answers[member.key] = answer
        }
      } else if let step = tabSteps[member.key].map({ flow.steps[$0] }),
        let id = member.value.stringValue, step.tabs.contains(where: { $0.id == id })
      {
        answers[member.key] = .choice(id)
      } else {
        throw refuse("has an answer \(quoted(member.key)) that does not fit the wizard")
      }
    }
    var state = FlowState(flow: flow, answers: answers, context: context)
    state.progression = Progression(
      count: flow.steps.count, startsEmpty: flow.startsEmpty, reachedCount: reachedIDs.count,
      current: current)
    for member in tabMembers {
      guard let step = stepIndices[member.key],
        let tab = flow.steps[step].tabs.firstIndex(where: { $0.id == member.value.stringValue })
      else { throw refuse("has a tab selection that does not fit the wizard") }
      state.selectedTabs[step] = tab
    }
    let finished: Bool
    switch value["status"]?.stringValue {
    case "finished":
      let onLast =
        flow.navigation == .rating
        ? state.rating > 0
        : state.progression.current.map { FlowMachine.isLastShown($0, flow, state) } ?? false
      guard onLast else { throw refuse("says the run was finished, but not on its last step") }
      finished = true
    case "cancelled", "running": finished = false
    default: throw refuse("has an unknown status")
    }
    var notes: [String] = []
    func stepName(_ index: Int) -> String {
      "step \(index + 1) (\(flow.steps[index].title))"
    }
    func step(of id: String) -> Int { stepOfField[id] ?? 0 }
    for (spec, problem) in dropped {
      notes.append(
        "state file \(shown): the saved answer to \(quoted(spec.id)) on \(stepName(step(of: spec.id))) is dropped: \(problem)"
      )
    }
    // The run goes on at the first reached step that is not complete by today's rules — one
    // whose answer was dropped, or one where a required answer is missing — or where it was.
    // Secure answers are never saved: their absence sends nobody back (finishing asks for
    // them, see below).
    if let at = state.progression.current, flow.navigation != .rating {
      let last = finished ? at : at - 1
      let incomplete = (0..<max(0, last + 1)).first { index in
        FlowMachine.isShown(index, flow, state.answers)
          && FlowMachine.problems(ofStep: index, state, flow).contains { problem in
            !(specs[problem.fieldID].map(isSecure) ?? false)
          }
      }
      if let incomplete, let problem = FlowMachine.problems(ofStep: incomplete, state, flow).first {
        notes.append(
          "state file \(shown): \(stepName(incomplete)) needs answering again (\(problem.message))"
        )
      }
      let droppedSteps = dropped.map { step(of: $0.spec.id) }.filter {
        $0 < reachedIDs.count && FlowMachine.isShown($0, flow, state.answers)
      }
      let target = ([at] + droppedSteps + (incomplete.map { [$0] } ?? [])).min() ?? at
      if target != at {
        state.progression = Progression(
          count: flow.steps.count, startsEmpty: flow.startsEmpty,
          reachedCount: reachedIDs.count, current: target)
        notes.append("state file \(shown): the run goes on at \(stepName(target))")
      }
      if incomplete != nil || !dropped.isEmpty {
        state.status = .running
        state.openEditor(flow: flow)
        return Resumed(state: state, notes: notes)
      }
    }
    // Without its secure answers (never saved) a finished run is not finished: it asks for them.
    let secureMissing = flow.steps.prefix(state.progression.reachedCount).enumerated().contains {
      index, step in
      FlowMachine.isShown(index, flow, state.answers)
        && step.allFields.contains { isSecure($0) && state.answers[$0.id] == nil }
    }
    state.status = finished && !secureMissing ? .finished : .running
    state.openEditor(flow: flow)
    return Resumed(state: state, notes: notes)
  }
}
