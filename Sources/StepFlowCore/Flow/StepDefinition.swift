/// One step of a flow: what the strip, the navigation bar and the step's screen show.
public struct StepDefinition: Equatable, Sendable {
  /// The id used in results and scripts (`preparingOrder`).
  public var id: String
  /// The title shown in the navigation bar and the plain text (`Preparing Order`).
  public var title: String
  /// The step's icon on the strip and in the hero block.
  public var icon: Icon?
  /// Colours that override the flow's theme while this step is current.
  public var accent: Color?
  /// The screen's background while this step is current.
  public var background: Color?
  /// The text colour while this step is current.
  public var foreground: Color?
  /// A line above the title in the navigation bar.
  public var prompt: String?
  /// A large title under the navigation bar.
  public var largeTitle: String?
  /// What the step's screen shows.
  public var blocks: [ScreenBlock]
  /// What the step asks for (above the tabs, if any).
  public var fields: [FieldSpec]
  /// The tabs of the step's tab bar, with what each tab shows and asks.
  public var tabs: [TabDefinition]
  /// The answer that holds the selected tab's id (`payment_method`), if any.
  public var tabsField: String?
  /// Shown only when this holds.
  public var when: Condition?
  /// A simulated progress stage (delivery's demo): indicators filled over a duration.
  public var progress: ProgressStage?
  /// Real work the step does: a command or a closure, its progress, its outcome.
  public var task: StepTask?
  /// The program's own check across the step's fields, run on Next once each passes its own
  /// rules: its messages show under the fields it names, and Next is refused.
  public var check: StepCheck?

  /// A step; everything but its id and title is optional.
  public init(
    id: String, title: String, icon: Icon? = nil, accent: Color? = nil, background: Color? = nil,
    foreground: Color? = nil, prompt: String? = nil, largeTitle: String? = nil,
    blocks: [ScreenBlock] = [], fields: [FieldSpec] = [], tabs: [TabDefinition] = [],
    tabsField: String? = nil, when: Condition? = nil, progress: ProgressStage? = nil,
    task: StepTask? = nil, check: StepCheck? = nil
  ) {
    self.id = id
    self.title = title
    self.icon = icon
    self.accent = accent
    self.background = background
    self.foreground = foreground
    self.prompt = prompt
    self.largeTitle = largeTitle
    self.blocks = blocks
    self.fields = fields
    self.tabs = tabs
    self.tabsField = tabsField
    self.when = when
    self.progress = progress
    self.task = task
    self.check = check
  }
}

extension StepDefinition {
  /// Every field of the step: its own, then each tab's.
  public var allFields: [FieldSpec] { fields + tabs.flatMap(\.fields) }
}

extension StepDefinition {
  /// `shippingLocation` → `Shipping location`.
  public static func title(fromIdentifier id: String) -> String {
    var words: [String] = []
    var current = ""
    for c in id {
      if c.isUppercase || c == "_" || c == "-" {
        if !current.isEmpty { words.append(current) }
        current = c.isLetter ? String(c).lowercased() : ""
      } else {
        current.append(c)
      }
    }
    if !current.isEmpty { words.append(current) }
    guard let first = words.first else { return id }
    return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(
      separator: " ")
  }
}
