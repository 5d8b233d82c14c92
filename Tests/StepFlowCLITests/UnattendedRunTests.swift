import Foundation
import StepFlowTestSupport
import Testing

/// Runs that finish from answers alone (`--no-input` with `--answers` and `--set`), every
/// problem reported at once where it was given, and interactive runs that start at the first
/// step that still needs an answer (`--review` for the beginning).
@Suite struct UnattendedRunTests {
  static let onboarding = WizardCommandTests.repository + "/wizards/onboarding.json"
  static let newProject = WizardCommandTests.repository + "/wizards/new-project.json"
  static let release = WizardCommandTests.repository + "/wizards/release.json"

  static let account = [
    "--set", "full_name=Ann Smith", "--set", "email=ann@example.com", "--set", "username=ann",
    "--set", "password=correct horse",
  ]

  @Test func aCompleteAnswersFileFinishesOnItsOwn() throws {
    let dir = try WizardCommandTests.folder([
      "answers.json": """
      { "full_name": "Ann Smith", "email": "ann@example.com", "username": "ann",
        "password": "correct horse", "plan": "team", "team_name": "Platform" }
      """
    ])
    let r = try Stepflow.run([
      "run", Self.onboarding, "--answers", dir + "/answers.json", "--no-input",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr == "")
    #expect(
      r.stdout
        == #"{"wizard":"onboarding","finished":true,"current":"done","reached":["welcome","account","plan","team","done"],"answers":{"full_name":"Ann Smith","email":"ann@example.com","username":"ann","password":"correct horse","plan":"team","newsletter":false,"team_name":"Platform","team_size":5}}"#
        + "\n")
  }

