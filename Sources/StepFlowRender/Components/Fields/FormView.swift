import StepFlowCore

/// A form measured at a width: the message under each field and the rows each field takes.
///
/// Measuring checks every touched field (its message); a frame measures a form once and draws
/// with that (``Form/render(into:area:theme:glyphs:focused:context:measured:)``), so a step of
/// 600 fields costs one check of each per frame, not four.
package struct FormMeasure: Equatable, Sendable {
  /// The message shown under each field, in field order.
  package let messages: [FieldError?]
  /// The rows each field takes, as ranges from the form's first row.
  package let ranges: [Range<Int>]
  /// The width it was measured at.
  package let width: Int

  /// The rows the whole form takes.
  package var rows: Int { ranges.last?.upperBound ?? 0 }
}

/// Drawing a form: its fields stacked top to bottom, scrolled so the focused one is visible.
extension Form {
  /// The rows each field takes in `width` columns, as ranges from the form's first row; the
  /// messages of touched fields are counted (see ``Field/rows(width:message:)``).
  package func layout(width: Int, context: FieldContext?) -> [Range<Int>] {
    measure(width: width, context: context).ranges
  }

  /// The messages and rows of the fields in `width` columns.
  package func measure(width: Int, context: FieldContext?) -> FormMeasure {
    let messages = fields.indices.map { visibleError(at: $0, in: context) }
    var top = 0
    let ranges = fields.indices.map { index in
      let rows = fields[index].rows(width: width, message: messages[index])
      defer { top += rows }
      return top..<(top + rows)
    }
    return FormMeasure(messages: messages, ranges: ranges, width: width)
  }

  /// The rows the whole form takes in `width` columns.
  package func rows(width: Int, context: FieldContext?) -> Int {
    measure(width: width, context: context).rows
  }

  /// The first form row shown in an area of `width` × `height`: 0 when everything fits,
  /// otherwise the least scrolling that shows the focused field whole (its label and input
  /// rows when it is taller than the area; the highlighted option of a long list).
  package func scrollOffset(width: Int, height: Int, context: FieldContext?) -> Int {
    scrollOffset(ranges: measure(width: width, context: context).ranges, height: height)
  }

  /// ``scrollOffset(width:height:context:)`` for a form already measured.
  package func scrollOffset(_ measured: FormMeasure, height: Int) -> Int {
    scrollOffset(ranges: measured.ranges, height: height)
  }

  private func scrollOffset(ranges: [Range<Int>], height: Int) -> Int {
    guard let total = ranges.last?.upperBound, total > height, height > 0,
      ranges.indices.contains(focusIndex)
    else { return 0 }
    let field = fields[focusIndex]
    var target = ranges[focusIndex]
    if target.count > height {
      // Too tall: the label and input rows, or the highlighted option (the cursor's row)
      // and the label.
      target = target.lowerBound..<(target.lowerBound + 1 + field.inputRows)
      if target.count > height {
        let row = target.lowerBound + 1 + field.focusRow
        target = max(target.lowerBound, row + 1 - height)..<(row + 1)
      }
    }
    let offset = max(0, target.upperBound - height)
    return min(offset, target.lowerBound, total - height)
  }

  /// Draws the fields stacked in `area`, scrolled by ``scrollOffset(width:height:context:)``.
  /// - Parameters:
  ///   - canvas: The canvas drawn into.
  ///   - area: Where the fields go.
  ///   - theme: The colours.
  ///   - glyphs: The characters boxes and marks are drawn with.
  ///   - focused: Whether the form has the keyboard (not the buttons below it); when it does
  ///     not, no field shows focus.
  ///   - context: What the rules may consult for the messages (today, the files).
  ///   - measured: The form measured at the area's width, if the caller has it.
  package func render(
    into canvas: inout Canvas, area: Rect, theme: Theme, glyphs: Glyphs, focused: Bool = true,
    context: FieldContext? = nil, measured: FormMeasure? = nil
  ) {
    let box = area.intersection(canvas.bounds)
    guard !box.isEmpty else { return }
    canvas.blank(box, style: theme.text)
    let measure =
      measured.flatMap { $0.width == area.width ? $0 : nil }
      ?? measure(width: area.width, context: context)
    let messages = measure.messages
    let ranges = measure.ranges
    let offset = scrollOffset(ranges: ranges, height: area.height)
    for (index, range) in ranges.enumerated() {
      let top = area.y + range.lowerBound - offset
      guard top + range.count > area.y, top < area.maxY else { continue }
      let fieldArea = Rect(x: area.x, y: top, width: area.width, height: range.count)
      let isFocused = focused && index == focusIndex
      let message = messages[index]
      if fieldArea.intersection(area) == fieldArea {
        fields[index].render(
          into: &canvas, area: fieldArea, theme: theme, glyphs: glyphs, focused: isFocused,
          message: message)
      } else {
        // Cut by the area's edge: draw it whole aside and copy the visible rows.
        var aside = Canvas(width: area.width, height: range.count, style: theme.text)
        fields[index].render(
          into: &aside, area: aside.bounds, theme: theme, glyphs: glyphs, focused: isFocused,
          message: message)
        canvas.blit(aside, toX: area.x, y: top, clip: box)
      }
    }
  }
}

extension Form {
  /// What a click at `row` and `column` of a form drawn in `width` × `height` lands on.
  ///
  /// The field there (scrolled as ``render(into:area:theme:glyphs:focused:context:)`` scrolls
  /// it) and the part of it at `column`. Rows and columns count from the form's area.
  package func click(
    atRow row: Int, column: Int, width: Int, height: Int, glyphs: Glyphs, context: FieldContext?
  ) -> (index: Int, part: FieldClick)? {
    let ranges = layout(width: width, context: context)
    let offset = scrollOffset(width: width, height: height, context: context)
    guard row >= 0, row < height, column >= 0, column < width,
      let index = ranges.firstIndex(where: { $0.contains(row + offset) })
    else { return nil }
    let inField = row + offset - ranges[index].lowerBound
    let field = fields[index]
    guard inField >= 1, inField <= field.inputRows else { return (index, .focus) }
    let inset = Field.gutterWidth
    return (
      index,
      field.click(
        atRow: inField - 1, column: column - inset, width: width - inset, glyphs: glyphs)
    )
  }
}
