/// A tab of a step: its title and what it shows and asks.
public struct TabDefinition: Equatable, Sendable {
  /// The value of the step's `tabsField` answer when this tab is selected.
  public var id: String
  /// The title in the tab bar.
  public var title: String
  /// What the tab shows.
  public var blocks: [ScreenBlock]
  /// What the tab asks for.
  public var fields: [FieldSpec]

  /// A tab called `title`, its answer `id`.
  public init(id: String, title: String, blocks: [ScreenBlock] = [], fields: [FieldSpec] = []) {
    self.id = id
    self.title = title
    self.blocks = blocks
    self.fields = fields
  }
}
