import StepFlow
import StepFlowCommandLine

#if canImport(Glibc)
  import Glibc
#endif

/// The seed's star rating, as an adopter writes it.
///
/// Five steps drawn as ☆, with ★ on top of the reached ones; tapping star N (key N, `tap N`, a
/// click on it) rates N.
enum Rating: Int, FlowSteps {
  case one = 1
  case two, three, four, five

  var title: String { rawValue == 1 ? "1 star" : "\(rawValue) stars" }

  // ☆ for every step, ★ drawn on top of each reached one.
  static var strip: StripStyle {
    StripStyle(
      position: .ontop, shape: .symbol("star"), sharedExtra: .symbol("star.fill"), extraWidth: 3)
  }
  static var navigation: NavigationStyle { .rating }
  static var blocks: [ScreenBlock] {
    [.rating(question: "How was your coffee?", answer: "{n} star{s}, thank you!")]
  }
  static var theme: Theme {
    Theme(accent: .yellow, inactive: .gray, foreground: .black, background: .rgb(204, 228, 255))
  }

  // The tap action: a tap on star N rates N (a rating flow's standard answer, written out).
  static var tapAction: TapAction { TapAction { index, _ in .rate(index + 1) } }
}

let result = MultiSteps<Rating>.runFromCommandLine()
if result.isFinished, let stars = result.current?.rawValue {
  print("rated \(stars) of \(Rating.allCases.count)")
}
exit(result.exitCode)
