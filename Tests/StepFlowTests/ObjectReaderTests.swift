import Testing

@testable import StepFlow
@testable import StepFlowJSON
@testable import StepFlowWizards

/// A made-up schema, the way the wizard model uses the toolkit: a book with typed fields and a
/// nested array of chapter objects.
private struct Book: Equatable {
  enum Format: String, CaseIterable, Sendable {
    case hardcover, paperback, ebook
  }

  struct Chapter: Equatable {
    var title: String
    var pages: Int
  }

  var title: String
  var pages: Int
  var tags: [String]
  var format: Format
  var cover: Color?
  var inPrint: Bool
  var chapters: [Chapter]

  static let chapter: JSONSchema<Chapter> = .object { o in
    let title = o.required("title", .nonEmptyString)
    let pages = o.optional("pages", .int(in: 1...1_000), default: 1)
    guard let title else { return nil }
    return Chapter(title: title, pages: pages)
  }

  static let schema: JSONSchema<Book> = .object { o in
    let title = o.required("title", .nonEmptyString)
    let pages = o.required("pages", .int(in: 1...10_000))
    let tags = o.optional("tags", .array(of: .string), default: [])
    let format = o.optional("format", .oneOf(Format.self), default: .paperback)
    let cover = o.optional("cover", .color)
    let inPrint = o.optional("inPrint", .bool, default: true)
    let chapters = o.required("chapters", .array(of: chapter, minCount: 1))
    guard let title, let pages, let chapters else { return nil }
    return Book(
      title: title, pages: pages, tags: tags, format: format, cover: cover, inPrint: inPrint,
      chapters: chapters)
  }
}

/// Every problem in `text` read as a book from `books/x.json`.
private func problems(_ text: String) -> [String] {
  do {
    _ = try Book.schema.load(Array(text.utf8), path: "books/x.json", as: "the book")
    return []
  } catch {
    return error.all.map(\.description)
  }
}

