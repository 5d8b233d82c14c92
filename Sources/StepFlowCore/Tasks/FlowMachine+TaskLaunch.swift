import StepFlowJSON
import StepFlowText

/// What a step's task runs: the answers it gets, and the command line, working directory and
/// environment they make (``commandLaunch(_:answers:captureLimit:environment:input:)``, the one
/// way tasks, `optionsFrom` and `validate` commands get answers).
extension FlowMachine {
  // MARK: What a task runs

  /// Why a task cannot run as its answers are: the reason in words.
  package struct TaskProblem: Error, Equatable, Sendable {
    package let reason: String
  }

  /// The answers a task is given: those of the shown steps up to `index`, by field id, in the
  /// flow's order (own fields, the selected tab's, what earlier tasks produced).
  package static func taskAnswers(upTo index: Int, _ state: FlowState, _ flow: FlowDefinition)
    -> [(String, FieldValue)]
  {
    var out: [(String, FieldValue)] = []
    var seen: Set<String> = []
    func add(_ id: String) {
      guard let value = state.answers[id], seen.insert(id).inserted else { return }
      out.append((id, value))
    }
    for i in 0...min(index, flow.steps.count - 1) where isShown(i, flow, state.answers) {
      let step = flow.steps[i]
      for spec in step.fields { add(spec.id) }
      if !step.tabs.isEmpty {
        if let tabsField = step.tabsField { add(tabsField) }
        for spec in step.tabs[min(state.selectedTab(ofStep: i), step.tabs.count - 1)].fields {
          add(spec.id)
        }
      }
      // What earlier tasks gave (not this one's own capture: it is what it gives).
      if i < index { for id in state.tasks[i]?.produced ?? [] { add(id) } }
    }
    return out
  }

  /// The environment variable of an answer: `STEPFLOW_` and the id upper-cased, `-` and `.`
  /// as `_` (`build-tool` → `STEPFLOW_BUILD_TOOL`).
  package static func environmentName(of id: String) -> String {
    "STEPFLOW_"
      + String(
        id.uppercased().map { $0 == "-" || $0 == "." ? "_" : $0 })
  }

  /// What step `index`'s task runs with the answers as they are now.
  ///
  /// A command's argument elements get `{{id}}` as data (an option's id, `true`, the text)
  /// substituted into that one element; `cwd` and `env` values too; a `shell` script is never
  /// substituted into. Every answer is also in the environment: `STEPFLOW_<ID>` and
  /// `STEPFLOW_ANSWERS` (one JSON object).
  /// - Throws: ``TaskProblem`` when an answer would change what the command means: one that
  ///   starts with `-` at the start of an argument (an option) before any `--` element, or one
  ///   holding a NUL character (which no command line can carry).
  package static func taskWork(forStep index: Int, _ state: FlowState, _ flow: FlowDefinition)
    throws(TaskProblem) -> (work: TaskWork, inputs: TaskInputs)
  {
    guard let task = flow.steps[index].task else {
      throw TaskProblem(reason: "step \(index + 1) has no task")
    }
    let answers = taskAnswers(upTo: index, state, flow)
    switch task.work {
    case .closure(let body):
      return (
        .closure(body, answers: Dictionary(answers, uniquingKeysWith: { _, last in last })),
        TaskInputs()
      )
    case .command(let spec):
      var (launch, inputs) = try commandLaunch(
        spec, answers: answers,
        captureLimit: task.capture == nil ? 0 : TaskLaunch.maxCapture)
      // A capture is the end of the output (`build_log_tail`), and a flood on a stream no
      // progress is read from may pass unread but for the log's last bytes.
      launch.capturePart = .end
      launch.logOnly = task.progress.logOnly
      return (.command(launch), inputs)
    }
  }

