import Foundation
import StepFlowTestSupport
import Testing

/// Problems a review found, each held by a test.
@Suite struct ReviewRegressionTests {
  static func file(_ text: String) throws -> String {
    let path = TestFolder.path("review", suffix: ".json")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func finishingChecksTheLastStepsFields() throws {
    let path = try Self.file(
      #"{id:"v",title:"V",steps:[{id:"a",title:"A",fields:[{id:"n",label:"N",required:true,pattern:"[0-9]+"}]}]}"#
    )
    let empty = try Stepflow.run(["run", path, "--commands", "finish"])
    #expect(empty.status == 1 && empty.stderr.contains("N is required"))
    let wrong = try Stepflow.run(["run", path, "--commands", "set n=ab; enter"])
    #expect(wrong.status == 1 && wrong.stderr.contains("N: must match [0-9]+"))
    let right = try Stepflow.run(["run", path, "--commands", "set n=12; finish"])
    #expect(right.status == 0)
  }

  @Test func tappingForwardChecksTheStepsItPasses() throws {
    let r = try Stepflow.run([
      "run", "purchase", "--commands",
      "next; tab 2; set paypal_email=a@b.co; next; set name=Ann; set street=1 Main St; set city=Oslo; set postal_code=0150; next; tap 2; set paypal_email=broken; tap 4; finish",
    ])
    #expect(r.status == 1)
    #expect(r.stderr.contains("tap 4: E-mail: must look like name@example.com"))
    #expect(!r.stdout.contains("\"finished\":true"))
    let onboarding = try Stepflow.run(
      [
        "run", "onboarding", "--commands",
        "next; set full_name=Ann; set email=a@b.co; set username=ann; set password=12345678; next; next; tap 3; set plan=team; tap 5; finish",
      ], currentDirectory: WizardCommandTests.repository)
    #expect(onboarding.status == 1)
    #expect(
      onboarding.stderr.contains("step 4 (Your team) needs answers first: Team name is required"))
  }

  @Test func nothingRawReachesStderrOrTextOutput() throws {
    let path = try Self.file(
      #"{id:"h",title:"\u001b[2JT",steps:[{id:"a",title:"A\u001b[1m",fields:[{id:"f",label:"L\u0007",default:"\u001b]8;;x\u0007"}]}]}"#
    )
    let plain = try Stepflow.run(["run", path, "--output", "text"], input: "next\n")
    #expect(!plain.stderr.contains("\u{1B}") && !plain.stderr.contains("\u{7}"))
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(plain.stderr.contains("A\\x1B[1m"))
    let typo = try Stepflow.run(["run", "delivery", "--commands", "nxt\u{1B}[2J"])
    #expect(
      typo.status == 65 && typo.stderr.contains("nxt\\x1B[2J") && !typo.stderr.contains("\u{1B}"))
  }

  @Test func asciiTextOutputIsASCII() throws {
    let r = try Stepflow.run([
      "run", "purchase", "--glyphs", "ascii", "--output", "text", "--commands", "next",
    ])
    #expect(r.stdout == "status: not finished, at step 2 of 4 (Payment)\npayment_method: card\n")
    let plain = try Stepflow.run(
      ["run", "purchase"], input: "next\n", environment: Stepflow.environment(["LANG": "C"]))
    #expect(plain.stderr.utf8.allSatisfy { $0 < 0x80 })
    #expect(plain.stderr.contains("Ceramic mug: 2 x $9.50"))
  }

  @Test func helpCoversEveryCommand() throws {
    for topic in ["run", "rate", "gauge", "list", "validate", "keys", "exit-codes"] {
      let r = try Stepflow.run(["help", topic])
      #expect(r.status == 0 && !r.stdout.isEmpty, "help \(topic)")
    }
    let validate = try Stepflow.run(["validate", "--help"])
    #expect(validate.status == 0 && validate.stdout.contains("file:line:column"))
  }
}
