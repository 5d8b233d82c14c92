import Synchronization

extension KeyBindings {
  /// The binding a key has where the focus is, if any, with the user's remaps: a key moved
  /// onto another has that key's binding, a freed key only what a pattern gives it (a list's
  /// filter).
  ///
  /// Without a remap, the first binding of the table that has the key there.
  ///
  /// - Complexity: O(1) for a key without a remap, through ``index(of:in:)`` (every typed character
  ///   of a burst asks).
  package static func binding(
    for key: Key, in context: FocusContext, remaps: KeyRemaps
  ) -> KeyBinding? {
    guard let remap = remaps.remap(of: key, in: context) else {
      return index(of: key, in: context).map { table[$0] }
    }
    guard let target = remap.target else {
      return table.first {
        $0.contexts.contains(context) && $0.keys.contains { $0 != .key(key) && $0.matches(key) }
      }
    }
    return binding(for: target, in: context, remaps: .none)
  }

  /// The key as the binding it has acts on it: a key moved onto another is that key (`j` moved
  /// onto `↓` moves the highlight down).
  package static func translated(
    _ key: Key, in context: FocusContext, remaps: KeyRemaps
  ) -> Key {
    remaps.remap(of: key, in: context)?.target ?? key
  }

  /// The binding the table gives a key by name (not as one of the letters or digits), where
  /// the focus is, without remaps: what moving the key would take away.
  package static func explicitBinding(for key: Key, in context: FocusContext) -> KeyBinding? {
    guard let binding = binding(for: key, in: context, remaps: .none),
      binding.keys.contains(.key(key))
    else { return nil }
    return binding
  }

  /// The keys that quit where the focus is, with the remaps.
  package static func keys(quitting context: FocusContext, remaps: KeyRemaps) -> [KeyPattern] {
    let taken = takenKeys(in: context, remaps: remaps)
    return table.indices.filter { table[$0].action == .command(.quit) }.flatMap { taken[$0] }
  }

  /// Per context, where in the table each key's binding is, made when first needed.
  ///
  /// Each is made the first time a key is looked up there, and kept. A run meets only a few of
  /// the contexts (its first frame asks one, for the hint line's Enter), so none is made
  /// before a key or a frame needs it.
  private static let lookups = Mutex<[KeyLookup?]>(
    Array(repeating: nil, count: FocusContext.allCases.count))

  /// Where in the table the binding of a key is, where the focus is, without remaps.
  ///
  /// - Complexity: O(1), and O(table) the first time a context is asked.
  private static func index(of key: Key, in context: FocusContext) -> Int? {
    let slot = slot(of: context)
    if let found = lookups.withLock({ $0[slot].map { $0.index(for: key) } }) { return found }
    let made = KeyLookup(table, in: context)
    lookups.withLock { $0[slot] = made }
    return made.index(for: key)
  }

  /// The contexts in a fixed order, for tables kept per context.
  private static let contexts = FocusContext.allCases

  /// The place of a context in tables kept per context (``contexts``' order).
  static func slot(of context: FocusContext) -> Int { contexts.firstIndex(of: context) ?? 0 }

  /// What the Enter key is bound to in a context: looked up for the context asked only.
  package static func enterAction(in context: FocusContext, remaps: KeyRemaps) -> KeyAction? {
    binding(for: .enter, in: context, remaps: remaps)?.action
  }

  /// The keys of a binding that it really takes in a context (an earlier binding may take some of
  /// them), e.g.
  ///
  /// `→` is not `next` in a yes/no field.
  package static func keys(
    of binding: KeyBinding, in context: FocusContext, remaps: KeyRemaps
  ) -> [KeyPattern] {
    guard let index = table.firstIndex(of: binding) else { return [] }
    return takenKeys(in: context, remaps: remaps)[index]
  }

  /// For each binding of the table, in order, the keys it takes in a context: a key goes to
  /// the first binding that has it there (``binding(for:in:)``); a pattern of many keys
  /// (letters, digits) is taken by an earlier binding of the same pattern, and every letter by
  /// an earlier binding of letters.
  ///
  /// One pass over the table.
  ///
  /// With remaps, a key moved or freed here leaves the bindings that took it, and a key moved
  /// onto another joins the binding that takes that one.
  static func takenKeys(in context: FocusContext, remaps: KeyRemaps) -> [[KeyPattern]] {
    var taken = tableTakenKeys(in: context)
    for remap in remaps.remaps where remap.group.contexts.contains(context) {
      for index in taken.indices { taken[index].removeAll { $0 == .key(remap.key) } }
    }
    for remap in remaps.remaps where remap.group.contexts.contains(context) {
      guard let target = remap.target,
        let index = table.firstIndex(where: {
          $0.contexts.contains(context) && $0.keys.contains { $0.matches(target) }
        })
      else { continue }
      taken[index].append(.key(remap.key))
    }
    return taken
  }

  /// The keys each binding takes in a context from the table alone (see above).
  private static func tableTakenKeys(in context: FocusContext) -> [[KeyPattern]] {
    var keys: [Key] = []
    var letters = false
    var digits = false
    return table.map { binding in
      guard binding.contexts.contains(context) else { return [] }
      let taken = binding.keys.filter { pattern in
        switch pattern {
        case .key(let key):
          return !keys.contains(key) && !(letters && KeyPattern.printable.matches(key))
            && !(digits && KeyPattern.digit.matches(key))
        case .printable: return !letters
        case .digit: return !letters && !digits
        }
      }
      for pattern in binding.keys {
        switch pattern {
        case .key(let key): keys.append(key)
        case .printable: letters = true
        case .digit: digits = true
        }
      }
      return taken
    }
  }
}
