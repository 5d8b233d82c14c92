import StepFlow
import StepFlowTerminal
import StepFlowWizards

/// A key in a focused list at 10 and 10,000 options, side by side: what it costs to apply it,
/// draw the 80×24 screen and diff the frame (the loop's work for one key), in time and in
/// memory; and filtering 10,000 options by one more character.
func listBenchmark() {
  func options(_ count: Int) -> String {
    let words = [
      "amber", "bright", "cedar", "delta", "ember", "frost", "granite", "harbor", "iris",
      "juniper", "kestrel", "lumen", "meadow", "nimbus", "onyx", "pepper", "quartz", "raven",
      "sierra", "tundra",
    ]
    return (0..<count).map { i in
      "\"\(words[i % 20]) \(words[(i / 20) % 20]) \(i)\""
    }.joined(separator: ", ")
  }
  func flow(_ type: String, _ count: Int) -> FlowDefinition? {
    let text = """
      { id: "big", title: "Big", steps: [{ id: "a", title: "A", fields: [
        { id: "pick", label: "Pick", type: "\(type)", options: [\(options(count))] } ] },
        { id: "b", title: "B" }] }
      """
    return try? WizardFile.load(Array(text.utf8), path: "big.json")
  }

  /// Presses `keys` in turn on a program showing the list, drawing each frame, `rounds` times.
  struct ListScreen {
    var screen: Screen
    init?(_ flow: FlowDefinition?, filter: String = "") {
      guard let flow else { return nil }
      screen = Screen(flow: flow, animate: false, width: 80, height: 24)
      for character in filter { screen.program.press(.character(character), at: .zero) }
      _ = screen.draw(at: .zero)
    }
    mutating func press(_ keys: [Key], times: Int) {
      for i in 0..<times {
        screen.program.press(keys[i % keys.count], at: .zero)
        checksum &+= screen.draw(at: .zero)
      }
    }
  }

  let presses = Bench.iterations(2000)
  let size = Bench.size(10_000, smoke: 100)
  /// (name, keys, kind, filter before)
  let cases: [(String, [Key], String, String)] = [
    ("↓ (and ↑ back) in a choice list", [.down, .up], "choice", ""),
    ("Space in a multichoice list", [.character(" ")], "multichoice", ""),
    ("one filter character (and Backspace)", [.character("r"), .backspace], "choice", "e"),
  ]
  for (name, keys, kind, filter) in cases {
    guard var small = ListScreen(flow(kind, 10), filter: filter),
      var large = ListScreen(flow(kind, size), filter: filter)
    else {
      report(name, "FAILED to load", aim: "")
      continue
    }
    let times = bestInterleaved([
      { small.press(keys, times: presses) }, { large.press(keys, times: presses) },
    ])
    let perKey = times.map { $0.milliseconds * 1000 / Double(presses) }
    report("\(name): 10 options, per key", format(perKey[0], decimals: 1) + " µs", aim: "")
    report(
      "\(name): \(size) options, per key", format(perKey[1], decimals: 1) + " µs",
      aim: "<= 1.5x 10 options")
    reportRatio("  ratio", perKey[1] / max(perKey[0], 0.001), of: "10 options", aim: "<= 1.5x")
    // Memory: the peak the keys need above what is resident before them.
    func extra(_ list: inout ListScreen) -> Int? {
      guard Platform.resetPeakMemory(), let before = Platform.memory() else { return nil }
      list.press(keys, times: 200)
      guard let after = Platform.memory() else { return nil }
      return max(0, after.peak - before.resident)
    }
    if let a = extra(&small), let b = extra(&large) {
      report(
        "  peak memory above resident during 200 keys: 10 / \(size)",
        "\(a / 1024) KiB / \(b / 1024) KiB", aim: "<= 1.5x (+ a page or so)")
    }
  }

  // Filtering by one more character, on the field alone: from "e" to "er" over every option.
  guard let large = flow("choice", size), let spec = large.steps.first?.fields.first else {
    return
  }
  var start = Field(spec)
  start.setFilter("e")
  var matched = 0
  let rounds = Bench.iterations(200)
  let narrowing =
    best {
      for _ in 0..<rounds {
        var field = start
        field.setFilter("er")
        matched &+= field.list.count(of: size)
      }
    } / rounds
  let fresh =
    best {
      for _ in 0..<rounds {
        var field = Field(spec)
        field.setFilter("q")
        matched &+= field.list.count(of: size)
      }
    } / rounds
  checksum &+= matched
  report(
    "filter \(size) options by one more character (e → er)",
    format(narrowing.milliseconds, decimals: 3) + " ms", aim: "< 2 ms")
  report(
    "filter \(size) options from nothing (q)", format(fresh.milliseconds, decimals: 3) + " ms",
    aim: "< 2 ms")
}
