import Foundation
import StepFlowCLI
import StepFlowTestSupport
import Testing

/// Where wizards are found by name: ./wizards, STEPFLOW_PATH, the user's config folder, the
/// installed share folder — in that order, the first name winning, and `list` saying so.
@Suite struct SearchPathTests {
  static func wizard(_ id: String, title: String) -> String {
    """
    { id: "\(id)", title: "\(title)", steps: [{ id: "one", title: "One", body: "hi" }] }
    """
  }

  /// The rows of `list` with runs of spaces made one.
  static func rows(_ result: Stepflow.Result) -> [String] {
    result.lines.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
  }

  @Test func theSearchPathIsInOrderAndEachFolderOnce() {
    let folders = WizardCatalog.searchPath(
      environment: ["STEPFLOW_PATH": "/a::/b:/a", "XDG_CONFIG_HOME": "/x", "HOME": "/home/u"],
      installed: "/usr/local/share/stepflow/wizards")
    #expect(
      folders.map(\.path) == [
        "wizards", "/a", "/b", "/x/stepflow/wizards", "/usr/local/share/stepflow/wizards",
      ])
    #expect(folders.map(\.origin) == [.local, .environment, .environment, .user, .installed])
    // XDG_CONFIG_HOME unset or relative: ~/.config, as the XDG rules say.
    #expect(
      WizardCatalog.configFolder(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "rel"])
        == "/home/u/.config/stepflow")
    #expect(WizardCatalog.configFolder(environment: [:]) == nil)
    #expect(
      WizardCatalog.installedFolder(executable: "/opt/sf/bin/stepflow")
        == "/opt/sf/share/stepflow/wizards")
  }

  @Test func aNameFoundTwiceRunsTheFirstAndListSaysWhichWins() throws {
    let root = try WizardCommandTests.folder([
      "here/wizards/greet.json": Self.wizard("greet", title: "Local greet"),
      "path/greet.json": Self.wizard("greet", title: "Path greet"),
      "path/only-path.json": Self.wizard("only-path", title: "From the path"),
      "config/stepflow/wizards/greet.json": Self.wizard("greet", title: "Config greet"),
      "config/stepflow/wizards/mine.json": Self.wizard("mine", title: "Mine"),
      "config/stepflow/wizards/purchase.json": Self.wizard("purchase", title: "Not the built-in"),
    ])
    let environment = Stepflow.environment([
      "STEPFLOW_PATH": root + "/path", "XDG_CONFIG_HOME": root + "/config",
    ])
    let run = try Stepflow.run(
      ["run", "greet", "--commands", "finish"], environment: environment,
      currentDirectory: root + "/here")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\"wizard\":\"greet\""))
    let mine = try Stepflow.run(
      ["run", "mine", "--output", "none", "--commands", "finish"], environment: environment,
      currentDirectory: root + "/here")
    #expect(mine.status == 0, "\(mine.stderr)")

    let list = try Stepflow.run(
      ["list"], environment: environment, currentDirectory: root + "/here")
    #expect(list.status == 0, "\(list.stderr)")
    let rows = Self.rows(list)
    #expect(rows.contains("greet Local greet (1 step) — wizards/greet.json (./wizards)"))
    #expect(
      rows.contains(
        "only-path From the path (1 step) — \(root)/path/only-path.json (STEPFLOW_PATH)"))
    #expect(
      rows.contains(
        "mine Mine (1 step) — \(root)/config/stepflow/wizards/mine.json (user config)"))
    #expect(
      rows.contains(
        "greet also in \(root)/path/greet.json (STEPFLOW_PATH): wizards/greet.json (./wizards) wins; run it by its path"
      ))
    #expect(
      rows.contains(
        "greet also in \(root)/config/stepflow/wizards/greet.json (user config): wizards/greet.json (./wizards) wins; run it by its path"
      ))
    #expect(
      rows.contains(
        "purchase also in \(root)/config/stepflow/wizards/purchase.json (user config): the built-in flow wins; run it by its path"
      ))
    #expect(rows.contains("Searched in this order (a name found earlier wins):"))
    #expect(rows.contains("wizards (./wizards)"))
    #expect(rows.contains("\(root)/path (STEPFLOW_PATH)"))

    let names = try Stepflow.run(
      ["list", "--names"], environment: environment, currentDirectory: root + "/here")
    #expect(names.lines == ["delivery", "purchase", "rating", "greet", "only-path", "mine"])
    let folders = try Stepflow.run(
      ["list", "--folders"], environment: environment, currentDirectory: root + "/here")
    #expect(
      Self.rows(folders).prefix(3) == [
        "wizards (./wizards)", "\(root)/path (STEPFLOW_PATH)",
        "\(root)/config/stepflow/wizards (user config)",
      ])
    #expect(Self.rows(folders).last?.hasSuffix("(installed, not there)") == true)
  }

  @Test func theConfigFolderDefaultsToHomeDotConfig() throws {
    let root = try WizardCommandTests.folder([
      "home/.config/stepflow/wizards/mine.json": Self.wizard("mine", title: "Mine")
    ])
    let run = try Stepflow.run(
      ["run", "mine", "--commands", "finish", "--output", "none"],
      environment: Stepflow.environment(["HOME": root + "/home"]), currentDirectory: root)
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func anInstalledProgramFindsTheWizardsBesideIt() throws {
    let root = try WizardCommandTests.folder([
      "prefix/share/stepflow/wizards/shipped.json": Self.wizard("shipped", title: "Shipped"),
      "elsewhere/.keep": "",
    ])
    try FileManager.default.createDirectory(
      atPath: root + "/prefix/bin", withIntermediateDirectories: true)
    // A hard link, not a copy: a copy's descriptor, inherited by a child another test forks at
    // that moment, would make exec fail with ETXTBSY (126). /proc/self/exe names the link.
    try FileManager.default.linkItem(
      atPath: Stepflow.binaryPath, toPath: root + "/prefix/bin/stepflow")
    let run = try Stepflow.run(
      ["run", "shipped", "--commands", "finish"], currentDirectory: root + "/elsewhere",
      executable: root + "/prefix/bin/stepflow")
    #expect(run.status == 0, "\(run.stderr)")
    let list = try Stepflow.run(
      ["list"], currentDirectory: root + "/elsewhere", executable: root + "/prefix/bin/stepflow")
    #expect(
      Self.rows(list).contains(
        "shipped Shipped (1 step) — \(root)/prefix/share/stepflow/wizards/shipped.json (installed)")
    )
  }
}
