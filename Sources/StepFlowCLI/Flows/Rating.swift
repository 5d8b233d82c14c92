import StepFlow

/// The star rating: tapping star N rates N; the stars are drawn ☆ with ★ on top of the
/// reached ones.
package enum Rating: Int, FlowSteps {
  case oneStar = 1
  case twoStars = 2
  case threeStars = 3
  case fourStars = 4
  case fiveStars = 5

  /// The step's id in results and scripts: the case's name.
  package var id: String {
    switch self {
    case .oneStar: return "oneStar"
    case .twoStars: return "twoStars"
    case .threeStars: return "threeStars"
    case .fourStars: return "fourStars"
    case .fiveStars: return "fiveStars"
    }
  }

  /// The question shown until something is rated.
  package static let question = ScreenBlock.defaultRatingQuestion

  package var title: String { rawValue == 1 ? "1 star" : "\(rawValue) stars" }

  package static var flowID: String { "rating" }
  package static var flowTitle: String { "Rating" }
  package static var strip: StripStyle { ratingStrip }
  package static var navigation: NavigationStyle { .rating }
  package static var theme: Theme { ratingTheme }
  package static var blocks: [ScreenBlock] { [.rating(question: question, answer: "{n} star{s}")] }

  private static let ratingStrip = StripStyle(
    position: .ontop, shape: .symbol("star"), sharedExtra: .symbol("star.fill"), extraWidth: 3)
  private static let ratingTheme = Theme(
    accent: .yellow, inactive: .gray, foreground: .black, background: .rgb(204, 228, 255))

  /// The `rating` flow.
  package static let flow = FlowDefinition(Self.self)

  /// A rating flow of `max` stars (`stepflow rate --max N`); five stars and the usual question
  /// are the `rating` flow, other counts use the numbers as step ids.
  package static func ratingFlow(max: Int, question: String) -> FlowDefinition {
    if max == allCases.count && question == Self.question { return flow }
    let steps = (1...Swift.max(1, max)).map { n in
      StepDefinition(
        id: max == allCases.count ? (Rating(rawValue: n) ?? .oneStar).id : "\(n)",
        title: n == 1 ? "1 star" : "\(n) stars")
    }
    return FlowDefinition(
      id: flowID, title: flowTitle, steps: steps, strip: strip, navigation: navigation,
      theme: theme, blocks: [.rating(question: question, answer: "{n} star{s}")])
  }
}
