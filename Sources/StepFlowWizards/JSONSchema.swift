import StepFlowJSON

/// How to read one value of a file into a Swift value, reporting every problem at its location.
///
/// Schemas compose: `.string`, `.int(in: 1...10)`, `.bool`, `.oneOf([...])`, `.color`,
/// `.array(of: …)`, `.object { o in … }` (see ``ObjectReader``). Reading never stops at the
/// first problem; ``load(_:path:as:)`` gives the value only when the file has none.
///
/// Messages name the value (`"title"`, `item 2 of "tags"`) and say what was expected:
/// - `wrong type: "title" must be a string, found a number` (at the value)
/// - `wrong value: "pages" must be an integer from 1 to 10000, found 0` (at the value)
/// - `missing key "id"` (at the object's `{`)
/// - `unknown key "titel" — did you mean "title"?` (at the key)
///
/// Every schema also writes itself as a JSON Schema (draft 2020-12) — ``document(in:)`` — so
/// that `stepflow schema` prints what the loader checks, from the same values.
package struct JSONSchema<Output>: Sendable {
  private let describe: @Sendable () -> String
  private let reader: @Sendable (JSONNode, JSONSubject, inout DiagnosticLog) -> Output?
  private let documenter: @Sendable (inout SchemaDefinitions) -> JSONValue
  /// How the schema reads a node it may take apart (``take(_:as:log:)``), for the schemas
  /// that read parts (arrays and objects); `nil` for the others.
  private var taker: (@Sendable (inout JSONNode, JSONSubject, inout DiagnosticLog) -> Output?)? =
    nil

  /// A schema from a reading function, for values the built-in schemas do not cover.
  ///
  /// Making a schema costs next to nothing (its description is only worked out for a
  /// message), so schemas may be written inline inside `.object { … }` closures.
  ///
  /// - Parameters:
  ///   - expected: What the value must be, for messages (`a regular expression`).
  ///   - document: The JSON Schema of the values `read` accepts (`["type": "string"]`).
  ///   - read: Returns the value, or records problems in the log (naming the value by the
  ///     subject) and returns `nil`.
  package init(
    expected: @autoclosure @escaping @Sendable () -> String,
    document: @escaping @Sendable (inout SchemaDefinitions) -> JSONValue,
    read:
      @escaping @Sendable (_ node: JSONNode, _ subject: JSONSubject, _ log: inout DiagnosticLog)
      -> Output?
  ) {
    describe = expected
    documenter = document
    reader = read
  }

  /// A schema whose JSON Schema does not depend on other parts (worked out only when a
  /// document is written: reading files never builds it).
  package init(
    expected: @autoclosure @escaping @Sendable () -> String,
    document: @autoclosure @escaping @Sendable () -> JSONValue,
    read:
      @escaping @Sendable (_ node: JSONNode, _ subject: JSONSubject, _ log: inout DiagnosticLog)
      -> Output?
  ) {
    self.init(expected: expected(), document: { _ in document() }, read: read)
  }

  /// The JSON Schema (draft 2020-12) of the values this schema reads; named parts go in
  /// `definitions`.
  package func document(in definitions: inout SchemaDefinitions) -> JSONValue {
    documenter(&definitions)
  }

  /// The JSON Schema document of a file this schema reads: `$schema`, a title and a
  /// description, the schema, and its named parts under `$defs`.
  package func schemaDocument(title: String, description: String) -> JSONValue {
    var definitions = SchemaDefinitions()
    let body = document(in: &definitions)
    var head: JSONValue = [
      "$schema": "https://json-schema.org/draft/2020-12/schema", "title": .string(title),
      "description": .string(description),
    ]
    if case .object(let members) = body { head = head.adding(members) }
    if !definitions.members.isEmpty { head = head.adding(["$defs": .object(definitions.members)]) }
    return head
  }

  /// The same reading, with its JSON Schema changed by `transform` — for what the reading
  /// checks that its parts do not say (a pattern, a rule between keys).
  package func documented(
    _ transform: @escaping @Sendable (JSONValue, inout SchemaDefinitions) -> JSONValue
  ) -> JSONSchema<Output> {
    let inner = documenter
    var schema = JSONSchema(
      expected: describe(),
      document: { definitions in transform(inner(&definitions), &definitions) }, read: reader)
    schema.taker = taker
    return schema
  }

  /// The same reading, its JSON Schema written once under `name` in `$defs` and referred to
  /// (a part used in several places, or inside itself).
  package func named(_ name: String) -> JSONSchema<Output> {
    let inner = documenter
    var schema = JSONSchema(
      expected: describe(),
      document: { definitions in definitions.reference(name, inner) }, read: reader)
    schema.taker = taker
    return schema
  }

  /// What the value must be, as messages say it after "must be": `a string`, `an object`.
  package var expected: String { describe() }

  /// Reads `node`, recording problems in `log`; `nil` when the value cannot be used.
  package func read(_ node: JSONNode, as subject: JSONSubject, log: inout DiagnosticLog) -> Output?
  {
    reader(node, subject, &log)
  }

  /// Reads `node` as ``read(_:as:log:)`` does, and takes it apart: it is left `null`, and an
  /// array or object lets each of its items or members go once that one is read.
  ///
  /// A tree that nothing else holds is released as the values made from it grow (a long
  /// wizard's steps), instead of being held whole beside them until the end; a tree held
  /// elsewhere too is read the same and released with its last holder.
  package func take(_ node: inout JSONNode, as subject: JSONSubject, log: inout DiagnosticLog)
    -> Output?
  {
    if let taker { return taker(&node, subject, &log) }
    let value = reader(node, subject, &log)
    node = JSONNode(.null, at: node.location)
    return value
  }

  /// Reads a parsed document: the value, and every problem found (in the order found).
  package func read(_ node: JSONNode, path: String, as subject: JSONSubject = "the top-level value")
    -> (value: Output?, diagnostics: [Diagnostic])
  {
    var log = DiagnosticLog(path: path)
    let value = read(node, as: subject, log: &log)
    if value == nil, log.isEmpty {
      log.report("\(subject) could not be read", at: node.location)
    }
    return (value, log.diagnostics)
  }

  /// Parses a file and reads it: the value when the file has no problem at all; otherwise
  /// every syntax error — or, when the syntax is fine, every duplicate key and schema problem —
  /// sorted by location.
  package func load(
    _ bytes: [UInt8], path: String, as subject: JSONSubject = "the top-level value"
  ) throws(Diagnostics) -> Output {
    let parsed = JSON5Parser.parse(bytes, path: path)
    guard let root = parsed.root else { throw Diagnostics(parsed.diagnostics) }
    let (value, problems) = read(root, path: path, as: subject)
    let all = (parsed.diagnostics + problems).sortedByLocation()
    guard let value, all.isEmpty else { throw Diagnostics(all) }
    return value
  }

  /// The same value turned into another type.
  package func map<T>(_ transform: @escaping @Sendable (Output) -> T) -> JSONSchema<T> {
    JSONSchema<T>(expected: describe(), document: documenter) { node, subject, log in
      read(node, as: subject, log: &log).map(transform)
    }
  }

  /// The same value with a further check: `problem` returns what is wrong with a value, and it
  /// is reported as `wrong value: <subject> <problem>` at the value.
  ///
  /// The JSON Schema stays the one of `self` (say the check with ``documented(_:)`` where
  /// JSON Schema can say it).
  ///
  /// ```swift
  /// .string.checked { isValidPattern($0) ? nil : "is not a valid regular expression" }
  /// ```
  package func checked(_ problem: @escaping @Sendable (Output) -> String?) -> JSONSchema<Output> {
    JSONSchema(expected: describe(), document: documenter) { node, subject, log in
      guard let value = read(node, as: subject, log: &log) else { return nil }
      if let problem = problem(value) {
        log.report("wrong value: \(subject) \(problem)", at: node.location)
        return nil
      }
      return value
    }
  }
}

