import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowJSON
@testable import StepFlowWizards

/// A tree taken apart as it is read (`JSONSchema.take`, the wizard loader's way) gives the
/// values and the messages reading it gives, and leaves a copy held elsewhere whole.
@Suite struct TakenTreeTests {
  /// More items than one run of taken items (4,096), with mistakes before and after the first
  /// run ends.
  static let count = 5000

  private struct Item: Equatable {
    var name: String
    var size: Int
  }

  private static let item: JSONSchema<Item> = .object { o in
    let name = o.required("name", .nonEmptyString)
    let size = o.optional("size", .int(in: 1...99), default: 1)
    guard let name else { return nil }
    return Item(name: name, size: size)
  }

  private static let list: JSONSchema<[Item]> = .object { o in
    let title = o.required("title", .nonEmptyString)
    let items = o.take("items", .array(of: item, minCount: 1))
    guard title != nil else { return nil }
    return items
  }

  /// `{ title, items: [...] }` with `count` items; item 3 and item 4,500 are wrong.
  private static func listText(wrong: Bool) -> String {
    var text = "{ title: \"Things\", items: [\n"
    for i in 1...count {
      if wrong, i == 3 {
        text += "  { name: \"\", size: 2 },\n"
      } else if wrong, i == 4500 {
        text += "  { name: \"n\(i)\", size: 100, colour: \"red\" },\n"
      } else {
        text += "  { name: \"n\(i)\", size: \(i % 99 + 1) },\n"
      }
    }
    return text + "] }\n"
  }

  private static func root(_ text: String) throws -> JSONNode {
    try #require(JSON5Parser.parse(text, path: "l.json").root)
  }

  @Test func takingAListReadsWhatReadingReads() throws {
    for wrong in [false, true] {
      let text = Self.listText(wrong: wrong)
      var readLog = DiagnosticLog(path: "l.json")
      let read = Self.list.read(try Self.root(text), as: "the list", log: &readLog)
      var taken = try Self.root(text)
      var takenLog = DiagnosticLog(path: "l.json")
      let value = Self.list.take(&taken, as: "the list", log: &takenLog)
      #expect(value == read)
      #expect(takenLog.diagnostics.map(\.description) == readLog.diagnostics.map(\.description))
      #expect(taken.kindDescription == "null")
      if wrong {
        #expect(value == nil)
        expectLines(
          takenLog.diagnostics.map(\.description),
          [
            "l.json:4:11: wrong value: \"name\" must not be empty",
            "l.json:4501:26: wrong value: \"size\" must be an integer from 1 to 99, found 100",
            "l.json:4501:31: unknown key \"colour\"",
          ])
      } else {
        #expect(value?.count == Self.count)
        #expect(value?.last == Item(name: "n\(Self.count)", size: Self.count % 99 + 1))
      }
    }
  }

  @Test func aTreeHeldElsewhereStaysWhole() throws {
    var taken = try Self.root(Self.listText(wrong: false))
    let kept = taken
    var log = DiagnosticLog(path: "l.json")
    #expect(Self.list.take(&taken, as: "the list", log: &log)?.count == Self.count)
    #expect(taken.members == nil)
    let items = try #require(kept["items"]?.elements)
    #expect(items.count == Self.count)
    #expect(items.allSatisfy { $0.members?.count == 2 })
    #expect(items[4999]["name"]?.stringValue == "n5000")
  }

  /// A wizard of `count` steps, loaded (taken apart) and read from a tree kept whole, gives
  /// the same definition, and the same messages when it has mistakes.
  @Test func aWizardLoadsAsItReads() throws {
    for wrong in [false, true] {
      var text = "{ id: \"long\", title: \"Long\", steps: [\n"
      for i in 0..<Self.count {
        let id = wrong && i == 4600 ? "step7" : "step\(i)"
        text += "  { id: \"\(id)\", title: \"Step \(i)\", icon: \"star\", "
        text += "fields: [{ id: \"f\(i)\", label: \"F \(i)\", required: true"
        text += wrong && i == 4700 ? ", kind: \"texts\" }] },\n" : " }] },\n"
      }
      text += "] }\n"
      let bytes = Array(text.utf8)
      var loaded: FlowDefinition? = nil
      var loadProblems: [String] = []
      do {
        loaded = try WizardFile.load(bytes, path: "w.json")
      } catch {
        loadProblems = error.all.map(\.description)
      }
      // The same reading and checks on a tree that is kept whole.
      let root = try #require(JSON5Parser.parse(bytes, path: "w.json").root)
      var log = DiagnosticLog(path: "w.json")
      let draft = WizardSchema.wizard.read(root, as: "the wizard", log: &log)
      if let draft { WizardChecks.check(draft, log: &log) }
      let readProblems = log.diagnostics.sortedByLocation().map(\.description)
      #expect(loadProblems == readProblems)
      if wrong {
        #expect(loaded == nil)
        expectLines(
          loadProblems,
          [
            "w.json:4602:9: duplicate step id \"step7\" (first at line 9)",
            "w.json:4702:112: \"kind\" is for path fields, not text fields",
            "w.json:4702:118: wrong value: \"kind\" must be one of \"file\", \"directory\" or \"any\", found \"texts\"",
          ])
      } else {
        #expect(loaded == draft?.definition)
        #expect(loaded?.steps.count == Self.count)
        #expect(loaded?.steps[4999].fields.first?.id == "f4999")
      }
    }
  }
}
