/// How long a task has run, as the screen and the result say it.
package enum TaskClock {
  /// `0.4 s`, `12.4 s` under a minute (tenths, cut off, so the text changes ten times a
  /// second and never runs ahead); `2 min 05 s` under an hour; `1 h 02 min` after.
  package static func text(_ duration: Duration) -> String {
    let tenths = max(0, Int(duration / .milliseconds(100)))
    if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
    let seconds = tenths / 10
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    if seconds < 3600 { return "\(seconds / 60) min \(two(seconds % 60)) s" }
    return "\(seconds / 3600) h \(two(seconds % 3600 / 60)) min"
  }

  /// Seconds with one decimal, for results (`12.4`).
  package static func seconds(_ duration: Duration) -> Double {
    Double(Int(duration / .milliseconds(100))) / 10
  }
}