extension DiagnosticLog {
  /// Records `wrong type: <subject> must be <expected>, found <kind>` at the value.
  package mutating func wrongType(
    _ subject: JSONSubject, expected: @autoclosure () -> String, found node: JSONNode
  ) {
    report(
      "wrong type: \(subject) must be \(expected()), found \(node.kindDescription)",
      at: node.location)
  }

  /// Records `wrong value: <subject> must be <expected>, found <value><hint>` at the value.
  package mutating func wrongValue(
    _ subject: JSONSubject, expected: @autoclosure () -> String, found node: JSONNode,
    hint: String = ""
  ) {
    report(
      "wrong value: \(subject) must be \(expected()), found \(node.foundDescription)\(hint)",
      at: node.location)
  }
}

/// How many items an array taken apart lets go at once (``JSONSchema/take(_:as:log:)``).
private let takenItemsRun = 4096

extension JSONSchema {
  /// An array whose items all follow `element`; `nil` when any item is wrong (every item is
  /// still checked, so all their problems are reported).
  ///
  /// - Parameters:
  ///   - element: The schema of each item.
  ///   - minCount: The fewest items allowed (`1`: `wrong value: "steps" must not be empty`).
  /// - Returns: The schema of the array.
  package static func array<Element>(of element: JSONSchema<Element>, minCount: Int = 0)
    -> JSONSchema<[Element]> where Output == [Element]
  {
    /// Reads the items of `node`; `taking`, lets them go as it goes (see ``take(_:as:log:)``).
    @Sendable func items(
      _ node: inout JSONNode, _ subject: JSONSubject, _ log: inout DiagnosticLog, taking: Bool
    ) -> [Element]? {
      guard var items = node.takeElements() else {
        log.wrongType(subject, expected: "an array", found: node)
        return nil
      }
      var tooFew = false
      if items.count < minCount {
        tooFew = true
        log.report(
          minCount == 1
            ? "wrong value: \(subject) must not be empty"
            : "wrong value: \(subject) must have at least \(minCount) items, found \(items.count)",
          at: node.location)
      }
      var result: [Element] = []
      result.reserveCapacity(items.count)
      var failed = false
      // Taken items are let go a run at a time, by dropping the array that holds the run.
      // One by one, an item's small pieces stay apart once freed, the values read after it
      // scatter into the gaps and the pages stay resident; glibc's malloc joins the small free
      // pieces when a large block (the run's array) is freed, and what follows fills one region.
      var run: [JSONNode] = []
      for i in items.indices {
        let item: JSONNode
        if taking {
          if run.count == takenItemsRun { run = [] }
          run.append(items[i])
          items[i] = JSONNode(.null, at: items[i].location)
          item = run[run.count - 1]
        } else {
          item = items[i]
        }
        if let value = element.read(item, as: subject.item(i + 1), log: &log) {
          result.append(value)
        } else {
          failed = true
        }
      }
      return failed || tooFew ? nil : result
    }
    var schema = JSONSchema<[Element]>(
      expected: "an array",
      document: { definitions in
        var document: JSONValue = ["type": "array", "items": element.document(in: &definitions)]
        if minCount > 0 { document = document.adding(["minItems": .int(minCount)]) }
        return document
      },
      read: { node, subject, log in
        var shared = node
        return items(&shared, subject, &log, taking: false)
      }
    )
    schema.taker = { node, subject, log in items(&node, subject, &log, taking: true) }
    return schema
  }