  /// `--set` reads each value as the field's kind does: text, a choice by id or title, several
  /// options, whole and decimal numbers, a path, dates, yes/no and a rating.
  @Test func setIsTypedByEveryKind() throws {
    let r = try Stepflow.run([
      "run", Self.newProject, "--no-input", "--set", "name=atlas", "--set", "owner=ann",
      "--set", "summary=one", "--set", "language=Go", "--set", "features=container, tests",
      "--set", "port=9000", "--set", "memory=2.5", "--set", "folder=./atlas",
      "--set", "start=2099-06-01", "--set", "review=2099-06-15 09:30", "--set", "public=yes",
      "--set", "confidence=4",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout
        == #"{"wizard":"new-project","finished":true,"current":"done","reached":["basics","stack","service","location","schedule","done"],"answers":{"name":"atlas","owner":"ann","summary":"one","language":"go","features":["tests","container"],"port":9000,"replicas":2,"memory":2.5,"folder":"./atlas","start":"2099-06-01","review":"2099-06-15 09:30","public":true,"confidence":4}}"#
        + "\n")
  }

  /// Every missing and wrong answer in one run, each where it was given, exit 65, nothing on
  /// stdout (and nothing of the run happens: no state file is written).
  @Test func everyProblemIsReportedAtOnceAndLocated() throws {
    let dir = try WizardCommandTests.folder([
      "answers.json": """
      {
        "name": "atlas",
        "port": 80,
        "language": "cobl",
        "features": ["container"],
        "memory": "lots",
        "prot": 8080
      }
      """
    ])
    let r = try Stepflow.run([
      "run", Self.newProject, "--answers", dir + "/answers.json", "--set", "confidence=7",
      "--set", "start=2020-01-01", "--no-input", "--state", dir + "/s.json",
    ])
    #expect(r.status == 65)
    #expect(r.stdout == "")
    let path = dir + "/answers.json"
    expectLines(
      r.stderr.split(separator: "\n").map(String.init),
      [
        path + #":4:15: wrong value: "language": "cobl" is not an option"#
          + #" (did you mean "cobol"?); options: swift, go, rust, python, typescript, kotlin, java, csharp, ruby, elixir, shell, cobol"#,
        path + #":6:13: wrong value: "memory" must be a number, not "lots""#,
        path + #":7:3: no field "prot" in wizard "new-project" — did you mean "port"?"#,
        #"stepflow: --set confidence=7: "confidence": expected a whole number from 1 to 5, got "7""#,
        path + #":3:11: "port" must be between 1024 and 65535"#,
        #"stepflow: --set start=2020-01-01: "start" must be "#
          + "today (\(Self.today())) or later",
        "stepflow: --no-input: 6 problems; nothing was run"
          + " (give the answers with --answers FILE or --set ID=VALUE)",
      ])
    #expect(!FileManager.default.fileExists(atPath: dir + "/s.json"), "nothing ran")
  }

  static func today() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date())
  }

  @Test func confirmFieldsThatMustBeYesAreNamed() throws {
    let r = try Stepflow.run(["run", Self.release, "--no-input", "--set", "version=1.4.0"])
    #expect(r.status == 65)
    #expect(r.stdout == "")
    expectLines(
      r.stderr.split(separator: "\n").map(String.init),
      [
        #"stepflow: missing answer for "ci_green" (step "Checks", must be yes)"#,
        #"stepflow: missing answer for "changelog" (step "Checks", must be yes)"#,
        "stepflow: --no-input: 2 problems; nothing was run"
          + " (give the answers with --answers FILE or --set ID=VALUE)",
      ])
    let done = try Stepflow.run([
      "run", Self.release, "--no-input", "--set", "version=1.4.0", "--set", "ci_green=y",
      "--set", "changelog=yes", "--output", "text", "--dry-run",
    ])
    #expect(done.status == 0, "\(done.stderr)")
    #expect(done.stdout.hasPrefix("status: finished\nversion: 1.4.0\nchannel: stable\n"))
  }

  /// Answers for a step a condition hides, or for a tab that is not selected, are reported as
  /// ignored — the run finishes without them.
  @Test func answersLeftOutAreReportedAsIgnored() throws {
    let dir = try WizardCommandTests.folder([
      "answers.json": """
      { "plan": "free",
        "team_name": "Platform" }
      """
    ])
    let r = try Stepflow.run(
      ["run", Self.onboarding, "--answers", dir + "/answers.json", "--no-input"] + Self.account)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""finished":true"#) && !r.stdout.contains("Platform"))
    #expect(
      r.stderr == dir + "/answers.json:2:16: \"team_name\" is ignored: step 4 (Your team) is not"
        + " shown: its condition does not hold\n")
    let tabs = try Stepflow.run([
      "run", "purchase", "--no-input", "--set", "payment_method=card",
      "--set", "paypal_email=a@b.co", "--set", "card_number=4242 4242 4242 4242",
      "--set", "card_expiry=12/30", "--set", "card_name=Ann Smith", "--set", "name=Ann", "--set",
      "street=1 Main St",
      "--set", "city=Oslo", "--set", "postal_code=0150",
    ])
    #expect(tabs.status == 0, "\(tabs.stderr)")
    #expect(
      tabs.stderr
        == "stepflow: --set paypal_email=a@b.co: \"paypal_email\" is ignored: it is on tab"
        + " \"PayPal\" of step 2 (Payment), and tab \"Card\" is selected\n")
  }

  @Test func setComesAfterTheAnswersFileAndSecretsComeFromStdin() throws {
    let dir = try WizardCommandTests.folder([
      "answers.json": #"{ "full_name": "Bob", "plan": "team", "team_name": "Ops" }"#
    ])
    let r = try Stepflow.run(
      [
        "run", Self.onboarding, "--answers", "-", "--no-input", "--set", "full_name=Ann Smith",
        "--set", "email=ann@example.com", "--set", "username=ann",
      ], input: #"{ "password": "from stdin only" }"#)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""full_name":"Ann Smith""#))
    #expect(r.stdout.contains(#""password":"from stdin only""#))
    let both = try Stepflow.run(
      [
        "run", Self.onboarding, "--answers", dir + "/answers.json", "--set", "full_name=Ann",
        "--no-input",
      ] + Self.account.dropFirst(2))
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout.contains(#""full_name":"Ann","#), "the later --set wins")
    #expect(both.stdout.contains(#""team_name":"Ops""#))
  }

  @Test func badCommandLinesAreUsageErrors() throws {
    let cases: [([String], String)] = [
      (
        ["--set", "port"],
        #"option --set needs ID=VALUE (a field id, "=" and the answer), not "port""#
      ),
      (
        ["--set", "=80"],
        #"option --set needs ID=VALUE (a field id, "=" and the answer), not "=80""#
      ),
      (
        ["--no-input", "--commands", "next"],
        "--no-input finishes from the answers alone; it takes no --commands (a script gives its own commands)"
      ),
      (
        ["--answers", "-", "--script", "-"],
        "--answers - and --script - both read stdin; give one of them a file"
      ),
    ]
    for (arguments, message) in cases {
      let r = try Stepflow.run(["run", Self.newProject] + arguments)
      #expect(r.status == 64, "\(arguments)")
      #expect(r.stderr.hasPrefix("stepflow: " + message + "\n"), "\(arguments): \(r.stderr)")
      #expect(r.stdout == "")
    }
    let unknown = try Stepflow.run(["run", Self.newProject, "--set", "prot=80"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr
        == "stepflow: --set prot=80: no field \"prot\" in wizard \"new-project\" — did you mean \"port\"?\n"
    )
    let piped = try Stepflow.run(["run", Self.newProject, "--answers", "-"], input: "{}")
    #expect(piped.status == 64)
    #expect(
      piped.stderr.contains("--answers - read stdin, so the commands cannot come from it too"))
  }

  @Test func aRatingCannotBeAnsweredWithoutInput() throws {
    let r = try Stepflow.run(["rate", "--no-input"])
    #expect(r.status == 65)
    #expect(r.stdout == "")
    #expect(r.stderr.contains("a rating needs a person or a script"))
  }

  /// With `--state`, the finished run is saved, and the answers given are in it (the release
  /// wizard's tasks only described: `--dry-run`; a state file keeps answers, not task runs).
  @Test func theStateFileKeepsTheFinishedRun() throws {
    let dir = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let r = try Stepflow.run([
      "run", Self.release, "--no-input", "--dry-run", "--state", dir + "/s.json",
      "--set", "version=1.4.0", "--set", "ci_green=yes", "--set", "changelog=yes",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains(#""tasks":{"tree":{"status":"dry run"},"build":{"status":"dry run"}}"#))
    let again = try Stepflow.run(["run", Self.release, "--state", dir + "/s.json", "--resume"])
    #expect(again.status == 0, "\(again.stderr)")
    let answers = { (out: String) in out.components(separatedBy: #","tasks""#)[0] }
    #expect(answers(again.stdout) == answers(r.stdout))
    #expect(again.stderr.contains("was finished already"))
  }

  // MARK: Tasks

  /// A wizard whose second step runs a command: `{{name}}` as one argument, its stdout
  /// captured; `fail` makes the command fail (exit 3).
  static func taskWizard(optional: Bool = false) throws -> String {
    let dir = try WizardCommandTests.folder([
      "tasks.json": """
      { "id": "tasks", "title": "Tasks", "steps": [
        { "id": "name", "title": "Name", "fields": [{ "id": "name", "label": "Name", "required": true }] },
        { "id": "build", "title": "Build", "run": {
          "command": ["sh", "-c", "[ $1 = fail ] && exit 3; echo built $1", "sh", "{{name}}"],
          "capture": "built", "optional": \(optional) } },
        { "id": "done", "title": "Done" } ] }
      """
    ])
    return dir + "/tasks.json"
  }

  /// `--no-input` runs a step's task as Enter would, waits for it, and goes on: the result
  /// has what it captured and how it went.
  @Test func tasksRunOnTheWay() throws {
    let wizard = try Self.taskWizard()
    let r = try Stepflow.run(["run", wizard, "--no-input", "--set", "name=atlas"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""built":"built atlas""#), "\(r.stdout)")
    #expect(r.stdout.contains(#""tasks":{"build":{"status":"succeeded""#), "\(r.stdout)")
    #expect(r.stderr == "")

    let dry = try Stepflow.run(["run", wizard, "--no-input", "--set", "name=atlas", "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stderr.contains(#"dry run: step "build" would run"#), "\(dry.stderr)")
    #expect(dry.stdout.contains(#""status":"dry run""#), "\(dry.stdout)")
  }

  /// A required task that fails ends the run unfinished (exit 1, the result says how); an
  /// optional one is skipped with a note and the run finishes.
  @Test func aFailedTaskStopsTheRunUnlessItIsOptional() throws {
    let r = try Stepflow.run(["run", try Self.taskWizard(), "--no-input", "--set", "name=fail"])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr == "stepflow: --no-input: Build did not succeed; the run stops\n")
    #expect(r.stdout.contains(#""finished":false"#), "\(r.stdout)")
    #expect(r.stdout.contains(#""status":"failed","exitCode":3"#), "\(r.stdout)")

    let optional = try Stepflow.run([
      "run", try Self.taskWizard(optional: true), "--no-input", "--set", "name=fail",
    ])
    #expect(optional.status == 0, "\(optional.stderr)")
    #expect(
      optional.stderr
        == "stepflow: --no-input: Build did not succeed; it is optional, so it is skipped\n")
    #expect(optional.stdout.contains(#""finished":true"#), "\(optional.stdout)")
    #expect(optional.stdout.contains(#""status":"skipped""#), "\(optional.stdout)")
  }

  // MARK: A person given answers

  /// On a terminal, a run given answers starts at the first step that still needs one (the
  /// steps before are reached, so Back goes to them); `--review` starts at the beginning.
  @Test func aPersonStartsAtTheFirstStepThatNeedsAnAnswer() throws {
    let (pty, before) = try InteractiveTests.start(
      ["run", Self.onboarding, "--set", "full_name=Ann Smith", "--set", "email=ann@example.com"])
    #expect(pty.waitForText("Username"), "starts on the account step: \(pty.model.lines)")
    #expect(pty.model.contains("Ann Smith"))
    pty.send("\u{1B}")  // leave the field, then quit
    #expect(pty.waitForText("q quit"))
    pty.send("q")
    #expect(pty.waitForText("Quit and lose your answers? y/n"))
    pty.send("y")
    #expect(pty.waitForExit() == .exited(1))
    InteractiveTests.expectGivenBack(pty, before)

    let (done, _) = try InteractiveTests.start(["run", Self.onboarding] + Self.account)
    #expect(done.waitForText("Check your details"), "every step answered: the last step")
    done.send("\r")
    #expect(done.waitForExit() == .exited(0))
    #expect(InteractiveTests.stdout(done).contains(#""finished":true"#))

    let (review, _) = try InteractiveTests.start(
      ["run", Self.onboarding, "--review"] + Self.account)
    #expect(review.waitForText("Welcome aboard"), "--review: the first step")
    review.send("q")
    #expect(review.waitForExit() == .exited(1))
  }
}
