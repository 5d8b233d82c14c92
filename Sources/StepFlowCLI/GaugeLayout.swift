import StepFlow
import StepFlowCore
import StepFlowText

/// Where the parts of the gauge go on a screen: a box centred on the screen, the title in its
/// top border, the message, the progress region under it, and the spinner's cell before the
/// message.
///
/// ```
/// ╭─ Copying ──────────────────────────╮
/// │                                    │
/// │ ⠋ photos/2024                      │
/// │                                    │
/// │ ███████████▋░░░░░░░░░░░░░░░░░░░░░░ │
/// │                37%                 │
/// │                                    │
/// ╰─ Esc to dismiss ───────────────────╯
/// ```
package struct GaugeLayout {
  /// The box's outer rectangle.
  package let box: Rect
  /// The message, wrapped, and where its first line starts.
  package let messageLines: [String]
  package let messageX: Int
  package let messageY: Int
  /// The spinner's cell, when there is a spinner.
  package let spinnerArea: Rect?
  /// The region of the bar, ring and label.
  package let progressArea: Rect
  package let title: String?
  package let hint: String?

  /// The box's width when neither `--width` nor a narrow screen decides.
  package static let preferredWidth = 60

  /// The rows the progress region needs: a ring 7 (9 with a bar over it), a bar and a label 2.
  package static func progressHeight(_ options: GaugeOptions) -> Int {
    if options.ring { return options.bar ? 9 : 7 }
    return (options.bar ? 1 : 0) + (options.label ? 1 : 0)
  }

  /// The smallest screen height the gauge fits in with one line of message.
  package static func minimumHeight(_ options: GaugeOptions) -> Int {
    let message = options.spinner || options.text != nil ? 2 : 0
    return max(5, 4 + progressHeight(options) + message)
  }

  package init(options: GaugeOptions, message: String, width: Int, height: Int, glyphs: Glyphs) {
    let boxWidth = max(0, min(width, options.width ?? Self.preferredWidth))
    let innerWidth = max(0, boxWidth - 4)
    let indent = options.spinner ? 2 : 0
    let regionHeight = Self.progressHeight(options)
    var lines = message.isEmpty ? [] : TextLayout.wrap(message, width: innerWidth - indent)
    if lines.isEmpty, options.spinner { lines = [""] }
    // Borders, a blank row inside each, and a blank row between message and progress.
    let fixedRows = 4 + regionHeight + (lines.isEmpty || regionHeight == 0 ? 0 : 1)
    let messageRows = min(lines.count, max(lines.isEmpty ? 0 : 1, height - fixedRows))
    if messageRows < lines.count {
      lines = Array(lines.prefix(messageRows))
      if let last = lines.last {
        lines[lines.count - 1] = TextLayout.truncate(
          last + " " + glyphs.ellipsis, toWidth: innerWidth - indent, ellipsis: glyphs.ellipsis)
      }
    }
    let needed = fixedRows + messageRows
    let boxHeight = max(needed, min(height, options.height ?? needed))
    box = Rect(
      x: max(0, (width - boxWidth) / 2), y: max(0, (height - boxHeight) / 2), width: boxWidth,
      height: boxHeight)
    messageLines = lines
    messageX = box.x + 2 + indent
    messageY = box.y + 2
    spinnerArea =
      options.spinner ? Rect(x: box.x + 2, y: messageY, width: 1, height: 1) : nil
    let regionY = messageY + messageRows + (messageRows > 0 && regionHeight > 0 ? 1 : 0)
    progressArea = Rect(x: box.x + 2, y: regionY, width: innerWidth, height: regionHeight)
    title = (options.title ?? options.command?.displayText).flatMap { $0.isEmpty ? nil : $0 }
    hint = options.dismissable ? "Esc to dismiss" : nil
  }

  /// Draws the box, its title and hint in the borders, and the message.
  package func drawBox(into canvas: inout Canvas, theme: Theme, glyphs: Glyphs) {
    guard box.width >= 2, box.height >= 2 else { return }
    let border = Style(foreground: theme.inactive, background: theme.background)
    let inner = box.width - 2
    let horizontal = String(repeating: glyphs.horizontal, count: inner)
    canvas.draw(glyphs.topLeft + horizontal + glyphs.topRight, x: box.x, y: box.y, style: border)
    canvas.draw(
      glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: box.x, y: box.maxY - 1,
      style: border)
    for y in (box.y + 1)..<(box.maxY - 1) {
      canvas.put(glyphs.vertical, width: 1, x: box.x, y: y, style: border)
      canvas.put(glyphs.vertical, width: 1, x: box.maxX - 1, y: y, style: border)
    }
    let room = box.width - 6
    if let title, room > 0 {
      let text = " " + TextLayout.truncate(title, toWidth: room, ellipsis: glyphs.ellipsis) + " "
      canvas.draw(text, x: box.x + 2, y: box.y, style: theme.text.bold)
    }
    if let hint, room >= DisplayWidth.of(hint) {
      canvas.draw(" " + hint + " ", x: box.x + 2, y: box.maxY - 1, style: border)
    }
    let limit = box.maxX - 2 - messageX
    for (i, line) in messageLines.enumerated() where messageY + i < box.maxY - 1 {
      canvas.draw(line, x: messageX, y: messageY + i, style: theme.text, limit: limit)
    }
  }
}
