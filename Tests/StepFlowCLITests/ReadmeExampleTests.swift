import Foundation
import StepFlowTestSupport
import Testing

@testable import StepFlowTerminal

/// The README's examples, run against the built binary and compared exactly.
///
/// The convention: a fenced block marked `console` holds examples. A line starting with `$ ` is
/// a command, run by `/bin/sh -c` in the repository with the built `stepflow` first on `PATH`;
/// the lines after it, up to the next command or the end of the block, are its stdout (a
/// command shows stderr by saying `2>&1`). A line `...` stands for any number of lines. With
/// `STEPFLOW_RECORD=1` the outputs of examples without `...` are written back into the README —
/// then read `git diff README.md`.
@Suite struct ReadmeExampleTests {
  struct Example {
    /// The line of the command in the README, from 1.
    var line: Int
    var command: String
    var expected: [String]
  }

  /// The examples of every `console` block, in order.
  static func examples(in lines: [String]) -> [Example] {
    var examples: [Example] = []
    var inConsole = false
    for (i, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        inConsole = !inConsole && line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        examples.append(Example(line: i + 1, command: String(line.dropFirst(2)), expected: []))
      } else if !examples.isEmpty {
        examples[examples.count - 1].expected.append(line)
      }
    }
    return examples
  }

  /// Whether `actual` is `expected`, where a `...` line in `expected` stands for any lines.
  static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "..." {
      let rest = expected.dropFirst()
      for skip in 0...actual.count where matches(actual.dropFirst(skip), rest) { return true }
      return false
    }
    guard let line = actual.first, line == first else { return false }
    return matches(actual.dropFirst(), expected.dropFirst())
  }

  /// Runs a command line as a shell would, in the repository, stdin empty; returns stdout.
  static func run(_ command: String) throws -> [String] {
    let binaryDirectory = URL(fileURLWithPath: Stepflow.binaryPath).deletingLastPathComponent()
    let result = try Subprocess.run(
      "/bin/sh", ["-c", command],
      environment: Stepflow.environment(["PATH": binaryDirectory.path + ":/usr/bin:/bin"]),
      in: WizardCommandTests.repository)
    var lines = result.stdout.split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The documents whose `console` examples are run: the README and the docs it links to.
  static let documents = ["README.md", "docs/progress.md", "docs/wizard-format.md"]

  @Test(arguments: documents) func everyExampleRunsAsShown(document: String) throws {
    let path = WizardCommandTests.repository + "/" + document
    let text = String(decoding: try Platform.readFile(path), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let examples = Self.examples(in: lines)
    if document == "README.md" {
      // The README shows frames, plain mode, JSON and text results, a cancel, validate, a gauge.
      #expect(examples.count >= 10, "the README's examples were found: \(examples.count)")
    }
    var recorded: [(Example, [String])] = []
    for example in examples {
      let actual = try Self.run(example.command)
      if Platform.environment()["STEPFLOW_RECORD"] == "1", !example.expected.contains("...") {
        recorded.append((example, actual))
        continue
      }
      if !Self.matches(actual[...], example.expected[...]) {
        expectLines(actual, example.expected, "\(document):\(example.line): $ \(example.command)")
      }
    }
    guard !recorded.isEmpty else { return }
    // Back to front, so that earlier line numbers stay right.
    for (example, actual) in recorded.reversed() {
      lines.replaceSubrange(example.line..<(example.line + example.expected.count), with: actual)
    }
    try Platform.writeFileAtomically(path, Array(lines.joined(separator: "\n").utf8))
  }

  @Test func theConventionAndTheWildcard() {
    let readme = [
      "```sh", "$ not an example", "```", "```console", "$ echo a", "a", "$ true", "```", "$ out",
    ]
    let found = Self.examples(in: readme)
    #expect(found.map(\.command) == ["echo a", "true"])
    #expect(found.map(\.expected) == [["a"], []])
    #expect(found.map(\.line) == [5, 7])
    #expect(Self.matches(["a", "b", "c"], ["...", "c"]))
    #expect(Self.matches(["c"], ["...", "c"]))
    #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
    #expect(!Self.matches(["a", "b"], ["...", "c"]))
    #expect(!Self.matches(["a", "b", "c"], ["a", "c"]))
    #expect(!Self.matches(["a"], ["a", "b"]))
  }
}
