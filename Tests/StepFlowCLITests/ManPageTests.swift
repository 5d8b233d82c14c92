import Foundation
import StepFlowCLI
import StepFlowCommandLine
import StepFlowTestSupport
import Testing

/// stepflow(1) and the completion scripts are made from the program's own tables; these tests
/// fail when a command, an option or an environment variable reaches the code but not them.
@Suite struct ManPageTests {
  /// Every `--name` declared as an `OptionSpec` anywhere in the sources.
  static func declaredOptions() throws -> Set<String> {
    var names = Set<String>()
    let sources = Repository.root + "/Sources"
    let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
    let pattern = try NSRegularExpression(pattern: #"OptionSpec\(\s*"(--[a-z0-9-]+)""#)
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
      }
    }
    return names
  }

  @Test func everyDeclaredOptionIsInACommandOfTheTable() throws {
    let inTable = Set(StepFlowCLI.commandTable.flatMap { $0.options.map(\.name) })
    let declared = try Self.declaredOptions()
    #expect(declared.count > 20)
    #expect(
      declared.subtracting(inTable).isEmpty,
      "options no command of the table has: \(declared.subtracting(inTable).sorted())")
  }

  @Test func everyCommandTheProgramTakesIsInTheTable() throws {
    let file = try Repository.text("Sources/StepFlowCLI/CLI.swift")
    // The dispatcher: from `switch command {` to its `default:`.
    let start = try #require(file.range(of: "switch command {"))
    let end = try #require(file.range(of: "default:", range: start.upperBound..<file.endIndex))
    let text = String(file[start.upperBound..<end.lowerBound])
    let pattern = try NSRegularExpression(
      pattern: #"^\s*case ((?:"[^"]+"(?:, )?)+):"#, options: .anchorsMatchLines)
    var commands = Set<String>()
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let range = Range(match.range(at: 1), in: text) else { continue }
      for name in text[range].split(separator: ",") {
        commands.insert(name.trimmingCharacters(in: CharacterSet(charactersIn: " \"")))
      }
    }
    let aliases: Set = ["--help", "-h", "--version", "-V", "version"]
    let missing = commands.subtracting(aliases).subtracting(StepFlowCLI.commandNames)
    #expect(commands.contains("run") && commands.contains("validate"))
    #expect(missing.isEmpty, "commands the table lacks: \(missing.sorted())")
  }

  @Test func helpManPageAndCompletionsNameEveryCommandAndOption() throws {
    let man = try Stepflow.run(["man"])
    #expect(man.status == 0)
    let scripts = try ["bash", "zsh", "fish"].map { try Stepflow.run(["completions", $0]).stdout }
    let main = try Stepflow.run(["--help"]).stdout
    for command in StepFlowCLI.commandTable {
      #expect(main.contains("  stepflow " + command.synopsis), "--help lacks \(command.name)")
      #expect(
        man.stdout.contains("\\fBstepflow " + command.name + "\\fR"), "man lacks \(command.name)")
      let help = try Stepflow.run(["help", command.name])
      #expect(help.status == 0, "stepflow help \(command.name): \(help.stderr)")
      for (shell, script) in zip(["bash", "zsh", "fish"], scripts) {
        #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
      }
      for option in command.options {
        #expect(help.stdout.contains(option.name), "help \(command.name) lacks \(option.name)")
        #expect(
          man.stdout.contains("\\fB" + option.name.replacingOccurrences(of: "-", with: "\\-")))
        for (shell, script) in zip(["bash", "zsh", "fish"], scripts) {
          let spelled = shell == "fish" ? "-l " + option.name.dropFirst(2) + " " : option.name
          #expect(script.contains(spelled), "\(shell) lacks \(option.name) of \(command.name)")
        }
      }
    }
  }

  @Test func everyWordListIsWhatTheOptionAccepts() throws {
    for command in ["run", "rate", "ask", "gauge"] {
      let table = StepFlowCLI.commandTable.first { $0.name == command }?.options ?? []
      for option in table {
        guard case .words(let words) = option.completion else { continue }
        // What the command needs beside the option: run a flow; ask a kind the option is for
        // (with an option, which a choice needs before its style is looked at).
        let kind = AskCommand.fieldOptions.first { $0.spec.name == option.name }?.kinds.first
        let question = [kind ?? "text", "Label"] + (kind == "choice" ? ["--option", "a"] : [])
        let operands = command == "run" ? ["delivery"] : command == "ask" ? question : []
        let r = try Stepflow.run([command] + operands + [option.name, "zzz"])
        #expect(r.status == 64, "\(command) \(option.name) zzz")
        #expect(
          r.stderr.contains(words.joined(separator: ", ")),
          "\(command) \(option.name) accepts other words than it completes: \(r.stderr)")
      }
    }
  }

  @Test func everyEnvironmentVariableReadIsDocumented() throws {
    let sources = Repository.root + "/Sources"
    let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
    let pattern = try NSRegularExpression(pattern: #"environment\["([A-Z_]+)"\]"#)
    var read = Set<String>()
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let range = Range(match.range(at: 1), in: text) { read.insert(String(text[range])) }
      }
    }
    let documented = Set(
      EnvironmentHelp.variables.flatMap {
        $0.name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      })
    #expect(read.contains("STEPFLOW_PATH"))
    #expect(
      read.subtracting(documented).isEmpty, "undocumented: \(read.subtracting(documented).sorted())"
    )
    let man = try Stepflow.run(["man"]).stdout
    for name in documented { #expect(man.contains(name.replacingOccurrences(of: "_", with: "_"))) }
  }

  @Test(.enabled(if: CompletionTests.installed("mandoc"))) func theManPageIsLintClean() throws {
    let folder = try WizardCommandTests.folder([:])
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let page = try Stepflow.run(["man"]).stdout
    try page.write(toFile: folder + "/stepflow.1", atomically: true, encoding: .utf8)
    let lint = try Stepflow.run(
      ["-T", "lint", "-W", "all", folder + "/stepflow.1"], executable: "/usr/bin/mandoc")
    #expect(
      lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)"
    )
    for section in [
      "NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "KEYS", "CONFIGURATION", "ENVIRONMENT", "FILES",
      "EXIT STATUS",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "no \(section)")
    }
  }
}
