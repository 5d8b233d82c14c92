import Foundation
import StepFlow
import StepFlowTestSupport
import Testing

/// `--theme`: each preset's last frame of a delivery run in golden files — the text, then every
/// colour the frame uses, in words — and monochrome checked to send no colour at all.
@Suite struct ThemeTests {
  /// The frames of a run with colour, as the terminal would get them.
  static func frames(theme: String, extra: [String] = [], env: [String: String] = [:]) throws
    -> Stepflow.Result
  {
    try Stepflow.run(
      [
        "run", "delivery", "--commands", "next", "--frames", "--color", "always", "--width", "40",
        "--height", "12", "--glyphs", "unicode", "--theme", theme,
      ] + extra,
      environment: Stepflow.environment(["COLORTERM": "truecolor"].merging(env) { $1 }))
  }

  /// Every SGR sequence's parameters in the output.
  static func sgrParameters(_ text: String) -> [[Int]] {
    var result: [[Int]] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
      if rest[end] == "m" {
        result.append(
          rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
      }
      rest = rest[end...]
    }
    return result
  }

  /// The colours of SGR parameters in words: `fg #bd93f9`, `bg ansi 3`.
  static func colours(_ text: String) -> [String] {
    var seen = Set<String>()
    for parameters in sgrParameters(text) {
      var i = 0
      while i < parameters.count {
        let p = parameters[i]
        if p == 38 || p == 48, i + 4 < parameters.count, parameters[i + 1] == 2 {
          let hex = parameters[(i + 2)...(i + 4)].map { String(format: "%02x", $0) }.joined()
          seen.insert((p == 38 ? "fg #" : "bg #") + hex)
          i += 5
        } else if p == 38 || p == 48, i + 2 < parameters.count, parameters[i + 1] == 5 {
          seen.insert((p == 38 ? "fg " : "bg ") + "color \(parameters[i + 2])")
          i += 3
        } else {
          if (30...37).contains(p) || (90...97).contains(p) { seen.insert("fg ansi \(p)") }
          if (40...47).contains(p) || (100...107).contains(p) { seen.insert("bg ansi \(p)") }
          i += 1
        }
      }
    }
    return seen.sorted()
  }

  /// The text of the last frame, escapes taken out.
  static func lastFrame(_ stdout: String) -> [String] {
    let plain = stdout.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    let frames = plain.components(separatedBy: "--- frame ")
    return (frames.last ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      .dropFirst().map(String.init)
  }

  @Test(arguments: ["default", "high-contrast", "dracula", "catppuccin", "catppuccin-latte"])
  func eachThemeDrawsInItsColours(theme: String) throws {
    let r = try Self.frames(theme: theme)
    #expect(r.status == 1, "\(r.stderr)")
    let golden =
      Self.lastFrame(r.stdout).joined(separator: "\n") + "\ncolours:\n"
      + Self.colours(r.stdout).map { "  " + $0 }.joined(separator: "\n") + "\n"
    expectGolden(golden, named: "theme-\(theme)")
  }

  @Test func monochromeSendsNoColourAtAll() throws {
    for extra in [[], ["--color", "always"]] {
      let r = try Self.frames(theme: "monochrome", extra: extra)
      #expect(r.status == 1, "\(r.stderr)")
      #expect(r.stdout.contains("Preparing Order"))
      let colourful = Self.sgrParameters(r.stdout).filter { parameters in
        parameters.contains { (30...49).contains($0) || (90...107).contains($0) }
      }
      #expect(colourful.isEmpty, "colour sent under monochrome: \(colourful)")
      // Reached, current and pending still differ without colour.
      #expect(r.stdout.contains("●") && r.stdout.contains("○") && r.stdout.contains("▲"))
    }
    // The same frame as --color never, which relies on glyphs alone.
    let never = try Stepflow.run(
      [
        "run", "delivery", "--commands", "next", "--frames", "--color", "never", "--width", "40",
        "--height", "12", "--glyphs", "unicode",
      ])
    let mono = try Self.frames(theme: "monochrome")
    #expect(Self.lastFrame(mono.stdout) == Self.lastFrame(never.stdout))
  }

  @Test func theFlagBeatsTheEnvironmentWhichBeatsTheConfig() throws {
    let folder = try WizardFileTestsFolder.make([
      "stepflow/config.json": "{ theme: \"catppuccin\" }"
    ])
    let env = ["XDG_CONFIG_HOME": folder]
    let byConfig = try Self.frames(theme: "default", env: env)
    // --theme default given: the flag wins over the config.
    #expect(!Self.colours(byConfig.stdout).contains("bg #1e1e2e"))
    let noFlag = try Stepflow.run(
      ["run", "delivery", "--commands", "next", "--frames", "--color", "always"],
      environment: Stepflow.environment(["COLORTERM": "truecolor", "XDG_CONFIG_HOME": folder]))
    #expect(Self.colours(noFlag.stdout).contains("bg #1e1e2e"), "the config's theme")
    let byEnvironment = try Stepflow.run(
      ["run", "delivery", "--commands", "next", "--frames", "--color", "always"],
      environment: Stepflow.environment([
        "COLORTERM": "truecolor", "XDG_CONFIG_HOME": folder, "STEPFLOW_THEME": "dracula",
      ]))
    #expect(Self.colours(byEnvironment.stdout).contains("bg #282a36"), "the environment's theme")
    let unknown = try Stepflow.run(
      ["run", "delivery", "--commands", "next"],
      environment: Stepflow.environment(["STEPFLOW_THEME": "dracla"]))
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains(
        "unknown theme \"dracla\" in STEPFLOW_THEME (did you mean \"dracula\"?)"))
  }

  @Test func aPaletteKeepsTheStepsAccentsApart() {
    let dracula = ThemePreset.named("dracula")!
    let accents = [Color.green, .yellow, .orange, .blue, .pink].map {
      dracula.apply(to: Theme(accent: $0)).accent
    }
    #expect(Set(accents).count == accents.count, "\(accents)")
    #expect(dracula.apply(to: Theme(accent: .green)).accent == .rgb(0x50, 0xFA, 0x7B))
    #expect(dracula.apply(to: Theme(background: .teal)).background == .rgb(0x28, 0x2A, 0x36))
    // The default leaves the wizard's colours as they are.
    #expect(ThemePreset.standard.apply(to: Theme(accent: .teal)) == Theme(accent: .teal))
  }
}

/// A fresh folder with files, for the tests of this target (inside the test process's
/// ``TestFolder``, removed when the tests end).
enum WizardFileTestsFolder {
  static func make(_ files: [String: String]) throws -> String {
    let path = try TestFolder.make("wizard-files")
    for (name, text) in files {
      let file = path + "/" + name
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return path
  }
}
