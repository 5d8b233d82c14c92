/// Where a step strip draws each step's extra content (an icon or a label), as in seed 003.
public enum ExtraContentPosition: String, CaseIterable, Sendable {
  /// Above the step's content (purchase: icons over bars).
  case above
  /// To the right of the step's content (delivery: dots, then an icon).
  case inline
  /// Over the step's content, only for reached steps, in the accent colour (rating: ★ over ☆).
  case ontop
}

/// What each step of a strip is drawn as, under or beside its extra content.
public enum StepShape: Equatable, Sendable {
  /// A row of small dots (delivery: four).
  case dots(Int)
  /// A rounded bar that stretches to share the width (purchase).
  case bar
  /// A symbol, e.g. `star` (rating: ☆); reached steps use its `.fill` form when there is one
  /// (unless the extra content is drawn on top).
  case symbol(String)
}

/// An icon: an SF Symbol name the glyph sets know (`bicycle`), or literal text (`🚲`, `A`).
public enum Icon: Hashable, Sendable {
  case symbol(String)
  case text(String)

  /// A symbol when the name is a known symbol, literal text otherwise (the seed's
  /// "is it an image? else show it as text").
  public init(_ nameOrText: String) {
    self = Symbols.isKnown(nameOrText) ? .symbol(nameOrText) : .text(nameOrText)
  }
}

/// How a flow's steps are moved between: the seed's three examples.
public enum NavigationStyle: String, CaseIterable, Sendable {
  /// Back / Next buttons (purchase).
  case buttons
  /// The whole screen advances on Enter or a tap; a long press resets (delivery).
  case tap
  /// Tapping step N rates N (rating).
  case rating
}

/// How the strip of a flow looks.
public struct StripStyle: Equatable, Sendable {
  public var position: ExtraContentPosition
  public var shape: StepShape
  /// The extra content of every step: its own icon (`nil`), or one symbol for all (rating: `star.fill`).
  public var sharedExtra: Icon?
  /// The size of the extra content in cells (width, height); `nil` to fit the icon.
  public var extraWidth: Int?
  public var extraHeight: Int?
  /// A step cell of the program's own, drawn instead of ``shape`` (`StepFlowRender`'s
  /// `StripStyle(position:content:extra:)` makes it from a `StepCellView`).
  public var customContent: CustomView?
  /// Extra content of the program's own, drawn instead of the icons.
  public var customExtra: CustomView?

  /// A strip of a built-in shape with the steps' icons (or one shared icon) as extra content.
  public init(
    position: ExtraContentPosition, shape: StepShape, sharedExtra: Icon? = nil,
    extraWidth: Int? = nil, extraHeight: Int? = nil
  ) {
    self.position = position
    self.shape = shape
    self.sharedExtra = sharedExtra
    self.extraWidth = extraWidth
    self.extraHeight = extraHeight
  }
}

/// An item of a shopping cart shown on a step.
public struct LineItem: Equatable, Sendable {
  public var name: String
  public var quantity: Int
  /// The price of one, in cents.
  public var unitPrice: Int

  public init(name: String, quantity: Int, unitPrice: Int) {
    self.name = name
    self.quantity = quantity
    self.unitPrice = unitPrice
  }

  /// The quantity times the price, in cents: exact, as two `Int`s multiplied always fit in
  /// 128 bits (a wizard file's 1,000,000 × $1,000,000,000,000 overflowed 64).
  package var amount: Int128 { Int128(quantity) * Int128(unitPrice) }

  /// The sum of the items' amounts, in cents; `nil` when it does not fit in 128 bits (no wizard
  /// file gets near: its items are at most 10²⁰ cents each and the file at most 4 MiB).
  package static func total(of items: [LineItem]) -> Int128? {
    var sum: Int128 = 0
    for item in items {
      let (next, overflow) = sum.addingReportingOverflow(item.amount)
      guard !overflow else { return nil }
      sum = next
    }
    return sum
  }
}