  /// A command ready to run with `answers`: `{{id}}` filled into argument elements, `cwd` and
  /// `env` values as data, every answer in the environment (`STEPFLOW_<ID>`,
  /// `STEPFLOW_ANSWERS`) with `environment` added — the one way tasks, `optionsFrom` and
  /// `validate` commands get answers.
  /// - Throws: ``TaskProblem`` when an answer would change what the command means (see
  ///   ``taskWork(forStep:_:_:)``).
  package static func commandLaunch(
    _ spec: CommandSpec, answers: [(String, FieldValue)], captureLimit: Int,
    environment extra: [String: String] = [:], input: String? = nil
  ) throws(TaskProblem) -> (TaskLaunch, TaskInputs) {
    var inputs = TaskInputs()
    var used = Set<String>()
    let values = Dictionary(
      answers.map { ($0.0, $0.1.dataText) }, uniquingKeysWith: { a, _ in a })
    func fill(_ text: String, element: Int?) throws(TaskProblem) -> String {
      let template = TaskTemplate(text)
      for id in template.fieldIDs { used.insert(id) }
      if let problem = template.problem(values: values, element: element) {
        throw TaskProblem(reason: problem)
      }
      return template.render(values)
    }
    var arguments: [String]
    switch spec.program {
    case .argv(let argv):
      if let code = CommandSpec.codeArgumentIndex(argv),
        !TaskTemplate(argv[code]).fieldIDs.isEmpty
      {
        throw TaskProblem(
          reason:
            "argument \(code) is code the program runs (\(argv[0]) \(argv[code - 1])); an answer in it would run as code, so it is not filled in — pass the answer as its own argument or read $\(environmentName(of: TaskTemplate(argv[code]).fieldIDs[0]))"
        )
      }
      arguments = []
      var afterDoubleDash = false
      for (i, element) in argv.enumerated() {
        arguments.append(try fill(element, element: afterDoubleDash ? nil : i))
        if element == "--" { afterDoubleDash = true }
      }
      inputs.arguments = arguments
    case .shell(let script):
      arguments = ["/bin/sh", "-c", script]
      inputs.arguments = [script]
    }
    let directory = try spec.cwd.map { (cwd) throws(TaskProblem) in try fill(cwd, element: nil) }
    inputs.directory = directory
    var environment: [String: String] = [:]
    for (id, value) in answers { environment[environmentName(of: id)] = value.dataText }
    environment["STEPFLOW_ANSWERS"] = JSONWriter.compact(
      .object(answers.map { JSONMember($0.0, $0.1.jsonValue) }))
    for (name, value) in spec.environment.sorted(by: { $0.key < $1.key }) {
      let filled = try fill(value, element: nil)
      environment[name] = filled
      inputs.environment[name] = filled
    }
    // Answers named in the command's own text, as $STEPFLOW_ID (every one: STEPFLOW_ANSWERS).
    let texts = arguments + Array(spec.environment.values) + [spec.cwd ?? ""]
    let mentionsAll = texts.contains { mentions($0, "STEPFLOW_ANSWERS") }
    for (id, value) in answers
    where mentionsAll || used.contains(id)
      || texts.contains(where: { mentions($0, environmentName(of: id)) })
    {
      inputs.answers[id] = value.dataText
    }
    for (name, value) in extra { environment[name] = value }
    let launch = TaskLaunch(
      arguments: arguments, environment: environment, directory: directory,
      timeout: spec.timeout, input: input, captureLimit: captureLimit)
    return (launch, inputs)
  }

  /// Whether `text` holds `name`, compared byte by byte (a plain search: the generic substring
  /// search costs a task's start more than the rest of its launch).
  private static func mentions(_ text: String, _ name: String) -> Bool {
    let text = Array(text.utf8)
    let name = Array(name.utf8)
    guard let first = name.first, text.count >= name.count else { return name.isEmpty }
    var index = 0
    while index <= text.count - name.count {
      if text[index] == first, text[index..<(index + name.count)].elementsEqual(name) {
        return true
      }
      index += 1
    }
    return false
  }
}
