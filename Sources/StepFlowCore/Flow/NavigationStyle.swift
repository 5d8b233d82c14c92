/// How a flow's steps are moved between: buttons, the whole screen, or stars.
public enum NavigationStyle: String, CaseIterable, Sendable {
  /// Back / Next buttons (purchase).
  case buttons
  /// The whole screen advances on Enter or a tap; a long press resets (delivery).
  case tap
  /// Tapping step N rates N (rating).
  case rating
}
