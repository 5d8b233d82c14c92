import StepFlowCore
import StepFlowJSON
import StepFlowTerminal
import StepFlowWizards

/// Reading a wizard from disk: the file layer around ``WizardFile``, which only parses bytes.
extension WizardFile {
  /// Loads a wizard file from disk.
  /// - Throws: ``LoadError/unreadable`` when the file cannot be read (exit 66), or
  ///   ``LoadError/invalid`` with every problem (exit 65).
  package static func load(path: String) throws(LoadError) -> FlowDefinition {
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
  package enum LoadError: Error, Sendable {
    case unreadable(Platform.FileError)
    case invalid(Diagnostics)

    /// What to print, one problem a line.
    package var lines: [String] {
      switch self {
      case .unreadable(let error): return ["stepflow: cannot read \(error.description)"]
      case .invalid(let diagnostics): return diagnostics.all.map(\.description)
      }
    }

    /// The exit code: 66 for a file that cannot be read, 65 for an invalid one or one larger
    /// than ``Platform/maxFileSize``.
    package var exitCode: Int32 {
      switch self {
      case .unreadable(let error): return ExitCode.reading(error)
      case .invalid: return ExitCode.dataError
      }
    }
  }
}
