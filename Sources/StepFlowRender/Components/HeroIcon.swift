import StepFlowCore
import StepFlowText

/// A step's icon drawn large: three overlapping translucent circles with the icon at
/// their centre (the delivery status screen).
///
/// The circles are tints of the background, so they show only with colour; the icon and the
/// screen around it read the same without.
package struct HeroIcon {
  package var icon: Icon
  package var theme: Theme
  package var glyphs: Glyphs

  package init(icon: Icon, theme: Theme, glyphs: Glyphs) {
    self.icon = icon
    self.theme = theme
    self.glyphs = glyphs
  }

  /// The rows the hero wants for a given area height: up to 9.
  package static func preferredHeight(available: Int) -> Int { max(1, min(9, available)) }

  package func render(into canvas: inout Canvas, area: Rect) {
    guard area.height > 0, area.width > 0 else { return }
    // A cell is about twice as tall as it is wide: a circle of radius r rows is 2r columns wide.
    let radius = Double(max(0, area.height - 1)) / 2
    let centerX = Double(area.x) + Double(area.width - 1) / 2
    let centerY = Double(area.y) + Double(area.height - 1) / 2
    if radius >= 2 {
      // (dx, dy, radius change, opacity) of the three circles, in rows.
      let discs: [(Double, Double, Double, Double)] = [
        (-1, -0.5, 0, 0.10), (0, 0, 0, 0.16), (2, 1, -0.5, 0.10),
      ]
      for (dx, dy, dr, opacity) in discs {
        tintDisc(
          into: &canvas, area: area, cx: centerX + dx * 2, cy: centerY + dy, r: radius + dr,
          opacity: opacity)
      }
    }
    if case .symbol(let name) = icon, let art = HeroArt.bitmap(for: name),
      area.height >= art.rows, area.width >= art.columns + 4
    {
      drawArt(
        art, into: &canvas, x: Int(centerX) - art.columns / 2 + 1, y: Int(centerY) - art.rows / 2)
      return
    }
    let glyph = Symbols.glyph(for: icon, style: glyphs.style)
    let w = DisplayWidth.of(glyph)
    let x = Int(centerX.rounded(.down)) - (w - 1) / 2
    let y = Int(centerY.rounded())
    var style = canvas[max(area.x, min(area.maxX - 1, x)), y].style
    style.foreground = theme.foreground
    style.attributes.insert(.bold)
    canvas.draw(glyph, x: x, y: y, style: style, limit: area.maxX - x)
  }

  /// Draws a bitmap two pixels a cell: `▀ ▄ █` (or `" . #` in ASCII), keeping the tint below.
  private func drawArt(_ art: HeroArt, into canvas: inout Canvas, x: Int, y: Int) {
    let ascii = glyphs.style == .ascii
    for row in 0..<art.rows {
      for column in 0..<art.columns {
        let top = art.pixel(column, 2 * row)
        let bottom = art.pixel(column, 2 * row + 1)
        let symbol: String
        switch (top, bottom) {
        case (true, true): symbol = ascii ? "#" : "█"
        case (true, false): symbol = ascii ? "\"" : "▀"
        case (false, true): symbol = ascii ? "." : "▄"
        case (false, false): continue
        }
        let cx = x + column
        let cy = y + row
        guard cx >= 0, cx < canvas.width, cy >= 0, cy < canvas.height else { continue }
        var style = canvas[cx, cy].style
        style.foreground = theme.foreground
        canvas.put(symbol, width: 1, x: cx, y: cy, style: style)
      }
    }
  }

  private func tintDisc(
    into canvas: inout Canvas, area: Rect, cx: Double, cy: Double, r: Double, opacity: Double
  ) {
    guard theme.background != .default else { return }
    // The backdrop is usually one colour: blend each distinct colour once.
    var blends: [(Color, Color)] = []
    for y in area.y..<area.maxY {
      let dy = Double(y) - cy
      let halfWidth = 2 * (r * r + 0.25 - dy * dy).squareRoot()
      guard halfWidth >= 0 else { continue }
      let x0 = max(area.x, Int((cx - halfWidth).rounded(.up)))
      let x1 = min(area.maxX - 1, Int((cx + halfWidth).rounded(.down)))
      guard x0 <= x1 else { continue }
      for x in x0...x1 {
        canvas.restyleCell(x: x, y: y) { style in
          if let known = blends.first(where: { $0.0 == style.background }) {
            style.background = known.1
          } else {
            let blended = style.background.blended(with: .white, by: opacity)
            blends.append((style.background, blended))
            style.background = blended
          }
        }
      }
    }
  }
}

/// Pictures of the delivery symbols, 16 × 14 pixels, drawn two pixels a cell.
package struct HeroArt {
  /// One bit a pixel, a word a row (the first column in the lowest bit): plain numbers, so a
  /// picture costs no array of arrays to make when the first frame shows it.
  private let pixelRows: [UInt64]
  /// The width in pixels (at most 64).
  package let columns: Int
  package var rows: Int { (pixelRows.count + 1) / 2 }

  package func pixel(_ x: Int, _ y: Int) -> Bool {
    y < pixelRows.count && x < columns && pixelRows[y] & (1 << UInt64(x)) != 0
  }

  /// A picture from lines of `#` (set) and anything else (clear).
  package init(_ picture: String) {
    var rows: [UInt64] = []
    var row: UInt64 = 0
    var x = 0
    var widest = 0
    for byte in picture.utf8 {
      if byte == 0x0A {
        rows.append(row)
        widest = max(widest, x)
        (row, x) = (0, 0)
        continue
      }
      if byte == UInt8(ascii: "#"), x < 64 { row |= 1 << UInt64(x) }
      x += 1
    }
    if x > 0 {
      rows.append(row)
      widest = max(widest, x)
    }
    pixelRows = rows
    columns = min(64, widest)
  }

  package static func bitmap(for symbol: String) -> HeroArt? {
    switch symbol {
    case "checkmark.circle", "checkmark.circle.fill": return check
    case "takeoutbag.and.cup.and.straw": return bag
    case "bicycle": return bicycle
    case "house", "house.fill": return house
    default: return nil
    }
  }

  package static let check = HeroArt(
    """
    .....######.....
    ...##......##...
    ..#..........#..
    .#............#.
    .#...........##.
    #...........#..#
    #..........#...#
    #..##.....#....#
    #...##...#.....#
    .#...##.#.....#.
    .#....###.....#.
    ..#....#.....#..
    ...##......##...
    .....######.....
    """)

  package static let bag = HeroArt(
    """
    ......####......
    .....#....#.....
    ....#......#....
    ..############..
    ..#..........#..
    ..#..........#..
    ..#...####...#..
    ..#..#....#..#..
    ..#..#....#..#..
    ..#...####...#..
    ..#..........#..
    ..#..........#..
    ..############..
    ................
    """)

  package static let bicycle = HeroArt(
    """
    ................
    ................
    .........####...
    ..........#.....
    ....###....#....
    .....#######....
    ..####....####..
    .#...#..###.#.#.
    #.....##.#..#..#
    #..####..#..#..#
    #.....#..#.....#
    .#...#....#...#.
    ..###......###..
    ................
    """)

  package static let house = HeroArt(
    """
    .......##.......
    ......####......
    .....##..##.....
    ....##....##....
    ...##......##...
    ..##........##..
    .##..........##.
    ..#..........#..
    ..#..####....#..
    ..#..#..#....#..
    ..#..#..#.##.#..
    ..#..#..#.##.#..
    ..#..#..#....#..
    ..############..
    """)
}
