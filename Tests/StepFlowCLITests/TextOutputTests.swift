import StepFlowTestSupport
import Testing

/// `--output text`: a status line, then one `field: value` line an answer.
@Suite struct TextOutputTests {
  @Test func aFinishedPurchaseListsItsAnswers() throws {
    let r = try Stepflow.run([
      "run", "purchase", "--output", "text", "--commands",
      "next; tab 2; set paypal_email=a@b.co; next; set name=Ann; set street=1 Main St; set city=Oslo; set postal_code=0150; next; finish",
    ])
    #expect(r.status == 0)
    #expect(
      r.lines == [
        "status: finished", "payment_method: paypal", "paypal_email: a@b.co", "name: Ann",
        "street: 1 Main St", "city: Oslo", "postal_code: 0150",
      ])
  }

  /// Confirm fields as yes/no, choices by option id, an unfinished run says where it stands.
  @Test func confirmsChoicesAndAnUnfinishedRun() throws {
    let r = try Stepflow.run(
      [
        "run", "release", "--output", "text", "--commands",
        "set version=1.4.0; set channel=beta; next; set ci_green=yes; set docs=no",
      ], currentDirectory: WizardCommandTests.repository)
    #expect(r.status == 1)
    #expect(
      r.lines == [
        "status: not finished, at step 2 of 6 (Checks)", "version: 1.4.0", "channel: beta",
        "ci_green: yes", "changelog: no", "docs: no",
      ])
  }

  /// A typed control character cannot make a line of its own or reach the terminal.
  @Test func valuesAreOneLineAndSafe() throws {
    let r = try Stepflow.run(
      ["run", "purchase", "--output", "text"],
      input: "next\ntab 2\nset paypal_email=a\u{1B}[2J\u{7}b\n")
    #expect(r.lines.count == 3)
    #expect(r.lines[2].hasPrefix("paypal_email: a\\x1B[2J"))
    #expect(!r.stdout.contains("\u{1B}"))
  }

  /// The rating prints its number, as `stepflow rate` does by default.
  @Test func aRatingPrintsTheNumber() throws {
    let r = try Stepflow.run(["run", "rating", "--output", "text", "--commands", "rate 4; enter"])
    #expect(r.stdout == "4\n")
  }
}
