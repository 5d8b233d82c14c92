import StepFlowCore
import StepFlowRender

/// Where the things a click can act on are on a screen, recorded while the screen is drawn.
///
/// Recording while drawing makes a click and the frame agree on every position: regions, each
/// with what finds the target at a cell of it. A region recorded later lies on top.
package final class HitMap {
  private var regions: [(area: Rect, find: (Int, Int) -> ClickTarget?)] = []

  package init() {}

  /// Records a region: `find` tells what is at a column and row inside `area` (`nil`:
  /// nothing there, and nothing below either).
  package func add(_ area: Rect, _ find: @escaping (_ column: Int, _ row: Int) -> ClickTarget?) {
    guard !area.isEmpty else { return }
    regions.append((area, find))
  }

  /// Records a region that is one target.
  package func add(_ area: Rect, _ target: ClickTarget) { add(area) { _, _ in target } }

  /// Forgets the regions of an area that something drawn over it covers (the help overlay).
  package func cover(_ area: Rect) { add(area) { _, _ in nil } }

  /// What a click at `column`, `row` lands on: the topmost region there decides.
  package func target(atColumn column: Int, row: Int) -> ClickTarget? {
    for region in regions.reversed() where region.area.contains(x: column, y: row) {
      return region.find(column, row)
    }
    return nil
  }
}
