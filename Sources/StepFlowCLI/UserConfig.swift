import StepFlow
import StepFlowCommandLine
import StepFlowJSON
import StepFlowTerminal
import StepFlowWizards

/// The user's config file, `$XDG_CONFIG_HOME/stepflow/config.json` (default
/// `~/.config/stepflow/config.json`): JSON5 like a wizard file, every mistake located.
///
/// It sits under the environment and the command line: a flag beats an environment variable,
/// which beats the file, which beats the wizard's own choice.
package enum UserConfig {
  /// The file's path, or `nil` when neither `XDG_CONFIG_HOME` nor `HOME` says where it is.
  package static func path(environment: [String: String]) -> String? {
    WizardCatalog.configFolder(environment: environment).map { $0 + "/config.json" }
  }

  /// One key of the file, for help: its name, what it takes, what it does.
  package struct Key: Sendable {
    package let name: String
    package let value: String
    package let meaning: String
  }

  /// The keys the file may have, in the order help lists them.
  package static let keys: [Key] = [
    Key(
      name: "theme", value: ThemePreset.names.map { "\"\($0)\"" }.joined(separator: " | "),
      meaning: "the theme, as --theme (stepflow help themes)"),
    Key(
      name: "glyphs",
      value: GlyphStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " | "),
      meaning: "the icon set, as --glyphs (a locale that is not UTF-8 still means ascii)"),
    Key(
      name: "animation", value: "true | false",
      meaning: "false: no transitions, as --no-animation"),
  ]

  /// What the file says, read by the one schema that checks it.
  package static let schema: JSONSchema<UserSettings> = .object { o in
    var settings = UserSettings()
    settings.theme = o.optional("theme", .oneOf(ThemePreset.names)).flatMap(ThemePreset.named)
    settings.glyphs = o.optional("glyphs", .oneOf(GlyphStyle.self))
    settings.animation = o.optional("animation", .bool)
    return settings
  }

  /// Why the file cannot be used: what to print, and the exit code.
  package struct Failure: Error, Sendable {
    package let lines: [String]
    package let exitCode: Int32
  }

  /// The settings of the file's text (`path` names it in messages).
  /// - Throws: every mistake, each as `path:line:column: message`.
  package static func settings(_ bytes: [UInt8], path: String) throws(Diagnostics) -> UserSettings {
    try schema.load(bytes, path: path, as: "the config")
  }

  /// The user's settings: nothing when there is no file; every mistake and exit 65 (66 when it
  /// cannot be read) when the file is wrong, the last line saying how to go on without it.
  package static func load(environment: [String: String]) -> Result<UserSettings, Failure> {
    guard let path = path(environment: environment), Platform.kind(of: path) != .missing else {
      return .success(UserSettings())
    }
    let advice =
      "stepflow: fix the config file \(path), or give --no-config to run with the defaults"
    let bytes: [UInt8]
    do {
      bytes = try Platform.readFile(path)
    } catch {
      return .failure(
        Failure(
          lines: ["stepflow: cannot read the config file \(error.description)", advice],
          exitCode: ExitCode.reading(error)))
    }
    do throws(Diagnostics) {
      return .success(try settings(bytes, path: path))
    } catch {
      return .failure(
        Failure(lines: error.all.map(\.description) + [advice], exitCode: ExitCode.dataError))
    }
  }
}

/// `stepflow help config`: the file's keys and the order settings are decided in.
package enum ConfigHelp {
  package static var text: String {
    let width = (UserConfig.keys.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "The config file: $XDG_CONFIG_HOME/stepflow/config.json (default",
      "~/.config/stepflow/config.json), JSON5 like a wizard file (comments, trailing commas,",
      "unquoted keys). Every key may be left out:",
      "",
    ]
    for key in UserConfig.keys {
      lines.append(
        "  " + key.name + String(repeating: " ", count: width - key.name.count) + key.value)
      lines.append("  " + String(repeating: " ", count: width) + key.meaning)
    }
    lines += [
      "",
      "For example:",
      "  { theme: \"dracula\", glyphs: \"unicode\", animation: false }",
      "",
      "A mistake (an unknown key, a wrong value) is shown as file:line:column: message, every",
      "one of them, and the run stops with exit 65 — or give --no-config to run with the",
      "defaults. Which setting wins, the first that says: the command line's options, the",
      "environment (STEPFLOW_THEME, NO_COLOR, STEPFLOW_REDUCED_MOTION, the locale …), this",
      "file, the wizard's own.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
