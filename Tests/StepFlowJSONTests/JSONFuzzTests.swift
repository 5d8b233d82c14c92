import StepFlowTestSupport
import Testing

@testable import StepFlowJSON

@Suite struct JSONFuzzTests {
  static let seeds: [String] = [
    """
    // A wizard, as an author would write it.
    {
      id: 'onboarding', title: "Welcome — let's start",
      strip: { position: "above", extra: [3, 1] },
      /* colours */ colors: { accent: "#30B0C7", background: 'ansi:4' },
      steps: [
        { id: "name", title: 'Your name', fields: [{ type: "text", id: "name", required: true, pattern: "^\\\\w+$" }] },
        { id: "rate", icon: "star.fill", fields: [{ type: "rating", min: 1, max: 5, default: 3.5e0 }], when: "name != ''" },
        { id: "done", body: "Thanks!\\nSee you \\u00e9\\uD83D\\uDE00", progress: -0x1F, big: 1e400, tiny: .5, },
      ],
    }
    """,
    #"{"wizard":"delivery","finished":false,"current":"onItsWay","reached":["orderReceived","preparingOrder"],"answers":{"n":12,"ok":true,"x":null,"s":"tab\tq\"\\"}}"#,
    "[\"漢字\", \"é\", 'мир', {\"🚲\": [[[]]], key: NaN, \"k\": -Infinity}, 0.000001, 123456789012345678901234567890]",
  ]

  @Test func mutatedTruncatedAndHostileInputsAlwaysGiveAValueOrALocatedError() {
    var random = SeededGenerator(seed: 6)
    var inputs = 0
    var withErrors = 0

    func check(_ bytes: [UInt8]) {
      inputs += 1
      if !checkInvariants(bytes) { withErrors += 1 }
    }

    for seed in JSONFuzzTests.seeds {
      let bytes = Array(seed.utf8)
      #expect(JSON5Parser.parse(bytes, path: "f.json").diagnostics.isEmpty, "seed: \(seed)")
      for length in 0...bytes.count { check(Array(bytes[..<length])) }
      for _ in 0..<1_500 { check(mutate(bytes, &random)) }
    }
    for input in hostileInputs(&random) { check(input) }

    #expect(inputs > 5_000)
    #expect(withErrors > inputs / 2)
    // That the megabyte inputs parse in linear time is measured, not timed here:
    // `stepflow-bench parse` gives each shape's 2 MiB time and its ratio to 1 MiB.
  }