/// One part of a step's screen, drawn top to bottom below the strip.
public enum ScreenBlock: Equatable, Sendable {
  /// Paragraphs of text, wrapped to the width.
  case text(String)
  /// The step's icon, drawn large (the delivery status screen).
  case hero
  /// A caption and a status in a box: `YOUR ORDER STATUS:` / `Preparing Order`.
  case status(caption: String, text: String)
  /// A table of items with quantities, prices and a total.
  case items([LineItem], currency: String)
  /// The answers given on the earlier steps.
  case summary
  /// The rating question until something is rated, then the answer: `{n}` is the rating and
  /// `{s}` an "s" unless the rating is 1 (`{n} star{s}`).
  case rating(question: String, answer: String)
}

/// A step's progress stage: work the step shows progress for, lasting `duration`, after which
/// an automatic run moves on.
public struct ProgressStage: Equatable, Sendable {
  /// The indicators to show, by name: `bar`, `ring`, `label`, `spinner`.
  public var indicators: [String]
  public var duration: Duration
  /// Text shown with the indicator (`Preparing order`).
  public var label: String?

  public init(indicators: [String], duration: Duration, label: String? = nil) {
    self.indicators = indicators
    self.duration = duration
    self.label = label
  }
}

/// One step of a flow: what the strip, the navigation bar and the step's screen show.
public struct StepDefinition: Equatable, Sendable {
  /// The id used in results and scripts (`preparingOrder`).
  public var id: String
  /// The title shown in the navigation bar and the plain text (`Preparing Order`).
  public var title: String
  public var icon: Icon?
  /// Colours that override the flow's theme while this step is current.
  public var accent: Color?
  public var background: Color?
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

  public init(
    id: String, title: String, icon: Icon? = nil, accent: Color? = nil, background: Color? = nil,
    foreground: Color? = nil, prompt: String? = nil, largeTitle: String? = nil,
    blocks: [ScreenBlock] = [], fields: [FieldSpec] = [], tabs: [TabDefinition] = [],
    tabsField: String? = nil, when: Condition? = nil, progress: ProgressStage? = nil,
    task: StepTask? = nil
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
  }
}

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

extension StepDefinition {
  /// Every field of the step: its own, then each tab's.
  public var allFields: [FieldSpec] { fields + tabs.flatMap(\.fields) }
}

/// Everything about a flow that does not change while it runs — the one description that
/// Swift enums and wizard files both become, and that the one state machine and the one
/// renderer use.
public struct FlowDefinition: Equatable, Sendable {
  /// The name used by `stepflow run` and in results (`delivery`).
  public let id: String
  public let title: String
  public let steps: [StepDefinition]
  public let strip: StripStyle
  public let navigation: NavigationStyle
  /// The colours of the flow; a step may override accent, background and foreground.
  public let theme: Theme
  /// What every step's screen shows after the step's own blocks (and what a flow with nothing
  /// reached shows): the rating question, say.
  public let blocks: [ScreenBlock]
  /// The widest icon of any step in cells at each glyph style, measured once so that
  /// drawing the strip costs the same for 4 steps and for 10,000.
  package let widestIcon: IconWidths
  /// Whether any step has a condition (so that flows without any skip the checks).
  public let hasConditions: Bool
  /// What a tap on a step does (key N, `tap N`, a click on the strip): ``TapAction/standard``
  /// unless the flow says.
  public let tapAction: TapAction
  /// Whether any text of the flow names a field (`{{name}}`), so that flows without skip
  /// filling them in.
  public let hasTemplates: Bool
  /// The fields by id, for filling in templates (empty when the flow has none).
  package let templateFields: [String: FieldSpec]
  /// Whether any field starts from an environment variable (`default: { env: … }`).
  package let hasEnvironmentDefaults: Bool

