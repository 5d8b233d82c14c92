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
    let given = read(bytes, path: path, flow: flow)
    guard given.problems.isEmpty else { throw Diagnostics(given.problems) }
    return given.values
  }

  /// Reads answers for a flow's fields.
  ///
  /// It gives every answer that can be read, where each is written, and every problem (a syntax error, an unknown field with a did-you-mean, a value of the
  /// wrong type), located. Nothing is refused that can be kept: the problems say what was left
  /// out.
  package static func read(_ bytes: [UInt8], path: String, flow: FlowDefinition) -> GivenAnswers {
    let parsed = JSON5Parser.parse(bytes, path: path)
    var given = GivenAnswers()
    guard let root = parsed.root else {
      given.problems = parsed.diagnostics
      return given
    }
    var log = DiagnosticLog(path: path)
    if let members = root.members {
      let fields = AnswerFields(flow)
      for member in members {
        let origin = AnswerOrigin.file(path: path, location: member.value.location)
        switch fields.value(member.value.value, for: member.key) {
        case .success(let value):
          // A key given twice is the parser's to report; the first value stands.
          if given.values[member.key] == nil { given.add(member.key, value, from: origin) }
        case .failure(.unknownField(let message)):
          log.report(message, at: member.keyLocation)
        case .failure(.wrongValue(let message)):
          log.report("wrong value: \(message)", at: member.value.location)
          given.refused.insert(member.key)
        }
      }
    } else {
      log.wrongType("the answers", expected: "an object of answers by field id", found: root)
    }
    given.problems = (parsed.diagnostics + log.diagnostics).sortedByLocation()
    return given
  }

  /// What is wrong with an answer's value.
  package struct Problem: Error {
    package let message: String
  }

  /// A JSON value as the answer of a field (see ``FieldSpec/value(fromJSON:)``): a value of
  /// the wrong type is `"port" must be a number, found a string`.
  package static func value(_ node: JSONNode, for spec: FieldSpec) -> Result<FieldValue, Problem> {
    switch AnswerFields.value(node.value, for: spec) {
    case .success(let value): return .success(value)
    case .failure(let problem): return .failure(Problem(message: problem.message))
    }
  }
}

/// Where an answer given before a run comes from, as messages name it: `answers.json:3:12`
/// (the value in an answers file) or `--set port=80` (the argument as given).
package enum AnswerOrigin: Hashable, Sendable, CustomStringConvertible {
  case file(path: String, location: TextLocation)
  case option(String)

  package var description: String {
    switch self {
    case .file(let path, let location): return "\(Sanitizer.sanitize(path)):\(location)"
    case .option(let argument): return Sanitizer.sanitize(argument)
    }
  }
}

/// Answers given before a run (`--answers`, `--set`), each with where it was given, so that a
/// problem with one can be reported where the person wrote it.
package struct GivenAnswers: Sendable {
  package private(set) var values: [String: FieldValue] = [:]
  package private(set) var origins: [String: AnswerOrigin] = [:]
  /// The ids in the order they were given.
  package private(set) var order: [String] = []
  /// What could not be read, located (an answers file's syntax errors, unknown fields, values
  /// of the wrong type).
  package var problems: [Diagnostic] = []
  /// The ids given a value that was refused (reported in ``problems``): a walk does not report
  /// them missing again.
  package var refused: Set<String> = []

  package init() {}

  package var isEmpty: Bool { values.isEmpty }

  /// Adds an answer; a later one for the same field replaces it (`--set` after `--answers`).
  package mutating func add(_ id: String, _ value: FieldValue, from origin: AnswerOrigin) {
    if values[id] == nil { order.append(id) }
    values[id] = value
    origins[id] = origin
  }

  /// These answers, then `other`'s on top.
  package mutating func merge(_ other: GivenAnswers) {
    for id in other.order {
      if let value = other.values[id], let origin = other.origins[id] {
        add(id, value, from: origin)
      }
    }
    problems += other.problems
    refused.formUnion(other.refused)
  }
}

