import StepFlowJSON

/// The field ids a step asks, each with where it is written, in the order written: the first
/// inline, the others in an array.
///
/// A step's draft lives until the whole wizard is read, among the objects the definition keeps;
/// most steps ask one field, and an array a step would leave a hole between those objects once
/// the drafts are gone — resident memory that a long wizard keeps for its whole run.
package struct LocatedIDs: Sequence, Sendable {
  /// An id and where it is written.
  package typealias Element = (id: String, location: TextLocation)

  private var first: Element?
  private var rest: [Element] = []

  /// No ids.
  package init() {}

  /// Adds `id`, written at `location`, after the others.
  package mutating func append(_ id: String, at location: TextLocation) {
    if first == nil {
      first = (id, location)
    } else {
      rest.append((id, location))
    }
  }

  /// The ids in the order written.
  package func makeIterator() -> Iterator {
    Iterator(first: first, rest: rest.makeIterator())
  }

  /// Goes through the first id, then the others.
  package struct Iterator: IteratorProtocol {
    fileprivate var first: Element?
    fileprivate var rest: IndexingIterator<[Element]>

    /// The next id, or `nil` after the last.
    package mutating func next() -> Element? {
      if let element = first {
        first = nil
        return element
      }
      return rest.next()
    }
  }
}
