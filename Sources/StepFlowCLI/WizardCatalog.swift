import StepFlowCore
import StepFlowTerminal
import StepFlowWizards

/// Where wizards come from.
///
/// The built-in flows, then `./wizards/NAME.json`, each folder of `STEPFLOW_PATH` (separated by
/// `:`), the user's `$XDG_CONFIG_HOME/stepflow/wizards` (`~/.config/stepflow/wizards` by
/// default) and the installed `share/stepflow/wizards` — or a file named by its path. A name
/// found earlier wins.
package struct WizardCatalog: Sendable {
  /// A folder searched for wizard files, and why it is searched.
  package struct Folder: Equatable, Sendable {
    /// Why a folder is on the search path: what `stepflow list` says about it.
    package enum Origin: String, Sendable {
      /// `./wizards` in the current folder.
      case local = "./wizards"
      /// A folder of `STEPFLOW_PATH`.
      case environment = "STEPFLOW_PATH"
      /// The user's own folder under `$XDG_CONFIG_HOME` (or `~/.config`).
      case user = "user config"
      /// The wizards installed with stepflow (`$PREFIX/share/stepflow/wizards`).
      case installed = "installed"
    }

    package var path: String
    package var origin: Origin
  }

  /// A wizard that can be run by name.
  package struct Entry: Sendable {
    package var name: String
    /// The file, or `nil` for a built-in flow.
    package var path: String?
    /// The folder it was found in, or `nil` for a built-in flow.
    package var folder: Folder?
    /// The title, or why the file cannot be used.
    package var summary: Result<(title: String, steps: Int), WizardFile.LoadError>
  }

  /// A file that has a name an earlier one took: it runs only by its path.
  package struct Shadowed: Sendable {
    package var name: String
    package var path: String
    package var folder: Folder
    /// What runs under the name: the earlier file, or `nil` for a built-in flow.
    package var winner: Entry
  }

  /// The names of the built-in flows, which come first.
  package let builtinNames: [String]
  /// A built-in flow by name.
  package let builtin: @Sendable (String) -> FlowDefinition?
  /// The folders searched after the built-in flows, in order.
  package let folders: [Folder]

  /// A catalogue of the built-in flows and the folders of ``searchPath(environment:installed:)``.
  /// - Parameters:
  ///   - builtinNames: The built-in flows' names, in the order `list` shows them.
  ///   - builtin: Makes a built-in flow by name.
  ///   - environment: Where `STEPFLOW_PATH`, `XDG_CONFIG_HOME` and `HOME` are read.
  ///   - installed: The installed wizards' folder, if there is one.
  package init(
    builtinNames: [String],
    builtin: @escaping @Sendable (String) -> FlowDefinition?,
    environment: [String: String],
    installed: String? = nil
  ) {
    self.builtinNames = builtinNames
    self.builtin = builtin
    folders = Self.searchPath(environment: environment, installed: installed)
  }

  /// The folders searched for wizards by name, in order, each once.
  package static func searchPath(environment: [String: String], installed: String?) -> [Folder] {
    var folders = [Folder(path: "wizards", origin: .local)]
    for part in (environment["STEPFLOW_PATH"] ?? "").split(separator: ":") {
      folders.append(Folder(path: String(part), origin: .environment))
    }
    if let config = configFolder(environment: environment) {
      folders.append(Folder(path: config + "/wizards", origin: .user))
    }
    if let installed { folders.append(Folder(path: installed, origin: .installed)) }
    var seen = Set<String>()
    return folders.filter { seen.insert($0.path).inserted }
  }

  /// stepflow's folder of the user's configuration: `$XDG_CONFIG_HOME/stepflow`, or
  /// `$HOME/.config/stepflow` when that is unset or not absolute (as the XDG rules say).
  package static func configFolder(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return xdg + "/stepflow"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return (home == "/" ? "" : home) + "/.config/stepflow"
  }

  /// The installed wizards' folder for a program at `executable`: `PREFIX/bin/stepflow` →
  /// `PREFIX/share/stepflow/wizards`.
  package static func installedFolder(executable: String) -> String? {
    guard let bin = executable.lastIndex(of: "/") else { return nil }
    let binFolder = executable[..<bin]
    guard let prefixEnd = binFolder.lastIndex(of: "/") else { return nil }
    return binFolder[..<prefixEnd] + "/share/stepflow/wizards"
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
      for ending in [".json", ".json5"] where Platform.isFile(folder.path + "/" + name + ending) {
        return folder.path + "/" + name + ending
      }
    }
    return nil
  }

  /// Every wizard file of the folders, in search order: name, path, folder.
  private func files() -> [(name: String, path: String, folder: Folder)] {
    var result: [(name: String, path: String, folder: Folder)] = []
    for folder in folders {
      for file in Platform.directoryEntries(folder.path) {
        let ending = file.hasSuffix(".json5") ? ".json5" : file.hasSuffix(".json") ? ".json" : nil
        guard let ending else { continue }
        let path = folder.path + "/" + file
        guard Platform.isFile(path) else { continue }
        result.append((String(file.dropLast(ending.count)), path, folder))
      }
    }
    // Names are sorted, so NAME.json comes before NAME.json5, as `run` tries them.
    return result
  }

  /// Every wizard that can be run by name: the built-in flows first, then the files of each
  /// folder in order (a name found earlier wins, as `run` would pick it).
  /// - Parameter loadingFiles: Whether to read each file for its title (`list` does; a name
  ///   lookup does not).
  /// - Returns: The wizards, in the order `list` shows them.
  package func entries(loadingFiles: Bool = true) -> [Entry] {
    var result = builtinNames.compactMap(builtin).map {
      Entry(name: $0.id, path: nil, folder: nil, summary: .success(($0.title, $0.steps.count)))
    }
    var seen = Set(result.map(\.name))
    for file in files() where seen.insert(file.name).inserted {
      let summary: Result<(title: String, steps: Int), WizardFile.LoadError>
      if loadingFiles {
        do {
          let flow = try WizardFile.load(path: file.path)
          summary = .success((flow.title, flow.steps.count))
        } catch {
          summary = .failure(error)
        }
      } else {
        summary = .success((file.name, 0))
      }
      result.append(Entry(name: file.name, path: file.path, folder: file.folder, summary: summary))
    }
    return result
  }

  /// The files whose name a built-in flow or an earlier file takes, with what wins: they run
  /// only by their path.
  package func shadowedFiles() -> [Shadowed] {
    var winners: [String: Entry] = [:]
    for name in builtinNames {
      winners[name] = Entry(name: name, path: nil, folder: nil, summary: .success((name, 0)))
    }
    var result: [Shadowed] = []
    for file in files() {
      if let winner = winners[file.name] {
        result.append(
          Shadowed(name: file.name, path: file.path, folder: file.folder, winner: winner))
      } else {
        winners[file.name] = Entry(
          name: file.name, path: file.path, folder: file.folder, summary: .success((file.name, 0)))
      }
    }
    return result
  }
}