/// The answers a flow takes by id, and how a given value becomes one: its fields by the
/// field's kind (``FieldSpec/parseValue(_:)``, ``FieldSpec/value(fromJSON:)``), and the
/// answer of a step's tabs (`tabsField`) by a tab's id or title.
package struct AnswerFields {
  private let specs: [String: FieldSpec]
  private let tabSteps: [String: StepDefinition]
  /// Every id, in the flow's order, for did-you-mean.
  package let ids: [String]
  private let flowID: String

  package init(_ flow: FlowDefinition) {
    var specs: [String: FieldSpec] = [:]
    var tabSteps: [String: StepDefinition] = [:]
    var ids: [String] = []
    for step in flow.steps {
      for spec in step.allFields where specs[spec.id] == nil {
        specs[spec.id] = spec
        ids.append(spec.id)
      }
      if let id = step.tabsField, tabSteps[id] == nil {
        tabSteps[id] = step
        ids.append(id)
      }
    }
    self.specs = specs
    self.tabSteps = tabSteps
    self.ids = ids
    flowID = flow.id
  }

  /// Why a given answer cannot be used.
  package enum Refusal: Error, Equatable {
    /// No field has the id: `no field "prot" in wizard "new-project" — did you mean "port"?`.
    case unknownField(String)
    /// The value does not fit the field: `"port" must be a whole number, found a string`.
    case wrongValue(String)

    package var message: String {
      switch self {
      case .unknownField(let text), .wrongValue(let text): return text
      }
    }
  }

  /// The field an id names, if it is one (not a tab answer).
  package func spec(_ id: String) -> FieldSpec? { specs[id] }

  /// A value from JSON (an answers file) for the answer `id`.
  package func value(_ json: JSONValue, for id: String) -> Result<FieldValue, Refusal> {
    if let step = tabSteps[id] {
      guard case .string(let text) = json else {
        return .failure(.wrongValue("\(quoted(id)) must be a tab's id (\(tabList(step)))"))
      }
      return tab(text, of: step, id: id)
    }
    guard let spec = specs[id] else { return .failure(unknown(id)) }
    return Self.value(json, for: spec)
  }

  /// A value from text (`--set ID=VALUE`, a line typed in plain mode) for the answer `id`.
  package func value(text: String, for id: String) -> Result<FieldValue, Refusal> {
    if let step = tabSteps[id] { return tab(FieldSpec.trimmed(text), of: step, id: id) }
    guard let spec = specs[id] else { return .failure(unknown(id)) }
    switch spec.parseValue(text) {
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(.wrongValue(Self.located(error, id: spec.id)))
    }
  }

  /// A JSON value as the answer of a field: a value of the wrong type is `"port" must be a
  /// whole number, found a string`; a value the kind cannot take says why after the id.
  package static func value(_ json: JSONValue, for spec: FieldSpec) -> Result<FieldValue, Refusal> {
    switch spec.value(fromJSON: json) {
    case .success(let value): return .success(value)
    case .failure(let error):
      if case .wrongJSON(let expected, let found) = error.problem {
        return .failure(.wrongValue("\(quoted(spec.id)) must be \(expected), found \(found)"))
      }
      return .failure(.wrongValue(located(error, id: spec.id)))
    }
  }

  /// A field's problem named by the field's id, as answers name it: `"port" must be between
  /// 1024 and 65535` (`missing answer for …` is the caller's).
  package static func located(_ error: FieldError, id: String) -> String {
    let detail = error.detail
    let reads = detail.hasPrefix("must ") || detail.hasPrefix("is ")
    return quoted(id) + (reads ? " " : ": ") + detail
  }

  private func tab(_ text: String, of step: StepDefinition, id: String) -> Result<
    FieldValue, Refusal
  > {
    let lower = text.lowercased()
    guard
      let tab = step.tabs.first(where: { $0.id == text })
        ?? step.tabs.first(where: { $0.id.lowercased() == lower || $0.title.lowercased() == lower })
    else {
      let hint = Suggestions.closest(to: text, in: step.tabs.map(\.id)).map {
        " — did you mean \(quoted($0))?"
      }
      return .failure(
        .wrongValue(
          "\(quoted(id)) must be one of \(tabList(step)), found \(quoted(text))\(hint ?? "")"))
    }
    return .success(.choice(tab.id))
  }

  private func tabList(_ step: StepDefinition) -> String {
    step.tabs.map { quoted($0.id) }.joined(separator: ", ")
  }

  private func unknown(_ id: String) -> Refusal {
    let hint = Suggestions.closest(to: id, in: ids).map { " — did you mean \(quoted($0))?" }
    return .unknownField("no field \(quoted(id)) in wizard \(quoted(flowID))\(hint ?? "")")
  }
}
