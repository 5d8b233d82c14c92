/// Object keys compared nearly the way JSON compares them, code unit by code unit: keys that
/// merely look alike, such as a precomposed and a decomposed "é", are different keys. (Swift's
/// own `==` would call those equal; checking the length first also makes most unequal keys
/// cheap to tell apart.)
package enum JSONKey {
  package static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a == b
  }

  /// Where `key` is among an object's members, by ``same(_:_:)``.
  ///
  /// Readers in other targets call this once per look-up: a comparison called across targets for
  /// each member is not inlined, and made every comparison copy the member's value.
  package static func index(of key: String, in members: [JSONNode.Member]) -> Int? {
    members.indices.first { same(members[$0].key, key) }
  }

  /// A key as a dictionary key with JSON's exact comparison.
  package struct Exact: Hashable {
    package let key: String

    package init(key: String) { self.key = key }

    package static func == (a: Exact, b: Exact) -> Bool { JSONKey.same(a.key, b.key) }

    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
  }
}
