/// Object keys compared nearly the way JSON compares them, code unit by code unit: keys that
/// merely look alike, such as a precomposed and a decomposed "é", are different keys. (Swift's
/// own `==` would call those equal; checking the length first also makes most unequal keys
/// cheap to tell apart.)
package enum JSONKey {
  @inlinable package static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a == b
  }

  /// A key as a dictionary key with JSON's exact comparison.
  package struct Exact: Hashable {
    package let key: String

    @inlinable package init(key: String) { self.key = key }

    @inlinable package static func == (a: Exact, b: Exact) -> Bool { JSONKey.same(a.key, b.key) }

    @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(key) }
  }
}
