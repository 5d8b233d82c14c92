import StepFlowTestSupport
import Testing

@testable import StepFlow
@testable import StepFlowCommandLine
@testable import StepFlowTerminal

/// The README's library example, as it is written there.
@Suite struct LibraryExampleTests {
  enum Signup: FlowSteps {
    case account, profile, confirm

    // A declaration never throws and never vanishes: a mistake in it (a bad pattern, min above
    // max, a default that breaks the rules, an id used twice) fails every run at start, named.
    static let email = FieldSpec.text(
      "email", "E-mail", placeholder: "ann@example.com", required: true, check: .email
    ) { value in  // the program's own check, after the built-in rules
      value == .text("admin@example.com") ? "is taken — sign in instead" : nil
    }
    static let password = FieldSpec.text("password", "Password", secure: true, min: 8)
    static let repeated = FieldSpec.text("repeat", "Repeat", secure: true)

    var fields: [FieldSpec] {
      switch self {
      case .account: return [Self.email]
      case .profile: return [Self.password, Self.repeated]
      case .confirm: return []
      }
    }

    // A check across the step's answers: messages by field id, under those fields; Next refused.
    var check: StepCheck? {
      guard self == .profile else { return nil }
      return StepCheck { answers in
        answers["password"] == answers["repeat"] ? [:] : ["repeat": "must be the same password"]
      }
    }
  }

  /// A flow declared with three mistakes, none of them thrown.
  enum Broken: FlowSteps {
    case account, profile

    static let code = FieldSpec.text("code", "Code", pattern: "[a-z")
    static let seats = FieldSpec.number("seats", "Seats", rules: NumberRules(min: 9, max: 1))
    static let again = FieldSpec.text("code", "Code again")

    var fields: [FieldSpec] { self == .account ? [Self.code, Self.seats] : [Self.again] }
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
        .text("name", "Name", defaultFromEnvironment: "USER"),
        .text("notes", "Notes", lines: 4),
        .choice("lang", "Language", options: languages),
        .multichoice("langs", "Also", options: languages, max: 2),
        .number("port", "Port", rules: NumberRules(min: 1024, max: 65535), default: .number(8080)),
        .number(
          "price", "Price", rules: NumberRules(decimals: 2),
          default: .decimal(DecimalValue(units: 950, places: 2))),
        .declared(id: "config", label: "Config", kind: .path(PathRules(extensions: [".json"]))),
        .declared(id: "start", label: "Start", kind: .date(DateRules(time: true))),
        .confirm("ok", "OK"),
        .rating("stars", "Stars", stars: 5),
      ]
    }()

    var fields: [FieldSpec] { self == .basics ? Self.specs : [] }

    var step: StepDefinition {
      var step = StepDefinition(id: id, title: title)
      step.fields = fields
      if self == .service {
        step.title = "Service of {{name}}"
        step.when = .all([
          .test(field: "langs", .contains("go")), .not(.test(field: "port", .lessThan("2000"))),
        ])
      }
      return step
    }
  }

  @Test func everyKindFromSwift() {
    #expect(MultiSteps<Project>.problems == [], "every spec builds")
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
    let answers = project.answers
    #expect(answers.choices("langs") == ["swift", "go"])
    #expect(answers.decimal("price") == DecimalValue(units: 1250, places: 2))
    #expect(answers.decimal("port") == DecimalValue(8080), "a whole number is a decimal too")
    #expect(answers.number("price") == nil && answers.choices("lang") == nil)
    #expect(answers.text("start") == "2025-03-14 09:30", "a date is its ISO text")
    #expect(
      project.view(width: 80, height: 24).plainLines().contains { $0.contains("Service of ann") })
  }

  @Test func theProgramsOwnChecksRefuseNext() {
    #expect(MultiSteps<Signup>.problems == [])
    var signup = MultiSteps<Signup>()
    signup.send(.set(field: "email", value: "admin@example.com"))
    guard case .refused(let taken) = signup.send(.next) else {
      Issue.record("next was not refused")
      return
    }
    #expect(taken.message == "E-mail: is taken — sign in instead")
    signup.send(.set(field: "email", value: "ann@example.com"))
    #expect(signup.send(.next) == .moved(from: .account, to: .profile))
    signup.send(.set(field: "password", value: "correct horse"))
    signup.send(.set(field: "repeat", value: "correct hose"))
    guard case .refused(let differ) = signup.send(.next) else {
      Issue.record("next was not refused")
      return
    }
    #expect(differ.message == "Repeat: must be the same password")
    #expect(differ.fields.map(\.fieldID) == ["repeat"])
    #expect(
      signup.view(width: 80, height: 24).plainLines().contains {
        $0.contains("Repeat: must be the same password")
      }, "under the field, as the built-in rules' messages are")
  }

  @Test func aFlowDeclaredWithMistakesListsThemAllAndDoesNotRun() {
    #expect(
      MultiSteps<Broken>.problems == [
        "step \"account\": field \"code\": "
          + (FieldSpec.text("code", "Code", pattern: "[a-z").declarationProblems.first?
            .explanation ?? "?"),
        "step \"account\": field \"seats\": "
          + (Broken.seats.declarationProblems.first?.explanation ?? "?"),
        "step \"profile\": field \"code\": the id is used on step \"account\" already; every"
          + " answer needs its own id",
      ])
    #expect(Broken.code.declarationProblems.map(\.problem) != [])
    #expect(Broken.code.id == "code" && Broken.code.label == "Code", "never vanishes")
    let result = MultiSteps<Broken>.run(options: RunOptions(mode: .script("next")))
    #expect(result.status == .failed && result.exitCode == ExitCode.dataError)
    #expect(
      result.messages
        == ["the flow \"broken\" has 3 mistakes in its declaration:"] + MultiSteps<Broken>.problems)
  }

  @Test func theRunReturnsATypedResultWithTheWholeCommandLine() {
    let done = MultiSteps<Signup>.runFromCommandLine([
      "--commands", "set email=ann@example.com; next; next; finish", "--output", "none",
    ])
    #expect(done.exitCode == ExitCode.finished && done.isFinished)
    #expect(done.current == .confirm && done.reached == [.account, .profile, .confirm])
    #expect(done.answers == ["email": .text("ann@example.com")])

    let refused = MultiSteps<Signup>.runFromCommandLine(["--commands", "next", "--output", "none"])
    #expect(refused.exitCode == ExitCode.notFinished && !refused.isFinished)
    #expect(refused.current == .account, "the e-mail is not valid yet: next is refused")

    let bad = MultiSteps<Signup>.runFromCommandLine(["--bogus"])
    #expect(bad.exitCode == ExitCode.usage && bad.current == nil)
  }
}

