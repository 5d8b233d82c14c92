import Foundation
import StepFlow
import StepFlowCLI
import StepFlowCommandLine
import StepFlowJSON
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
      "stepflow/config.json": "{ theme: \"nope\",\n  keys: 3 }"
    ])
    let env = Stepflow.environment(["XDG_CONFIG_HOME": folder])
    let r = try Stepflow.run(["run", "delivery", "--commands", "next"], environment: env)
    #expect(r.status == 65)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines[0].hasPrefix(folder + "/stepflow/config.json:1:10: "))
    #expect(lines[1].hasPrefix(folder + "/stepflow/config.json:2:3: unknown key \"keys\""))
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
}
