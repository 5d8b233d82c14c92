import Synchronization

/// Where each field of a flow is: its step and its spec, by id — made the first time it is
/// asked (a `set` of a field on another step than the current one), then kept.
///
/// A flow's steps never change once it is made, so neither does the index; copies of the flow
/// share it. It is a cache and not part of what the flow is: two indexes are always equal.
package final class FieldIndex: Equatable, Sendable {
  /// The step and the spec of a field.
  package struct Place: Sendable {
    /// The index of the step that asks it.
    package var step: Int
    /// Its definition.
    package var spec: FieldSpec
  }

  private let places = Mutex<[String: Place]?>(nil)

  package init() {}

  /// The first step asking the field `id` and its spec, or `nil` when no step does.
  /// - Complexity: O(fields) the first time, then O(1).
  package func place(of id: String, in steps: [StepDefinition]) -> Place? {
    places.withLock { places in
      if let known = places { return known[id] }
      var made: [String: Place] = [:]
      for (index, step) in steps.enumerated() {
        for spec in step.allFields where made[spec.id] == nil {
          made[spec.id] = Place(step: index, spec: spec)
        }
      }
      places = made
      return made[id]
    }
  }

  /// Always `true`: the index follows from the steps.
  package static func == (a: FieldIndex, b: FieldIndex) -> Bool { true }
}
