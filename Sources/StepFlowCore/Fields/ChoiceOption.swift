/// One option of a choice or multichoice field: an id for answers and scripts, a title for
/// people, and optionally a description (shown while the option is highlighted) and the reason
/// it cannot be picked.
public struct ChoiceOption: Hashable, Sendable {
  /// What the answer holds and what `set FIELD=VALUE` accepts (`card`).
  public var id: String
  /// What the screen shows (`Card`); `set` accepts it too, ignoring case.
  public var title: String
  /// A line about the option, shown under the list while it is highlighted.
  public var description: String?
  /// Why the option cannot be picked (`coming soon`); `nil` when it can.
  ///
  /// A disabled option is shown, greyed, with its reason.
  public var disabledReason: String?

  /// An option; `disabledReason` makes it shown but not pickable.
  public init(
    id: String, title: String, description: String? = nil, disabledReason: String? = nil
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.disabledReason = disabledReason
  }

  /// Whether the option is shown but cannot be picked.
  public var isDisabled: Bool { disabledReason != nil }
}

extension ChoiceOption {
  /// An option with an id and a title.
  public init(_ id: String, _ title: String) {
    self.init(id: id, title: title)
  }
}

/// How a choice field lays out its options.
public enum ChoiceStyle: String, Hashable, Sendable, CaseIterable {
  /// One option a row, radio buttons; ↑/↓ move the highlight, typing filters, Space selects.
  case list
  /// The options in one row; ←/→ select the neighbour.
  case tabs
}
