// The canvas as plain text: what `--frames` prints, and what tests read.
extension Canvas {
  /// The canvas as plain text, one string a row, trailing blanks trimmed.
  public func plainLines() -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(height)
    // One buffer for every row (a frame is printed with each script line under --frames).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * 4)
    cells.withUnsafeBufferPointer { cells in
      for y in 0..<height {
        bytes.removeAll(keepingCapacity: true)
        for x in (y * width)..<(y * width + width) { cells[x].grapheme.appendUTF8(to: &bytes) }
        while bytes.last == 0x20 { bytes.removeLast() }
        lines.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    return lines
  }

  /// The canvas as plain text rows joined with newlines.
  public var plainText: String { plainLines().joined(separator: "\n") }
}