  /// An object read member by member with an ``ObjectReader``; keys the closure never asks for
  /// are reported as unknown once it returns.
  package static func object(_ read: @escaping @Sendable (inout ObjectReader) -> Output?)
    -> JSONSchema<Output>
  {
    var schema = JSONSchema(
      expected: "an object",
      document: { definitions in
        // The closure run on no members says which keys it asks for, and their schemas.
        var reader = ObjectReader(describingInto: &definitions)
        _ = read(&reader)
        return reader.finishDescribing(returningDefinitionsTo: &definitions)
      },
      read: { node, subject, log in
        guard case .object(let members) = node.content else {
          log.wrongType(subject, expected: "an object", found: node)
          return nil
        }
        var reader = ObjectReader(
          members: members, location: node.location, subject: subject, taking: &log)
        let value = read(&reader)
        reader.finish(returningLogTo: &log)
        return value
      }
    )
    schema.taker = { node, subject, log in
      // The reader holds the only reference to the members: each goes with it, and a member
      // taken (``ObjectReader/take(_:_:)``) goes as it is read.
      guard var reader = ObjectReader(takingMembersOf: &node, subject: subject, log: &log) else {
        log.wrongType(subject, expected: "an object", found: node)
        return nil
      }
      let value = read(&reader)
      reader.finish(returningLogTo: &log)
      return value
    }
    return schema
  }

  /// An object with any keys, each value following `value` (an answers file: field id → answer).
  ///
  /// `nil` when any value is wrong; duplicate keys keep their first value.
  package static func dictionary<Value>(of value: JSONSchema<Value>) -> JSONSchema<[String: Value]>
  where Output == [String: Value] {
    JSONSchema<[String: Value]>(
      expected: "an object",
      document: { definitions in
        ["type": "object", "additionalProperties": value.document(in: &definitions)]
      },
      read: { node, subject, log in
        guard case .object(let members) = node.content else {
          log.wrongType(subject, expected: "an object", found: node)
          return nil
        }
        var result: [String: Value] = [:]
        var failed = false
        for member in members {
          if let read = value.read(member.value, as: .key(member.key), log: &log) {
            if result[member.key] == nil { result[member.key] = read }
          } else {
            failed = true
          }
        }
        return failed ? nil : result
      }
    )
  }
}