/// The typed run and its typed result, in the process.
@Suite struct TypedRunTests {
  enum Signup: FlowSteps {
    case account, profile, confirm

    static let email = try? FieldSpec(
      id: "email", label: "E-mail", kind: .text(placeholder: "ann@example.com"), required: true,
      check: .email)
    static let news = try? FieldSpec(id: "news", label: "Newsletter", kind: .confirm)

    var fields: [FieldSpec] {
      switch self {
      case .account: return [Self.email].compactMap { $0 }
      case .profile: return [Self.news].compactMap { $0 }
      case .confirm: return []
      }
    }
  }

  @Test func aScriptRunReturnsTypedAnswersAndItsMessages() {
    let result = MultiSteps<Signup>.run(
      options: RunOptions(
        mode: .script("next; set email=ann@example.com; next; set news=yes; next; finish")))
    #expect(result.status == .finished && result.exitCode == 0)
    #expect(result.answers.text("email") == "ann@example.com")
    #expect(result.answers.bool("news") == true)
    #expect(result.answers.number("email") == nil, "an answer of another type is nil")
    #expect(result.messages == ["command 1: next: E-mail is required"])
  }

  @Test func theStatusSaysWhyARunEnded() {
    #expect(
      MultiSteps<Signup>.run(options: RunOptions(mode: .script("next"))).status == .notFinished)
    #expect(MultiSteps<Signup>.run(options: RunOptions(mode: .script("quit"))).status == .cancelled)
    let failed = MultiSteps<Signup>.run(options: RunOptions(mode: .script("fly")))
    #expect(failed.status == .failed && failed.exitCode == 65)
    #expect(failed.messages == ["command 1: unknown command \"fly\""])
  }

  @Test func answersGivenAsValuesStartTheRun() {
    let result = MultiSteps<Signup>.run(
      options: RunOptions(mode: .script("next; next; finish"), answers: ["email": .text("a@b.co")]))
    #expect(result.isFinished && result.answers.text("email") == "a@b.co")
    let unknown = MultiSteps<Signup>.run(
      options: RunOptions(mode: .script("next"), answers: ["emial": .text("a@b.co")]))
    #expect(unknown.status == .failed && unknown.current == nil)
    #expect(
      unknown.messages == [
        "no field \"emial\" in \"signup\" for the answer given (did you mean \"email\"?)"
      ])
  }

  @Test func aRefusalIsAValueNamingTheFields() {
    var signup = MultiSteps<Signup>()
    guard case .refused(let refusal) = signup.send(.next) else {
      Issue.record("next with no e-mail must be refused")
      return
    }
    #expect(refusal.message == "E-mail is required")
    #expect(refusal.fields.map(\.fieldID) == ["email"])
    #expect(refusal.fields.map(\.message) == ["E-mail is required"])
    signup.send(.set(field: "email", value: "ann@example.com"))
    #expect(signup.send(.next) == .moved(from: .account, to: .profile))
    #expect(signup.answers.text("email") == "ann@example.com")
  }
}
