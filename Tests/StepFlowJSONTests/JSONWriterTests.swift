import StepFlowTestSupport
import Testing

@testable import StepFlowJSON

@Suite struct JSONWriterTests {
  @Test func compactHasNoSpacesAndKeepsKeyOrder() {
    let result: JSONValue = [
      "wizard": "delivery", "finished": false, "reached": ["orderReceived", "onItsWay"],
      "answers": ["name": "Ada", "rating": 4, "ok": true, "note": .null], "empty": [:], "none": [],
    ]
    #expect(
      JSONWriter.compact(result)
        == #"{"wizard":"delivery","finished":false,"reached":["orderReceived","onItsWay"],"#
        + #""answers":{"name":"Ada","rating":4,"ok":true,"note":null},"empty":{},"none":[]}"#)
    #expect(
      JSONWriter.compact(["wizard": "delivery", "finished": false])
        == #"{"wizard":"delivery","finished":false}"#)
  }

  @Test func asciiOutputEscapesEveryOtherCharacterAndReadsBackTheSame() throws {
    let text = "Zoë \"Å\"\n🚲\u{1B}\u{202E}x\u{85}"
    let written = JSONWriter.compact(["name": .string(text), "é": 1], ascii: true)
    #expect(
      written
        == #"{"name":"Zo\u00eb \"\u00c5\"\n\ud83d\udeb2\u001b\u202ex\u0085","\u00e9":1}"#)
    #expect(written.utf8.allSatisfy { $0 < 0x80 })
    let parsed = JSON5Parser.parse(Array(written.utf8), path: "")
    #expect(parsed.root?.value["name"]?.stringValue == text)
    #expect(JSONWriter.compact(["name": "plain"], ascii: true) == #"{"name":"plain"}"#)
  }

