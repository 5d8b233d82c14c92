import StepFlowCore
import StepFlowJSON
import StepFlowText

/// The result of a run, as stdout carries it: JSON (default), `field: value` lines, or nothing.
package enum FlowResult {
  /// The output formats of `--output`.
  package enum Format: String, CaseIterable, Sendable {
    case json
    case text
    case none
  }

  /// `{"wizard":"purchase","finished":true,"current":"complete","reached":[…],"answers":{…}}`,
  /// with `"rating"` for rating flows.
  /// - Parameters:
  ///   - flow: The flow that ran.
  ///   - state: Where the run ended.
  ///   - ascii: Only ASCII bytes, every other character as a `\u` escape (the `ascii` glyph
  ///     set: the result reads back as the same answers).
  /// - Returns: The JSON text, one line.
  package static func json(flow: FlowDefinition, state: FlowState, ascii: Bool = false) -> String {
    var members: [JSONMember] = [
      JSONMember("wizard", .string(flow.id)),
      JSONMember("finished", .bool(state.status == .finished)),
      JSONMember("current", state.progression.current.map { .string(flow.steps[$0].id) } ?? .null),
      JSONMember(
        "reached", .array(shownReached(flow: flow, state: state).map { .string(flow.steps[$0].id) })
      ),
      JSONMember(
        "answers", .object(answers(flow: flow, state: state).map { JSONMember($0, $1.jsonValue) })),
    ]
    if flow.navigation == .rating {
      members.append(JSONMember("rating", state.rating > 0 ? .int(state.rating) : .null))
    }
    let tasks = tasks(flow: flow, state: state)
    if !tasks.isEmpty { members.append(JSONMember("tasks", .object(tasks))) }
    return JSONWriter.compact(.object(members), ascii: ascii)
  }

  /// The answers of the reached steps, in the order of the flow's fields; on a step with
  /// tabs, the selected tab and only its fields.
  package static func answers(flow: FlowDefinition, state: FlowState) -> [(String, FieldValue)] {
    var out: [(String, FieldValue)] = []
    var seen: Set<String> = []
    func add(_ id: String) {
      guard let value = state.answers[id], seen.insert(id).inserted else { return }
      out.append((id, value))
    }
    for index in shownReached(flow: flow, state: state) {
      let step = flow.steps[index]
      for spec in step.fields { add(spec.id) }
      if !step.tabs.isEmpty {
        if let tabsField = step.tabsField { add(tabsField) }
        let tab = step.tabs[min(state.selectedTab(ofStep: index), step.tabs.count - 1)]
        for spec in tab.fields { add(spec.id) }
      }
      // What the step's task gave: its captured output, or the answers its work returned.
      if state.tasks[index]?.status == .succeeded {
        for id in state.tasks[index]?.produced ?? [] { add(id) }
      }
    }
    return out
  }

  /// The tasks of the reached steps, by step id: `{"status": "succeeded", "exitCode": 0,
  /// "seconds": 12.4}`; a failed one says how (`exitCode`, `signal`, `reason`); one that has
  /// not run says `"not run"`; `"captureTruncated": true` when its capture kept only the end
  /// of a longer stdout.
  package static func tasks(flow: FlowDefinition, state: FlowState) -> [JSONMember] {
    shownReached(flow: flow, state: state).compactMap { index in
      guard let phase = FlowMachine.taskPhase(ofStep: index, state, flow) else { return nil }
      let record = state.tasks[index]
      var members: [JSONMember] = []
      let status: String
      switch phase {
      case .ready(let changed): status = changed ? "changed" : "not run"
      case .running: status = "running"
      case .succeeded: status = record?.outcome == .dryRun ? "dry run" : "succeeded"
      case .skipped: status = "skipped"
      case .stopped: status = "stopped"
      case .failed:
        if case .timedOut? = record?.outcome { status = "timed out" } else { status = "failed" }
      }
      members.append(JSONMember("status", .string(status)))
      if let record, phase != .ready(changed: false) {
        switch record.outcome {
        case .exited(let code)?: members.append(JSONMember("exitCode", .int(Int(code))))
        case .signaled(let signal)?:
          members.append(JSONMember("exitCode", .int(Int(128 + signal))))
          members.append(JSONMember("signal", .int(Int(signal))))
        case .notStarted(let code, let reason)?:
          members.append(JSONMember("exitCode", .int(Int(code))))
          members.append(JSONMember("reason", .string(reason)))
        case .timedOut(let limit)?:
          members.append(JSONMember("exitCode", .int(124)))
          members.append(
            JSONMember("reason", .string("timed out after \(FlowProgram.secondsText(limit))")))
        case .threw(let error)?: members.append(JSONMember("reason", .string(error)))
        case .stopped?, .returned?, .dryRun?, nil: break
        }
        if record.status != .skipped, record.status != .running, record.outcome != .dryRun {
          members.append(
            JSONMember("seconds", .number(JSONNumber(TaskClock.seconds(record.duration)))))
        }
        if record.captureTruncated, phase == .succeeded {
          // Its `capture` answer is the end of a longer stdout.
          members.append(JSONMember("captureTruncated", .bool(true)))
        }
      }
      return JSONMember(flow.steps[index].id, .object(members))
    }
  }

  /// The reached steps that are shown: a step skipped because its condition does not hold is
  /// passed, not reached, and answers nothing.
  package static func shownReached(flow: FlowDefinition, state: FlowState) -> [Int] {
    let reached = 0..<state.progression.reachedCount
    guard flow.hasConditions else { return Array(reached) }
    return reached.filter { FlowMachine.isShown($0, flow, state.answers) }
  }

  /// The text form: the rating for rating flows; else a status line and the answers.
  ///
  /// One `field: value` line an answer, in the order of the JSON's answers (choices by option
  /// id, a multichoice's ids joined by commas, confirm fields `yes`/`no`, numbers as written):
  ///
  ///     status: not finished, at step 2 of 4 (Payment)
  ///     payment_method: paypal
  package static func text(flow: FlowDefinition, state: FlowState) -> String {
    if flow.navigation == .rating { return state.rating > 0 ? "\(state.rating)" : "" }
    var status = state.status == .finished ? "finished" : "not finished"
    if state.status != .finished, let current = state.progression.current {
      status +=
        ", at step \(current + 1) of \(flow.steps.count) (\(Sanitizer.sanitize(flow.steps[current].title)))"
    }
    var lines = ["status: " + status]
    for (id, value) in answers(flow: flow, state: state) {
      lines.append(id + ": " + Sanitizer.sanitize(textValue(value)))
    }
    // The tasks, after the answers: `task build: failed (exit status 2)`. (Ids have no spaces,
    // so no answer's line reads like one.)
    for member in tasks(flow: flow, state: state) {
      guard case .object(let facts) = member.value,
        case .string(let status)? = facts.first(where: { $0.key == "status" })?.value
      else { continue }
      var line = "task \(member.key): \(status)"
      if status != "succeeded",
        case .number(let code)? = facts.first(where: { $0.key == "exitCode" })?.value
      {
        line += " (exit status \(code.literal))"
      }
      lines.append(Sanitizer.sanitize(line))
    }
    return lines.joined(separator: "\n")
  }

  /// An answer as text: as typed, an option's id, ids joined by commas, `yes`/`no`, a
  /// number as written (`9.50`).
  package static func textValue(_ value: FieldValue) -> String {
    if case .bool(let yes) = value { return yes ? "yes" : "no" }
    return value.dataText
  }

  /// The result in a format, ending with a newline; empty for `.none` or an empty text.
  package static func render(
    _ format: Format, flow: FlowDefinition, state: FlowState, glyphs: GlyphStyle = .unicode
  ) -> String {
    switch format {
    case .json: return json(flow: flow, state: state, ascii: glyphs == .ascii) + "\n"
    case .text:
      // Values and titles are sanitized in `text` (a typed newline shows as `\n`): the line
      // breaks left are the format's. Answers are data: the glyph set is about drawing, so
      // they come out as given (`Zoë Ångström` under LANG=C too, never `Zo? ?ngstr?m`).
      let text = Sanitizer.sanitizeLines(text(flow: flow, state: state))
      return text.isEmpty ? "" : text + "\n"
    case .none: return ""
    }
  }
}

extension FlowResult {
  /// The answer of one question (`stepflow ask`) as stdout carries it: `text`, the answer as
  /// given (an option's id, a multichoice's ids one a line, `yes`/`no`, a number as written,
  /// nothing but the newline when it was left empty); `json`, its JSON value (a text left
  /// empty `""`, anything else unanswered `null`); `none`, nothing.
  package static func answer(_ value: FieldValue?, of spec: FieldSpec, format: Format, ascii: Bool)
    -> String
  {
    switch format {
    case .none:
      return ""
    case .json:
      var json = value?.jsonValue ?? .null
      if value == nil, spec.kind.isTyped || spec.kind.name == "date" {
        if case .number = spec.kind {} else { json = .string("") }
      }
      return JSONWriter.compact(json, ascii: ascii) + "\n"
    case .text:
      switch value {
      case .choices(let ids)?: return ids.map { $0 + "\n" }.joined()
      case .bool(let yes)?: return yes ? "yes\n" : "no\n"
      case let value?: return value.dataText + "\n"
      case nil: return "\n"
      }
    }
  }
}
