import StepFlowTestSupport
import Testing

@testable import StepFlowCLI
@testable import StepFlowTerminal

/// One list of exit codes (``ExitCode/documented``): help and the README are made from it.
@Suite struct ExitCodeListTests {
  @Test func theReadmeTableIsTheGeneratedOne() throws {
    try GeneratedSection.check(
      "README.md", start: "<!-- exit codes: generated from ExitCode.documented -->",
      end: "<!-- end of exit codes -->", expected: ExitCode.markdownTable)
  }

  @Test func helpListsEveryCodeFromTheList() throws {
    let help = try Stepflow.run(["help", "exit-codes"])
    #expect(help.status == 0)
    #expect(help.stdout == HelpText.exitCodes)
    for entry in ExitCode.documented {
      #expect(help.lines.contains { $0.hasPrefix("  " + entry.code + " ") }, "\(entry.code)")
    }
    #expect(!help.stdout.contains("`"), "no Markdown in help")
    #expect(help.lines.allSatisfy { $0.count <= 80 }, "\(help.lines)")
    let main = try Stepflow.run(["--help"])
    #expect(main.stdout.hasSuffix(HelpText.exitCodes))
  }

  /// Every code the product returns is on the list.
  @Test func everyConstantIsDocumented() {
    let codes = [
      ExitCode.finished, ExitCode.notFinished, ExitCode.usage, ExitCode.dataError,
      ExitCode.noInput, ExitCode.ioError, ExitCode.timeout, ExitCode.hangUp,
      ExitCode.interrupted, ExitCode.quit, ExitCode.terminated,
    ]
    let listed = Set(ExitCode.documented.map(\.code))
    for code in codes { #expect(listed.contains("\(code)"), "\(code)") }
    #expect(listed.contains("128+n"))
  }
}
