import Foundation
import StepFlow
import StepFlowCLI
import StepFlowCommandLine
import StepFlowJSON
import StepFlowTerminal
import StepFlowTestSupport
import Testing

/// The user's config file: read as JSON5, every mistake located, exit 65 unless the user asks
/// to run with the defaults (`--no-config`); flags over the environment over the file.
@Suite struct UserConfigTests {
  @Test func theFileGivesTheThemeGlyphsAndAnimation() throws {
    let settings = try UserConfig.settings(
      Array("{ // mine\n theme: \"dracula\", glyphs: 'ascii', animation: false, }".utf8),
      path: "config.json")
    #expect(settings.theme?.name == "dracula")
    #expect(settings.glyphs == .ascii)
    #expect(settings.animation == false)
    let empty = try UserConfig.settings(Array("{}".utf8), path: "c")
    #expect(empty == UserSettings())
  }

  @Test func everyMistakeIsLocated() {
    let text = """
      {
        theme: "draculla",
        glyph: "ascii",
        animation: "no",
      }
      """
    do throws(Diagnostics) {
      _ = try UserConfig.settings(Array(text.utf8), path: "c.json")
      Issue.record("the mistakes were not found")
    } catch {
      let lines = error.all.map(\.description)
      #expect(lines.count == 3, "\(lines)")
      #expect(
        lines.contains { $0.hasPrefix("c.json:2:10: ") && $0.contains("did you mean \"dracula\"?") }
      )
      #expect(
        lines.contains {
          $0.hasPrefix("c.json:3:3: unknown key \"glyph\"") && $0.contains("\"glyphs\"")
        })
      #expect(
        lines.contains {
          $0 == "c.json:4:14: wrong type: \"animation\" must be true or false, found a string"
        })
    }
  }

  @Test func aRunStopsOnABrokenConfigUnlessToldToUseTheDefaults() throws {
    let folder = try WizardCommandTests.folder([
      "stepflow/config.json": "{ theme: \"nope\",\n  colours: 3 }"
    ])
    let env = Stepflow.environment(["XDG_CONFIG_HOME": folder])
    let r = try Stepflow.run(["run", "delivery", "--commands", "next"], environment: env)
    #expect(r.status == 65)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines[0].hasPrefix(folder + "/stepflow/config.json:1:10: "))
    #expect(lines[1].hasPrefix(folder + "/stepflow/config.json:2:3: unknown key \"colours\""))
    #expect(
      lines[2]
        == "stepflow: fix the config file \(folder)/stepflow/config.json, or give --no-config to run with the defaults"
    )
    #expect(r.stdout.isEmpty)
    let defaults = try Stepflow.run(
      ["run", "delivery", "--no-config", "--commands", "next; next; next; finish"], environment: env
    )
    #expect(defaults.status == 0, "\(defaults.stderr)")
    #expect(defaults.stderr.isEmpty)
    // A syntax error is located too.
    let syntax = try WizardCommandTests.folder(["stepflow/config.json": "{ theme: }"])
    let s = try Stepflow.run(
      ["rate", "--commands", "rate 3; enter"],
      environment: Stepflow.environment(["XDG_CONFIG_HOME": syntax]))
    #expect(s.status == 65)
    #expect(s.stderr.hasPrefix(syntax + "/stepflow/config.json:1:10: "))
  }

  @Test func theConfigSitsUnderTheEnvironmentAndTheFlags() throws {
    let folder = try WizardCommandTests.folder([
      "stepflow/config.json": "{ glyphs: \"ascii\" }"
    ])
    let frame = [
      "run", "rating", "--commands", "rate 2", "--frames", "--width", "40", "--height", "9",
    ]
    let env = Stepflow.environment(["XDG_CONFIG_HOME": folder])
    let ascii = try Stepflow.run(frame, environment: env)
    #expect(ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "the config's glyphs")
    let flag = try Stepflow.run(frame + ["--glyphs", "unicode"], environment: env)
    #expect(flag.stdout.contains("★"), "the flag beats the config")
    // The home folder's config when XDG_CONFIG_HOME is not set.
    let home = try WizardCommandTests.folder([
      ".config/stepflow/config.json": "{ glyphs: \"ascii\" }"
    ])
    let byHome = try Stepflow.run(frame, environment: Stepflow.environment(["HOME": home]))
    #expect(byHome.stdout.unicodeScalars.allSatisfy { $0.isASCII })
  }

  /// A config folder with `config.json`, removed when `body` returns.
  static func withConfig<T>(_ text: String, _ body: ([String: String]) throws -> T) throws -> T {
    let folder = try WizardCommandTests.folder(["stepflow/config.json": text])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(Stepflow.environment(["XDG_CONFIG_HOME": folder]))
  }

  static let pick = [
    "ask", "choice", "Pick", "--option", "a", "--option", "b", "--option", "c",
  ]

  @Test func movedKeysActInListsAndOnSteps() throws {
    // Without a config, j filters the list: nothing matches "j", Enter picks nothing.
    let plain = try Stepflow.run(Self.pick + ["--commands", "press j; press j; press enter"])
    #expect(plain.stdout != "c\n")
    try Self.withConfig("{ keys: { lists: { j: \"down\", k: \"up\" } } }") { env in
      let r = try Stepflow.run(
        Self.pick + ["--commands", "press j; press j; press k; press j; press enter"],
        environment: env)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stdout == "c\n")
      // --no-config: j filters again.
      let none = try Stepflow.run(
        Self.pick + ["--no-config", "--commands", "press j; press j; press enter"],
        environment: env)
      #expect(none.stdout != "c\n")
    }
    try Self.withConfig("{ keys: { steps: { q: null, z: \"q\" } } }") { env in
      let frames = try Stepflow.run(
        ["run", "delivery", "--commands", "press q; press z", "--frames", "--color", "never"],
        environment: env)
      #expect(frames.status == 1, "z quits: \(frames.stderr)")
      #expect(frames.stderr.contains("press q: q does nothing here"))
      let parts = frames.stdout.components(separatedBy: "--- frame ")
      #expect(parts.count == 4)
      #expect(parts[1].contains("z quit"), "the hint line names z: \(parts[1])")
      #expect(!frames.stdout.contains("q quit"))
    }
  }

  @Test func helpKeysShowsTheMovedKeys() throws {
    try Self.withConfig("{ keys: { lists: { j: \"down\", k: \"up\" }, steps: { q: null } } }") {
      env in
      let r = try Stepflow.run(["help", "keys"], environment: env)
      #expect(r.status == 0)
      #expect(r.stdout.contains("↑ ↓ j k"), "\(r.stdout)")
      let defaults = try Stepflow.run(["help", "keys"])
      #expect(!defaults.stdout.contains("↑ ↓ j k"))
      #expect(defaults.stdout.contains("q Esc        cancel"))
      #expect(!r.stdout.contains("q Esc        cancel"))
    }
    try Self.withConfig("{ keys: 3 }") { env in
      let r = try Stepflow.run(["help", "keys"], environment: env)
      #expect(r.status == 0)
      #expect(r.stderr.contains("the keys without its remaps"))
    }
  }

  @Test func aRemapThatClashesOrLeavesNoQuitIsRefusedAndLocated() throws {
    let text = """
      {
        keys: {
          steps: { l: "q", q: null, escape: null },
          lists: { "ctrl-c": null, j: "sideways" },
          tabs: {},
        },
      }
      """
    try Self.withConfig(text) { env in
      let r = try Stepflow.run(["run", "delivery", "--commands", "next"], environment: env)
      #expect(r.status == 65)
      #expect(r.stdout.isEmpty)
      let lines = r.stderr.split(separator: "\n").map(String.init)
      let path = try #require(env["XDG_CONFIG_HOME"]) + "/stepflow/config.json"
      #expect(
        lines.contains { $0.hasPrefix(path + ":4:33: wrong value: ") && $0.contains("sideways") },
        "\(lines)")
      #expect(lines.contains { $0.hasPrefix(path + ":5:5: unknown key \"tabs\"") }, "\(lines)")
      #expect(lines.last?.contains("--no-config") == true)
      #expect(r.stdout.isEmpty)
    }
    // Once the names are right, the meaning is checked: each problem at its key.
    let meaning = """
      {
        keys: {
          steps: { l: "q", q: null, escape: null },
        },
      }
      """
    try Self.withConfig(meaning) { env in
      let r = try Stepflow.run(["run", "delivery", "--commands", "next"], environment: env)
      #expect(r.status == 65)
      let path = try #require(env["XDG_CONFIG_HOME"]) + "/stepflow/config.json"
      #expect(
        r.stderr.contains(
          path + ":3:14: \"l\" in \"keys\": l already means \"next step\" in a step"),
        "\(r.stderr)")
    }
    let noQuit = "{ keys: { steps: { q: null, escape: null } } }"
    try Self.withConfig(noQuit) { env in
      let r = try Stepflow.run(["rate", "--commands", "rate 2; enter"], environment: env)
      #expect(r.status == 65)
      let path = try #require(env["XDG_CONFIG_HOME"]) + "/stepflow/config.json"
      #expect(
        r.stderr.contains(path + ":1:29: \"esc\" in \"keys\": nothing would quit in a step"),
        "\(r.stderr)")
    }
  }

  @Test func mouseAndInlineFromTheConfig() throws {
    let settings = try UserConfig.settings(
      Array("{ mouse: false, inline: true }".utf8), path: "c.json")
    #expect(settings.mouse == false && settings.inline == true)
    let parsed = try ArgumentParser.parse([], options: RunCommand.options, usage: "u")
    let run = try RunCommand.settings(
      parsed, environment: [:], rating: false, usage: "u", user: settings)
    #expect(run.mouse == false)
    #expect(run.screen == .inline)
    let full = try ArgumentParser.parse(["--fullscreen"], options: RunCommand.options, usage: "u")
    #expect(
      try RunCommand.settings(full, environment: [:], rating: false, usage: "u", user: settings)
        .screen == .fullscreen)
    let mouse = try ArgumentParser.parse(["--no-mouse"], options: RunCommand.options, usage: "u")
    var on = settings
    on.mouse = true
    #expect(
      try RunCommand.settings(mouse, environment: [:], rating: false, usage: "u", user: on).mouse
        == false)
    // ask stays inline whatever the config says.
    let ask = try RunCommand.settings(
      parsed, environment: [:], rating: false, usage: "u", screen: .inline, user: UserSettings())
    #expect(ask.screen == .inline)
  }
}
