import StepFlowCore
import StepFlowJSON
import StepFlowText

/// `--answers FILE`: a JSON object of answers by field id that pre-fills a run.
///
/// Values are typed as the fields are: text, paths and dates as strings, choices as strings (by
/// option id or title), multichoices as arrays of them, confirm fields as true/false, numbers and
/// ratings as numbers.
package enum AnswersFile {
  /// Reads answers for a flow's fields, reporting every unknown field and wrong value.
  package static func load(_ bytes: [UInt8], path: String, flow: FlowDefinition) throws(Diagnostics)
    -> [String: FieldValue]
  {
    let specs = flow.steps.flatMap(\.allFields)
    let tabAnswers = flow.steps.filter { $0.tabsField != nil }
    let schema: JSONSchema<[String: FieldValue]> = JSONSchema(expected: "an object of answers") {
      node, subject, log in
      guard let members = node.members else {
        log.wrongType(subject, expected: "an object of answers by field id", found: node)
        return nil
      }
      var answers: [String: FieldValue] = [:]
      let ids = specs.map(\.id) + tabAnswers.compactMap(\.tabsField)
      for member in members {
        if let step = tabAnswers.first(where: { $0.tabsField == member.key }) {
          let options = step.tabs.map { ChoiceOption($0.id, $0.title) }
          guard let text = member.value.stringValue,
            let option = options.first(where: {
              $0.id == text || $0.title.lowercased() == text.lowercased()
            })
          else {
            log.report(
              "wrong value: \(quoted(member.key)) must be one of \(options.map { quoted($0.id) }.joined(separator: ", "))",
              at: member.value.location)
            continue
          }
          answers[member.key] = .choice(option.id)
          continue
        }
        guard let spec = specs.first(where: { $0.id == member.key }) else {
          let hint = Suggestions.closest(to: member.key, in: ids).map {
            " — did you mean \(quoted($0))?"
          }
          log.report(
            "no field \(quoted(member.key))\(hint ?? "") in wizard \(quoted(flow.id))",
            at: member.keyLocation)
          continue
        }
        switch value(member.value, for: spec) {
        case .success(let value): answers[member.key] = value
        case .failure(let problem):
          log.report("wrong value: \(problem.message)", at: member.value.location)
        }
      }
      return answers
    }
    return try schema.load(bytes, path: path, as: "the answers")
  }

  /// What is wrong with an answer's value.
  package struct Problem: Error {
    package let message: String
  }

  /// A JSON value as the answer of a field (see ``FieldSpec/value(fromJSON:)``): a value of
  /// the wrong type is `"port" must be a number, found a string`.
  package static func value(_ node: JSONNode, for spec: FieldSpec) -> Result<FieldValue, Problem> {
    switch spec.value(fromJSON: node.value) {
    case .success(let value): return .success(value)
    case .failure(let error):
      if case .wrongJSON(let expected, let found) = error.problem {
        return .failure(Problem(message: "\(quoted(spec.id)) must be \(expected), found \(found)"))
      }
      return .failure(Problem(message: error.message))
    }
  }
}
