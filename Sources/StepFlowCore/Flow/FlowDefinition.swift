/// Everything about a flow that does not change while it runs — the one description that
/// Swift enums and wizard files both become, and that the one state machine and the one
/// renderer use.
public struct FlowDefinition: Equatable, Sendable {
  /// The name used by `stepflow run` and in results (`delivery`).
  public let id: String
  /// The flow's title (the navigation bar of a rating, plain text, results).
  public let title: String
  /// The steps, in order.
  public let steps: [StepDefinition]
  /// How the step strip looks.
  public let strip: StripStyle
  /// How the steps are moved between.
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
  /// The instructions of every field's pattern together: they share one budget (see
  /// ``FieldPattern/maxTextLength(sharing:)``), so that checking all of the flow's answers —
  /// a Next on a step of 600 fields, finishing, resuming — stays within it.
  package let patternInstructions: Int
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
  /// A flow of one question (`stepflow ask`): as every prompt tool does, quitting cancels at
  /// once (no y/n first) and Esc in the field cancels (there is nothing else to focus).
  package var isOneQuestion = false
  /// Each field's step and spec by id, made when first asked (``field(_:)``).
  package let fieldIndex = FieldIndex()

  /// A flow of `steps`; `blocks` are shown under every step's own.
  public init(
    id: String, title: String, steps: [StepDefinition], strip: StripStyle,
    navigation: NavigationStyle, theme: Theme = Theme(), blocks: [ScreenBlock] = [],
    tapAction: TapAction = .standard
  ) {
    self.id = id
    self.tapAction = tapAction
    self.blocks = blocks
    self.title = title
    let instructions = steps.reduce(0) { total, step in
      step.allFields.reduce(total) { $0 + ($1.regex?.programSize ?? 0) }
    }
    patternInstructions = instructions
    self.steps =
      instructions == 0
      ? steps
      : steps.map { step in
        var shared = step
        shared.fields = step.fields.map { $0.sharingPatternBudget(instructions: instructions) }
        for t in shared.tabs.indices {
          shared.tabs[t].fields = shared.tabs[t].fields.map {
            $0.sharingPatternBudget(instructions: instructions)
          }
        }
        return shared
      }
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
      for step in self.steps {
        for spec in step.allFields where fields[spec.id] == nil { fields[spec.id] = spec }
      }
    }
    templateFields = fields
    hasEnvironmentDefaults = steps.contains { step in
      step.fields.contains { $0.defaultFromEnvironment != nil }
        || step.tabs.contains { $0.fields.contains { $0.defaultFromEnvironment != nil } }
    }
  }

  /// The first step asking the field `id`, and its spec; `nil` when no step does.
  /// - Complexity: O(1) (the index is made once, the first time).
  package func field(_ id: String) -> FieldIndex.Place? {
    fieldIndex.place(of: id, in: steps)
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
