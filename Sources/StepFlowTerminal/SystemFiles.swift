import Glibc
import StepFlowCore
import StepFlowText

/// The real file system for path fields: `stat` to say what a path is (a FIFO or a device is
/// named, never opened) and `opendir` only on what `stat` says is a folder.
package final class SystemFiles: FileProbe {
  package init() {}

  package func kind(of path: String) -> FileKind? {
    guard !path.isEmpty else { return nil }
    var info = stat()
    let name = SystemText.cString(path)
    guard stat(name, &info) == 0 else {
      // A symbolic link that leads nowhere is there, but is nothing usable.
      var link = stat()
      return lstat(name, &link) == 0 ? .other : nil
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    case S_IFIFO: return .fifo
    case S_IFCHR, S_IFBLK: return .device
    case S_IFSOCK: return .socket
    default: return .other
    }
  }

  package func entries(of directory: String) -> [String]? {
    guard kind(of: directory) == .directory else { return nil }
    return Platform.directoryEntries(directory)
  }
}

extension Platform {
  /// Today in the local time zone (the clock fields see, given to the pure core).
  package static func today() -> CalendarDate {
    var now = time(nil)
    var parts = tm()
    guard localtime_r(&now, &parts) != nil,
      let date = CalendarDate(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    else { return FieldContext.detached.today }
    return date
  }

  /// What fields see of this machine: today, the file system, the environment.
  package static func fieldContext(environment: [String: String]) -> FieldContext {
    FieldContext(today: today(), files: sharedFiles, environment: environment)
  }

  private static let sharedFiles = SystemFiles()
}
