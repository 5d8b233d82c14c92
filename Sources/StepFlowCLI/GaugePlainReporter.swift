import StepFlowCore
import StepFlowText

/// `stepflow gauge` without a terminal (or with `--plain`, `ACCESSIBLE=1`): the lines to print
/// for the updates received, like `Copying: 40%`.
///
/// A line names the message when there is one (its lines joined by spaces), else the title,
/// else just the percentage. One is printed for the first update, then when the text would
/// change and either a second has passed since the last line or the percentage has crossed a
/// 10 % step since it; at the end of input, the final state if it was not the last line
/// printed. Lines are sanitized, so no escape sequence is ever printed.
package struct GaugePlainReporter: Sendable {
  package let title: String?
  /// The percentage and message received so far.
  package private(set) var percent = 0
  package private(set) var message: String
  private var lastLine: String?
  private var lastLineTime: Duration = .zero
  private var lastLinePercent = 0

  /// The shortest time between two lines that do not cross a 10 % step.
  package static let interval: Duration = .seconds(1)

  package init(title: String?, text: String?) {
    self.title = title.flatMap { $0.isEmpty ? nil : $0 }
    message = text ?? ""
  }

  /// The line for the current state: `Copying: 40%`, or `40%`.
  package var line: String {
    let words = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    let name = words.isEmpty ? title : String(words)
    let text = name.map { $0 + ": " } ?? ""
    return Sanitizer.sanitize(text + String(percent) + "%")
  }

  /// Applies updates received at `now`.
  /// - Returns: the lines to print now, each without its newline.
  package mutating func receive(_ updates: [GaugeUpdate], at now: Duration) -> [String] {
    var lines: [String] = []
    for update in updates {
      if let value = update.percent { percent = value }
      if let text = update.message { message = text }
      let current = line
      guard current != lastLine else { continue }
      let isDue =
        lastLine == nil || now - lastLineTime >= Self.interval
        || percent / 10 != lastLinePercent / 10
      if isDue { lines.append(emit(current, at: now)) }
    }
    return lines
  }

  /// The input ended at `now`.
  /// - Returns: the final line, unless it was the last one printed.
  package mutating func finish(at now: Duration) -> [String] {
    let current = line
    return current == lastLine ? [] : [emit(current, at: now)]
  }

  private mutating func emit(_ line: String, at now: Duration) -> String {
    lastLine = line
    lastLineTime = now
    lastLinePercent = percent
    return line
  }
}
