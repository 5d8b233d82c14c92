import Foundation
import StepFlowTestSupport
import Testing

/// `stepflow help WIZARD` (what a wizard asks, in words) and `stepflow schema WIZARD` (the JSON
/// Schema of its answers), both generated from the wizard itself.
@Suite struct WizardHelpTests {
  /// A wizard with a field of most kinds, a condition, a disabled option, a secure field, a
  /// default from the environment and a task that captures an answer.
  static let deploy = """
    { id: "deploy", title: "Deploy", steps: [
      { id: "target", title: "Target", fields: [
        { id: "env", label: "Environment", type: "choice", required: true, default: "staging",
          options: ["staging", { id: "prod", title: "Production" },
                    { id: "moon", title: "Moon", disabled: "not yet" }] },
        { id: "token", label: "Token", secure: true, required: true, min: 20 },
        { id: "owner", label: "Owner", default: { env: "USER" } },
      ] },
      { id: "sizing", title: "Sizing", when: { any: [ { field: "env", equals: "prod" },
          { not: { field: "token", answered: false } } ] },
        fields: [
          { id: "cpus", label: "CPUs", type: "number", min: 0.5, max: 8, step: 0.5, decimals: 1 },
          { id: "regions", label: "Regions", type: "multichoice", min: 1, options: ["eu", "us"] },
          { id: "window", label: "Window", type: "date", time: true, min: "today" },
        ] },
      { id: "go", title: "Go", run: { command: ["true"], optional: true, capture: "log" },
        fields: [ { id: "sure", label: "Sure?", type: "confirm", required: true } ] },
    ] }
    """

  static let shipped = ["delivery", "purchase", "rating"] + shippedFiles
  static let shippedFiles = [
    "onboarding", "new-project", "release", "survey",
  ]

  @Test func helpSaysWhatEveryFieldAsksWithItsRules() throws {
    let dir = try WizardCommandTests.folder(["deploy.json": Self.deploy])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let h = try Stepflow.run(["help", "deploy.json"], currentDirectory: dir)
    #expect(h.status == 0, "\(h.stderr)")
    #expect(h.stderr == "")
    expectLines(
      h.lines,
      [
        "deploy.json — Deploy (3 steps)",
        "",
        "usage: stepflow run deploy.json [--answers FILE] [--set ID=VALUE]... [--no-input]",
        "",
        "Every answer can be given by its id: --set ID=VALUE (read as its kind reads it), or in a",
        "JSON object of answers (--answers FILE; stepflow schema deploy.json prints its schema).",
        "With --no-input the run finishes from them and the defaults, or lists what is missing.",
        "",
        "Step 1: Target (target)",
        "  env  choice — Environment",
        "      required; one of: staging, prod (Production), moon (Moon, not available: not yet);",
        "      default: staging",
        "  token  secure text — Token",
        "      required; at least 20 characters",
        "  owner  text — Owner",
        "      default: $USER",
        "",
        #"Step 2: Sizing (sizing), shown when env is "prod" or not (token is not answered)"#,
        "  cpus  number — CPUs",
        "      from 0.5 to 8.0; in steps of 0.5; 1 digit after the point",
        "  regions  multichoice — Regions",
        "      pick at least 1 of: eu, us; several separated by commas",
        "  window  date — Window",
        "      YYYY-MM-DD HH:MM; from today on",
        "",
        "Step 3: Go (go)",
        #"  runs: Go (a command, optional); its output is the answer "log""#,
        "  sure  confirm — Sure?",
        "      must be yes",
        "",
        #"A secure field ("token") takes --set too, but the process list shows every argument:"#,
        "give secrets on stdin instead, as an answers file:",
        #"  printf '{"token": "%s"}' "$secret" | stepflow run deploy.json --answers - …"#,
      ])
  }

