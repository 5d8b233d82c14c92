import StepFlowJSON

/// The named parts of a JSON Schema document (`$defs`), gathered while a ``JSONSchema`` writes
/// its document: a part used in several places is written once, and a part that contains
/// itself (a condition of conditions) refers to itself.
package struct SchemaDefinitions: Sendable {
  /// The parts, in the order they were first used.
  package private(set) var members: [JSONMember] = []
  private var started: Set<String> = []

  package init() {}

  /// `{"$ref": "#/$defs/NAME"}`, writing the part with `build` the first time it is used.
  package mutating func reference(
    _ name: String, _ build: (inout SchemaDefinitions) -> JSONValue
  ) -> JSONValue {
    if started.insert(name).inserted {
      let index = members.count
      members.append(JSONMember(name, [:]))
      members[index].value = build(&self)
    }
    return ["$ref": .string("#/$defs/" + name)]
  }
}

extension JSONValue {
  /// An object with `extra` members after its own (a member of the same key is replaced).
  package func adding(_ extra: [JSONMember]) -> JSONValue {
    guard case .object(var members) = self else { return self }
    for member in extra {
      if let i = members.firstIndex(where: { $0.key == member.key }) {
        members[i].value = member.value
      } else {
        members.append(member)
      }
    }
    return .object(members)
  }

  /// An object with `extra` members, as a dictionary literal: `doc.adding(["pattern": "^a"])`.
  package func adding(_ extra: KeyValuePairs<String, JSONValue>) -> JSONValue {
    adding(extra.map { JSONMember($0.key, $0.value) })
  }
}

extension JSONValue {
  /// An object schema with the schemas of these properties replaced (or added).
  package func replacingProperties(_ replaced: KeyValuePairs<String, JSONValue>) -> JSONValue {
    guard case .object(let properties)? = self["properties"] else { return self }
    return adding(["properties": JSONValue.object(properties).adding(replaced)])
  }
}