@Suite struct ObjectReaderTests {
  @Test func aValidFileGivesTheValue() throws {
    let text = """
      // JSON5 is fine too.
      {
        title: "Dune", pages: 412, tags: ["scifi", "classic"], format: "hardcover",
        cover: "#c2b280", inPrint: false,
        chapters: [{ title: "Prologue", pages: 3 }, { title: "Arrakis" }],
      }
      """
    let book = try Book.schema.load(Array(text.utf8), path: "books/x.json")
    #expect(
      book
        == Book(
          title: "Dune", pages: 412, tags: ["scifi", "classic"], format: .hardcover,
          cover: .rgb(0xC2, 0xB2, 0x80), inPrint: false,
          chapters: [.init(title: "Prologue", pages: 3), .init(title: "Arrakis", pages: 1)]))
  }

  @Test func threeMistakesGiveExactlyThreeLocatedMessages() {
    let text = """
      {
        "titel": "Dune",
        "pages": "412",
        "tags": ["scifi", 7],
        "chapters": [{"title": "Prologue"}]
      }
      """
    #expect(
      problems(text) == [
        #"books/x.json:2:3: unknown key "titel" — did you mean "title"?"#,
        #"books/x.json:3:12: wrong type: "pages" must be an integer from 1 to 10000, found a string"#,
        #"books/x.json:4:21: wrong type: item 2 of "tags" must be a string, found a number"#,
      ])
  }

  @Test func missingKeysAreReportedAtTheObject() {
    #expect(
      problems("{\n  \"pages\": 1,\n  \"chapters\": [\n    {\"pages\": 2}\n  ]\n}") == [
        #"books/x.json:1:1: missing key "title""#,
        #"books/x.json:4:5: missing key "title""#,
      ])
  }

  @Test func unknownKeysWithAndWithoutSuggestion() {
    let text =
      #"{"title": "T", "pages": 1, "chapters": [{"title": "A"}], "colour": "red", "isbn": 1, "tgas": []}"#
    #expect(
      problems(text) == [
        #"books/x.json:1:58: unknown key "colour""#,
        #"books/x.json:1:75: unknown key "isbn""#,
        #"books/x.json:1:86: unknown key "tgas" — did you mean "tags"?"#,
      ])
  }

  @Test func valuesOfTheWrongKindOrOutOfRange() {
    let text = """
      {
        "title": "",
        "pages": 0,
        "tags": "scifi",
        "format": "hardcovr",
        "cover": "tael",
        "inPrint": "yes",
        "chapters": []
      }
      """
    #expect(
      problems(text) == [
        #"books/x.json:2:12: wrong value: "title" must not be empty"#,
        #"books/x.json:3:12: wrong value: "pages" must be an integer from 1 to 10000, found 0"#,
        #"books/x.json:4:11: wrong type: "tags" must be an array, found a string"#,
        #"books/x.json:5:13: wrong value: "format" must be one of "hardcover", "paperback" or "ebook", found "hardcovr" — did you mean "hardcover"?"#,
        ##"books/x.json:6:12: wrong value: "cover" must be a colour: a name such as "teal", "#rgb", "#rrggbb", "ansi:N" or "color:N", found "tael" — did you mean "teal"?"##,
        #"books/x.json:7:14: wrong type: "inPrint" must be true or false, found a string"#,
        #"books/x.json:8:15: wrong value: "chapters" must not be empty"#,
      ])
  }

  @Test func numbersThatAreNotIntegersInRange() {
    for (pages, found) in [("2.5", "2.5"), ("1e400", "1e400"), ("-1", "-1"), ("null", "null")] {
      let kind = pages == "null" ? "wrong type" : "wrong value"
      #expect(
        problems(#"{"title": "T", "pages": \#(pages), "chapters": [{"title": "A"}]}"#) == [
          #"books/x.json:1:25: \#(kind): "pages" must be an integer from 1 to 10000, found \#(pages == "null" ? "null" : found)"#
        ])
    }
    // 1.0 and 1e2 are whole numbers.
    #expect(
      problems(#"{"title": "T", "pages": 1e2, "chapters": [{"title": "A", "pages": 1.0}]}"#).isEmpty
    )
  }

  @Test func nestedProblemsAndTheTopLevelKind() {
    #expect(
      problems(#"{"title": "T", "pages": 1, "chapters": [{"title": 5, "pagse": 2}, "x"]}"#) == [
        #"books/x.json:1:51: wrong type: "title" must be a string, found a number"#,
        #"books/x.json:1:54: unknown key "pagse" — did you mean "pages"?"#,
        #"books/x.json:1:67: wrong type: item 2 of "chapters" must be an object, found a string"#,
      ])
    #expect(
      problems("[1]") == [
        "books/x.json:1:1: wrong type: the book must be an object, found an array"
      ])
  }

  @Test func syntaxErrorsComeAloneDuplicatesJoinSchemaProblemsInOrder() {
    #expect(
      problems("{\"title\": \"T\" \"pages\": 1}") == [
        #"books/x.json:1:15: expected "," or "}" after the value of "title", found the string "pages""#
      ])
    #expect(
      problems(
        "{\n \"pages\": -1,\n \"title\": \"T\",\n \"title\": \"U\",\n \"chapters\": [{\"title\": \"A\"}]\n}"
      )
        == [
          #"books/x.json:2:11: wrong value: "pages" must be an integer from 1 to 10000, found -1"#,
          #"books/x.json:4:2: duplicate key "title" (first at line 3)"#,
        ])
  }

  @Test func customChecksMapsDictionariesAndRawNodes() throws {
    let even = JSONSchema.int.checked { $0 % 2 == 0 ? nil : "must be even, found \($0)" }
    let doubled = JSONSchema.int.map { $0 * 2 }
    let settings: JSONSchema<[String: Int]> = .object { o in
      let a = o.required("a", even)
      let b = o.required("b", doubled)
      let raw = o.node("raw")
      o.allow("comment")
      if let raw, raw.stringValue == nil {
        o.report("\"raw\" must be written as text here", at: raw.location)
      }
      let limits = o.optional("limits", .dictionary(of: .double(in: 0...1)), default: [:])
      guard let a, let b else { return nil }
      return ["a": a, "b": b, "limits": limits.count]
    }
    let good = #"{"a": 4, "b": 5, "raw": "x", "comment": 1, "limits": {"x": 0.5, "y": 1}}"#
    #expect(try settings.load(Array(good.utf8), path: "s.json") == ["a": 4, "b": 10, "limits": 2])
    let bad = #"{"a": 3, "b": 5, "raw": 1, "limits": {"x": 2, "y": "1"}}"#
    #expect(throws: Diagnostics.self) { try settings.load(Array(bad.utf8), path: "s.json") }
    do {
      _ = try settings.load(Array(bad.utf8), path: "s.json")
    } catch {
      #expect(
        error.all.map(\.description) == [
          #"s.json:1:7: wrong value: "a" must be even, found 3"#,
          #"s.json:1:25: "raw" must be written as text here"#,
          #"s.json:1:44: wrong value: "x" must be a number from 0 to 1, found 2"#,
          #"s.json:1:52: wrong type: "y" must be a number, found a string"#,
        ])
    }
  }

  @Test func aSchemaThatReturnsNothingWithoutSayingWhyStillFails() {
    let silent: JSONSchema<Int> = .object { _ in nil }
    let (value, diagnostics) = silent.read(
      JSONNode(.object([]), at: TextLocation(line: 2, column: 3)), path: "s.json",
      as: "the settings")
    #expect(value == nil)
    #expect(diagnostics.map(\.description) == ["s.json:2:3: the settings could not be read"])
  }

  @Test func largeObjectsFindUnknownKeysBeyondTheFirst64() throws {
    let wide: JSONSchema<Int> = .object { o in
      var sum = 0
      for i in 0..<70 { sum += o.optional("k\(i)", .int, default: 0) }
      return sum
    }
    let members = (0..<70).map { "\"k\($0)\": 1" } + ["\"k71\": 1", "\"x\": 1"]
    let text = "{\n" + members.joined(separator: ",\n") + "\n}"
    do {
      _ = try wide.load(Array(text.utf8), path: "w.json")
      Issue.record("expected problems")
    } catch {
      #expect(
        error.all.map(\.description) == [
          #"w.json:72:1: unknown key "k71" — did you mean "k1"?"#,
          #"w.json:73:1: unknown key "x""#,
        ])
    }
    let valid = "{" + (0..<70).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    #expect(try wide.load(Array(valid.utf8), path: "w.json") == 2415)
  }

  @Test func subjectsNameKeysAndItems() {
    let subject = JSONSubject.key("steps").item(3)
    #expect(subject.description == #"item 3 of "steps""#)
    #expect(subject.item(1).description == #"item 1 of item 3 of "steps""#)
    #expect(JSONSubject("the wizard").description == "the wizard")
    #expect(JSONSubject.key("a\u{1b}b").description == #""a\u001bb""#)
  }
}
