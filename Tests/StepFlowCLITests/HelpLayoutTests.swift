import StepFlowTestSupport
import Testing

@testable import StepFlowCLI
@testable import StepFlowText

/// Help pages fit an 80-column terminal: every page of the binary, and the layout's rules —
/// prose filled again, two-column rows wrapped under their second column, examples kept.
struct HelpLayoutTests {
  static let pages: [[String]] =
    [["--help"], ["ask", "--help"], ["run", "--help"], ["gauge", "--help"]]
    + HelpText.topics.map { ["help", $0] }

  @Test(arguments: pages) func everyHelpPageFitsEightyColumns(arguments: [String]) throws {
    let r = try Stepflow.run(arguments)
    #expect(r.status == 0)
    let wide = r.lines.filter { DisplayWidth.of($0) > 80 }
    #expect(wide.isEmpty, "\(arguments): \(wide)")
  }

  /// The words of `ask --help` are all there after the layout, in their order.
  @Test func theLayoutKeepsEveryWord() throws {
    let raw = try #require(HelpText.unformatted("ask"))
    let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
    let r = try Stepflow.run(["ask", "--help"])
    #expect(words(r.stdout) == words(raw))
    #expect(r.stdout.contains("\nOptions:\n"))
    #expect(r.stdout.contains("\n  if stepflow ask confirm \"Deploy?\"; then ./deploy.sh; fi\n"))
  }

  @Test func paragraphsAreFilledAndRowsWrapUnderTheirSecondColumn() {
    let text = """
      usage: tool <thing>

      A first line of prose that is long enough, and a second one
      joined to it.
      Options:
        --short     a help text that goes on and on, well past the eighty columns of the terminal
        --other X   short
                    and its second line
        an example  kept
      """
    expectLines(
      HelpLayout.formatted(text).split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init),
      [
        "usage: tool <thing>",
        "",
        "A first line of prose that is long enough, and a second one joined to it.",
        "Options:",
        "  --short     a help text that goes on and on, well past the eighty columns of",
        "              the terminal",
        "  --other X   short and its second line",
        "  an example  kept",
      ])
  }
}
