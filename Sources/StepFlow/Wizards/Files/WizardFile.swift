/// Reads wizard files (`wizards/*.json`, JSON5 accepted) into the same ``FlowDefinition`` the
/// built-in Swift flows are, reporting every problem of a file at once as
/// `path:line:column: message`. The format is documented in `docs/wizard-format.md`.
public enum WizardFile {
  /// Loads a wizard from a file's bytes.
  /// - Throws: every problem found (syntax, types, unknown keys, duplicate ids, conditions
  ///   that name later or unknown fields, invalid patterns, an empty step list), sorted.
  public static func load(_ bytes: [UInt8], path: String) throws(Diagnostics) -> FlowDefinition {
    let parsed = JSON5Parser.parse(bytes, path: path)
    guard let root = parsed.root else { throw Diagnostics(parsed.diagnostics) }
    var log = DiagnosticLog(path: path)
    let draft = WizardSchema.wizard.read(root, as: "the wizard", log: &log)
    if let draft { WizardChecks.check(draft, log: &log) }
    let all = (parsed.diagnostics + log.diagnostics).sortedByLocation()
    guard let draft, all.isEmpty else {
      if all.isEmpty {
        throw Diagnostics([
          Diagnostic(path: path, at: root.location, message: "the wizard could not be read")
        ])
      }
      throw Diagnostics(all)
    }
    return draft.definition
  }

  /// Loads a wizard file from disk.
  /// - Throws: ``LoadError/unreadable`` when the file cannot be read (exit 66), or
  ///   ``LoadError/invalid`` with every problem (exit 65).
  public static func load(path: String) throws(LoadError) -> FlowDefinition {
    let bytes: [UInt8]
    do {
      bytes = try Platform.readFile(path)
    } catch {
      throw .unreadable(error)
    }
    do {
      return try load(bytes, path: path)
    } catch {
      throw .invalid(error)
    }
  }

  /// Why a wizard file could not be used.
  public enum LoadError: Error, Sendable {
    case unreadable(Platform.FileError)
    case invalid(Diagnostics)

    /// What to print, one problem a line.
    public var lines: [String] {
      switch self {
      case .unreadable(let error): return ["stepflow: cannot read \(error.description)"]
      case .invalid(let diagnostics): return diagnostics.all.map(\.description)
      }
    }

    /// The exit code: 66 for a file that cannot be read, 65 for an invalid one or one larger
    /// than ``Platform/maxFileSize``.
    public var exitCode: Int32 {
      switch self {
      case .unreadable(let error): return ExitCode.reading(error)
      case .invalid: return ExitCode.dataError
      }
    }
  }
}

/// A wizard as read, before the checks across steps: the definition's parts with the
/// locations that messages about them point to.
struct WizardDraft: Sendable {
  var id: String
  var title: String
  var navigation: NavigationStyle
  var strip: StripStyle
  var theme: Theme
  var blocks: [ScreenBlock]
  var steps: [StepDraft]

  var definition: FlowDefinition {
    FlowDefinition(
      id: id, title: title, steps: steps.map(\.definition), strip: strip, navigation: navigation,
      theme: theme, blocks: blocks)
  }
}

struct StepDraft: Sendable {
  var definition: StepDefinition
  var idLocation: TextLocation
  /// Every field id the step asks for (own, tabs' and the tab answer), with where it is written.
  var fieldIDs: [(id: String, location: TextLocation)]
  /// Where the `when` condition names its field.
  var whenLocation: TextLocation?
}
