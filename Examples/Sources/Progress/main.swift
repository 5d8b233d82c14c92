import StepFlow

// The README's progress-indicator API, used from outside the package: built-in indicators on
// a region, and one of our own registered by name. Time is passed in, never read.

struct LoadingText: ProgressorView {
  var progress = 0.0
  init() {}
  mutating func update(progress: Double) { self.progress = progress }
  func render(into canvas: inout Canvas, area: Rect, at now: Duration, glyphs: Glyphs) {
    canvas.draw("loading \(Int(progress * 100))% ...", x: area.x, y: area.y, style: .plain)
  }
}

var progress = ProgressIndicators<String>()
progress.register(LoadingText.self, identifier: "loading")
var now = Duration.zero
do {
  try progress.start(in: "upload", .sync([.bar(), .label()]), at: now)
  try progress.start(in: "status", .custom(identifier: "loading", parameter: nil), at: now)
} catch {
  print("cannot start: \(error)")
}
now += .seconds(1)
progress.update(0.37, in: "upload", at: now)
progress.update(0.37, in: "status", at: now)
progress.advance(to: now)

var canvas = Canvas(width: 40, height: 3)
progress.render(
  "upload", into: &canvas, area: Rect(x: 0, y: 0, width: 40, height: 2), at: now, glyphs: .ascii)
progress.render(
  "status", into: &canvas, area: Rect(x: 0, y: 2, width: 40, height: 1), at: now, glyphs: .ascii)
for line in canvas.plainLines() { print(line) }

// Completions are Sendable; a program that keeps state reads the events `advance` returns.
progress.end(in: "upload", at: now)
now += .seconds(5)
let events = progress.advance(to: now)
print("ended: \(events.contains(.ended("upload")))")
