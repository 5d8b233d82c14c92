import StepFlowText

/// Measuring, cutting and wrapping text by display width.
package enum TextLayout {
  /// The text cut to at most `width` columns, ending in `ellipsis` when it was cut.
  package static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String
  {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    guard ellipsisWidth <= width else { return String(repeating: ".", count: width) }
    var out = ""
    var used = 0
    for character in text {
      let w = DisplayWidth.of(character)
      if used + w > width - ellipsisWidth { break }
      out.append(character)
      used += w
    }
    return out + ellipsis
  }

  /// The text broken into lines of at most `width` columns, at spaces where it can be and inside
  /// words where it must.
  ///
  /// Newlines in the text start new lines.
  package static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var rest = Substring(word)
        var wordWidth = DisplayWidth.of(rest)
        if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
          line += " " + rest
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        // A word longer than a line is cut into pieces.
        while wordWidth > width {
          var piece = ""
          var pieceWidth = 0
          var index = rest.startIndex
          while index < rest.endIndex {
            let w = DisplayWidth.of(rest[index])
            if pieceWidth + w > width { break }
            piece.append(rest[index])
            pieceWidth += w
            index = rest.index(after: index)
          }
          if piece.isEmpty { break }
          lines.append(piece)
          rest = rest[index...]
          wordWidth -= pieceWidth
        }
        line = String(rest)
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }

  /// The column at which text of `textWidth` columns starts when centred in `width` columns.
  package static func centeredOffset(_ textWidth: Int, in width: Int) -> Int {
    max(0, (width - textWidth) / 2)
  }
}
