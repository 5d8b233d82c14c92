import Testing

@testable import StepFlowJSON
@testable import StepFlowText

/// Every diagnostic of parsing `text` as `x.json`, as `path:line:column: message` lines.
private func messages(_ text: String) -> [String] {
  JSON5Parser.parse(text, path: "x.json").diagnostics.map(\.description)
}

private func messages(_ bytes: [UInt8]) -> [String] {
  JSON5Parser.parse(bytes, path: "x.json").diagnostics.map(\.description)
}

/// The parsed value of `text`, which must parse without any diagnostic.
private func value(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue?
{
  let result = JSON5Parser.parse(text, path: "x.json")
  #expect(result.diagnostics.isEmpty, "\(result.diagnostics)", sourceLocation: sourceLocation)
  return result.root?.value
}

@Suite struct JSON5ParserTests {
  // MARK: Values and locations

  @Test func plainJSON() {
    let text =
      #"{"wizard": "delivery", "steps": [1, 2.5, -3e2], "ok": true, "no": false, "n": null}"#
    #expect(
      value(text)
        == [
          "wizard": "delivery", "steps": [1, 2.5, -300], "ok": true, "no": false, "n": .null,
        ])
  }

  @Test func keysKeepFileOrderAndLocations() throws {
    let text = "{\n  \"é\": \"ü\", \"k\": 1,\n\t\"list\": [true,\n    {}]\n}"
    let root = try #require(JSON5Parser.parse(text, path: "x.json").root)
    #expect(root.location == TextLocation(line: 1, column: 1))
    let members = try #require(root.members)
    #expect(members.map(\.key) == ["é", "k", "list"])
    // Columns count characters, not bytes: "é" and "ü" are two bytes each.
    #expect(members[0].keyLocation == TextLocation(line: 2, column: 3))
    #expect(members[0].value.location == TextLocation(line: 2, column: 8))
    #expect(members[1].keyLocation == TextLocation(line: 2, column: 13))
    #expect(members[1].value.location == TextLocation(line: 2, column: 18))
    // A tab is one column.
    #expect(members[2].keyLocation == TextLocation(line: 3, column: 2))
    let list = try #require(members[2].value.elements)
    #expect(list[0].location == TextLocation(line: 3, column: 11))
    #expect(list[1].location == TextLocation(line: 4, column: 5))
  }

  @Test func lineBreaksCRLFAndCR() throws {
    let root = try #require(JSON5Parser.parse("[\r\n1,\r2,\n3]", path: "x.json").root)
    let lines = try #require(root.elements).map(\.location.line)
    #expect(lines == [2, 3, 4])
  }

  @Test func byteOrderMarkIsAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
    let root = try #require(JSON5Parser.parse(bytes, path: "x.json").root)
    #expect(root.value == ["a": 1])
    #expect(root.members?[0].keyLocation == TextLocation(line: 1, column: 2))
  }

  @Test func json5Syntax() {
    let text = """
      // A comment
      {
        /* block
           comment */
        key: 'single "quoted"',
        $dollar: +1, _under: .5, trailing: 5., hex: 0xFF, negHex: -0x10,
        inf: Infinity, minusInf: -Infinity, nan: NaN,
        continued: 'one \\
      two',
        escapes: "\\b\\f\\n\\r\\t\\v\\0\\'\\"\\\\\\/\\x41\\u00e9\\uD83D\\uDE00",
        café: 1, \\u0061b: 2,
        list: [1, 2,],
      }
      """
    let result = JSON5Parser.parse(text, path: "x.json")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let root = result.root?.value
    #expect(root?["key"] == "single \"quoted\"")
    #expect(root?["$dollar"] == 1)
    #expect(root?["_under"] == 0.5)
    #expect(root?["trailing"] == 5)
    #expect(root?["hex"] == 255)
    #expect(root?["negHex"] == -16)
    #expect(root?["inf"]?.numberValue?.isFinite == false)
    #expect(root?["minusInf"]?.numberValue?.literal == "-Infinity")
    #expect(root?["nan"]?.numberValue?.literal == "NaN")
    #expect(root?["continued"] == "one two")
    #expect(root?["escapes"] == "\u{8}\u{c}\n\r\t\u{b}\0'\"\\/Aé😀")
    #expect(root?["café"] == 1)
    #expect(root?["ab"] == 2)
    #expect(root?["list"] == [1, 2])
  }

  @Test func numbersKeepTheirTextAndGiveExactIntegers() throws {
    let text = """
      [1.0, 1e2, 2.5, 1e400, -1e400, 99999999999999999999999, -9223372036854775808,
       9223372036854775807, 9223372036854775808, 0x7FFFFFFFFFFFFFFF, -0x8000000000000000,
       0xFFFFFFFFFFFFFFFFFF, 1e-400, 0.000, -0, 12.50e1, 1.5e-3]
      """
    let numbers = try #require(JSON5Parser.parse(text, path: "x.json").root?.elements)
      .compactMap { $0.value.numberValue }
    #expect(numbers.count == 17)
    #expect(
      numbers.map(\.int) == [
        1, 100, nil, nil, nil, nil, Int.min, Int.max, nil, Int.max, Int.min, nil, nil, 0, 0, 125,
        nil,
      ])
    #expect(numbers[2].double == 2.5)
    #expect(numbers[3].double == nil && numbers[4].double == nil)
    #expect(numbers[5].double == 1e23)
    #expect(numbers[8].double == 9_223_372_036_854_775_808.0)
    #expect(numbers[11].double == 4_722_366_482_869_645_213_695.0)
    #expect(numbers[12].double == 0)
    #expect(numbers[16].double == 0.0015)
    #expect(numbers.map(\.literal).prefix(4) == ["1.0", "1e2", "2.5", "1e400"])
    // Equal by value, whatever the text.
    #expect(numbers[0] == JSONNumber(1) && numbers[1] == JSONNumber(100.0))
  }

  @Test func hugeNumbersDoNotTrap() throws {
    let digits = String(repeating: "9", count: 100_000)
    let text =
      "[\(digits), 0.\(digits), 1e99999999999999999999, 1e-99999999999999999999, -\(digits)e-99990]"
    let numbers = try #require(JSON5Parser.parse(text, path: "x.json").root?.elements)
      .compactMap { $0.value.numberValue }
    #expect(numbers.map(\.int) == [nil, nil, nil, nil, nil])
    #expect(numbers[0].double == nil)
    #expect(numbers[1].double == 1)
    #expect(numbers[2].double == nil)
    #expect(numbers[3].double == 0)
    #expect(numbers[4].double == -1e10)
  }

  // MARK: Syntax errors

  @Test func missingCommaIsReportedAtWhatWasFound() {
    #expect(
      messages("{\n  \"title\": \"x\"\n  \"id\": \"y\",\n}") == [
        #"x.json:3:3: expected "," or "}" after the value of "title", found the string "id""#
      ])
    #expect(
      messages(#"{"title": "x" tags: [1]}"#) == [
        #"x.json:1:15: expected "," or "}" after the value of "title", found "tags""#
      ])
    #expect(
      messages("[1, 2\n 3]") == [
        #"x.json:2:2: expected "," or "]" after item 2, found the number 3"#
      ])
  }

  @Test func severalIndependentErrorsAreAllReported() {
    let text = "{\n\t\"a\": 1\n\t\"b\": 2,\n\t\"c\": tru,\n\t\"d\": @,\n\t\"e\" = 5\n}"
    #expect(
      messages(text) == [
        #"x.json:3:2: expected "," or "}" after the value of "a", found the string "b""#,
        #"x.json:4:7: expected the value of "c", found "tru" — did you mean "true"?"#,
        #"x.json:5:7: expected the value of "d", found "@""#,
        #"x.json:6:6: expected ":" after the key "e", found "=""#,
      ])
  }

  @Test func oneMistakeGivesOneMessageNotACascade() {
    // A string left open swallows the rest of its line; the next lines parse normally.
    #expect(
      messages("{\n  \"title\": \"Hello,\n  \"id\": \"x\",\n  \"n\": 1\n}") == [
        #"x.json:2:19: expected a closing quote (") before the end of the line (write a line break inside a string as \n)"#
      ])
    // A missing "]" is noticed where the array's item turns out to be a key.
    #expect(
      messages("{\n  \"a\": [1, 2, 3,\n  \"b\": 4\n}") == [
        #"x.json:3:6: expected "," or "]" after item 4 of "a", found ":" (is a "]" missing before "b"?)"#
      ])
    #expect(
      messages(#"{"a": hello world, "b": 1}"#) == [
        #"x.json:1:7: expected the value of "a", found "hello" (text must be in quotes)"#
      ])
    #expect(
      messages(#"{"a": [1, 2}"#) == [
        #"x.json:1:12: expected "," or "]" after item 2 of "a", found "}""#
      ])
    #expect(
      messages(#"[{"a": 1]"#) == [
        #"x.json:1:9: expected "," or "}" after the value of "a", found "]""#
      ])
    #expect(
      messages("/* open\n{\"a\": 1}") == [
        #"x.json:1:1: unterminated comment: this "/*" has no closing "*/""#
      ])
  }

  @Test func truncatedFilesSayWhatWasExpected() {
    #expect(
      messages("") == ["x.json:1:1: unexpected end of file, expected a value (the file is empty)"])
    #expect(
      messages("  // nothing\n") == [
        "x.json:1:1: unexpected end of file, expected a value (the file is empty)"
      ])
    #expect(
      messages("{\"a\": 1,\n") == [
        #"x.json:1:9: unexpected end of file, expected a key or "}" (the object that starts at line 1, column 1 is not closed)"#
      ])
    #expect(
      messages(#"{"a": [1, {"b": "#) == [
        #"x.json:1:16: unexpected end of file, expected the value of "b" (the object that starts at line 1, column 11 is not closed)"#
      ])
    #expect(
      messages("[1, 2") == [
        #"x.json:1:6: unexpected end of file, expected "," or "]" after item 2 (the array that starts at line 1, column 1 is not closed)"#
      ])
    #expect(
      messages(#"{"tags": ["a""#) == [
        #"x.json:1:14: unexpected end of file, expected "," or "]" after item 1 of "tags" (the array of "tags" that starts at line 1, column 10 is not closed)"#
      ])
    #expect(
      messages(#"{"a"#) == [
        #"x.json:1:2: unexpected end of file, expected a closing quote (") for the string that starts here"#
      ])
    #expect(
      messages(#"{"a""#) == [
        #"x.json:1:5: unexpected end of file, expected ":" after the key "a" (the object that starts at line 1, column 1 is not closed)"#
      ])
  }

  @Test func wordsAndQuotes() {
    #expect(
      messages(#"{"a": True, "b": nul}"#) == [
        #"x.json:1:7: expected the value of "a", found "True" — did you mean "true"?"#,
        #"x.json:1:18: expected the value of "b", found "nul" — did you mean "null"?"#,
      ])
    #expect(
      messages("{“title”: 1}") == [
        #"x.json:1:2: expected a key (a name or a string in quotes) or "}", found "“" (a typographic quote; strings need straight quotes " or ')"#
      ])
    #expect(
      messages(#"{"a": 1} {}"#) == [
        #"x.json:1:10: expected the end of the file after the top-level value, found "{""#
      ])
    #expect(messages("[1,,2]") == [#"x.json:1:4: expected a value or "]", found ",""#])
    #expect(messages("{,}") == [#"x.json:1:2: expected a key or "}", found ",""#])
    #expect(
      messages(#"{"a": -, "b": .}"#) == [
        #"x.json:1:7: expected the value of "a", found "-""#,
        #"x.json:1:15: expected the value of "b", found ".""#,
      ])
  }

  @Test func malformedNumbersAreReportedButKeepTheirValue() {
    #expect(
      messages(#"{"a": 007, "b": 1e, "c": 12px, "d": 0x}"#) == [
        #"x.json:1:7: a number cannot start with 0 followed by more digits (found "007")"#,
        #"x.json:1:18: the number "1e" has no digits in its exponent after "e""#,
        #"x.json:1:28: unexpected "px" right after the number "12""#,
        "x.json:1:37: 0x must be followed by hexadecimal digits (0-9, a-f)",
      ])
  }

  @Test func escapesThatWouldSilentlyChangeAString() {
    #expect(
      messages(#"{"p": "^\\d+$", "q": "^\d+$"}"#) == [
        #"x.json:1:24: unknown escape \d in a string (to write a backslash, double it: \\d)"#
      ])
    #expect(
      messages(#"["\uD83D x", "\uDE00", "\u12", "\x4", "\1"]"#) == [
        #"x.json:1:3: \uD83D is the first half of a surrogate pair, but no second half (\uDC00 to \uDFFF) follows it"#,
        #"x.json:1:15: \uDE00 is the second half of a surrogate pair, without the first half before it"#,
        "x.json:1:25: \\u must be followed by four hexadecimal digits",
        "x.json:1:33: \\x must be followed by two hexadecimal digits",
        "x.json:1:40: \\1 is not a valid escape (digits cannot be escaped)",
      ])
  }

  @Test func controlCharactersNULAndInvalidUTF8() {
    #expect(
      messages("{\"a\": \"tab\there\", \"b\": \"esc\u{1b}[31m\", \"c\": \"nul\u{0}\"}") == [
        #"x.json:1:28: the control character U+001B inside a string (write it as \u001b)"#,
        #"x.json:1:45: a NUL byte inside a string (write \u0000 if you mean it)"#,
      ])
    #expect(
      messages([UInt8(ascii: "["), 0, UInt8(ascii: "]")]) == [
        "x.json:1:2: expected a value, found a NUL byte"
      ])
    #expect(
      messages(Array("[\"ok\", \"é".utf8) + [0xFF, 0x22, 0x5D]) == [
        "x.json:1:10: invalid UTF-8: the byte 0xFF is not part of a valid character (save the file as UTF-8)"
      ])
    #expect(
      messages(Array("[1, ".utf8) + [0xC0, 0xAF, 0x5D]) == [
        "x.json:1:5: expected a value, found the byte 0xC0, which is not valid UTF-8"
      ])
    // Overlong forms and encoded surrogates are not UTF-8 either.
    #expect(messages([0x22, 0xED, 0xA0, 0x80, 0x22]).count == 1)
    #expect(messages([0x22, 0xE0, 0x80, 0xAF, 0x22]).count == 1)
    #expect(messages("// comment \u{7}\n1").isEmpty)
    #expect(
      messages(Array("// bad ".utf8) + [0xFE] + Array("\n1".utf8)) == [
        "x.json:1:8: invalid UTF-8: the byte 0xFE is not part of a valid character (save the file as UTF-8)"
      ])
  }

  @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
    let ok = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
    #expect(messages(ok).isEmpty)
    let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
    #expect(
      messages(deep) == [
        "x.json:1:129: too deeply nested: more than 128 arrays and objects inside each other"
      ])
    #expect(
      messages(String(repeating: "{\"a\":", count: 100_000)) == [
        "x.json:1:641: too deeply nested: more than 128 arrays and objects inside each other"
      ])
    #expect(JSON5Parser.parse("[[[1]]]", path: "x.json", maxDepth: 2).diagnostics.count == 1)
  }

  @Test func duplicateKeysKeepTheTreeAndPointAtTheSecond() throws {
    let result = JSON5Parser.parse("{\n \"a\": 1,\n \"b\": 2,\n \"a\": 3\n}", path: "x.json")
    #expect(
      result.diagnostics.map(\.description) == [
        #"x.json:4:2: duplicate key "a" (first at line 2)"#
      ])
    #expect(result.root?.value == ["a": 1, "b": 2, "a": 3])
    #expect(
      messages(#"{"a": 1, "a": 2}"#) == [
        #"x.json:1:10: duplicate key "a" (first at line 1, column 2)"#
      ])
    // Large objects switch to a dictionary; the answer is the same.
    let keys = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0", "\"k39\": 1"]
    #expect(messages("{" + keys.joined(separator: ", ") + "}").count == 2)
    #expect(throws: Diagnostics.self) {
      try JSON5Parser.parseDocument(Array(#"{"a": 1, "a": 2}"#.utf8), path: "x.json")
    }
  }

  @Test func messagesNeverCarryRawControlCharacters() {
    let all = messages("{\"\u{1b}[31mkey\": x\u{1b}}") + messages("[\"\u{1b}]2;title\u{7}\" 1]")
    #expect(!all.isEmpty)
    for message in all {
      #expect(
        !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(message)")
    }
  }

  @Test func diagnosticsCapAtTwenty() {
    let text = "[" + Array(repeating: "@", count: 100).joined(separator: ",\n") + "]"
    #expect(messages(text).count == 20)
  }
}
