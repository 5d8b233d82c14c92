/// Keys the user moved (the config file's `keys`), applied to the one key table: in a group of
/// focus contexts, a key that acts as another key does there, or a key freed of its binding.
///
/// The key handling, the hint line, the `?` overlay and `stepflow help keys` all read the
/// table through ``KeyBindings``, which applies these, so a remap changes them together. A
/// freed key does nothing of its own any more; in a list the filter takes it (`?` then types a
/// `?`). A key moved onto another takes that key's binding and its place in help.
package struct KeyRemaps: Equatable, Sendable {
  /// Where a remap applies.
  package enum Group: String, CaseIterable, Sendable {
    /// A step, wherever letters are commands (no field that takes letters has the focus),
    /// and a rating.
    case steps
    /// A focused choice or multichoice list (where letters filter).
    case lists

    /// The focus contexts of the group.
    package var contexts: [FocusContext] {
      switch self {
      case .steps: return FocusContext.notText + [.stars]
      case .lists: return FocusContext.lists
      }
    }

    /// The group in a message: `in a step`.
    package var title: String {
      switch self {
      case .steps: return "in a step"
      case .lists: return "in a list"
      }
    }
  }

  /// One moved key.
  package struct Remap: Equatable, Sendable {
    /// The key pressed.
    package var key: Key
    /// The key it acts as; `nil`: the key is freed (it does nothing of its own).
    package var target: Key?
    /// Where.
    package var group: Group

    /// A moved key.
    /// - Parameters:
    ///   - key: The key pressed.
    ///   - target: The key it acts as, or `nil` to free it.
    ///   - group: Where.
    package init(_ key: Key, as target: Key?, in group: Group) {
      self.key = key
      self.target = target
      self.group = group
    }
  }

  /// The moved keys, in the order given.
  package var remaps: [Remap]

  /// Keys moved.
  /// - Parameter remaps: The moved keys.
  package init(_ remaps: [Remap] = []) {
    self.remaps = remaps
  }

  /// No key moved: the table as it is.
  package static let none = KeyRemaps()

  /// The remap of a key where the focus is, if any.
  package func remap(of key: Key, in context: FocusContext) -> Remap? {
    guard !remaps.isEmpty else { return nil }
    return remaps.last { $0.key == key && $0.group.contexts.contains(context) }
  }

  /// The keys that never move: Ctrl-C always interrupts, and Enter is what the hint line
  /// and every "Enter …" message name.
  package static let fixed: [Key] = [.ctrl("c"), .enter]

  /// What is wrong with the remaps, each with the index of the remap it is about: a fixed
  /// key, a key moved onto itself, a key that already means something there (moving it would
  /// take that away: free it instead, or pick another), a key freed that means nothing there,
  /// a target that does nothing there, and a set that leaves no key that quits.
  package func problems() -> [(index: Int, message: String)] {
    var problems: [(index: Int, message: String)] = []
    for (index, remap) in remaps.enumerated() {
      let name = remap.key.label()
      if Self.fixed.contains(remap.key) {
        problems.append((index, "\(name) cannot be moved: it always does what it does"))
        continue
      }
      let meaning = remap.group.contexts.lazy.compactMap { context in
        KeyBindings.explicitBinding(for: remap.key, in: context)
      }.first
      guard let target = remap.target else {
        if meaning == nil {
          problems.append(
            (index, "\(name) means nothing \(remap.group.title): there is nothing to free"))
        }
        continue
      }
      if target == remap.key {
        problems.append((index, "\(name) would stand for itself"))
      } else if target == .ctrl("c") {
        problems.append((index, "no key can stand for Ctrl-C: Ctrl-C itself interrupts"))
      } else if let meaning {
        problems.append(
          (
            index,
            "\(name) already means \"\(meaning.help)\" \(remap.group.title): it would clash;"
              + " pick a key that means nothing there, or free it (null)"
          ))
      } else if !remap.group.contexts.contains(where: {
        KeyBindings.binding(for: target, in: $0, remaps: .none) != nil
      }) {
        problems.append((index, "\(target.label()) does nothing \(remap.group.title)"))
      }
    }
    guard problems.isEmpty else { return problems }
    // Every place where a key quits must keep one; in a field, Esc first leaves it (to such
    // a place), so the fields are not asked.
    for context in Group.steps.contexts
    where !FocusContext.fields.contains(context)
      && KeyBindings.table.contains(where: {
        $0.action == .command(.quit) && $0.contexts.contains(context)
      })
    {
      let quits = KeyBindings.keys(quitting: context, remaps: self)
      if quits.isEmpty, let last = remaps.lastIndex(where: { $0.group == .steps }) {
        problems.append(
          (
            last,
            "nothing would quit \(Group.steps.title) (\(context.title)): keep q or Esc, or"
              + " move a key onto one of them"
          ))
        break
      }
    }
    return problems
  }
}