  /// Parses `bytes` and checks what must always hold; returns whether it parsed without error.
  private func checkInvariants(_ bytes: [UInt8]) -> Bool {
    let result = JSON5Parser.parse(bytes, path: "f.json")
    let lines = result.diagnostics.isEmpty ? [] : lineLengths(bytes)
    if result.root == nil {
      #expect(!result.diagnostics.isEmpty, "no value and no diagnostic for \(bytes.prefix(200))")
    } else {
      #expect(result.diagnostics.allSatisfy { $0.message.hasPrefix("duplicate key") })
    }
    for diagnostic in result.diagnostics {
      #expect(diagnostic.path == "f.json")
      let inside =
        diagnostic.line >= 1 && diagnostic.line <= lines.count && diagnostic.column >= 1
        && diagnostic.column <= lines[diagnostic.line - 1] + 1
      #expect(inside, "\(diagnostic) outside the input (lines: \(lines.prefix(20)))")
      #expect(!diagnostic.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
    // The round trip of the megabyte inputs adds nothing the small ones do not cover.
    if bytes.count < 1 << 16, let root = result.root?.value, !containsNonFinite(root) {
      let again = JSON5Parser.parse(JSONWriter.encode(root), path: "f.json")
      #expect(again.root?.value == root, "round trip of \(JSONWriter.compact(root).prefix(200))")
    }
    return result.root != nil && result.diagnostics.isEmpty
  }

  /// The length in characters of each line, split at LF, CRLF and CR; a leading byte order
  /// mark is not counted.
  private func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lines: [Int] = []
    var count = 0
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x0A || b == 0x0D {
        lines.append(count)
        count = 0
        if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
      } else if b & 0xC0 != 0x80 {
        count += 1
      }
      i += 1
    }
    lines.append(count)
    return lines
  }

  private func containsNonFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let number): return !number.isFinite
    case .array(let elements): return elements.contains(where: containsNonFinite)
    case .object(let members): return members.contains { containsNonFinite($0.value) }
    default: return false
    }
  }

  private static let interesting: [UInt8] = [
    0x00, 0xFF, 0xC0, 0xC3, 0xED, 0xF4, 0x80, 0xBF, 0x1B, 0x7F, 0x22, 0x27, 0x5C, 0x7B, 0x7D, 0x5B,
    0x5D, 0x2C, 0x3A, 0x2F, 0x2A, 0x0A, 0x0D, 0x09, 0x65, 0x2E, 0x2D, 0x2B, 0x30, 0x78, 0x75, 0x49,
  ]

  /// One to three random edits: bit flips, interesting or random bytes replaced or inserted,
  /// ranges deleted or duplicated, a random cut.
  private func mutate(_ original: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = original
    for _ in 0...random.next(below: 3) {
      let at = random.next(below: bytes.count + 1)
      switch random.next(below: 7) {
      case 0 where at < bytes.count:
        bytes[at] ^= UInt8(1 << random.next(below: 8))
      case 1 where at < bytes.count:
        bytes[at] = JSONFuzzTests.interesting[random.next(below: JSONFuzzTests.interesting.count)]
      case 2:
        let count = 1 + random.next(below: 8)
        let inserted = (0..<count).map { _ in
          random.next(below: 2) == 0
            ? JSONFuzzTests.interesting[random.next(below: JSONFuzzTests.interesting.count)]
            : UInt8(truncatingIfNeeded: random.next())
        }
        bytes.insert(contentsOf: inserted, at: at)
      case 3:
        let end = min(bytes.count, at + 1 + random.next(below: 16))
        bytes.removeSubrange(at..<end)
      case 4:
        let end = min(bytes.count, at + random.next(below: 40))
        bytes.insert(contentsOf: Array(bytes[at..<end]), at: random.next(below: bytes.count + 1))
      case 5:
        bytes = Array(bytes[..<at])
      default:
        bytes.insert(
          contentsOf: [UInt8](repeating: UInt8(ascii: "["), count: random.next(below: 200)), at: at)
      }
    }
    return bytes
  }

  private func hostileInputs(_ random: inout SeededGenerator) -> [[UInt8]] {
    let megabyte = 1 << 20
    var inputs: [[UInt8]] = [
      [UInt8](repeating: UInt8(ascii: "["), count: 100_000),
      Array(String(repeating: "{\"a\":", count: 100_000).utf8),
      Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
      Array(String(repeating: "[1,", count: 100_000).utf8),
      Array(String(repeating: "9", count: megabyte).utf8),
      Array(("-0." + String(repeating: "0", count: megabyte) + "1e99999999999999999999999").utf8),
      Array(("0x" + String(repeating: "F", count: megabyte)).utf8),
      Array(("\"" + String(repeating: "a", count: megabyte) + "\"").utf8),
      Array(("\"" + String(repeating: "é\\n", count: megabyte / 4) + "\"").utf8),
      Array(("\"" + String(repeating: "a", count: megabyte)).utf8),
      Array(("/*" + String(repeating: "*", count: megabyte)).utf8),
      Array(("[" + String(repeating: "\"\\uD800\",", count: 50_000) + "]").utf8),
      Array(("[" + String(repeating: "@,\n", count: 100_000) + "]").utf8),
      Array(("{" + (0..<20_000).map { "\"k\($0 % 5_000)\":0" }.joined(separator: ",") + "}").utf8),
      [UInt8](repeating: 0, count: megabyte),
      [UInt8](repeating: 0xFF, count: megabyte),
      [0xEF, 0xBB, 0xBF],
      [0xEF, 0xBB],
      [0x22, 0xF0, 0x9F, 0x98],
      Array("\r\r\n\n\r".utf8),
    ]
    inputs.append((0..<65_536).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    inputs.append(
      (0..<65_536).map { _ in
        JSONFuzzTests.interesting[random.next(below: JSONFuzzTests.interesting.count)]
      })
    return inputs
  }

  @Test func aMegabyteStringParsesIntoOneValue() throws {
    let text = String(repeating: "abcdefgh", count: 1 << 17)
    let root = try #require(
      JSON5Parser.parse("{\"s\": \"\(text)\", \"n\": 1}", path: "f.json").root)
    #expect(root["s"]?.stringValue?.utf8.count == 1 << 20)
    #expect(root["n"]?.location == TextLocation(line: 1, column: (1 << 20) + 16))
  }
}
