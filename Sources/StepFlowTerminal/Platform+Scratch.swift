import Glibc
import StepFlowText

extension Platform {
  /// Makes a new folder of mode 0700 under `/tmp` (`mkdtemp`), for scratch files that the
  /// caller removes (stepflow-bench's state files).
  /// - Returns: its path, or `nil` when it cannot be made.
  package static func makeScratchDirectory(prefix: String) -> String? {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
      return String(cString: base)
    }
  }

  /// Removes a scratch folder made by ``makeScratchDirectory(prefix:)`` and the plain files in
  /// it (not what is in folders inside it).
  package static func removeScratchDirectory(_ path: String) {
    for name in directoryEntries(path) { unlink(SystemText.cString(path + "/" + name)) }
    rmdir(SystemText.cString(path))
  }
}
