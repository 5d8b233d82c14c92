import Foundation
import StepFlowTestSupport
import Testing

/// A program of its own (`stepflow-probe`) running its flow through the library, as an adopter's
/// program does: the typed run prints nothing, the command line names the program.
@Suite struct LibraryRunTests {
  private func probe(_ arguments: [String], input: String = "") throws -> Stepflow.Result {
    try Stepflow.run(arguments, input: input, executable: Stepflow.probePath)
  }

  @Test func theTypedRunPrintsNothingAndReturnsTheResultAsValues() throws {
    let r = try probe(["script", "next; set email=ann@example.com; next; next; finish"])
    #expect(r.status == 0)
    #expect(r.stderr == "", "the library writes nothing on stderr")
    // Every line on stdout is the program's own: no JSON result, no `stepflow:`.
    #expect(
      r.lines == [
        "status: finished", "current: confirm", "email: ann@example.com",
        "message: command 1: next: E-mail is required",
      ])
  }

  @Test func aBadScriptIsAFailureWithItsMessageAsAValue() throws {
    let r = try probe(["script", "nxt"])
    #expect(r.status == 65 && r.stderr == "")
    #expect(r.lines.contains("status: failed"))
    #expect(
      r.lines.contains("message: command 1: unknown command \"nxt\" (did you mean \"next\"?)"))
  }

  @Test func theCommandLineNamesTheProgramNeverStepflow() throws {
    let bad = try probe(["cli", "--bogus"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr == "stepflow-probe: unknown option \"--bogus\"\nusage: stepflow-probe [options]\n")
    let state = NSTemporaryDirectory() + "stepflow-probe-" + UUID().uuidString
    try Data("not a state".utf8).write(to: URL(fileURLWithPath: state))
    defer { try? FileManager.default.removeItem(atPath: state) }
    let foreign = try probe(["cli", "--state", state, "--commands", "next"])
    #expect(foreign.status == 65)
    #expect(foreign.stderr.hasPrefix("stepflow-probe: state file "))
    #expect(!foreign.stderr.contains("stepflow:"))
    let refused = try probe(["cli", "--commands", "next", "--output", "none"])
    #expect(refused.stderr == "stepflow-probe: command 1: next: E-mail is required\n")
  }

  @Test func theProgramsOwnChecksRefuseAsTheBuiltInRulesDo() throws {
    // A field's validator: the refusal and the exit code of any refused command.
    let taken = try probe([
      "cli", "--commands", "set email=admin@example.com; next", "--output", "none",
    ])
    #expect(taken.status == 1)
    #expect(taken.stderr == "stepflow-probe: command 2: next: E-mail: is taken — sign in instead\n")
    // The step's check, over two fields.
    let differ = try probe([
      "cli", "--commands",
      "set email=ann@example.com; next; set password=abc; set repeat=abd; next",
      "--output", "none",
    ])
    #expect(differ.status == 1)
    #expect(differ.stderr == "stepflow-probe: command 5: next: Repeat: must be the same password\n")
    // --no-input: every problem at once, located where the answer came from, exit 65.
    let unattended = try probe([
      "cli", "--no-input", "--set", "email=admin@example.com", "--set", "password=abc",
      "--set", "repeat=abd",
    ])
    #expect(unattended.status == 65 && unattended.stdout == "")
    #expect(
      unattended.stderr.split(separator: "\n").prefix(2) == [
        "stepflow-probe: --set email=admin@example.com: \"email\" is taken — sign in instead",
        "stepflow-probe: --set repeat=abd: \"repeat\" must be the same password",
      ], "as the built-in rules' problems are: \(unattended.stderr)")
  }

  @Test func aFlowDeclaredWithMistakesFailsAtStartListingEveryOne() throws {
    let r = try probe(["broken", "--commands", "next"])
    #expect(r.status == 65 && r.stdout == "")
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == "stepflow-probe: the flow \"broken\" has 2 mistakes in its declaration:")
    #expect(lines.count == 3)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  step \"only\": field ") })
    #expect(lines.contains { $0.contains("field \"code\": ") && $0.contains("[a-z") })
    #expect(lines.contains { $0.contains("field \"stars\": ") })
  }

  @Test func theCommandLineKeepsStepflowRunsOutput() throws {
    let r = try probe(["cli", "--commands", "set email=a@b.co; next; next; finish"])
    #expect(r.status == 0)
    #expect(
      r.stdout
        == "{\"wizard\":\"signup\",\"finished\":true,\"current\":\"confirm\",\"reached\":[\"account\",\"profile\",\"confirm\"],\"answers\":{\"email\":\"a@b.co\"}}\n"
    )
  }

  @Test func aScreensAnswersAreScriptedSavedAndResumedLikeTypedOnes() throws {
    let state = NSTemporaryDirectory() + "stepflow-probe-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: state) }
    // Its keys in a script (`press`), and `set` by the field's id.
    let first = try probe(["order", "--state", state, "--commands", "press +; press +"])
    #expect(first.status == 1, "not finished: \(first.stderr)")
    let again = try probe(["order", "--state", state, "--resume", "--commands", "next; finish"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("\"answers\":{\"cups\":2}"), "\(again.stdout)")
    let set = try probe(["order", "--commands", "set cups=9; next", "--output", "none"])
    #expect(set.stderr == "stepflow-probe: command 2: next: Cups: must be between 1 and 3\n")
  }
}
