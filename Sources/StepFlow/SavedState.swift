import StepFlowCore
import StepFlowJSON
import StepFlowText
import StepFlowWizards

/// `--state FILE` and `--resume`: the state of a run written after every step, atomically, so
/// that a run killed at any moment can go on where it was.
///
/// The file names the wizard and a fingerprint of its steps and fields; a state file of
/// another wizard, of a wizard that has changed since, or that is not valid is refused and
/// left as it is.
///
/// The values of `secure` text fields (passwords) are never written: a resumed run has them
/// empty and asks for them again (a run saved as finished goes on at its last step, where
/// finishing checks every step again and stops at the empty one).
package enum SavedState {
  /// The current format's version.
  package static let version = 1

  /// A fingerprint of what a saved state depends on: the wizard's id, its steps' ids in order,
  /// their fields (ids, kinds, options) and tabs. Titles and colours may change freely.
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
      add(step.tabsField ?? "")
      for tab in step.tabs { add("tab:" + tab.id) }
      for spec in step.allFields {
        add("field:" + spec.id + ":" + spec.kind.name)
        if case .choice(let options, _) = spec.kind { options.forEach { add($0.id) } }
        if case .rating(let max) = spec.kind { add("\(max)") }
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The state as the file holds it.
  package static func encode(flow: FlowDefinition, state: FlowState) -> [UInt8] {
    let status: String
    switch state.status {
    case .running: status = "running"
    case .finished: status = "finished"
    case .cancelled: status = "cancelled"
    }
    var tabs: [JSONMember] = []
    for (index, step) in flow.steps.enumerated() where !step.tabs.isEmpty {
      let selected = min(state.selectedTab(ofStep: index), step.tabs.count - 1)
      tabs.append(JSONMember(step.id, .string(step.tabs[selected].id)))
    }
    var answers: [JSONMember] = []
    for spec in flow.steps.flatMap(\.allFields) where !isSecure(spec) {
      guard let value = state.answers[spec.id] else { continue }
      answers.append(JSONMember(spec.id, value.jsonValue))
    }
    for step in flow.steps {
      if let id = step.tabsField, let value = state.answers[id] {
        answers.append(JSONMember(id, value.jsonValue))
      }
    }
    let value = JSONValue.object([
      JSONMember("stepflow", "saved state"),
      JSONMember("version", .int(version)),
      JSONMember("wizard", .string(flow.id)),
      JSONMember("fingerprint", .string(fingerprint(of: flow))),
      JSONMember("status", .string(status)),
      JSONMember(
        "reached",
        .array(flow.steps.prefix(state.progression.reachedCount).map { .string($0.id) })),
      JSONMember("current", state.progression.current.map { .string(flow.steps[$0].id) } ?? .null),
      JSONMember("tabs", .object(tabs)),
      JSONMember("answers", .object(answers)),
    ])
    return JSONWriter.encode(value, pretty: true) + [0x0A]
  }

  /// Whether a field's value is kept out of state files.
  static func isSecure(_ spec: FieldSpec) -> Bool {
    if case .text(_, let secure) = spec.kind { return secure }
    return false
  }

  /// Whether a file at the state path may be replaced by a new run of `flow` (without
  /// `--resume`): it is empty, or it is a stepflow state file of the same wizard (of any
  /// version or fingerprint: the run starts over). Anything else is not stepflow's to replace.
  static func mayReplace(_ bytes: [UInt8], flow: FlowDefinition) -> Bool {
    if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return true }
    let parsed = JSON5Parser.parse(bytes, path: "")
    guard let value = parsed.root?.value, parsed.diagnostics.isEmpty else { return false }
    return value["stepflow"]?.stringValue == "saved state"
      && value["wizard"]?.stringValue == flow.id
  }

  /// Why a saved state cannot be used (exit 65; the file is left as it is).
  package struct Refusal: Error, Sendable {
    package let message: String
  }

  /// The state a file holds, checked against the flow.
  package static func decode(_ bytes: [UInt8], path: String, flow: FlowDefinition) throws(Refusal)
    -> FlowState
  {
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
    guard value["stepflow"]?.stringValue == "saved state", let version = value["version"]?.intValue
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
        "was written for another version of \(quoted(flow.id)): its steps or fields have changed since"
      )
    }
    guard let reachedIDs = value["reached"]?.arrayValue?.compactMap(\.stringValue),
      reachedIDs.count <= flow.steps.count,
      zip(reachedIDs, flow.steps).allSatisfy({ $0 == $1.id }),
      reachedIDs.count > 0 || flow.startsEmpty
    else { throw refuse("has a \"reached\" list that does not fit the wizard's steps") }
    var current: Int? = nil
    if let id = value["current"]?.stringValue {
      guard let index = flow.steps.firstIndex(where: { $0.id == id }), index < reachedIDs.count
      else { throw refuse("names a current step \(quoted(id)) that is not reached") }
      current = index
    }
    var answers: [String: FieldValue] = [:]
    let specs = flow.steps.flatMap(\.allFields)
    for member in root["answers"]?.members ?? [] {
      if let spec = specs.first(where: { $0.id == member.key }),
        case .success(let answer) = AnswersFile.value(member.value, for: spec)
      {
        answers[member.key] = answer
      } else if let step = flow.steps.first(where: { $0.tabsField == member.key }),
        let id = member.value.stringValue, step.tabs.contains(where: { $0.id == id })
      {
        answers[member.key] = .choice(id)
      } else {
        throw refuse("has an answer \(quoted(member.key)) that does not fit the wizard")
      }
    }
    var state = FlowState(flow: flow, answers: answers)
    state.progression = Progression(
      count: flow.steps.count, startsEmpty: flow.startsEmpty, reachedCount: reachedIDs.count,
      current: current)
    for member in root["tabs"]?.members ?? [] {
      guard let step = flow.steps.firstIndex(where: { $0.id == member.key }),
        let tab = flow.steps[step].tabs.firstIndex(where: { $0.id == member.value.stringValue })
      else { throw refuse("has a tab selection that does not fit the wizard") }
      state.selectedTabs[step] = tab
    }
    switch value["status"]?.stringValue {
    case "finished":
      let onLast =
        flow.navigation == .rating
        ? state.rating > 0
        : state.progression.current.map { FlowMachine.isLastShown($0, flow, state) } ?? false
      guard onLast else { throw refuse("says the run was finished, but not on its last step") }
      // Without its secure answers (never saved) the run is not finished: it asks for them.
      let secureMissing = flow.steps.prefix(state.progression.reachedCount).enumerated().contains {
        index, step in
        FlowMachine.isShown(index, flow, state.answers)
          && step.allFields.contains { isSecure($0) && state.answers[$0.id] == nil }
      }
      state.status = secureMissing ? .running : .finished
    case "cancelled", "running": state.status = .running
    default: throw refuse("has an unknown status")
    }
    state.openEditor(flow: flow)
    return state
  }
}