  @Test func prettyIndentsByTwoSpaces() {
    let state: JSONValue = [
      "wizard": "purchase", "step": 2, "reached": [1, [true]], "answers": [:], "list": [],
    ]
    #expect(
      JSONWriter.pretty(state).split(separator: "\n", omittingEmptySubsequences: false) == [
        "{",
        #"  "wizard": "purchase","#,
        #"  "step": 2,"#,
        #"  "reached": ["#,
        "    1,",
        "    [",
        "      true",
        "    ]",
        "  ],",
        #"  "answers": {},"#,
        #"  "list": []"#,
        "}",
      ])
    #expect(JSONWriter.pretty("x") == #""x""#)
  }

  @Test func stringsAreEscapedPerRFC8259() {
    #expect(JSONWriter.compact("say \"hi\"\\ now") == #""say \"hi\"\\ now""#)
    #expect(JSONWriter.compact("a\nb\tc\rd\u{8}e\u{c}f") == #""a\nb\tc\rd\be\ff""#)
    #expect(JSONWriter.compact("\u{1b}[31m\u{0}\u{1f}") == #""\u001b[31m\u0000\u001f""#)
    // Non-ASCII and the slash pass through as they are; the line separator is escaped (the
    // sanitizer's one table: it would break the line of whatever shows the JSON).
    #expect(JSONWriter.compact("é 漢 😀 / \u{a0}\u{2028}") == "\"é 漢 😀 / \u{a0}\\u2028\"")
    #expect(JSONWriter.encode("é") == [0x22, 0xC3, 0xA9, 0x22])
  }

  @Test func delC1AndBidiControlsAreEscaped() throws {
    let cases: [(String, String)] = [
      ("\u{7f}", #"\u007f"#),
      ("\u{80}", #"\u0080"#), ("\u{85}", #"\u0085"#), ("\u{9b}", #"\u009b"#),
      ("\u{9f}", #"\u009f"#),
      ("\u{61c}", #"\u061c"#), ("\u{200e}", #"\u200e"#), ("\u{200f}", #"\u200f"#),
      ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#),
      ("\u{202a}", #"\u202a"#), ("\u{202b}", #"\u202b"#), ("\u{202c}", #"\u202c"#),
      ("\u{202d}", #"\u202d"#), ("\u{202e}", #"\u202e"#), ("\u{2066}", #"\u2066"#),
      ("\u{2067}", #"\u2067"#), ("\u{2068}", #"\u2068"#), ("\u{2069}", #"\u2069"#),
    ]
    for (raw, escaped) in cases {
      let value = JSONValue.string("a" + raw + "b")
      let text = JSONWriter.compact(value)
      #expect(text == "\"a" + escaped + "b\"")
      #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
      #expect(JSON5Parser.parse(Array(text.utf8), path: "x").root?.value == value, "same value")
    }
    // Neighbours of the escaped ranges are not escaped: U+00A0, U+061B, U+200D, U+2027,
    // U+202F, U+2065, U+206A, and characters that share a lead byte (U+00A9, U+20AC).
    let neighbours = "\u{a0}\u{61b}\u{200d}\u{2027}\u{202f}\u{2065}\u{206a}\u{a9}\u{20ac}"
    #expect(JSONWriter.compact(.string(neighbours)) == "\"" + neighbours + "\"")
    // At the very start and end of a string, one after the other.
    #expect(JSONWriter.compact("\u{202e}\u{85}\u{2069}") == #""\u202e\u0085\u2069""#)
  }

  @Test func numbersIntegersAsIntegersDoublesShortest() {
    let cases: [(JSONValue, String)] = [
      (0, "0"), (-7, "-7"), (.int(Int.max), "9223372036854775807"),
      (.int(Int.min), "-9223372036854775808"),
      (3.0, "3"), (-0.0, "0"), (0.1, "0.1"), (2.5, "2.5"), (1e-7, "1e-07"), (1e23, "1e+23"),
      (.double(0.1 + 0.2), "0.30000000000000004"), (.double(.leastNonzeroMagnitude), "5e-324"),
      (1.7976931348623157e308, "1.7976931348623157e+308"),
      (.double(.infinity), "null"), (.double(-.infinity), "null"), (.double(.nan), "null"),
    ]
    for (value, text) in cases {
      #expect(JSONWriter.compact(value) == text)
    }
  }

  @Test func parsedNumbersAreWrittenByValue() throws {
    let root = try #require(
      JSON5Parser.parse(
        "[0x1F, +.5, 5., 1.0e1, 99999999999999999999999, 1e400, -0]", path: "x.json"
      ).root)
    #expect(JSONWriter.compact(root.value) == "[31,0.5,5,10,1e+23,null,0]")
  }

  @Test func writtenValuesParseBackEqual() throws {
    let value: JSONValue = [
      "text": "quote \" backslash \\ controls \u{0}\u{1}\u{1f}\u{7f} line\nbreak é 漢 😀 \u{2028}",
      "numbers": [
        0, -1, 0.1, 1e-300, 1e300, 123_456_789.125, .int(Int.min), 4_503_599_627_370_497.0,
      ],
      "nested": [["a": [], "b": [:]], [[[.null]]]],
      "duplicate": ["k": 1, "k": 2],
      "": "empty key",
    ]
    for pretty in [false, true] {
      let bytes = JSONWriter.encode(value, pretty: pretty)
      let parsed = JSON5Parser.parse(bytes, path: "x.json")
      #expect(parsed.diagnostics.count == 1)  // the duplicate key, reported as such
      #expect(parsed.root?.value == value)
    }
  }

  @Test func randomValuesRoundTrip() {
    var random = SeededGenerator(seed: 2024)
    for _ in 0..<300 {
      let value = randomValue(depth: 0, &random)
      for pretty in [false, true] {
        let parsed = JSON5Parser.parse(JSONWriter.encode(value, pretty: pretty), path: "x.json")
        #expect(parsed.root?.value == value, "\(JSONWriter.compact(value))")
        #expect(parsed.diagnostics.isEmpty)
      }
    }
  }

  private func randomValue(depth: Int, _ random: inout SeededGenerator) -> JSONValue {
    switch random.next(below: depth > 3 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(random.next(below: 2) == 0)
    case 2: return .int(Int(bitPattern: UInt(random.next())) >> random.next(below: 64))
    case 3:
      let double = Double(bitPattern: random.next())
      return .double(double.isFinite ? double : 0.5)
    case 4: return .string(randomString(&random))
    case 5:
      return .array((0..<random.next(below: 5)).map { _ in randomValue(depth: depth + 1, &random) })
    default:
      // Distinct keys: a duplicate would be reported.
      let count = random.next(below: 5)
      return .object(
        (0..<count).map {
          JSONMember("\($0)" + randomString(&random), randomValue(depth: depth + 1, &random))
        })
    }
  }

  private func randomString(_ random: inout SeededGenerator) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1b}", "\u{7f}", "é", "漢", "😀",
      "\u{2028}", "\u{FEFF}",
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<random.next(below: 12) { scalars.append(pool[random.next(below: pool.count)]) }
    return String(scalars)
  }
}
