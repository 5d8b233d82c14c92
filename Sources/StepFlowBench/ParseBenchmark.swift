import StepFlow
import StepFlowWizards

/// Files that are hard on a parser — deep nesting, one long number, string or comment, many
/// escapes, bytes that are not text — at `size` bytes, as `stepflow validate` would read them.
func hostileFiles(size: Int) -> [(name: String, bytes: [UInt8])] {
  func repeated(_ piece: String, _ head: String = "", _ tail: String = "") -> [UInt8] {
    Array((head + String(repeating: piece, count: size / max(1, piece.utf8.count)) + tail).utf8)
  }
  return [
    ("[ nested", repeated("[")),
    ("{\"a\": nested", repeated("{\"a\":")),
    ("[1, list", repeated("1,", "[", "]")),
    ("one number", repeated("9")),
    ("one string", repeated("a", "\"", "\"")),
    ("unclosed string", repeated("a", "\"")),
    ("escapes", repeated("\\u00e9\\n", "\"", "\"")),
    ("unclosed comment", repeated("*", "/*")),
    ("bad tokens", repeated("@,\n", "[", "]")),
    ("zero bytes", [UInt8](repeating: 0, count: size)),
    ("0xFF bytes", [UInt8](repeating: 0xFF, count: size)),
  ]
}

/// Parsing hostile files of 1 and 2 MiB (to a value or a located error): the time, and the
/// ratio of the two, which is 2 for a parser that is linear and 4 for one that is quadratic.
func parseBenchmark() {
  let size = Bench.size(1 << 20, smoke: 1 << 10)
  let small = hostileFiles(size: size)
  let large = hostileFiles(size: 2 * size)
  for (one, two) in zip(small, large) {
    let times = bestInterleaved(
      rounds: 3,
      [
        { checksum &+= (try? WizardFile.load(one.bytes, path: "f.json"))?.steps.count ?? 1 },
        { checksum &+= (try? WizardFile.load(two.bytes, path: "f.json"))?.steps.count ?? 1 },
      ])
    let ratio = times[1].milliseconds / max(times[0].milliseconds, 0.001)
    report(
      "parse 2 MiB \(one.name)",
      format(times[1].milliseconds) + " ms, " + format(ratio, decimals: 2) + "x the 1 MiB one",
      aim: "linear: about 2x")
  }
}
