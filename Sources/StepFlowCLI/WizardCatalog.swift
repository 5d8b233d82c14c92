import StepFlowCore
import StepFlowTerminal
import StepFlowWizards

/// Where wizards come from: the built-in flows, `./wizards/NAME.json`, then each folder of
/// `STEPFLOW_PATH` (separated by `:`), or a file named by its path.
package struct WizardCatalog: Sendable {
  /// A wizard that can be run by name.
  package struct Entry: Sendable {
    package var name: String
    /// The file, or `nil` for a built-in flow.
    package var path: String?
    /// The title, or why the file cannot be used.
    package var summary: Result<(title: String, steps: Int), WizardFile.LoadError>
  }

  /// The names of the built-in flows, which come first.
  package let builtinNames: [String]
  /// A built-in flow by name.
  package let builtin: @Sendable (String) -> FlowDefinition?
  /// The folders searched after the built-in flows, in order.
  package let folders: [String]

  package init(
    builtinNames: [String],
    builtin: @escaping @Sendable (String) -> FlowDefinition?,
    environment: [String: String]
  ) {
    self.builtinNames = builtinNames
    self.builtin = builtin
    let extra = (environment["STEPFLOW_PATH"] ?? "").split(separator: ":").map(String.init)
    folders = ["wizards"] + extra.filter { !$0.isEmpty }
  }

  /// What `stepflow run` was given: a path to a file, or a name.
  package static func isPath(_ argument: String) -> Bool {
    argument.contains("/") || argument.hasSuffix(".json") || argument.hasSuffix(".json5")
  }

  /// Why a flow could not be found or loaded.
  package enum LookupError: Error, Sendable {
    /// No built-in flow and no file of that name (a usage error, exit 64).
    case unknown(name: String, available: [String])
    /// A file was found (or named) but cannot be read or is invalid.
    case file(WizardFile.LoadError)
  }

  /// The flow a name or path refers to.
  package func flow(named argument: String) throws(LookupError) -> FlowDefinition {
    if builtinNames.contains(argument), let flow = builtin(argument) { return flow }
    let path: String
    if Self.isPath(argument) {
      path = argument
    } else if let found = file(named: argument) {
      path = found
    } else {
      throw .unknown(name: argument, available: entries(loadingFiles: false).map(\.name))
    }
    do {
      return try WizardFile.load(path: path)
    } catch {
      throw .file(error)
    }
  }

  /// The first `NAME.json` (or `NAME.json5`) in the folders.
  package func file(named name: String) -> String? {
    for folder in folders {
      for ending in [".json", ".json5"] where Platform.isFile(folder + "/" + name + ending) {
        return folder + "/" + name + ending
      }
    }
    return nil
  }

  /// Every wizard that can be run by name: the built-in flows first, then the files of each
  /// folder in order (a name found earlier wins, as `run` would pick it).
  package func entries(loadingFiles: Bool = true) -> [Entry] {
    var result = builtinNames.compactMap(builtin).map {
      Entry(name: $0.id, path: nil, summary: .success(($0.title, $0.steps.count)))
    }
    var seen = Set(result.map(\.name))
    for folder in folders {
      for file in Platform.directoryEntries(folder) {
        let ending = file.hasSuffix(".json5") ? ".json5" : file.hasSuffix(".json") ? ".json" : nil
        guard let ending else { continue }
        let name = String(file.dropLast(ending.count))
        let path = folder + "/" + file
        guard Platform.isFile(path), seen.insert(name).inserted else { continue }
        let summary: Result<(title: String, steps: Int), WizardFile.LoadError>
        if loadingFiles {
          do {
            let flow = try WizardFile.load(path: path)
            summary = .success((flow.title, flow.steps.count))
          } catch {
            summary = .failure(error)
          }
        } else {
          summary = .success((name, 0))
        }
        result.append(Entry(name: name, path: path, summary: summary))
      }
    }
    return result
  }

  /// Files of the folders whose name a built-in flow takes (they run only by path).
  package func shadowedFiles() -> [String] {
    var paths: [String] = []
    for folder in folders {
      for name in builtinNames {
        if let path = [".json", ".json5"].map({ folder + "/" + name + $0 }).first(
          where: Platform.isFile)
        {
          paths.append(path)
        }
      }
    }
    return paths
  }
}