  /// Every shipped wizard has a help that names each of its answers, and tabs and defaults
  /// of the built-in checkout in words.
  @Test(arguments: shipped) func everyShippedWizardHasHelp(name: String) throws {
    let r = try Stepflow.run(["help", name], currentDirectory: WizardCommandTests.repository)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr == "")
    #expect(r.lines.first?.hasPrefix("\(name) — ") == true)
    let schema = try Stepflow.run(
      ["schema", name], currentDirectory: WizardCommandTests.repository)
    #expect(schema.status == 0, "\(schema.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: Any]
    let ids = (object?["properties"] as? [String: Any])?.keys.sorted() ?? []
    for id in ids {
      #expect(r.stdout.contains("  \(id)  "), "help \(name) does not name the answer \(id)")
    }
    #expect(
      r.lines.allSatisfy { $0.count <= 88 || $0.hasPrefix("usage:") || $0.contains("printf") })
  }

  @Test func helpOfTheCheckoutShowsItsTabs() throws {
    let r = try Stepflow.run(["help", "purchase"])
    #expect(r.status == 0)
    #expect(
      r.stdout.contains(#"  payment_method  tab — which tab is chosen: "card", "paypal", "cash""#))
    #expect(
      r.stdout.contains(
        "  on the tab PayPal (payment_method = paypal):\n    paypal_email  text — E-mail\n        required; an e-mail address (name@example.com)\n"
      ))
  }

  @Test func helpOfNeitherACommandNorAWizardSuggestsBoth() throws {
    let r = try Stepflow.run(
      ["help", "onbording"], currentDirectory: WizardCommandTests.repository)
    #expect(r.status == 64)
    #expect(r.stdout == "")
    #expect(
      r.stderr.hasPrefix(
        #"stepflow: no help for "onbording": not a command or a wizard (did you mean "onboarding"?)"#
      ))
    let command = try Stepflow.run(["help", "valdate"])
    #expect(command.status == 64)
    #expect(command.stderr.contains(#"(did you mean "validate"?)"#))
  }

  @Test func helpAndSchemaOfABrokenWizardListItsProblems() throws {
    let dir = try WizardCommandTests.folder([
      "bad.json":
        #"{ id: "bad", title: "Bad", steps: [{ id: "a", title: "A", fields: [{ id: "x" }] }] }"#
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for command in ["help", "schema"] {
      let r = try Stepflow.run([command, dir + "/bad.json"])
      #expect(r.status == 65, "\(command)")
      #expect(r.stdout == "")
      #expect(r.stderr == dir + #"/bad.json:1:68: missing key "label""# + "\n", "\(command)")
    }
    let missing = try Stepflow.run(["schema", dir + "/none.json"])
    #expect(missing.status == 66)
  }

  @Test func schemaTakesOneWizard() throws {
    let two = try Stepflow.run(["schema", "purchase", "rating"])
    #expect(two.status == 64)
    #expect(two.stderr.hasPrefix(#"stepflow: schema takes one wizard, found also "rating""#))
    let unknown = try Stepflow.run(["schema", "purchse"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains(#"(did you mean "purchase"?)"#))
  }

  /// The answers schema of `deploy`: ids, kinds and rules, the captured answer, no secret default.
  @Test func schemaOfAWizardIsItsAnswersObject() throws {
    let dir = try WizardCommandTests.folder(["deploy.json": Self.deploy])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try Stepflow.run(["schema", dir + "/deploy.json"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(object["additionalProperties"] as? Bool == false)
    let properties = try #require(object["properties"] as? [String: [String: Any]])
    #expect(
      Set(properties.keys) == ["env", "token", "owner", "cpus", "regions", "window", "sure", "log"])
    #expect(properties["env"]?["enum"] as? [String] == ["staging", "prod"])
    #expect(properties["env"]?["default"] as? String == "staging")
    #expect(properties["token"]?["writeOnly"] as? Bool == true)
    #expect(properties["token"]?["minLength"] as? Int == 20)
    #expect(properties["cpus"]?["type"] as? String == "number")
    #expect(properties["regions"]?["minItems"] as? Int == 1)
    #expect(properties["sure"]?["const"] as? Bool == true)
    #expect(properties["log"]?["type"] as? String == "string")
  }

  /// An independent validator (Python's `jsonschema`) takes the answers that finished runs of
  /// the shipped wizards print, and refuses answers that break a rule.
  @Test func theAnswersOfFinishedRunsPassTheirSchema() throws {
    let dir = try WizardCommandTests.folder([:])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let runs: [(wizard: String, arguments: [String])] = [
      (
        "onboarding", UnattendedRunTests.account + ["--set", "plan=team", "--set", "team_name=Ops"]
      ),
      (
        "new-project",
        [
          "--set", "name=atlas", "--set", "language=go", "--set", "features=container,tests",
          "--set", "start=2099-06-01", "--set", "review=2099-06-15 09:30", "--set", "confidence=4",
        ]
      ),
      (
        "purchase",
        [
          "--set", "payment_method=paypal", "--set", "paypal_email=ann@example.com",
          "--set", "name=Ann", "--set", "street=1 Main St", "--set", "city=Oslo",
          "--set", "postal_code=0150",
        ]
      ),
      ("survey", ["--set", "satisfaction=4", "--set", "used_for=Surveys"]),
    ]
    var lines: [String] = []
    for run in runs {
      let schema = try Stepflow.run(
        ["schema", run.wizard], currentDirectory: WizardCommandTests.repository)
      try schema.stdout.write(
        toFile: dir + "/\(run.wizard).schema.json", atomically: true, encoding: .utf8)
      let result = try Stepflow.run(
        ["run", run.wizard, "--no-input"] + run.arguments,
        currentDirectory: WizardCommandTests.repository)
      #expect(result.status == 0, "\(run.wizard): \(result.stderr)")
      let object =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let answers = try JSONSerialization.data(withJSONObject: object?["answers"] ?? [:])
      try answers.write(to: URL(fileURLWithPath: dir + "/\(run.wizard).answers.json"))
      let check = try Self.validate(
        schema: dir + "/\(run.wizard).schema.json", [dir + "/\(run.wizard).answers.json"])
      #expect(check == ["valid"], "\(run.wizard): \(String(decoding: answers, as: UTF8.self))")
      lines += check
    }
    // The other wizards' schemas are schemas too, and an empty object passes them.
    try "{}".write(toFile: dir + "/empty.json", atomically: true, encoding: .utf8)
    for wizard in ["delivery", "rating", "release"] {
      let schema = try Stepflow.run(
        ["schema", wizard], currentDirectory: WizardCommandTests.repository)
      try schema.stdout.write(
        toFile: dir + "/\(wizard).schema.json", atomically: true, encoding: .utf8)
      #expect(
        try Self.validate(schema: dir + "/\(wizard).schema.json", [dir + "/empty.json"]) == [
          "valid"
        ])
    }
    #expect(lines.count == runs.count)
    // Answers that break rules: a port out of range, an option that is not one, an unknown key.
    let broken = [
      #"{"port": 80}"#, #"{"language": "cobl"}"#, #"{"prot": 8080}"#, #"{"features": []}"#,
      #"{"start": "June"}"#, #"{"public": "yes"}"#, #"{"confidence": 6}"#,
    ]
    var files: [String] = []
    for (i, text) in broken.enumerated() {
      try text.write(toFile: dir + "/broken\(i).json", atomically: true, encoding: .utf8)
      files.append(dir + "/broken\(i).json")
    }
    let check = try Self.validate(schema: dir + "/new-project.schema.json", files)
    #expect(check.count == broken.count)
    for (text, line) in zip(broken, check) {
      #expect(line.hasPrefix("invalid: "), "\(text) passed the schema")
    }
  }

  /// `scripts/json-schema-check.py`: one line a document, `valid` or `invalid: why`.
  static func validate(schema: String, _ documents: [String]) throws -> [String] {
    let r = try Subprocess.run(
      "/usr/bin/env",
      ["python3", WizardCommandTests.repository + "/scripts/json-schema-check.py", schema]
        + documents)
    #expect(r.status == 0, "json-schema-check.py: \(r.stderr)")
    return r.stdout.split(separator: "\n").map(String.init)
  }
}
