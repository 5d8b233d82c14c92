import StepFlowCore
import StepFlowText

/// `--record FILE`: what a person did in a run, as a script that `--script FILE` replays to
/// the same result — the answers as `set` lines step by step, each step's command as it
/// ended (run, skipped), `next` between the steps and `finish` (or `quit`) at the end.
///
/// A secure answer is never written: its line is ``secretMarker`` and the field's id, which
/// the replay refuses with a message saying how to fill it in.
package enum RecordedScript {
  /// The command that stands for a secure answer that was not recorded.
  package static let secretMarker = "secret"

  /// The script of `state` (a run of `flow` as it ended), one command a line, with comments
  /// that say where each step starts.
  ///
  /// `started`: only the heading, written when the run starts (the run is not over yet).
  package static func text(_ flow: FlowDefinition, state: FlowState, started: Bool = false)
    -> String
  {
    var lines = [
      "# stepflow: a run of \"\(Sanitizer.sanitize(flow.id))\" recorded with --record",
      "# replay: stepflow run WIZARD --script THIS-FILE",
    ]
    if started { return (lines + ["# (the run has not ended yet)"]).joined(separator: "\n") + "\n" }
    let progression = state.progression
    if flow.navigation == .rating {
      if state.rating > 0 { lines.append("rate \(state.rating)") }
      if state.status == .finished { lines.append("enter") }
      if state.status == .cancelled { lines.append("quit") }
      return lines.joined(separator: "\n") + "\n"
    }
    let reached = Array(0..<progression.reachedCount)
    for (position, index) in reached.enumerated() {
      let step = flow.steps[index]
      lines.append("# step \(index + 1): \(Sanitizer.sanitize(step.title))")
      var fields = step.fields
      if !step.tabs.isEmpty {
        let tab = state.selectedTabs[index] ?? 0
        if tab != 0 { lines.append("tab \(tab + 1)") }
        if step.tabs.indices.contains(tab) { fields += step.tabs[tab].fields }
      }
      for field in fields {
        guard let value = state.answers[field.id] else { continue }
        if case .text(_, true, _) = field.kind {
          lines.append("\(secretMarker) \(field.id)")
        } else {
          lines.append("set \(field.id)=" + scriptValue(value.dataText))
        }
      }
      switch state.tasks[index]?.status {
      case .succeeded?, .failed?: lines.append("retry")
      case .skipped?:
        // Skip is offered once it has run and failed.
        lines.append("retry")
        lines.append("skip")
      case .running?, .stopped?, nil: break
      }
      if position + 1 < reached.count { lines.append("next") }
    }
    if let current = progression.current, let last = reached.last, current < last,
      state.status == .running
    {
      lines += Array(repeating: "previous", count: last - current)
    }
    switch state.status {
    case .finished: lines.append("finish")
    case .cancelled: lines.append("quit")
    default: break
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A value as a `set` line reads it back: as it is, or in double quotes (with `\"`, `\\`,
  /// `\n`, `\t`) when it has spaces at an end, a quote, a backslash or a line break.
  static func scriptValue(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.first != " " && text.last != " " && text.first != "\""
      && !text.contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\\" || $0 == "\r" })
    guard !plain else { return text }
    var out = "\""
    for c in text {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.append(c)
      }
    }
    return out + "\""
  }
}
