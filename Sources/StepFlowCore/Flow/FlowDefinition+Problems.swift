import StepFlowText

extension FlowDefinition {
  /// Every mistake in the flow's declaration, one sentence each, naming the step and the field.
  ///
  /// They are: a field whose declaration recorded a mistake
  /// (``FieldSpec/declarationProblems``), a field id used twice, a step id used twice. Empty
  /// for a flow that can run.
  ///
  /// A run of a flow with mistakes (`MultiSteps.run(options:)`, `runFromCommandLine()`) fails at start and lists them all; a test asserts a flow is
  /// right with `#expect(flow.problems == [])`.
  ///
  /// - Complexity: O(steps + fields).
  public var problems: [String] {
    var found: [String] = []
    var stepOf: [String: String] = [:]
    var seenSteps: Set<String> = []
    for step in steps {
      let name = "step \(quoted(step.id))"
      if !seenSteps.insert(step.id).inserted {
        found.append("\(name): two steps have this id; step ids must be unique")
      }
      for field in step.allFields {
        for problem in field.declarationProblems { found.append("\(name): \(problem)") }
        if let first = stepOf[field.id] {
          let place = first == step.id ? "this step" : "step \(quoted(first))"
          found.append(
            "\(name): field \(quoted(field.id)): the id is used on \(place) already; every"
              + " answer needs its own id")
        } else {
          stepOf[field.id] = step.id
        }
      }
    }
    return found
  }
}
