import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCommandLine
@testable import StepFlowTerminal

/// The README's library example, as it is written there.
@Suite struct LibraryExampleTests {
  enum Signup: FlowSteps {
    case account, profile, confirm

    static let email = try? FieldSpec(
      id: "email", label: "E-mail", kind: .text(placeholder: "ann@example.com"), required: true,
      check: .email)

    var fields: [FieldSpec] { self == .account ? [Self.email].compactMap { $0 } : [] }
  }

  @Test func oneEnumIsAFlow() throws {
    var signup = MultiSteps<Signup>()
    #expect(signup.reached == [.account] && signup.current == .account)
    signup.send(.set(field: "email", value: "ann@example.com"))
    #expect(signup.send(.next) == .moved(from: .account, to: .profile))
    #expect(signup.reached == [.account, .profile] && signup.current == .profile)
    signup.send(.back)
    #expect(signup.reached == [.account] && signup.current == .account)
    #expect(signup.answers == ["email": .text("ann@example.com")])

    let flow = signup.definition
    #expect(flow.id == "signup")
    #expect(flow.steps.map(\.id) == ["account", "profile", "confirm"])
    #expect(flow.steps.map(\.title) == ["Account", "Profile", "Confirm"])
    #expect(signup.view(width: 80, height: 24).plainLines().contains { $0.contains("E-mail") })
  }

  /// Every field kind from Swift, as the README's paragraph on kinds names them.
  enum Project: FlowSteps {
    case basics, service, done

    static let specs: [FieldSpec] = {
      let languages = [
        ChoiceOption(id: "swift", title: "Swift", description: "fast and safe"),
        ChoiceOption("go", "Go"), ChoiceOption(id: "cobol", title: "COBOL", disabledReason: "no"),
      ]
      return [
        try? FieldSpec(id: "name", label: "Name", kind: .text(), defaultFromEnvironment: "USER"),
        try? FieldSpec(id: "notes", label: "Notes", kind: .text(lines: 4)),
        try? FieldSpec(id: "lang", label: "Language", kind: .choice(options: languages)),
        try? FieldSpec(id: "langs", label: "Also", kind: .multichoice(options: languages), max: 2),
        try? FieldSpec(
          id: "port", label: "Port", kind: .number(NumberRules(min: 1024, max: 65535)),
          default: .number(8080)),
        try? FieldSpec(
          id: "price", label: "Price", kind: .number(NumberRules(decimals: 2)),
          default: .decimal(DecimalValue(units: 950, places: 2))),
        try? FieldSpec(id: "config", label: "Config", kind: .path(PathRules(extensions: [".json"]))),
        try? FieldSpec(id: "start", label: "Start", kind: .date(DateRules(time: true))),
        try? FieldSpec(id: "ok", label: "OK", kind: .confirm),
        try? FieldSpec(id: "stars", label: "Stars", kind: .rating(max: 5)),
      ].compactMap { $0 }
    }()

    var fields: [FieldSpec] { self == .basics ? Self.specs : [] }

    var step: StepDefinition {
      var step = StepDefinition(caseOf: self)
      step.fields = fields
      if self == .service {
        step.title = "Service of {{name}}"
        step.when = .all([.test(field: "langs", .contains("go")), .not(.test(field: "port", .lessThan("2000")))])
      }
      return step
    }
  }

  @Test func everyKindFromSwift() {
    #expect(Project.specs.count == 10, "every spec builds")
    var project = MultiSteps<Project>()
    for line in [
      "set name=ann", "set notes=one", "set lang=go", "set langs=go,swift", "set price=12.5",
      "set config=a.json", "set start=2025-03-14 09:30", "set ok=yes", "set stars=4",
    ] {
      guard let command = try? Command.parse(line) else { continue }
      project.send(command)
    }
    #expect(project.send(.next) == .moved(from: .basics, to: .service))
    #expect(project.answers["langs"] == .choices(["swift", "go"]))
    #expect(project.answers["price"] == .decimal(DecimalValue(units: 1250, places: 2)))
    #expect(project.answers["port"] == .number(8080))
    #expect(project.view(width: 80, height: 24).plainLines().contains { $0.contains("Service of ann") })
  }

  @Test func theRunReturnsATypedResultWithTheWholeCommandLine() {
    let done = MultiSteps<Signup>.run([
      "--commands", "set email=ann@example.com; next; next; finish", "--output", "none",
    ])
    #expect(done.exitCode == ExitCode.finished && done.isFinished)
    #expect(done.current == .confirm && done.reached == [.account, .profile, .confirm])
    #expect(done.answers == ["email": .text("ann@example.com")])

    let refused = MultiSteps<Signup>.run(["--commands", "next", "--output", "none"])
    #expect(refused.exitCode == ExitCode.notFinished && !refused.isFinished)
    #expect(refused.current == .account, "the e-mail is not valid yet: next is refused")

    let bad = MultiSteps<Signup>.run(["--bogus"])
    #expect(bad.exitCode == ExitCode.usage && bad.current == nil)
  }
}
