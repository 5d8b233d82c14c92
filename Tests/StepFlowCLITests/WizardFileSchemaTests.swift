import Foundation
import StepFlowCLI
import StepFlowJSON
import StepFlowTestSupport
import StepFlowWizards
import Testing

/// `stepflow schema` (no wizard): the JSON Schema of wizard files, written from the schemas the
/// loader reads them with — and an independent validator (Python's `jsonschema`) that agrees
/// with `stepflow validate` on the shipped wizards and on hundreds of mutated ones.
@Suite struct WizardFileSchemaTests {
  static let schemaPath = "docs/wizard.schema.json"
  static let wizards = [
    "delivery", "new-project", "onboarding", "purchase", "rating", "release", "survey",
  ]

  /// The checked-in schema (what editors read through `"$schema"`) is what `stepflow schema`
  /// prints; `STEPFLOW_RECORD=1` writes it again.
  @Test func theCheckedInSchemaIsTheGeneratedOne() throws {
    let r = try Stepflow.run(["schema"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr == "")
    let path = Repository.root + "/" + Self.schemaPath
    if ProcessInfo.processInfo.environment["STEPFLOW_RECORD"] == "1" {
      try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let checkedIn = try Repository.text(Self.schemaPath)
    #expect(checkedIn == r.stdout, "\(Self.schemaPath) is stale: STEPFLOW_RECORD=1 swift test")
  }

  /// Every shipped wizard names the schema, so an editor completes and checks it.
  @Test(arguments: wizards) func shippedWizardsNameTheSchema(name: String) throws {
    let text = try Repository.text("wizards/\(name).json")
    #expect(text.contains(#""$schema": "../docs/wizard.schema.json""#))
  }

  /// A `$schema` key is taken at the top of a file only, and must be a string.
  @Test func schemaKeyIsAStringAtTheTop() throws {
    let dir = try WizardCommandTests.folder([
      "top.json":
        #"{ "$schema": "x.json", id: "a", title: "A", steps: [{ id: "s", title: "S" }] }"#,
      "number.json": #"{ "$schema": 3, id: "a", title: "A", steps: [{ id: "s", title: "S" }] }"#,
      "step.json": #"{ id: "a", title: "A", steps: [{ "$schema": "x", id: "s", title: "S" }] }"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try Stepflow.run(
      ["validate", "top.json", "number.json", "step.json"], currentDirectory: dir)
    expectLines(
      r.stderr.split(separator: "\n").map(String.init) + r.lines,
      [
        #"number.json:1:14: wrong type: "$schema" must be a string, found a number"#,
        #"step.json:1:34: unknown key "$schema""#,
        "top.json: ok (1 step)",
      ])
  }

  /// Where one JSON value sits in a document: keys and array positions from the top.
  enum Step: Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)
    var description: String {
      switch self {
      case .key(let key): return key
      case .index(let i): return "[\(i)]"
      }
    }
  }

  /// One change to a valid wizard, and what it is for the failure message.
  struct Mutation {
    var file: String
    var what: String
    var value: JSONValue
  }

  /// Keys whose value the loader checks against other parts of the file (ids used elsewhere,
  /// option values in conditions, defaults against the rules, rating blocks against the
  /// navigation): JSON Schema cannot say those rules, so mutations leave them alone.
  static let frozen: Set<String> = [
    "when", "default", "disabled", "navigation", "capture", "tabsField", "pattern", "description",
  ]
  /// Keys whose value holds ids used elsewhere: it stays, what is inside may change.
  static let containers: Set<String> = ["steps", "fields", "tabs", "run"]

  /// Every value that may change, with whether it may only change inside (a container).
  static func spots(_ value: JSONValue, at path: [Step] = [], fixed: Bool = true)
    -> [(path: [Step], value: JSONValue, fixed: Bool)]
  {
    var found = [(path, value, fixed)]
    switch value {
    case .object(let members):
      for member in members where !frozen.contains(member.key) {
        found += spots(
          member.value, at: path + [.key(member.key)], fixed: containers.contains(member.key))
      }
    case .array(let items):
      for (i, item) in items.enumerated() {
        found += spots(item, at: path + [.index(i)], fixed: false)
      }
    default: break
    }
    return found
  }

  static func replacing(_ value: JSONValue, at path: ArraySlice<Step>, with new: JSONValue?)
    -> JSONValue
  {
    guard let first = path.first else { return new ?? value }
    switch (value, first) {
    case (.object(var members), .key(let key)):
      guard let i = members.firstIndex(where: { $0.key == key }) else { return value }
      if path.count == 1, new == nil {
        members.remove(at: i)
      } else {
        members[i].value = replacing(members[i].value, at: path.dropFirst(), with: new)
      }
      return .object(members)
    case (.array(var items), .index(let i)):
      items[i] = replacing(items[i], at: path.dropFirst(), with: new)
      return .array(items)
    default:
      return value
    }
  }

  /// Mutations of the kinds JSON Schema can judge: a key removed, an unknown key added, a
  /// value of another type, a misspelt word, a number out of range, an empty string, an
  /// array made an object — and a `$schema` key and reordered members, which change nothing.
  static func mutations(of document: JSONValue, file: String, count: Int, seed: UInt64)
    -> [Mutation]
  {
    var random = SeededGenerator(seed: seed)
    let all = spots(document)
    let words: Set<String> = [
      "position", "shape", "type", "style", "kind", "check", "start", "progress",
    ]
    let bounded: Set<String> = [
      "dots", "stars", "lines", "decimals", "extraWidth", "extraHeight", "timeout", "duration",
      "quantity",
    ]
    var result: [Mutation] = []
    var attempts = 0
    while result.count < count, attempts < count * 50 {
      attempts += 1
      let (path, value, fixed) = all[random.next(below: all.count)]
      let key: String? = {
        if case .key(let key)? = path.last { return key }
        return nil
      }()
      let place = path.map(\.description).joined(separator: ".")
      var mutated: JSONValue?
      var what = ""
      let operation = random.next(below: 8)
      // A container stays as it is; keys may be added to it and its members reordered.
      if fixed, operation != 1, operation != 7 { continue }
      switch operation {
      case 0 where key != nil:
        mutated = replacing(document, at: path[...], with: nil)
        what = "removed \(place)"
      case 1:
        guard case .object(let members) = value else { continue }
        mutated = replacing(
          document, at: path[...], with: .object(members + [JSONMember("zzz_unknown", 1)]))
        what = "added zzz_unknown to \(place)"
      case 2:
        let other: JSONValue
        switch value {
        case .string: other = true
        case .bool: other = "yes"
        case .number: other = "7"
        default: continue
        }
        mutated = replacing(document, at: path[...], with: other)
        what = "\(place) of another type"
      case 3:
        guard case .string(let word) = value, let key, words.contains(key) else { continue }
        mutated = replacing(document, at: path[...], with: .string(word + "x"))
        what = "misspelt \(place)"
      case 4:
        guard case .number = value, let key, bounded.contains(key) else { continue }
        mutated = replacing(document, at: path[...], with: 1_000_000_000)
        what = "\(place) out of range"
      case 5:
        guard case .string = value else { continue }
        mutated = replacing(document, at: path[...], with: "")
        what = "\(place) empty"
      case 6:
        guard case .array = value, !path.isEmpty else { continue }
        mutated = replacing(document, at: path[...], with: [:])
        what = "\(place) an object"
      default:
        guard case .object(let members) = value, members.count > 1 else { continue }
        mutated = replacing(document, at: path[...], with: .object(members.reversed()))
        what = "members of \(place.isEmpty ? "the wizard" : place) reversed"
      }
      if let mutated, mutated != document {
        result.append(Mutation(file: file, what: what, value: mutated))
      }
    }
    return result
  }

  @Test func anIndependentValidatorAgreesWithValidate() throws {
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var cases: [Mutation] = []
    for (i, name) in Self.wizards.enumerated() {
      let bytes = Array(try Repository.text("wizards/\(name).json").utf8)
      let root = try #require(JSON5Parser.parse(bytes, path: name).root).value
      cases.append(Mutation(file: name, what: "as shipped", value: root))
      cases += Self.mutations(of: root, file: name, count: 45, seed: UInt64(19_000 + i))
    }
    var paths: [String] = []
    for (i, mutation) in cases.enumerated() {
      let path = dir + "/case\(i).json"
      try JSONWriter.pretty(mutation.value).write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    try Stepflow.run(["schema"]).stdout.write(
      toFile: dir + "/wizard.schema.json", atomically: true, encoding: .utf8)
    let independent = try WizardHelpTests.validate(schema: dir + "/wizard.schema.json", paths)
    let ours = try Stepflow.run(["validate"] + paths)
    let valid = Set(
      ours.lines.filter { $0.contains(": ok (") }.map { String($0.prefix { $0 != ":" }) })
    #expect(independent.count == cases.count)
    var disagreements: [String] = []
    for (i, (mutation, verdict)) in zip(cases, independent).enumerated() {
      let oursValid = valid.contains(paths[i])
      if oursValid != (verdict == "valid") {
        let problems = ours.stderr.split(separator: "\n").filter {
          $0.hasPrefix(paths[i] + ":")
        }
        disagreements.append(
          "\(mutation.file): \(mutation.what): stepflow validate says "
            + (oursValid ? "valid" : problems.joined(separator: " | "))
            + "; jsonschema says \(verdict)")
      }
    }
    let report = disagreements.joined(separator: "\n")
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count):\n\(report)")
    // Not vacuous: both verdicts are common.
    #expect(valid.count >= 30)
    #expect(cases.count - valid.count >= 150)
    #expect(cases.count >= 300)
  }
}
