/// One step of a flow: what the strip, the navigation bar and the step's screen show.
///
/// A step keeps its id, title, icon and fields inline and everything else a step rarely has
/// (colours, texts above and under the title, blocks, tabs, a condition, a stage, a task, a
/// check) in one shared, immutable box that steps without any of it go without: a wizard of
/// 100,000 steps pays for what its steps use.
public struct StepDefinition: Equatable, Sendable {
  /// The id used in results and scripts (`preparingOrder`).
  public var id: String
  /// The title shown in the navigation bar and the plain text (`Preparing Order`).
  public var title: String
  /// The step's icon on the strip and in the hero block.
  public var icon: Icon?
  /// What the step asks for (above the tabs, if any).
  public var fields: [FieldSpec]
  /// What few steps have; `nil` when the step has none of it.
  private var extras: Extras?

  /// Colours that override the flow's theme while this step is current.
  public var accent: Color? {
    get { extras?.details.accent }
    set { change { $0.accent = newValue } }
  }
  /// The screen's background while this step is current.
  public var background: Color? {
    get { extras?.details.background }
    set { change { $0.background = newValue } }
  }
  /// The text colour while this step is current.
  public var foreground: Color? {
    get { extras?.details.foreground }
    set { change { $0.foreground = newValue } }
  }
  /// A line above the title in the navigation bar.
  public var prompt: String? {
    get { extras?.details.prompt }
    set { change { $0.prompt = newValue } }
  }
  /// A large title under the navigation bar.
  public var largeTitle: String? {
    get { extras?.details.largeTitle }
    set { change { $0.largeTitle = newValue } }
  }
  /// What the step's screen shows.
  public var blocks: [ScreenBlock] {
    get { extras?.details.blocks ?? [] }
    set { change { $0.blocks = newValue } }
  }
  /// The tabs of the step's tab bar, with what each tab shows and asks.
  public var tabs: [TabDefinition] {
    get { extras?.details.tabs ?? [] }
    set { change { $0.tabs = newValue } }
  }
  /// The answer that holds the selected tab's id (`payment_method`), if any.
  public var tabsField: String? {
    get { extras?.details.tabsField }
    set { change { $0.tabsField = newValue } }
  }
  /// Shown only when this holds.
  public var when: Condition? {
    get { extras?.details.when }
    set { change { $0.when = newValue } }
  }
  /// A simulated progress stage (delivery's demo): indicators filled over a duration.
  public var progress: ProgressStage? {
    get { extras?.details.progress }
    set { change { $0.progress = newValue } }
  }
  /// Real work the step does: a command or a closure, its progress, its outcome.
  public var task: StepTask? {
    get { extras?.details.task }
    set { change { $0.task = newValue } }
  }
  /// The program's own check across the step's fields, run on Next once each passes its own
  /// rules: its messages show under the fields it names, and Next is refused.
  public var check: StepCheck? {
    get { extras?.details.check }
    set { change { $0.check = newValue } }
  }

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
    self.fields = fields
    let details = Details(
      accent: accent, background: background, foreground: foreground, prompt: prompt,
      largeTitle: largeTitle, blocks: blocks, tabs: tabs, tabsField: tabsField, when: when,
      progress: progress, task: task, check: check)
    extras = details.isEmpty ? nil : Extras(details)
  }

  /// Whether two steps are the same step.
  public static func == (a: StepDefinition, b: StepDefinition) -> Bool {
    guard a.id == b.id, a.title == b.title, a.icon == b.icon, a.fields == b.fields else {
      return false
    }
    if a.extras === b.extras { return true }
    return (a.extras?.details ?? Details()) == (b.extras?.details ?? Details())
  }

  /// Changes what the box holds: a new box (others may share the old one), none when empty.
  private mutating func change(_ edit: (inout Details) -> Void) {
    var details = extras?.details ?? Details()
    edit(&details)
    extras = details.isEmpty ? nil : Extras(details)
  }

  /// What few steps have, as values.
  private struct Details: Equatable, Sendable {
    var accent: Color? = nil
    var background: Color? = nil
    var foreground: Color? = nil
    var prompt: String? = nil
    var largeTitle: String? = nil
    var blocks: [ScreenBlock] = []
    var tabs: [TabDefinition] = []
    var tabsField: String? = nil
    var when: Condition? = nil
    var progress: ProgressStage? = nil
    var task: StepTask? = nil
    var check: StepCheck? = nil

    /// Whether it holds nothing (a step without it needs no box).
    var isEmpty: Bool { self == Details() }
  }

  /// The shared box of a step's ``Details``, never changed once made.
  private final class Extras: Sendable {
    let details: Details
    init(_ details: Details) { self.details = details }
  }
}

extension StepDefinition {
  /// Every field of the step: its own, then each tab's.
  public var allFields: [FieldSpec] {
    let tabs = tabs
    return tabs.isEmpty ? fields : fields + tabs.flatMap(\.fields)
  }
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
