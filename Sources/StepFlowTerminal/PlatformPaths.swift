import Glibc

extension Platform {
  /// The running program's own file, with every symbolic link resolved (`/proc/self/exe`), or
  /// `nil` when the system does not say.
  ///
  /// An installed `stepflow` finds its shared files beside it from this (`bin/stepflow` →
  /// `share/stepflow`), so a copy installed under any prefix, or staged under a `DESTDIR`,
  /// finds its own.
  package static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let bytes = buffer.prefix(count).map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a directory exists at `path` (following symbolic links).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
