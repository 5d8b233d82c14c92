import StepFlowCore
import StepFlowJSON
import StepFlowText

/// `--answers FILE`: a JSON object of answers by field id that pre-fills a run.
///
/// Values are typed as the fields are: text and choices as strings (a choice by option id or
/// title), confirm fields as true/false, ratings as numbers.
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

  /// A JSON value as the answer of a field.
  ///
  /// What is wrong with an answer's value.
  package struct Problem: Error {
    package let message: String
  }

  package static func value(_ node: JSONNode, for spec: FieldSpec) -> Result<FieldValue, Problem> {
    let text: String
    switch (spec.kind, node.content) {
    case (.text, .string(let s)), (.choice, .string(let s)): text = s
    case (.confirm, .bool(let yes)): return .success(.bool(yes))
    case (.rating, .number(let n)): text = n.int.map(String.init) ?? n.literal
    default:
      let expected: String
      switch spec.kind {
      case .text: expected = "a string"
      case .choice: expected = "a string naming an option"
      case .confirm: expected = "true or false"
      case .rating: expected = "a whole number"
      }
      return .failure(
        Problem(message: "\(quoted(spec.id)) must be \(expected), found \(node.kindDescription)"))
    }
    switch spec.parseValue(text) {
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(Problem(message: error.message))
    }
  }
}
