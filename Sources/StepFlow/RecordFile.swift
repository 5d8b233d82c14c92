import StepFlowTerminal

/// Where `--record` writes: tried when the run starts (so that a path that cannot be written
/// is said before anything is typed), written again when it ends.
package enum RecordFile {
  /// Writes the script (atomically, 0600: it holds the answers).
  /// - Returns: What went wrong, in words, when it could not be written.
  package static func write(_ path: String, _ text: String) -> String? {
    do throws(Platform.FileError) {
      try Platform.writeFileAtomically(path, Array(text.utf8), permissions: 0o600)
      return nil
    } catch {
      return "cannot write the record \(error.description)"
    }
  }
}
