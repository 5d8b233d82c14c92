import StepFlow
import StepFlowCommandLine
import StepFlowCore
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
    Key(
      name: "mouse", value: "true | false",
      meaning: "false: clicks and the wheel stay the terminal's, as --no-mouse"),
    Key(
      name: "inline", value: "true | false",
      meaning: "true: run and rate draw inline, as --inline (--fullscreen beats it)"),
    Key(
      name: "keys", value: "{ steps: { KEY: KEY | null }, lists: { … } }",
      meaning:
        "move keys: KEY acts as the other key there, null frees it (stepflow help config)"),
  ]

  /// The names a key has in the file, for messages.
  static let keyNames =
    "one character, or enter, esc, tab, shift-tab, space, backspace, delete, up, down, left,"
    + " right, home, end, pageup, pagedown, ctrl-a … ctrl-z, f1 … f12"

  /// A key by its name (`j`, `down`, `ctrl-n`), as `press` names them.
  static func key(_ name: String) -> StepFlowCore.Key? { StepFlowCore.Key(name: name) }

  /// `keys`: for each group, key → the key it acts as, or `null`; every remap checked against
  /// the key table (a clash, a freed key that means nothing, nothing left to quit), each
  /// problem at the key it is about.
  static let keysSchema = JSONSchema<KeyRemaps>(
    expected: "an object",
    document: [
      "type": "object",
      "additionalProperties": [
        "type": "object", "additionalProperties": ["type": ["string", "null"]],
      ],
    ]
  ) { node, subject, log in
    guard case .object(let groups) = node.content else {
      log.wrongType(subject, expected: "an object", found: node)
      return nil
    }
    var remaps = KeyRemaps()
    var locations: [TextLocation] = []
    var failed = false
    for group in groups {
      guard let which = KeyRemaps.Group(rawValue: group.key) else {
        let names = KeyRemaps.Group.allCases.map(\.rawValue)
        log.report(
          "unknown key \"\(group.key)\" of \(subject)\(didYouMean(group.key, in: names))"
            + " (\(names.joined(separator: ", ")))", at: group.keyLocation)
        failed = true
        continue
      }
      guard case .object(let members) = group.value.content else {
        log.wrongType(.key(group.key), expected: "an object of key: key", found: group.value)
        failed = true
        continue
      }
      for member in members {
        guard let pressed = Self.key(member.key) else {
          log.report(
            "unknown key name \"\(member.key)\" in \"\(group.key)\": a key is \(keyNames)",
            at: member.keyLocation)
          failed = true
          continue
        }
        let target: StepFlowCore.Key?
        switch member.value.content {
        case .null:
          target = nil
        case .string(let name):
          guard let named = Self.key(name) else {
            log.report(
              "wrong value: \"\(member.key)\" in \"\(group.key)\" must be a key or null,"
                + " found \"\(name)\": a key is \(keyNames)", at: member.value.location)
            failed = true
            continue
          }
          target = named
        default:
          log.wrongType(
            .key(member.key), expected: "a key (a string) or null", found: member.value)
          failed = true
          continue
        }
        remaps.remaps.append(KeyRemaps.Remap(pressed, as: target, in: which))
        locations.append(member.keyLocation)
      }
    }
    guard !failed else { return nil }
    let problems = remaps.problems()
    for problem in problems {
      log.report(
        "\"\(remaps.remaps[problem.index].key.scriptName)\" in \"keys\": \(problem.message)",
        at: locations[problem.index])
    }
    return problems.isEmpty ? remaps : nil
  }

  /// What the file says, read by the one schema that checks it.
  package static let schema: JSONSchema<UserSettings> = .object { o in
    var settings = UserSettings()
    settings.theme = o.optional("theme", .oneOf(ThemePreset.names)).flatMap(ThemePreset.named)
    settings.glyphs = o.optional("glyphs", .oneOf(GlyphStyle.self))
    settings.animation = o.optional("animation", .bool)
    settings.mouse = o.optional("mouse", .bool)
    settings.inline = o.optional("inline", .bool)
    settings.keys = o.optional("keys", keysSchema)
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

extension UserConfig {
  /// The user's settings for a command that takes `--no-config` (none with it); the keys they
  /// move go to the run through its settings (``RunSettings/keys``).
  /// - Returns: The settings, or — the file has mistakes — what they are and the exit code.
  /// - Parameters:
  ///   - noConfig: `--no-config` was given: the defaults.
  ///   - environment: Where the file is (`XDG_CONFIG_HOME`, `HOME`).
  package static func settings(noConfig: Bool, environment: [String: String])
    -> Result<UserSettings, Failure>
  {
    guard !noConfig else { return .success(UserSettings()) }
    return load(environment: environment)
  }

  /// The user's settings for a command run with `parsed` (the defaults with `--no-config`), as
  /// ``settings(noConfig:environment:)`` reads them; a file with mistakes has each written on
  /// stderr, a line each, before the command ends.
  /// - Throws: The file's mistakes (already written): the command ends with their `exitCode`.
  package static func settings(for parsed: ParsedArguments, environment: [String: String])
    throws(Failure) -> UserSettings
  {
    switch settings(noConfig: parsed.has("--no-config"), environment: environment) {
    case .success(let settings): return settings
    case .failure(let failure):
      for line in failure.lines { Platform.writeStderr(line + "\n") }
      throw failure
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
      "  { theme: \"dracula\", glyphs: \"unicode\", animation: false, inline: true }",
      "",
      "keys moves keys, in a step (steps: where letters are commands) or in a focused list",
      "(lists: where letters filter). KEY: \"other\" makes KEY do what the other key does",
      "there; KEY: null frees it (in a list the filter then takes it). The keys, the hint line,",
      "? and stepflow help keys all show the moved keys. For vim-style lists and a q that",
      "does nothing:",
      "  { keys: { lists: { j: \"down\", k: \"up\" }, steps: { q: null } } }",
      "A key that already means something there cannot be moved onto another (it would",
      "clash: free it with null, or pick another), Ctrl-C and Enter never move, and a step",
      "must keep a key that quits (q, Esc, or a key moved onto one of them). A key is",
      UserConfig.keyNames + ".",
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
