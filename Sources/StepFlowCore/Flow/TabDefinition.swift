/// A tab of a step: its title and what it shows and asks.
public struct TabDefinition: Equatable, Sendable {
  /// The value of the step's `tabsField` answer when this tab is selected.
  public var id: String
  public var title: String
  public var blocks: [ScreenBlock]
  public var fields: [FieldSpec]

  public init(id: String, title: String, blocks: [ScreenBlock] = [], fields: [FieldSpec] = []) {
    self.id = id
    self.title = title
    self.blocks = blocks
    self.fields = fields
  }
}