  public init(
    id: String, title: String, steps: [StepDefinition], strip: StripStyle,
    navigation: NavigationStyle, theme: Theme = Theme(), blocks: [ScreenBlock] = [],
    tapAction: TapAction = .standard
  ) {
    self.id = id
    self.tapAction = tapAction
    self.blocks = blocks
    self.title = title
    self.steps = steps
    self.strip = strip
    self.navigation = navigation
    self.theme = theme
    // Steps often share icons: measure each distinct icon once, in every style. (Keyed by
    // text: a set of icons would be one more generic type the runtime looks up at start.)
    var widest = IconWidths()
    var measured: Set<String> = []
    for step in steps {
      guard let icon = step.icon else { continue }
      let key: String
      switch icon {
      case .symbol(let name): key = "s" + name
      case .text(let text): key = "t" + text
      }
      guard measured.insert(key).inserted else { continue }
      for style in GlyphStyle.allCases {
        widest[style] = max(widest[style], Symbols.width(of: icon, style: style))
      }
    }
    widestIcon = widest
    hasConditions = steps.contains { $0.when != nil }
    hasTemplates =
      steps.contains { $0.hasTemplates }
      || blocks.contains { $0.texts.contains(where: Template.hasFields) }
    var fields: [String: FieldSpec] = [:]
    if hasTemplates {
      for step in steps {
        for spec in step.allFields where fields[spec.id] == nil { fields[spec.id] = spec }
      }
    }
    templateFields = fields
    hasEnvironmentDefaults = steps.contains { step in
      step.fields.contains { $0.defaultFromEnvironment != nil }
        || step.tabs.contains { $0.fields.contains { $0.defaultFromEnvironment != nil } }
    }
  }

  /// The theme while step `index` is current.
  public func theme(forStep index: Int?) -> Theme {
    guard let index, steps.indices.contains(index) else { return theme }
    let step = steps[index]
    var result = theme
    if let accent = step.accent { result.accent = accent }
    if let background = step.background { result.background = background }
    if let foreground = step.foreground { result.foreground = foreground }
    return result
  }

  /// Whether the flow starts with nothing reached.
  public var startsEmpty: Bool { navigation == .rating }
}

extension FlowDefinition {
  /// A flow for any `CaseIterable` enum: one step per case, titled from the case name.
  ///
  /// ```swift
  /// enum Signup: CaseIterable { case account, profile, done }
  /// let flow = FlowDefinition(Signup.self, id: "signup", title: "Sign up")
  /// ```
  public init<Step: CaseIterable & Hashable>(
    _ type: Step.Type, id: String, title: String,
    strip: StripStyle = StripStyle(position: .above, shape: .bar),
    navigation: NavigationStyle = .buttons, theme: Theme = Theme(),
    describe: (Step) -> StepDefinition = { StepDefinition(caseOf: $0) }
  ) {
    self.init(
      id: id, title: title, steps: Step.allCases.map(describe), strip: strip,
      navigation: navigation, theme: theme)
  }
}

extension StepDefinition {
  /// A step named after an enum case: id `shippingLocation`, title `Shipping location`.
  public init(caseOf step: some Hashable) {
    let id = String(describing: step)
    self.init(id: id, title: StepDefinition.title(fromIdentifier: id))
  }

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

extension ScreenBlock {
  /// The question of a rating block when none is given.
  public static let defaultRatingQuestion = "How much would you rate this?"
}

/// A width in cells for each glyph style: the widest icon of a flow's steps.
package struct IconWidths: Hashable, Sendable {
  package var emoji = 0
  package var unicode = 0
  package var ascii = 0

  package init() {}

  package subscript(style: GlyphStyle) -> Int {
    get {
      switch style {
      case .emoji: return emoji
      case .unicode: return unicode
      case .ascii: return ascii
      }
    }
    set {
      switch style {
      case .emoji: emoji = newValue
      case .unicode: unicode = newValue
      case .ascii: ascii = newValue
      }
    }
  }
}
