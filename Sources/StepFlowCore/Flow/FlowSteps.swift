/// The steps of a flow written as one Swift enum: a case per step, in order.
///
/// Every requirement has a default, so `extension Signup: FlowSteps {}` is a whole flow
/// (ids from the case names, titles from the ids, bars above the steps, Back/Next buttons).
/// Give a case a title, an icon or fields by implementing them; give the flow its look with
/// the static requirements.
///
/// ```swift
/// enum Signup: FlowSteps {
///   case account, profile, confirm
///
///   var icon: Icon? { self == .confirm ? .symbol("checkmark.circle") : nil }
///   static let email = FieldSpec.text(
///     "email", "E-mail", placeholder: "ann@example.com", required: true, check: .email)
///
///   var fields: [FieldSpec] { self == .account ? [Self.email] : [] }
/// }
/// ```
public protocol FlowSteps: CaseIterable, Hashable, Sendable {
  /// The step's id in results and scripts. Default: the case's name.
  var id: String { get }
  /// The step's title (navigation bar, plain mode). Default: the id in words (`onItsWay` →
  /// `On its way`).
  var title: String { get }
  /// The step's icon in the strip. Default: none.
  var icon: Icon? { get }
  /// What the step asks. Default: nothing.
  var fields: [FieldSpec] { get }
  /// What the step's screen shows above its fields: text, the icon drawn large, a status box,
  /// a summary, or a view of the program's own (`.custom(Grinder())`). Default: nothing (the
  /// flow's ``blocks``, shown under every step, still show).
  var blocks: [ScreenBlock] { get }
  /// Work the step does: an async closure given the answers and a progress reporter, that
  /// returns answers or throws. The step shows its progress, its outcome (Retry, Back, Quit
  /// after a failure) and the run cannot go past it before it succeeds. Default: none.
  var work: StepWork? { get }
  /// A check across the step's answers (``StepCheck``), run on Next once every field passes
  /// its own rules: messages by field id, shown under those fields; Next is refused. Default:
  /// none.
  var check: StepCheck? { get }
  /// Everything about the step (colours, tabs, a progress stage, a task). Default: built
  /// from ``id``, ``title``, ``icon``, ``blocks``, ``fields``, ``work`` and ``check`` — a step
  /// written whole passes those itself.
  var step: StepDefinition { get }

  /// The flow's id in results and state files. Default: the type's name, lower-cased.
  static var flowID: String { get }
  /// The flow's title. Default: the type's name in words.
  static var flowTitle: String { get }
  /// How the strip looks. Default: bars with the icons above.
  static var strip: StripStyle { get }
  /// How the steps are moved between. Default: Back / Next buttons.
  static var navigation: NavigationStyle { get }
  /// The flow's colours. Default: the terminal's, with a blue accent.
  static var theme: Theme { get }
  /// What every step shows below the strip when a step does not say. Default: nothing.
  static var blocks: [ScreenBlock] { get }
  /// What a tap on a step does — by key N, `tap N` or a click on the strip.
  ///
  /// Default: ``TapAction/standard`` (revisit a reached step; in a rating flow,
  /// rate N).
  static var tapAction: TapAction { get }
}

extension FlowSteps {
  /// The case name (`shippingLocation`).
  public var id: String { String(describing: self) }
  /// The id in words (`Shipping location`).
  public var title: String { StepDefinition.title(fromIdentifier: id) }
  /// No icon.
  public var icon: Icon? { nil }
  /// No fields.
  public var fields: [FieldSpec] { [] }
  /// No blocks of its own.
  public var blocks: [ScreenBlock] { [] }
  /// No work: the step only asks.
  public var work: StepWork? { nil }
  /// No check beyond the fields' own.
  public var check: StepCheck? { nil }
  /// A step made of the case's `id`, `title`, `icon`, `blocks`, `fields`, `work` and `check`.
  public var step: StepDefinition {
    StepDefinition(
      id: id, title: title, icon: icon, blocks: blocks, fields: fields,
      task: work.map { StepTask(work: $0) }, check: check)
  }

  /// The enum's name, lower-cased (`signup`).
  public static var flowID: String { String(describing: Self.self).lowercased() }
  /// The enum's name in words.
  public static var flowTitle: String {
    StepDefinition.title(fromIdentifier: String(describing: Self.self))
  }
  /// Bars with their icons above.
  public static var strip: StripStyle { StripStyle(position: .above, shape: .bar) }
  /// Back / Next buttons.
  public static var navigation: NavigationStyle { .buttons }
  /// The default theme.
  public static var theme: Theme { Theme() }
  /// Nothing under every step.
  public static var blocks: [ScreenBlock] { [] }
  /// The standard tap: ``TapAction/standard``.
  public static var tapAction: TapAction { .standard }

  /// The case after this one, or this one when it is the last: clamped, never wrapping.
  public func next() -> Self {
    let all = Array(Self.allCases)
    guard let index = all.firstIndex(of: self), index + 1 < all.count else { return self }
    return all[index + 1]
  }

  /// The case before this one, or this one when it is the first.
  public func previous() -> Self {
    let all = Array(Self.allCases)
    guard let index = all.firstIndex(of: self), index > 0 else { return self }
    return all[index - 1]
  }

  /// The position of this case among all cases, from 0.
  public var index: Int { Array(Self.allCases).firstIndex(of: self) ?? 0 }
}

extension FlowDefinition {
  /// The flow an enum of ``FlowSteps`` describes.
  @inlinable
  public init<Step: FlowSteps>(_ steps: Step.Type) {
    self.init(
      id: Step.flowID, title: Step.flowTitle, steps: Step.allCases.map(\.step), strip: Step.strip,
      navigation: Step.navigation, theme: Step.theme, blocks: Step.blocks,
      tapAction: Step.tapAction)
  }
}
