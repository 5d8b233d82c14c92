import StepFlow
import StepFlowJSON
import StepFlowTerminal
import StepFlowWizards

/// Seed 003's star rating: tapping star N rates N; the stars are drawn ☆ with ★ on top of the
/// reached ones.
package enum Rating: Int, CaseIterable, Sendable {
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

  /// The `rating` flow.
  package static let flow = ratingFlow(max: allCases.count, question: question)

  /// A rating flow of `max` stars (`stepflow rate --max N`); five stars use the seed's step ids.
  package static func ratingFlow(max: Int, question: String) -> FlowDefinition {
    let steps = (1...Swift.max(1, max)).map { n in
      StepDefinition(
        id: max == allCases.count ? (Rating(rawValue: n) ?? .oneStar).id : "\(n)",
        title: n == 1 ? "1 star" : "\(n) stars")
    }
    return FlowDefinition(
      id: "rating", title: "Rating", steps: steps,
      strip: StripStyle(
        position: .ontop, shape: .symbol("star"), sharedExtra: .symbol("star.fill"), extraWidth: 3
      ),
      navigation: .rating,
      theme: Theme(
        accent: .yellow, inactive: .gray, foreground: .black, background: .rgb(204, 228, 255)),
      blocks: [.rating(question: question, answer: "{n} star{s}")])
  }
}
