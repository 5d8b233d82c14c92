import StepFlowText

/// Tab completion of a path field, from the file system the ``FieldContext`` gives: relative to
/// the working directory, `~` standing for `$HOME`.
///
/// Nothing is opened but folders to list them; what a name is (a FIFO, a device) is asked without
/// opening it.
package enum PathCompletion {
  /// The most names looked at in one folder (a folder of a million files stays quick).
  package static let maxEntries = 5000
  /// The most candidates kept for showing.
  package static let maxCandidates = 50

  /// The path with a leading `~` (alone or before `/`) replaced by `$HOME`.
  package static func expanded(_ path: String, _ context: FieldContext) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = context.environment["HOME"],
      !home.isEmpty
    else { return path }
    return home + path.dropFirst()
  }

  /// What Tab does to `text`: the completed text (the longest start all candidates share,
  /// with `/` after a single folder) and the candidates (folders end with `/`), sorted.
  package static func complete(_ text: String, rules: PathRules, context: FieldContext) -> (
    text: String, candidates: [String]
  ) {
    let slash = text.lastIndex(of: "/")
    let folder = slash.map { String(text[...$0]) } ?? ""
    let prefix = slash.map { String(text[text.index(after: $0)...]) } ?? text
    let listed = folder.isEmpty ? "." : expanded(folder, context)
    guard let names = context.files.entries(of: listed) else { return (text, []) }
    var candidates: [String] = []
    for name in names.prefix(maxEntries) where name.hasPrefix(prefix) {
      // Hidden names only when asked for with a dot.
      if name.hasPrefix("."), !prefix.hasPrefix(".") { continue }
      let full = (listed.hasSuffix("/") ? listed : listed + "/") + name
      let kind = context.files.kind(of: full)
      let isFolder = kind == .directory
      if rules.kind == .directory, !isFolder { continue }
      if !isFolder, !rules.extensions.isEmpty,
        !rules.extensions.contains(where: { name.lowercased().hasSuffix($0.lowercased()) })
      {
        continue
      }
      candidates.append(isFolder ? name + "/" : name)
      if candidates.count >= maxCandidates * 4 { break }
    }
    candidates.sort()
    guard let first = candidates.first else { return (text, []) }
    if candidates.count == 1 { return (folder + first, []) }
    var common = Substring(first)
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(common) { common = common.dropLast() }
    }
    return (folder + common, Array(candidates.prefix(maxCandidates)))
  }
}
