import StepFlowCore

/// A file system of fakes: paths and what they are.
package final class FakeFiles: FileProbe {
  package let kinds: [String: FileKind]
  package init(_ kinds: [String: FileKind]) { self.kinds = kinds }
  package func kind(of path: String) -> FileKind? {
    kinds[path.hasPrefix("./") ? String(path.dropFirst(2)) : path]
  }
  package func entries(of directory: String) -> [String]? {
    let prefix = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
    guard directory == "." || kinds[String(prefix.dropLast())] == .directory || prefix == "/" else {
      return nil
    }
    let cut = prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix
    return kinds.keys.filter {
      $0.hasPrefix(cut) && $0 != cut && !$0.dropFirst(cut.count).contains("/")
    }
    .map { String($0.dropFirst(cut.count)) }.sorted()
  }
}

package let march14 = CalendarDate(checkedYear: 2025, month: 3, day: 14)

package func context(files: [String: FileKind] = [:], environment: [String: String] = [:])
  -> FieldContext
{
  FieldContext(today: march14, files: FakeFiles(files), environment: environment)
}
