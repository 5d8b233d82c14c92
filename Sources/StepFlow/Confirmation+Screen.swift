import StepFlowCore
import StepFlowRender
import StepFlowText

extension Confirmation {
  /// The question in at most `width` columns: its words cut before the keys, so `y/n`
  /// always shows.
  package func question(fitting width: Int, ellipsis: String) -> String {
    let keys = " y/n"
    let full = question
    guard DisplayWidth.of(full) > width, full.hasSuffix(keys) else { return full }
    let words = String(full.dropLast(keys.count))
    let room = width - keys.count
    guard room > 0 else { return TextLayout.truncate(full, toWidth: width, ellipsis: ellipsis) }
    return TextLayout.truncate(words, toWidth: room, ellipsis: ellipsis) + keys
  }
}
