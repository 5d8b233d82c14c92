import StepFlowCore
import StepFlowJSON
import StepFlowText

/// A step's `run` object as read from a wizard file, with where its parts are written (for the
/// checks across steps: the `{{names}}` it uses, the answer it captures).
package struct TaskDraft: Sendable {
  package var task: StepTask
  package var location: TextLocation
  /// Every text that is filled in with answers (argument elements, `cwd`, `env` values).
  package var templates: [(text: String, location: TextLocation)]
  package var captureLocation: TextLocation?
  /// Where `indicators` names a ring, if it does.
  package var ringLocation: TextLocation?
}

/// The schema of a step's `run`: the command (`command` argv or `shell`), `cwd`, `env`,
/// `timeout`, `progress`, `capture`, `optional`, `start`, `indicators`, `label`.
package enum TaskSchema {
  /// The longest `timeout`: a day, in milliseconds.
  package static let maxTimeout = 86_400_000

  package static let run: JSONSchema<TaskDraft> = JSONSchema<TaskDraft>.object { o in
    let command = readCommand(&o, owner: "a \"run\"")
    let progressNode = o.node("progress")
    let capture = o.optional("capture", FieldSchema.fieldID)
    let captureLocation = o.node("capture")?.location
    let optional = o.optional("optional", .bool, default: false)
    let start = o.optional("start", .oneOf(TaskStart.self), default: .enter)
    let indicators = o.optional(
      "indicators", .array(of: .oneOf(StepTask.indicatorNames), minCount: 1))
    let indicatorsNode = o.node("indicators")
    let label = o.optional("label", .nonEmptyString)
    let progress = progressMode(progressNode, &o)
    let ringLocation =
      indicators?.contains("ring") == true
      ? (indicatorsNode?.location ?? o.location) : nil
    guard let spec = command.spec else { return nil }
    let task = StepTask(
      command: spec, progress: progress ?? TaskProgressMode.none, capture: capture,
      optional: optional,
      start: start, indicators: indicators, label: label)
    return TaskDraft(
      task: task, location: o.location, templates: command.templates,
      captureLocation: captureLocation, ringLocation: ringLocation)
  }.documented { document, _ in
    commandDocument(document).replacingProperties([
      "progress": [
        "anyOf": [
          ["enum": ["percent", "none"]],
          [
            "type": "object", "properties": ["pattern": ["type": "string"]],
            "required": ["pattern"], "additionalProperties": false,
          ],
        ]
      ]
    ])
  }

  /// What JSON Schema says of an object read by ``readCommand(_:owner:)`` that its reading does
  /// not show: `command` is the program then its arguments, and one of `command` and `shell`.
  static func commandDocument(_ document: JSONValue) -> JSONValue {
    document.replacingProperties([
      "command": [
        "type": "array", "minItems": 1, "prefixItems": [["type": "string", "minLength": 1]],
        "items": ["type": "string"],
      ]
    ]).adding(["oneOf": [["required": ["command"]], ["required": ["shell"]]]])
  }

  /// A field's command (`optionsFrom`, `validate`) as read: the command, and the texts it
  /// fills in with answers.
  package struct CommandDraft: Sendable {
    package var spec: CommandSpec
    package var templates: [(text: String, location: TextLocation)]
  }

  /// A field's `optionsFrom` or `validate` object: `command` or `shell`, `cwd`, `env`,
  /// `timeout` — the keys of a `run` that say what runs.
  package static func fieldCommand(_ key: String) -> JSONSchema<CommandDraft> {
    .object { o in
      let command = readCommand(&o, owner: "\"\(key)\"")
      guard let spec = command.spec else { return nil }
      return CommandDraft(spec: spec, templates: command.templates)
    }.documented { document, _ in commandDocument(document) }
  }

  /// What runs, as a `run`, `optionsFrom` or `validate` object says: `command` (argv) or
  /// `shell`, `cwd`, `env`, `timeout` — every problem reported where it is written.
  private static func readCommand(_ o: inout ObjectReader, owner: String) -> (
    spec: CommandSpec?, templates: [(text: String, location: TextLocation)]
  ) {
    let commandNode = o.node("command")
    let shell = o.optional("shell", .nonEmptyString)
    let shellLocation = o.node("shell")?.location
    let cwd = o.optional("cwd", .nonEmptyString)
    let cwdLocation = o.node("cwd")?.location
    let env = o.optional("env", environment)
    let envNode = o.node("env")
    let timeout = o.optional("timeout", .int(in: 1...maxTimeout))

    var templates: [(text: String, location: TextLocation)] = []
    var program: CommandSpec.Program?
    switch (commandNode, shell) {
    case (nil, nil):
      if shellLocation == nil {
        o.report(
          "\(owner) needs a command: \"command\" (the program and its arguments, run without a shell) or \"shell\" (a script for /bin/sh -c)",
          at: o.location)
      }
    case (let node?, nil) where shellLocation == nil:
      if let argv = arguments(node, &o) {
        program = .argv(argv.map(\.text))
        templates += argv
        if let code = CommandSpec.codeArgumentIndex(argv.map(\.text)),
          Template.hasFields(argv[code].text)
        {
          o.report(
            "item \(code + 1) of \"command\" is code that \(argv[0].text) runs: an answer put there would run as code, so {{…}} is not allowed in it; pass the answer as its own argument ([\"sh\", \"-c\", \"echo \\\"$1\\\"\", \"sh\", \"{{name}}\"]) or read it from the environment ($STEPFLOW_NAME)",
            at: argv[code].location)
        }
      }
    case (_, _):
      if commandNode != nil {
        o.report(
          "\(owner) has either \"command\" or \"shell\", not both",
          at: shellLocation ?? o.location)
      }
      if let shell, let shellLocation {
        program = .shell(shell)
        if Template.hasFields(shell) {
          o.report(
            "a \"shell\" script is not filled in with answers (they would be read as code); use the environment: $STEPFLOW_ID, or a \"command\" with {{id}} in its arguments",
            at: shellLocation)
        }
      }
    }
    if let cwd, let cwdLocation { templates.append((cwd, cwdLocation)) }
    if let env, case .object(let members)? = envNode?.content {
      for member in members where env[member.key] != nil {
        templates.append((env[member.key] ?? "", member.value.location))
      }
    }
    guard let program else { return (nil, templates) }
    let spec = CommandSpec(
      program, cwd: cwd, environment: env ?? [:], timeout: timeout.map { .milliseconds($0) })
    return (spec, templates)
  }

  /// `command`: a non-empty array of strings whose first (the program) is not empty.
  private static func arguments(_ node: JSONNode, _ o: inout ObjectReader)
    -> [(text: String, location: TextLocation)]?
  {
    guard case .array(let items) = node.content else {
      o.report(
        "wrong type: \"command\" must be an array of strings (the program, then its arguments: [\"make\", \"test\"]); a script goes in \"shell\"",
        at: node.location)
      return nil
    }
    guard !items.isEmpty else {
      o.report(
        "\"command\" is empty: it needs the program to run, then its arguments ([\"make\", \"test\"])",
        at: node.location)
      return nil
    }
    var result: [(text: String, location: TextLocation)] = []
    for (i, item) in items.enumerated() {
      guard case .string(let text) = item.content else {
        o.report(
          "wrong type: item \(i + 1) of \"command\" must be a string (every argument is one string)",
          at: item.location)
        return nil
      }
      result.append((text, item.location))
    }
    if result[0].text.isEmpty {
      o.report("the program (item 1 of \"command\") is empty", at: result[0].location)
      return nil
    }
    return result
  }

  /// `env`: an object of variable names (`[A-Za-z_][A-Za-z0-9_]*`) to strings.
  private static let environment = JSONSchema<[String: String]>.dictionary(
    of: .string
  ).documented { document, _ in
    document.adding(["propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"]])
  }.checked { variables in
    for name in variables.keys.sorted() {
      guard let first = name.utf8.first,
        first == 0x5F || (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A,
        name.utf8.allSatisfy({ byte in
          byte == 0x5F || (byte >= 0x30 && byte <= 0x39)
            || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        })
      else {
        return
          "environment variable names are letters, digits and \"_\", not starting with a digit: \(quoted(name))"
      }
    }
    return nil
  }

  /// `progress`: `"percent"`, `"none"` or `{ "pattern": "(\\d+)%" }`.
  private static func progressMode(_ node: JSONNode?, _ o: inout ObjectReader) -> TaskProgressMode?
  {
    guard let node else { return nil }
    switch node.content {
    case .string(let word):
      switch word {
      case "percent": return .percent
      case "none": return TaskProgressMode.none
      default:
        o.report(
          "wrong value: \"progress\" must be \"percent\", \"none\" or { \"pattern\": \"…\" }, found \(quoted(word))"
            + didYouMean(word, in: ["percent", "none", "pattern"]),
          at: node.location)
        return nil
      }
    case .object(let members):
      guard members.count == 1, members[0].key == "pattern",
        case .string(let source) = members[0].value.content
      else {
        o.report(
          "\"progress\" as an object is { \"pattern\": \"(\\\\d+)%\" }: the pattern whose first group in an output line is the percentage",
          at: node.location)
        return nil
      }
      do {
        return .pattern(try OutputPattern(source))
      } catch {
        o.report("\"progress\": \(error.description)", at: members[0].value.location)
        return nil
      }
    default:
      o.report(
        "wrong type: \"progress\" must be \"percent\", \"none\" or { \"pattern\": \"…\" }",
        at: node.location)
      return nil
    }
  }
}
