import StepFlowJSON
import StepFlowText

/// Reads the members of one object by name and type, collecting every problem instead of
/// stopping at the first: wrong types at the value and — when the reading is done — missing
/// keys at the object and unknown keys at the key, with a did-you-mean from the keys asked for.
///
/// An `ObjectReader` is handed to the closure of ``JSONSchema/object(_:)``:
///
/// ```swift
/// static let book: JSONSchema<Book> = .object { o in
///   let title = o.required("title", .nonEmptyString)
///   let pages = o.required("pages", .int(in: 1...10_000))
///   let tags = o.optional("tags", .array(of: .string), default: [])
///   guard let title, let pages else { return nil }
///   return Book(title: title, pages: pages, tags: tags)
/// }
/// ```
///
/// Read every key before deciding what to return (as above, not inside a `guard` that may
/// return early): a key the closure never asks for is reported as unknown.
package struct ObjectReader {
  /// The object's members, in file order (a value taken by ``take(_:_:)`` is `null`).
  package private(set) var members: [JSONNode.Member]
  /// Where the object starts (its `{`).
  package let location: TextLocation
  /// How messages name the object.
  package let subject: JSONSubject
  /// The problems of the whole file, lent to this reader while it reads (no copy per object).
  package var log: DiagnosticLog
  /// Where this object's keys start in `log.knownKeys`: every key asked for, in order, for
  /// did-you-mean suggestions (a stack shared by nested readers, so no allocation per object).
  private let knownBase: Int
  /// Required keys that are absent, reported when the reading is done.
  private var missing: [String] = []
  /// Which of the first 64 members have been asked for, one bit each (the rest are checked
  /// against the known keys), so that finding unknown keys compares no strings.
  private var used: UInt64 = 0
  /// When the reader writes the object's JSON Schema instead of reading one: each key asked
  /// for, with its schema.
  private var description: ObjectDescription?

  /// What a reading closure asks for, gathered by a describing reader.
  private struct ObjectDescription {
    var properties: [JSONMember] = []
    var required: [String] = []
    var definitions: SchemaDefinitions
  }

  /// A reader that takes `log` over until ``finish(returningLogTo:)``.
  package init(
    members: [JSONNode.Member], location: TextLocation, subject: JSONSubject,
    taking log: inout DiagnosticLog
  ) {
    self.members = members
    self.location = location
    self.subject = subject
    self.log = DiagnosticLog(path: log.path)
    swap(&self.log, &log)
    knownBase = self.log.knownKeys.count
  }

  /// A reader of the members of an object `node`, taken out of it.
  ///
  /// The reader holds them (``JSONNode/takeMembers()``), and they go with it. `nil`, and
  /// nothing taken, when `node` is no object.
  package init?(
    takingMembersOf node: inout JSONNode, subject: JSONSubject, log: inout DiagnosticLog
  ) {
    guard let members = node.takeMembers() else { return nil }
    self.init(members: members, location: node.location, subject: subject, taking: &log)
  }

  /// A reader of no members that notes each key the closure asks for and the schema it
  /// expects there, to write the object's JSON Schema (``finishDescribing(returningDefinitionsTo:)``).
  package init(describingInto definitions: inout SchemaDefinitions) {
    var log = DiagnosticLog(path: "")
    self.init(
      members: [], location: TextLocation(line: 1, column: 1), subject: "the object", taking: &log)
    var found = ObjectDescription(definitions: SchemaDefinitions())
    swap(&found.definitions, &definitions)
    description = found
  }

  /// The JSON Schema of the object a describing reader was asked about: its keys, the
  /// required ones, and no other key; the named parts are handed back to `definitions`.
  package mutating func finishDescribing(
    returningDefinitionsTo definitions: inout SchemaDefinitions
  ) -> JSONValue {
    guard var found = description else { return ["type": "object"] }
    swap(&found.definitions, &definitions)
    description = nil
    var document: JSONValue = ["type": "object", "properties": .object(found.properties)]
    if !found.required.isEmpty {
      document = document.adding(["required": .array(found.required.map { .string($0) })])
    }
    return document.adding(["additionalProperties": false])
  }

  /// Notes `key` with its schema, for a describing reader (a later note of a key keeps the
  /// schema an earlier one gave, unless it has one itself).
  private mutating func note(_ key: String, _ schema: JSONValue?, required: Bool) {
    guard var found = description else { return }
    description = nil
    if let i = found.properties.firstIndex(where: { $0.key == key }) {
      if let schema { found.properties[i].value = schema }
    } else {
      found.properties.append(JSONMember(key, schema ?? [:]))
    }
    if required, !found.required.contains(key) { found.required.append(key) }
    description = found
  }

  private mutating func note<T>(_ key: String, _ schema: JSONSchema<T>, required: Bool) {
    guard var found = description else { return }
    description = nil
    let document = schema.document(in: &found.definitions)
    description = found
    note(key, document, required: required)
  }

  /// The value of a key that must be present: `nil` (with a problem recorded) when it is
  /// missing — `missing key "id"` at the object's `{` — or is not what `schema` expects.
  package mutating func required<T>(_ key: String, _ schema: JSONSchema<T>) -> T? {
    if description != nil { note(key, schema, required: true) }
    guard let node = node(key) else {
      if !missing.contains(where: { JSONKey.same($0, key) }) { missing.append(key) }
      return nil
    }
    return schema.read(node, as: .key(key), log: &log)
  }

  /// The value of a key that must be present, read as ``required(_:_:)`` reads it, and taken.
  ///
  /// The value is taken apart as it is read (``JSONSchema/take(_:as:log:)``): a large value (a
  /// long wizard's steps) is released part by part while what is made from it grows. Its
  /// member holds `null` after.
  package mutating func take<T>(_ key: String, _ schema: JSONSchema<T>) -> T? {
    if description != nil { note(key, schema, required: true) }
    guard let i = markKnown(key) else {
      if !missing.contains(where: { JSONKey.same($0, key) }) { missing.append(key) }
      return nil
    }
    return schema.take(&members[i].value, as: .key(key), log: &log)
  }

  /// The value of a key that may be left out: `nil` when it is absent (no problem) or is not what
  /// `schema` expects (a problem recorded).
  ///
  /// `null` is a value like any other, not absence.
  package mutating func optional<T>(_ key: String, _ schema: JSONSchema<T>) -> T? {
    if description != nil { note(key, schema, required: false) }
    guard let node = node(key) else { return nil }
    return schema.read(node, as: .key(key), log: &log)
  }

  /// The value of a key that may be left out, or `defaultValue` when it is absent or wrong
  /// (a wrong value is still reported).
  package mutating func optional<T>(_ key: String, _ schema: JSONSchema<T>, default defaultValue: T)
    -> T
  {
    optional(key, schema) ?? defaultValue
  }

  /// The raw value of a key (its first occurrence), marking the key as known; `nil` when absent.
  ///
  /// For checks the schemas do not cover (a value whose type depends on another key).
  package mutating func node(_ key: String) -> JSONNode? {
    if description != nil { note(key, nil, required: false) }
    return markKnown(key).map { members[$0].value }
  }

  /// Notes `key` as known and its member (the first of that key) as read: its index, or `nil`
  /// when the object has no such key.
  private mutating func markKnown(_ key: String) -> Int? {
    log.knownKeys.append(key)
    guard let i = index(of: key) else { return nil }
    if i < 64 { used |= 1 << UInt64(i) }
    return i
  }

  /// Marks keys as known without reading them (keys that are read elsewhere or ignored).
  package mutating func allow(_ keys: String...) {
    for key in keys { _ = node(key) }
  }

  /// Whether the object has the key (without marking it as known).
  package func has(_ key: String) -> Bool { index(of: key) != nil }

  /// Where the key is written, if it is.
  package func keyLocation(of key: String) -> TextLocation? {
    index(of: key).map { members[$0].keyLocation }
  }

  /// Records a problem found by the caller (`"min" must not be larger than "max"`).
  package mutating func report(_ message: String, at location: TextLocation) {
    log.report(message, at: location)
  }

  private func index(of key: String) -> Int? { JSONKey.index(of: key, in: members) }

  /// Reports every key that was never asked for — `unknown key "titel" — did you mean "title"?`
  /// at the key — and every missing required key — `missing key "id"` at the object — except a
  /// missing key that an unknown key's did-you-mean already points to (one typo, one message);
  /// then hands the log back.
  package mutating func finish(returningLogTo parent: inout DiagnosticLog) {
    let everyMemberRead =
      members.count <= 64 && used == (members.count == 64 ? ~0 : (1 << UInt64(members.count)) - 1)
    if !everyMemberRead || !missing.isEmpty { reportUnknownAndMissingKeys() }
    while log.knownKeys.count > knownBase { log.knownKeys.removeLast() }
    swap(&log, &parent)
  }

  private mutating func reportUnknownAndMissingKeys() {
    let known = Array(log.knownKeys[knownBase...])
    var explained: [String] = []
    for (i, member) in members.enumerated() where i >= 64 || used & 1 << UInt64(i) == 0 {
      // A later duplicate of a key that was read is the parser's to report, not an unknown key.
      if known.contains(where: { JSONKey.same($0, member.key) }) { continue }
      let suggestion = Suggestions.closest(to: member.key, in: known)
      if let suggestion, missing.contains(suggestion) { explained.append(suggestion) }
      let hint = suggestion.map { " — did you mean \(quoted($0))?" } ?? ""
      log.report("unknown key \(quoted(member.key))\(hint)", at: member.keyLocation)
    }
    for key in missing where !explained.contains(key) {
      log.report("missing key \(quoted(key))", at: location)
    }
  }
}

/// How a message names a value: a key (`"title"`), an item (`item 2 of "tags"`), or a name given by
/// the caller (`the wizard`).
///
/// Formatted only when a message is written.
package struct JSONSubject: Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  private var text: String
  private var isKey: Bool
  private var item: Int

  private init(text: String, isKey: Bool, item: Int) {
    self.text = text
    self.isKey = isKey
    self.item = item
  }

  /// A subject named in words: `the wizard`, `the answers file`.
  package init(_ description: String) { self.init(text: description, isKey: false, item: 0) }

  package init(stringLiteral description: String) { self.init(description) }

  /// The value of a key: `"title"`.
  package static func key(_ key: String) -> JSONSubject {
    JSONSubject(text: key, isKey: true, item: 0)
  }

  /// The value as a message names it.
  package var description: String {
    let base = isKey ? quoted(text) : text
    return item == 0 ? base : "item \(item) of \(base)"
  }

  /// The `number`th item (from 1) of this array: `item 2 of "tags"`.
  package func item(_ number: Int) -> JSONSubject {
    item == 0
      ? JSONSubject(text: text, isKey: isKey, item: number)
      : JSONSubject(text: description, isKey: false, item: number)
  }
}
